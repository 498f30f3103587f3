/**
 * The undo history of a saved session: which steps can be kept, how one is stored, and how a
 * restore puts them back so that undo and redo after a reload do exactly what they would have
 * done before it.
 *
 * Weight steps (strokes, floods, mask strokes, tools, auto-bind) are data: their patches (slots
 * before and after, bit for bit), the layer they were made on and what they did to its coverage.
 * Steps that change structure are not: a layer operation (add, delete, reorder, visibility,
 * opacity, merge, flatten) keeps references to layer objects, a model change (transfer, add to
 * character, create skin, a skeleton edit) a whole other model. The kept history is the run of
 * weight steps on each side of the present up to the nearest such step; the restore offer says
 * where it stops.
 */
import type { Editor } from '../editor/editor.ts';
import type { LoadedStep, UndoEntry } from '../history/undo-stack.ts';
import type { WeightPatch } from '../history/weight-patch.ts';
import { BASE_LAYER } from '../layers/layer-stack.ts';

/** Version of the records below; a reader drops a history of a format it does not know. */
export const HISTORY_FORMAT = 1;

/** One undo step as stored. */
export interface SavedStep {
  label: string;
  /** The step's patches as the history holds them (plain typed arrays: copied bit for bit). */
  patches: WeightPatch[];
  /** The layer the step was made on, as its place in the stack (-1: the base), and whether on its mask. */
  layer?: { index: number; mask: boolean };
  /** What it did to that layer's coverage, per primitive (see src/history/cover-change.ts). */
  covered?: [number, Int32Array][];
}

/** The history's index record: the kept steps by key, in the undo stack's order. */
export interface SavedHistoryIndex {
  format: number;
  /** Oldest first. */
  done: string[];
  /** The undone steps: the last is the next to redo. */
  undone: string[];
}

/** What the restore offer says about a session's history. */
export interface HistorySummary {
  /** Steps Undo can take back after a restore. */
  undo: number;
  /** Steps Redo can do again. */
  redo: number;
  /**
   * The label of the step the kept undo history stops at (a layer or model change, which cannot
   * be kept), or null when every undo step is kept.
   */
  stopsAt: string | null;
}

/** The history as a save reads it: the steps to keep (live entries) and the summary. */
export interface KeptHistory {
  done: UndoEntry[];
  undone: UndoEntry[];
  summary: HistorySummary;
  /** The step as stored (call while the editor's layers are as they are now). */
  save(entry: UndoEntry): SavedStep;
}

/** A history read back from the store: steps in order, each with its key. */
export interface LoadedHistory {
  done: (SavedStep & { key: string })[];
  undone: (SavedStep & { key: string })[];
}

/**
 * The steps of the editor's history that can be kept: from the present back to the nearest step
 * that changed structure (a layer or model change), and forward (redo) to the nearest one.
 */
export function keptHistory(editor: Editor): KeptHistory | null {
  if (!editor.model) return null;
  const stack = editor.layers.stack;
  const place = (entry: UndoEntry): number | null => {
    const id = entry.layer?.layer;
    if (id === undefined || id === BASE_LAYER) return -1;
    try {
      return stack.indexOf(id);
    } catch {
      return null; // no longer in the stack: the step cannot be replayed
    }
  };
  const keepable = (e: UndoEntry) => !e.structure && place(e) !== null;
  const { done, undone } = editor.history.steps;
  let from = done.length;
  while (from > 0 && keepable(done[from - 1])) from--;
  let to = undone.length;
  while (to > 0 && keepable(undone[to - 1])) to--;
  const kept = { done: done.slice(from), undone: undone.slice(to) };
  return {
    ...kept,
    summary: {
      undo: kept.done.length,
      redo: kept.undone.length,
      stopsAt: from > 0 ? done[from - 1].label : null,
    },
    save: (entry) => ({
      label: entry.label,
      patches: entry.patches,
      ...(entry.layer && { layer: { index: place(entry) ?? -1, mask: entry.layer.mask } }),
      ...(entry.covered && { covered: [...entry.covered] }),
    }),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A saved step checked against the model it is to be replayed on (a record from another version
 * or a damaged store): every array of the right type and length, every vertex and joint slot in
 * range. Returns why it does not fit, or null.
 */
function misfit(editor: Editor, step: unknown, layers: number): string | null {
  const model = editor.requireModel();
  if (!isRecord(step) || typeof step.label !== 'string' || !Array.isArray(step.patches)) return 'not a step';
  for (const p of step.patches as unknown[]) {
    if (!isRecord(p)) return 'not a patch';
    const prim = Number.isInteger(p.primitive) ? model.primitives[p.primitive as number] : undefined;
    if (!prim) return `no primitive ${String(p.primitive)}`;
    const K = prim.weights.influences;
    const n = prim.weights.vertexCount;
    const { vertices, beforeJoints, beforeWeights, afterJoints, afterWeights } = p;
    if (p.influences !== K || !(vertices instanceof Uint32Array)) return 'another number of influences';
    const m = vertices.length * K;
    const slots = [beforeJoints, afterJoints].every((a) => a instanceof Uint16Array && a.length === m);
    const weights = [beforeWeights, afterWeights].every((a) => a instanceof Float32Array && a.length === m);
    if (!slots || !weights) return 'slots of another size';
    for (const v of vertices) if (v >= n) return `vertex ${v} outside primitive ${prim.id}`;
    if (!Number.isInteger(p.start) || !Number.isInteger(p.end)) return 'no vertex range';
  }
  if (step.layer !== undefined) {
    const l = step.layer;
    if (!isRecord(l) || !Number.isInteger(l.index) || (l.index as number) < -1) return 'no layer';
    if ((l.index as number) >= layers) return `layer ${l.index} is not in the stack`;
  }
  if (step.covered !== undefined) {
    if (!Array.isArray(step.covered)) return 'no coverage list';
    for (const pair of step.covered as unknown[]) {
      if (!Array.isArray(pair) || !model.primitives[pair[0]] || !(pair[1] instanceof Int32Array))
        return 'a coverage list of no primitive';
      const n = model.primitives[pair[0]].weights.vertexCount;
      for (const e of pair[1] as Int32Array) if ((e >= 0 ? e : ~e) >= n) return 'coverage outside the mesh';
    }
  }
  return null;
}

/**
 * Puts a saved history into the editor (after its model and layers are restored): undo and redo
 * then replay exactly the steps kept. A history that does not fit the model is left out, and the
 * editor says so; the weights are restored either way. Returns the number of steps loaded.
 */
export function restoreHistory(editor: Editor, saved: LoadedHistory | null | undefined): number {
  if (!saved) return 0;
  const stack = editor.layers.stack;
  // The stack's ids bottom to top, the base first: a step's place maps to its layer's id now.
  const ids = [
    BASE_LAYER,
    ...stack
      .list()
      .filter((l) => !l.base)
      .map((l) => l.id)
      .reverse(),
  ];
  const steps = [...saved.done, ...saved.undone];
  for (const step of steps) {
    const why = misfit(editor, step, ids.length - 1);
    if (why) {
      editor.notify({
        level: 'warning',
        message: `The undo history of ${editor.fileName} could not be restored (${why}); the weights are back, with no undo history.`,
      });
      return 0;
    }
  }
  const load = (step: SavedStep & { key: string }): LoadedStep => ({
    label: step.label,
    patches: step.patches,
    key: step.key,
    ...(step.layer && { layer: { layer: ids[step.layer.index + 1], mask: step.layer.mask } }),
    ...(step.covered && { covered: new Map(step.covered) }),
  });
  editor.history.load(saved.done.map(load), saved.undone.map(load));
  return steps.length;
}
