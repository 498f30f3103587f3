/**
 * restShift: how far a delete moves the mesh as drawn at rest. A deleted joint's weight goes to
 * another joint exactly; where the file's rest pose is its bind pose both skinning matrices are
 * the identity and nothing moves, but many files store a rest pose that is not their bind pose
 * (Quaternius's ears), and there a vertex that followed the deleted joint now follows the
 * receiver: it moves by w · (S_receiver − S_deleted) · v. The editor says so rather than letting
 * a part of the mesh jump unannounced.
 */
import type { Node } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { mul, type NodeWorlds } from './frames.ts';

/**
 * The largest displacement at rest of the vertices of skin `skin` weighted to its joint slot
 * `from` when their weight goes to `receiver` (whose inverse bind matrix is `receiverIbm`), with
 * the count of vertices moved by more than a ten-thousandth of their primitives' size (less is no
 * jump a rigger sees: float noise and sub-millimetre drift).
 */
export function restShift(
  model: SkinnedModel,
  skin: number,
  from: { node: Node; ibm: ArrayLike<number>; slot: number },
  receiver: { node: Node; ibm: ArrayLike<number> },
  worlds: NodeWorlds,
): { max: number; vertices: number } {
  const Sf = mul(worlds.worldOf(from.node), from.ibm);
  const Sr = mul(worlds.worldOf(receiver.node), receiver.ibm);
  const D = Sr.map((x, i) => x - Sf[i]);
  let max = 0;
  let vertices = 0;
  if (D.every((x) => Math.abs(x) < 1e-12)) return { max, vertices };
  const prims = model.primitives.filter((p) => p.skins[0] === skin);
  const tolerance = 1e-4 * sizeOf(prims.map((p) => p.positions));
  for (const prim of prims) {
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    const P = prim.positions;
    for (let v = 0; v < vertexCount; v++) {
      let w = 0;
      for (let i = v * K; i < v * K + K; i++) if (joints[i] === from.slot) w += weights[i];
      if (!(w > 0)) continue;
      const x = P[3 * v];
      const y = P[3 * v + 1];
      const z = P[3 * v + 2];
      // Column-major 4×4: the displacement D · (x, y, z, 1), scaled by the weight that moved.
      const dx = D[0] * x + D[4] * y + D[8] * z + D[12];
      const dy = D[1] * x + D[5] * y + D[9] * z + D[13];
      const dz = D[2] * x + D[6] * y + D[10] * z + D[14];
      const d = w * Math.hypot(dx, dy, dz);
      if (d > tolerance) vertices++;
      if (d > max) max = d;
    }
  }
  return { max, vertices };
}

/** The diagonal of the box around every position. */
function sizeOf(all: readonly Float32Array[]): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const P of all)
    for (let i = 0; i < P.length; i++) {
      const c = i % 3;
      if (P[i] < lo[c]) lo[c] = P[i];
      if (P[i] > hi[c]) hi[c] = P[i];
    }
  return hi[0] >= lo[0] ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) : 0;
}
