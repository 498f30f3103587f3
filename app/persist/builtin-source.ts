import type { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';

let cached: { model: SkinnedModel; bytes: Uint8Array } | null = null;

/** The GLB of a model built in code (the built-in character), once written; null otherwise. */
export function builtinSourceBytes(editor: Editor): Uint8Array | null {
  return cached && cached.model === editor.model ? cached.bytes : null;
}

const idle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: 2000 })
    : setTimeout(run, 50);

/**
 * A model built in code has no file: a session needs one to restore from, so the model is
 * written as a GLB when the page is idle after it opens (tens of ms for the built-in character),
 * well before a first edit. `ready` is told, so an edit that came first still starts its session.
 */
export function watchBuiltinSource(editor: Editor, ready: () => void): () => void {
  return editor.events.on('model', (model) => {
    if (editor.sourceBytes) return;
    idle(() => {
      if (editor.model !== model) return;
      editor.renderBytes().then(
        (bytes) => {
          if (editor.model !== model) return;
          cached = { model, bytes };
          ready();
        },
        (err: unknown) =>
          editor.notify({
            level: 'warning',
            message: `Autosave is off for ${editor.fileName}: it could not be written for saving (${(err as Error).message}). Export your work to keep it.`,
          }),
      );
    });
  });
}
