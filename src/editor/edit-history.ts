/**
 * The editor's history, applied: how a finished edit becomes one undo step, and how undo, redo
 * and revert play steps back onto the model and its weight layers. The stack itself (bounded by
 * bytes, marks) is src/history/undo-stack.ts; this is the part that knows about layers, coverage
 * and the editor's events.
 */
import { coverChangeRanges, mergeCoverChanges } from '../history/cover-change.ts';
import type { StructureChange, UndoEntry, UndoMark } from '../history/undo-stack.ts';
import { applyWeightPatch, type WeightPatch } from '../history/weight-patch.ts';
import { BASE_LAYER } from '../layers/layer-stack.ts';
import type { Editor, EditorEvents } from './editor.ts';

/** What the history needs of the editor. */
type HistoryHost = Pick<
  Editor,
  'model' | 'requireModel' | 'history' | 'layers' | 'events' | 'announceComposed'
>;

/**
 * Records a finished edit as one undo step: `changed` (the vertex ranges it wrote, if not
 * announced already) goes out as 'weights', then 'committed'. Returns the step (null: nothing
 * changed, nothing recorded).
 */
export function commitStep(
  editor: HistoryHost,
  label: string,
  patches: WeightPatch[],
  changed: EditorEvents['weights'] | null,
  structure: StructureChange | undefined,
  mask: boolean,
): UndoEntry | null {
  // A flood's (or a stroke's) vertices go into the active layer before anything else edits.
  const stack = editor.model ? editor.layers.stack : null;
  // What the step did to its layer's coverage (flushing a stroke's vertices into it): a stroke
  // that changed no weight may still have covered some, and is then a step of its own.
  // A structure step (a model swap, a layer added or moved) swaps whole models or layouts:
  // what a stack logged meanwhile (layers carried to a new model) is the structure's.
  const taken = stack?.takeCovered() ?? null;
  const brushed = stack?.layered && !mask && !structure ? taken : null;
  const entry = editor.history.push(label, patches, structure, brushed !== null);
  if (!entry) return null;
  if ((patches.length || brushed) && stack?.layered) entry.layer = { layer: stack.activeId, mask };
  if (changed?.length) editor.events.emit('weights', changed);
  // A tool's vertices are stored in the layer by the 'weights' sync above: what that covered
  // (or gave back to the stack below) too.
  const synced = stack?.takeCovered() ?? null;
  // Even an empty change is kept: it tells undo and redo to replay coverage exactly (keep it as
  // it is) rather than infer it from the weights, which would uncover a vertex a brush covered
  // at the stack below's slots.
  if (entry.layer && !mask && !structure)
    editor.history.setCoverChange(entry, mergeCoverChanges(brushed, synced));
  editor.events.emit('committed', { kind: 'step', label });
  return entry;
}

/** Undoes or redoes one step. Returns false when there is none. */
export function stepHistory(editor: HistoryHost, direction: 'undo' | 'redo'): boolean {
  const entry = direction === 'undo' ? editor.history.undo() : editor.history.redo();
  if (!entry) return false;
  applyHistory(editor, entry, direction === 'undo' ? 'before' : 'after');
  editor.events.emit('committed', { kind: direction, label: entry.label });
  return true;
}

/** Reverts and forgets the steps since `mark` (a multi-part action cancelled or failed). */
export function revertToMark(editor: HistoryHost, mark: UndoMark): void {
  const entries = editor.history.bailToMark(mark);
  for (const entry of entries) applyHistory(editor, entry, 'before');
  if (entries.length) editor.events.emit('committed', { kind: 'revert', label: entries[0].label });
}

/** Puts one step's side back: its structure (models swap), its patches, its layer coverage. */
function applyHistory(editor: HistoryHost, entry: UndoEntry, side: 'before' | 'after'): void {
  // A structure change swaps models: its patches belong to the model after it.
  if (side === 'after') entry.structure?.redo();
  const ranges = entry.patches.map((p) => ({ primitive: p.primitive, start: p.start, end: p.end }));
  const stack = editor.layers.stack;
  if ((entry.patches.length || entry.covered?.size) && stack.layered) {
    // The step's own layer (made active again, as image editors do), its exact vertices.
    const tag = entry.layer ?? { layer: BASE_LAYER, mask: false };
    // The step's layer is in the stack whenever the history is replayed in order; should it not
    // be (a bug), its patches go to the active layer rather than the whole undo failing.
    if (stack.list().some((l) => l.id === tag.layer)) editor.layers.setActive(tag.layer);
    if (tag.mask !== (editor.layers.target === 'mask'))
      editor.layers.setTarget(tag.mask ? 'mask' : 'weights');
    // A step that knows what it did to coverage gets exactly that back (see UndoEntry.covered).
    const exact = !tag.mask && entry.covered !== undefined;
    for (const patch of entry.patches) {
      const p = patch.primitive;
      applyWeightPatch(patch, tag.mask ? stack.maskEdit(p) : stack.edit(p), side);
      if (tag.mask) stack.syncMaskAt(p, patch.vertices);
      else stack.syncWeightsAt(p, patch.vertices, exact);
    }
    if (exact) {
      for (const [p, list] of entry.covered!) stack.setCovered(p, list, side === 'after');
      // A vertex the brush only went over is in no patch: announced with the rest.
      ranges.push(...coverChangeRanges(entry.covered!));
    }
    // Replaying history covers nothing new for the next step to keep.
    stack.dropCovered();
    editor.announceComposed(ranges);
  } else {
    const model = editor.requireModel();
    for (const patch of entry.patches)
      applyWeightPatch(patch, model.primitives[patch.primitive].weights, side);
    if (entry.patches.length) editor.events.emit('weights', ranges);
  }
  if (side === 'before') entry.structure?.undo();
}
