import { uriToFileName } from '../../src/gltf/input-files.ts';
import { editor } from '../editor-instance.ts';
import { editorAutosave } from '../persist/persist-instance.ts';
import { saveProject } from '../persist/project-actions.ts';
import { askUnsaved } from '../persist/unsaved-store.ts';
import type { NamedFile } from './file-input.ts';
import { openFiles, openQuietly, openUrl } from './open.ts';
import { mainFileName, mayReplace, type OpenGuard } from './open-guard.ts';

/** The page's guard: the editor's unexported edits, the dialog, Save project. */
const guard: OpenGuard = {
  unsaved: () => (editor.model && editor.hasUnexportedEdits ? editor.fileName : null),
  ask: (current, next) => askUnsaved(current, next, editorAutosave().active),
  save: async () => {
    await saveProject();
    // A failed save is on screen already (its notice): the file is not opened over the work.
    return !editor.hasUnexportedEdits;
  },
};

/**
 * Open and drop: the files replace the model once the rigger has answered the "Save changes?"
 * question (asked only over unsaved work). Scripts open through `window.skinsmith.load`, which
 * never asks.
 */
export function openFilesAsking(files: NamedFile[]): void {
  void mayReplace(mainFileName(files.map((f) => f.name)), guard).then((go) => {
    if (go) openQuietly(openFiles(files));
  });
}

/** `?model=<url>`, asked like Open over unsaved work. */
export function openUrlAsking(url: string): void {
  let name = url;
  try {
    name = uriToFileName(new URL(url, window.location.href).pathname) || url;
  } catch {
    // openUrl says what is wrong with the address.
  }
  void mayReplace(name, guard).then((go) => {
    if (go) openQuietly(openUrl(url));
  });
}
