/**
 * skinLinearBlend: linear blend skinning `v' = Σ_j w_j · S_j · v` — what glTF, three.js and every
 * engine do, and what export means — in a form that keeps unposed vertices exact:
 *
 *     v' = v + Σ_j w_j · (S_j · v − v)
 *
 * Equal to the usual sum when the weights sum to 1; joints flagged as identity add nothing, so a
 * vertex bound only to unposed joints keeps its stored position bit for bit (the plain sum would
 * move it by (Σ w − 1) · v, up to a few float32 ulps, since glTF weights sum to 1 only within
 * 2e-7 each). Compare ./skinning.ts, the plain sum.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';

/**
 * Skins vertices [start, end) of `positions` with `weights`, skinning matrices `S` (16 per skin
 * joint, column-major; only the affine part is used) and `identity` flags (1 = S_j is exactly I,
 * skipped), writing xyz to `out` (may be `positions`). Joints past the matrices count as identity.
 * With `only` (flags per joint), vertices none of whose influences is flagged are left as they
 * are in `out` (an incremental update: only those joints moved since `out` was written).
 * Does not allocate.
 */
export function skinLinearBlend(
  positions: Float32Array,
  weights: SkinWeights,
  S: Float64Array | Float32Array,
  identity: Uint8Array | null,
  out: Float32Array,
  start = 0,
  end = Math.min(weights.vertexCount, Math.floor(positions.length / 3)),
  only: Uint8Array | null = null,
): Float32Array {
  const K = weights.influences;
  const J = weights.joints;
  const W = weights.weights;
  const count = Math.floor(S.length / 16);
  for (let v = start; v < end; v++) {
    if (only !== null && !touches(J, W, v * K, K, only)) continue;
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    let dx = 0;
    let dy = 0;
    let dz = 0;
    for (let i = v * K; i < v * K + K; i++) {
      const w = W[i];
      if (w === 0) continue;
      const j = J[i];
      if (j >= count || (identity !== null && identity[j] === 1)) continue;
      const m = j * 16;
      dx += w * (S[m] * x + S[m + 4] * y + S[m + 8] * z + S[m + 12] - x);
      dy += w * (S[m + 1] * x + S[m + 5] * y + S[m + 9] * z + S[m + 13] - y);
      dz += w * (S[m + 2] * x + S[m + 6] * y + S[m + 10] * z + S[m + 14] - z);
    }
    out[v * 3] = x + dx;
    out[v * 3 + 1] = y + dy;
    out[v * 3 + 2] = z + dz;
  }
  return out;
}

/** True when slot range [at, at + K) has a non-zero weight on a joint flagged in `only`. */
export function touches(J: Uint16Array, W: Float32Array, at: number, K: number, only: Uint8Array): boolean {
  for (let i = at; i < at + K; i++) if (W[i] !== 0 && only[J[i]] === 1) return true;
  return false;
}
