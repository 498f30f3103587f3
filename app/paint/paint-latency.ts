/**
 * Pointer → screen latency of painting dabs, kept for the e2e benchmark and the console
 * (`skinsmith.paint.latency()`): for each pointer move that changed weights, the time from the
 * browser's event timestamp to the dab being applied (pick, brush, normalise, ranges marked for
 * upload) and to the end of the frame that uploaded those ranges and drew them.
 */
export interface DabLatency {
  /** Event timestamp → weights changed and ranges marked (ms). */
  dab: number;
  /** Event timestamp → the render that uploaded the ranges has run (ms). */
  uploaded: number;
}

const MAX = 2000;
const samples: DabLatency[] = [];
let pending: { start: number; dab: number }[] = [];

export const paintLatency = {
  /** A pointer move (its event timestamp) whose dab has just been applied. */
  dabApplied(eventTime: number): void {
    pending.push({ start: eventTime, dab: performance.now() });
  },

  /** Called after each rendered frame: the pending dabs are on the GPU now. */
  frameRendered(): void {
    if (pending.length === 0) return;
    const now = performance.now();
    for (const p of pending) samples.push({ dab: p.dab - p.start, uploaded: now - p.start });
    pending = [];
    if (samples.length > MAX) samples.splice(0, samples.length - MAX);
  },

  /** The recorded samples (oldest first); `clear` empties the record. */
  read(clear = false): DabLatency[] {
    const out = samples.slice();
    if (clear) samples.length = 0;
    return out;
  },
};
