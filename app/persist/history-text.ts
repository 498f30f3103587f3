import type { HistorySummary } from '../../src/persist/saved-history.ts';

/** Which steps a restore cannot bring back, for the tooltip. */
export const HISTORY_LIMITS =
  'Strokes, floods, tools and auto-bind come back with the session. Layer operations (add, delete, reorder, visibility, opacity, merge, flatten) and model changes (transfer, add to character, create skin, skeleton edits) cannot be kept: undo after a restore stops at the last of them.';

const steps = (n: number) => (n === 1 ? '1 step' : `${n.toLocaleString('en-US')} steps`);

/**
 * What a restore does to the undo history, in one line for the restore list: "Undo: 12 steps",
 * "Undo: 3 steps, stops at “Add layer”", "No undo: stops at “Transfer weights”".
 */
export function historyText(h: HistorySummary): string {
  const redo = h.redo > 0 ? ` · redo ${steps(h.redo)}` : '';
  const stop = h.stopsAt ? `“${h.stopsAt}”` : '';
  if (h.undo === 0) return h.stopsAt ? `No undo: stops at ${stop}${redo}` : `No undo history${redo}`;
  return `Undo: ${steps(h.undo)}${h.stopsAt ? `, stops at ${stop}` : ''}${redo}`;
}
