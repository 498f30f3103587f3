/**
 * influenceCounts: the number of influences of every vertex, for the 1…K colour overlay (and the
 * "at the influence limit" check).
 */
import type { SkinWeights } from '../skin/skin-weights.ts';

/**
 * Writes each vertex's count of distinct joints with a positive weight to `out` (one byte per
 * vertex; a new array by default) and returns it. With `start`/`end`, only vertices
 * [start, end) are counted (the rest of `out` is left as it is), so a view that keeps the counts
 * can follow a brush stroke's changed range instead of recounting the whole mesh.
 */
export function influenceCounts(
  sw: SkinWeights,
  out: Uint8Array = new Uint8Array(sw.vertexCount),
  start = 0,
  end: number = sw.vertexCount,
): Uint8Array {
  const { joints: J, weights: W, influences: K } = sw;
  const from = Math.max(0, start);
  const to = Math.min(end, sw.vertexCount);
  for (let v = from; v < to; v++) {
    const base = v * K;
    let n = 0;
    for (let i = 0; i < K; i++) {
      if (!(W[base + i] > 0)) continue;
      let repeat = false;
      for (let i2 = 0; i2 < i && !repeat; i2++) repeat = J[base + i2] === J[base + i] && W[base + i2] > 0;
      if (!repeat) n++;
    }
    out[v] = n;
  }
  return out;
}
