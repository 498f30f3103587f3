/**
 * changeModel: replaces the editor's model with another as one undoable step, for operations
 * that change the model's structure rather than its weights (a skin created). The history
 * cannot patch a structure, so the step keeps both models and swaps them: undo puts back the
 * previous model with its file, redo the new one with the weights it had.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { Editor } from './editor.ts';

/** A model with the file it stands for and its excluded joints: what the step swaps. */
interface ModelSlot {
  model: SkinnedModel;
  sourceBytes: Uint8Array | null;
  sourceResources: Map<string, Uint8Array> | null;
  excluded: number[];
}

function installSlot(editor: Editor, slot: ModelSlot): void {
  editor.installModel({ ...slot, fresh: false });
}

/**
 * Installs `model` in place of the editor's current one as an undo step labelled `label`, with
 * `excluded` joints left out of auto-bind. The new model has no file of its own (`sourceBytes`
 * null: the app's autosave writes it; export compares its report with the file it came from).
 * Locks are cleared (their joints belong to the other model).
 */
export function changeModel(
  editor: Editor,
  model: SkinnedModel,
  label: string,
  excluded: readonly number[] = [],
): void {
  const before: ModelSlot = {
    model: editor.requireModel(),
    sourceBytes: editor.sourceBytes,
    sourceResources: editor.sourceResources,
    excluded: [...editor.excluded],
  };
  const after: ModelSlot = { model, sourceBytes: null, sourceResources: null, excluded: [...excluded] };
  installSlot(editor, after);
  // What the step keeps alive: the previous model's document.
  const bytes = before.model.document
    .getRoot()
    .listAccessors()
    .reduce((n, a) => n + (a.getArray()?.byteLength ?? 0), 0);
  editor.commitStep(label, [], null, {
    undo: () => installSlot(editor, before),
    redo: () => installSlot(editor, after),
    bytes,
  });
}
