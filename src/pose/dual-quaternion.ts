/**
 * Dual quaternion skinning (Kavan et al. 2008), on the CPU, for the preview toggle: blending
 * rotations as dual quaternions keeps a twisted wrist and a bent elbow from losing volume (the
 * "candy wrapper" and the collapsing elbow of linear blend skinning). Export stays linear blend:
 * glTF and every engine skin that way, so the weights must be judged that way too; this preview
 * only shows which artefacts are linear blend's own.
 *
 * Scale and shear in a skinning matrix have no dual quaternion: each `S_j = [R_j K_j | t_j]` is
 * split into a rotation R_j (columns normalised) and a stretch `K_j = R_jᵀ L_j`; stretches are
 * blended linearly first, then the rigid parts as dual quaternions. A vertex on one joint gets
 * exactly `R_j K_j v + t_j = S_j v`, as linear blend gives.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import { touches } from './linear-blend.ts';
import { quatFromMatrix } from './quaternion.ts';

/** Per-joint dual quaternions and stretches of a skin, from its skinning matrices. */
export interface DualQuaternionJoints {
  /** Real (x, y, z, w) then dual (x, y, z, w) part, 8 per joint. */
  dq: Float64Array;
  /** Row-major 3×3 stretch K_j, 9 per joint. */
  stretch: Float64Array;
  /** 1 where K_j is not the identity (within 1e-9). */
  stretched: Uint8Array;
}

/** Scratch for {@link toDualQuaternions} sized for `joints` joints. */
export function dualQuaternionJoints(joints: number): DualQuaternionJoints {
  return {
    dq: new Float64Array(joints * 8),
    stretch: new Float64Array(joints * 9),
    stretched: new Uint8Array(joints),
  };
}

const _q = new Float64Array(4);

/** Converts skinning matrices `S` (16 per joint, column-major) into `out`. Does not allocate. */
export function toDualQuaternions(
  S: Float64Array | Float32Array,
  out: DualQuaternionJoints,
): DualQuaternionJoints {
  const count = Math.min(Math.floor(S.length / 16), out.stretched.length);
  const { dq, stretch, stretched } = out;
  for (let j = 0; j < count; j++) {
    const m = j * 16;
    quatFromMatrix(S, m, _q, 0);
    const [qx, qy, qz, qw] = _q;
    // Dual part: ½ · (t, 0) · q.
    const tx = S[m + 12];
    const ty = S[m + 13];
    const tz = S[m + 14];
    const o = j * 8;
    dq[o] = qx;
    dq[o + 1] = qy;
    dq[o + 2] = qz;
    dq[o + 3] = qw;
    dq[o + 4] = 0.5 * (tx * qw + ty * qz - tz * qy);
    dq[o + 5] = 0.5 * (ty * qw + tz * qx - tx * qz);
    dq[o + 6] = 0.5 * (tz * qw + tx * qy - ty * qx);
    dq[o + 7] = -0.5 * (tx * qx + ty * qy + tz * qz);
    // K = Rᵀ L, with R's columns from q.
    const r00 = 1 - 2 * (qy * qy + qz * qz);
    const r10 = 2 * (qx * qy + qz * qw);
    const r20 = 2 * (qx * qz - qy * qw);
    const r01 = 2 * (qx * qy - qz * qw);
    const r11 = 1 - 2 * (qx * qx + qz * qz);
    const r21 = 2 * (qy * qz + qx * qw);
    const r02 = 2 * (qx * qz + qy * qw);
    const r12 = 2 * (qy * qz - qx * qw);
    const r22 = 1 - 2 * (qx * qx + qy * qy);
    let off = 0;
    for (let c = 0; c < 3; c++) {
      const l0 = S[m + c * 4];
      const l1 = S[m + c * 4 + 1];
      const l2 = S[m + c * 4 + 2];
      const k0 = r00 * l0 + r10 * l1 + r20 * l2;
      const k1 = r01 * l0 + r11 * l1 + r21 * l2;
      const k2 = r02 * l0 + r12 * l1 + r22 * l2;
      stretch[j * 9 + c] = k0;
      stretch[j * 9 + 3 + c] = k1;
      stretch[j * 9 + 6 + c] = k2;
      off = Math.max(
        off,
        Math.abs(k0 - (c === 0 ? 1 : 0)),
        Math.abs(k1 - (c === 1 ? 1 : 0)),
        Math.abs(k2 - (c === 2 ? 1 : 0)),
      );
    }
    stretched[j] = off > 1e-9 ? 1 : 0;
  }
  return out;
}

/**
 * Skins vertices [start, end) with dual quaternions `joints` (see {@link toDualQuaternions}),
 * writing xyz to `out`. A vertex whose influences are all flagged in `identity` keeps its
 * position bit for bit. `only`: as in skinLinearBlend (vertices on no flagged joint are skipped).
 * Does not allocate.
 */
export function skinDualQuaternion(
  positions: Float32Array,
  weights: SkinWeights,
  joints: DualQuaternionJoints,
  identity: Uint8Array | null,
  out: Float32Array,
  start = 0,
  end = Math.min(weights.vertexCount, Math.floor(positions.length / 3)),
  only: Uint8Array | null = null,
): Float32Array {
  const K = weights.influences;
  const J = weights.joints;
  const W = weights.weights;
  const { dq, stretch, stretched } = joints;
  const count = stretched.length;
  for (let v = start; v < end; v++) {
    if (only !== null && !touches(J, W, v * K, K, only)) continue;
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    // 1. Blend: real and dual parts on the pivot's hemisphere, stretches linearly.
    let r0 = 0;
    let r1 = 0;
    let r2 = 0;
    let r3 = 0;
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    let px = 0;
    let py = 0;
    let pz = 0;
    // The strongest influence (slot 0 holds it) picks the hemisphere the others join.
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    let first = true;
    let moving = false;
    let stretchy = false;
    for (let i = v * K; i < v * K + K; i++) {
      const w0 = W[i];
      if (w0 === 0) continue;
      const j = J[i] < count ? J[i] : -1;
      if (j >= 0 && (identity === null || identity[j] === 0)) moving = true;
      const o = j * 8;
      // Joints outside the skin count as identity (0, 0, 0, 1 | 0).
      const qx = j < 0 ? 0 : dq[o];
      const qy = j < 0 ? 0 : dq[o + 1];
      const qz = j < 0 ? 0 : dq[o + 2];
      const qw = j < 0 ? 1 : dq[o + 3];
      if (first) {
        p0 = qx;
        p1 = qy;
        p2 = qz;
        p3 = qw;
        first = false;
      }
      const w = p0 * qx + p1 * qy + p2 * qz + p3 * qw < 0 ? -w0 : w0;
      r0 += w * qx;
      r1 += w * qy;
      r2 += w * qz;
      r3 += w * qw;
      if (j >= 0) {
        d0 += w * dq[o + 4];
        d1 += w * dq[o + 5];
        d2 += w * dq[o + 6];
        d3 += w * dq[o + 7];
      }
      if (j >= 0 && stretched[j] === 1) {
        stretchy = true;
        const k = j * 9;
        px += w0 * (stretch[k] * x + stretch[k + 1] * y + stretch[k + 2] * z);
        py += w0 * (stretch[k + 3] * x + stretch[k + 4] * y + stretch[k + 5] * z);
        pz += w0 * (stretch[k + 6] * x + stretch[k + 7] * y + stretch[k + 8] * z);
      } else {
        px += w0 * x;
        py += w0 * y;
        pz += w0 * z;
      }
    }
    if (!moving) {
      out[v * 3] = x;
      out[v * 3 + 1] = y;
      out[v * 3 + 2] = z;
      continue;
    }
    if (!stretchy) {
      px = x;
      py = y;
      pz = z;
    }
    // 2. Normalise by the real part's length, then v' = p + 2 r⃗ × (r⃗ × p + r_w p) + t.
    const n = Math.hypot(r0, r1, r2, r3) || 1;
    r0 /= n;
    r1 /= n;
    r2 /= n;
    r3 /= n;
    d0 /= n;
    d1 /= n;
    d2 /= n;
    d3 /= n;
    const cx = r1 * pz - r2 * py + r3 * px;
    const cy = r2 * px - r0 * pz + r3 * py;
    const cz = r0 * py - r1 * px + r3 * pz;
    const tx = 2 * (r3 * d0 - d3 * r0 + r1 * d2 - r2 * d1);
    const ty = 2 * (r3 * d1 - d3 * r1 + r2 * d0 - r0 * d2);
    const tz = 2 * (r3 * d2 - d3 * r2 + r0 * d1 - r1 * d0);
    out[v * 3] = px + 2 * (r1 * cz - r2 * cy) + tx;
    out[v * 3 + 1] = py + 2 * (r2 * cx - r0 * cz) + ty;
    out[v * 3 + 2] = pz + 2 * (r0 * cy - r1 * cx) + tz;
  }
  return out;
}
