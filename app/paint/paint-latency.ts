/**
 * Pointer → screen latency of painting dabs, kept for the e2e benchmark and the console
 * (`skinsmith.paint.latency()`): for each pointer move that changed weights, the time from the
 * browser's event timestamp to the dab being applied (pick, brush, normalise, ranges marked for
 * upload), to the start of the frame that uploads them, and to the end of that frame's render
 * (the changed attribute ranges sent with bufferSubData, then the draw).
 */
export interface DabLatency {
  /** Event timestamp → its handler starts (the wait in the page's event queue) (ms). */
  queued: number;
  /** Event timestamp → weights changed and ranges marked (ms). */
  dab: number;
  /** Event timestamp → the next frame starts rendering (the wait for requestAnimationFrame) (ms). */
  frame: number;
  /** Event timestamp → the render that uploaded the ranges has run (ms). */
  uploaded: number;
}

const MAX = 2000;
const samples: DabLatency[] = [];
let pending: { start: number; handler: number; dab: number }[] = [];
let frameStart = 0;

export const paintLatency = {
  /** A pointer move (its event timestamp, when its handler began) whose dab has just been applied. */
  dabApplied(eventTime: number, handlerStart: number): void {
    pending.push({ start: eventTime, handler: handlerStart, dab: performance.now() });
  },

  /** Called before each frame renders. */
  frameStarting(): void {
    frameStart = performance.now();
  },

  /** Called after each rendered frame: the pending dabs are on the GPU now. */
  frameRendered(): void {
    if (pending.length === 0) return;
    const now = performance.now();
    for (const p of pending) {
      samples.push({
        queued: p.handler - p.start,
        dab: p.dab - p.start,
        frame: Math.max(frameStart, p.dab) - p.start,
        uploaded: now - p.start,
      });
    }
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
