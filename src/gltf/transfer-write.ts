/**
 * The document side of a transfer's result: a target primitive's triangles as the transfer reads
 * them, its new weights written as JOINTS_n / WEIGHTS_n, and a newly skinned primitive taken back
 * to bind space.
 */
import type { Document, Primitive, Skin } from '@gltf-transform/core';
import { triangleCorners } from '../mesh/triangles.ts';
import { matInvert } from '../pose/matrix.ts';
import { multiplyInto } from '../pose/skinning.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** The primitive's triangles (strips and fans unrolled); empty for points and lines. */
export function triangleIndices(primitive: Primitive, count: number): Uint32Array {
  const idx = primitive.getIndices()?.getArray() ?? null;
  return triangleCorners(idx ? Uint32Array.from(idx) : null, count, primitive.getMode());
}

/**
 * Takes a newly skinned primitive's rest-pose world positions (and normals) back to bind space:
 * v_bind = (Σ_j w_j S_j)^-1 v_rest with S_j = M_j · B_j^-1 in the rest pose. Nothing to do (and
 * nothing done) when every joint's rest is its bind pose.
 */
export function toBindSpace(primitive: Primitive, skin: Skin, weights: SkinWeights): void {
  const joints = skin.listJoints();
  const ibm = skin.getInverseBindMatrices()?.getArray() ?? null;
  const S = new Float64Array(joints.length * 16);
  let identity = true;
  joints.forEach((joint, j) => {
    const B = new Float64Array(16);
    for (let k = 0; k < 16; k++)
      B[k] = ibm && ibm.length >= (j + 1) * 16 ? ibm[j * 16 + k] : k % 5 === 0 ? 1 : 0;
    multiplyInto(joint.getWorldMatrix(), 0, B, 0, S, j * 16);
    for (let k = 0; k < 16; k++) {
      if (Math.abs(S[j * 16 + k] - (k % 5 === 0 ? 1 : 0)) > 1e-5) identity = false;
    }
  });
  if (identity) return;
  const position = primitive.getAttribute('POSITION')!;
  const P = Float32Array.from(position.getArray()!);
  const normal = primitive.getAttribute('NORMAL');
  const N = normal ? Float32Array.from(normal.getArray()!) : null;
  const K = weights.influences;
  const blend = new Float64Array(16);
  const inv = new Float64Array(16);
  for (let v = 0; v < weights.vertexCount; v++) {
    blend.fill(0);
    for (let i = 0; i < K; i++) {
      const w = weights.weights[v * K + i];
      if (!(w > 0)) continue;
      const o = weights.joints[v * K + i] * 16;
      for (let k = 0; k < 16; k++) blend[k] += w * S[o + k];
    }
    if (!matInvert(blend, 0, inv, 0)) continue;
    const x = P[v * 3];
    const y = P[v * 3 + 1];
    const z = P[v * 3 + 2];
    P[v * 3] = inv[0] * x + inv[4] * y + inv[8] * z + inv[12];
    P[v * 3 + 1] = inv[1] * x + inv[5] * y + inv[9] * z + inv[13];
    P[v * 3 + 2] = inv[2] * x + inv[6] * y + inv[10] * z + inv[14];
    if (N) {
      // Normals go by the inverse transpose of inv: the blend's own linear part, transposed.
      const nx = N[v * 3];
      const ny = N[v * 3 + 1];
      const nz = N[v * 3 + 2];
      const mx = blend[0] * nx + blend[1] * ny + blend[2] * nz;
      const my = blend[4] * nx + blend[5] * ny + blend[6] * nz;
      const mz = blend[8] * nx + blend[9] * ny + blend[10] * nz;
      const len = Math.hypot(mx, my, mz) || 1;
      N[v * 3] = mx / len;
      N[v * 3 + 1] = my / len;
      N[v * 3 + 2] = mz / len;
    }
  }
  primitive.setAttribute('POSITION', position.clone().setArray(P));
  if (normal && N) primitive.setAttribute('NORMAL', normal.clone().setArray(N));
}

/** Writes JOINTS_n / WEIGHTS_n sets (4 influences each) for `weights`, replacing any others. */
export function writeWeights(document: Document, primitive: Primitive, weights: SkinWeights): void {
  for (const semantic of primitive.listSemantics()) {
    if (!/^(JOINTS|WEIGHTS)_\d+$/.test(semantic)) continue;
    const stale = primitive.getAttribute(semantic)!;
    primitive.setAttribute(semantic, null);
    // An accessor nothing else uses would be written as an unused object.
    if (stale.listParents().every((p) => p.propertyType === 'Root')) stale.dispose();
  }
  const buffer =
    primitive.getAttribute('POSITION')?.getBuffer() ?? document.getRoot().listBuffers()[0] ?? null;
  const K = weights.influences;
  const n = weights.vertexCount;
  for (let set = 0; set * 4 < K; set++) {
    const J = new Uint16Array(n * 4);
    const W = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) {
      for (let i = 0; i < 4; i++) {
        J[v * 4 + i] = weights.joints[v * K + set * 4 + i];
        W[v * 4 + i] = weights.weights[v * K + set * 4 + i];
      }
    }
    primitive.setAttribute(
      `JOINTS_${set}`,
      document.createAccessor(`JOINTS_${set}`).setType('VEC4').setArray(J).setBuffer(buffer),
    );
    primitive.setAttribute(
      `WEIGHTS_${set}`,
      document.createAccessor(`WEIGHTS_${set}`).setType('VEC4').setArray(W).setBuffer(buffer),
    );
  }
}
