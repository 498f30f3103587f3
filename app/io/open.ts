import type { InputFiles } from '../../src/gltf/input-files.ts';
import { LoadError } from '../../src/gltf/load-error.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { editor } from '../editor-instance.ts';
import { openInput } from '../persist/project-actions.ts';
import { type NamedFile, toInputFiles } from './file-input.ts';
import { fetchInputFiles } from './url-input.ts';

/**
 * Opens a model from files or a URL. Every failure becomes an error notice (toast + status bar)
 * exactly once: editor.load reports its own; failures before it (no model file among the
 * files, a refused or failed fetch) are reported here. The previous model stays loaded.
 * Rejects with the error, for scripts; UI callers use `openQuietly`.
 */
async function open(gather: () => Promise<InputFiles>): Promise<SkinnedModel> {
  let input: InputFiles;
  try {
    input = await gather();
  } catch (err) {
    const message = err instanceof LoadError ? err.message : `Could not open: ${(err as Error).message}`;
    editor.notify({ level: 'error', message });
    throw err;
  }
  // A Skinsmith project (.skinsmith.glb) opens the same way, and gets its editor state back.
  return openInput(input);
}

export const openFiles = (files: NamedFile[]) => open(() => toInputFiles(files));
export const openUrl = (url: string) => open(() => fetchInputFiles(url));

/** For UI handlers: the error is already on screen, so nothing is left to handle. */
export function openQuietly(promise: Promise<unknown>): void {
  promise.catch(() => {});
}
