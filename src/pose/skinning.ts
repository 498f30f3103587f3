/**
 * skinPositions: CPU linear blend skinning, v' = Σ_j w_j · S_j · v (DESIGN.md, "The math it
 * rests on"), for picking, tests and quality metrics.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';

/**
 * Skins `positions` (xyz per vertex, mesh space) with `weights` and the skin's skinning
 * matrices `S_j = M_j · B_j^-1` (column-major 4×4, 16 floats per skin joint, indexed by the
 * joint indices the weights use), writing xyz per vertex to `out` (which may be `positions`
 * itself). Influences with weight 0 are skipped; joints without a matrix count as identity.
 * Only the affine part of each matrix is used. Returns `out`. Does not allocate.
 */
export function skinPositions(
  positions: Float32Array,
  weights: SkinWeights,
  skinningMatrices: Float32Array | Float64Array,
  out: Float32Array = new Float32Array(positions.length),
): Float32Array {
  const K = weights.influences;
  const J = weights.joints;
  const W = weights.weights;
  const S = skinningMatrices;
  const matrixCount = Math.floor(S.length / 16);
  const n = Math.min(weights.vertexCount, Math.floor(positions.length / 3));
  for (let v = 0; v < n; v++) {
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    let ox = 0;
    let oy = 0;
    let oz = 0;
    for (let i = v * K; i < v * K + K; i++) {
      const w = W[i];
      if (w === 0) continue;
      const j = J[i];
      if (j >= matrixCount) {
        ox += w * x;
        oy += w * y;
        oz += w * z;
        continue;
      }
      const m = j * 16;
      ox += w * (S[m] * x + S[m + 4] * y + S[m + 8] * z + S[m + 12]);
      oy += w * (S[m + 1] * x + S[m + 5] * y + S[m + 9] * z + S[m + 13]);
      oz += w * (S[m + 2] * x + S[m + 6] * y + S[m + 10] * z + S[m + 14]);
    }
    out[v * 3] = ox;
    out[v * 3 + 1] = oy;
    out[v * 3 + 2] = oz;
  }
  return out;
}

/**
 * Skinning matrices `S_j = M_j · B_j^-1` for a skin: `jointWorld` holds the joints' current
 * world matrices and `inverseBindMatrices` their B_j^-1 (both column-major, 16 per joint, in
 * the skin's joint order). Writes into `out` and returns it.
 */
export function skinningMatrices(
  jointWorld: ArrayLike<number>,
  inverseBindMatrices: ArrayLike<number>,
  out: Float32Array = new Float32Array(inverseBindMatrices.length),
): Float32Array {
  const count = Math.floor(inverseBindMatrices.length / 16);
  for (let j = 0; j < count; j++) multiplyInto(jointWorld, j * 16, inverseBindMatrices, j * 16, out, j * 16);
  return out;
}

/** out[o..o+16) = a[ao..] · b[bo..] (column-major 4×4). `out` must not alias `a` or `b`. */
export function multiplyInto(
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
  out: Float32Array | Float64Array,
  o: number,
): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[bo + c * 4];
    const b1 = b[bo + c * 4 + 1];
    const b2 = b[bo + c * 4 + 2];
    const b3 = b[bo + c * 4 + 3];
    for (let r = 0; r < 4; r++) {
      out[o + c * 4 + r] = a[ao + r] * b0 + a[ao + 4 + r] * b1 + a[ao + 8 + r] * b2 + a[ao + 12 + r] * b3;
    }
  }
}
