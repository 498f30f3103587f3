/**
 * Column-major 4×4 matrix helpers on flat Float64Arrays (16 per matrix at an offset), for joint
 * transforms. Multiplication is `multiplyInto` of ./skinning.ts.
 */
import { quatFromMatrix, quatNormalize } from './quaternion.ts';

/** out[o..o+16) = identity. */
export function matIdentity(out: Float64Array | Float32Array, o = 0): void {
  out.fill(0, o, o + 16);
  out[o] = out[o + 5] = out[o + 10] = out[o + 15] = 1;
}

/** True when m[o..o+16) is exactly the identity. */
export function matIsIdentity(m: ArrayLike<number>, o = 0): boolean {
  for (let k = 0; k < 16; k++) if (m[o + k] !== (k % 5 === 0 ? 1 : 0)) return false;
  return true;
}

/**
 * out[o..] = T · R · S from translation t[to..to+3), quaternion q[qo..qo+4) (normalised here) and
 * scale s[so..so+3): the glTF node transform.
 */
export function matCompose(
  t: ArrayLike<number>,
  to: number,
  q: ArrayLike<number>,
  qo: number,
  s: ArrayLike<number>,
  so: number,
  out: Float64Array,
  o: number,
): void {
  let x = q[qo];
  let y = q[qo + 1];
  let z = q[qo + 2];
  let w = q[qo + 3];
  const n = Math.hypot(x, y, z, w);
  if (n > 0 && n !== 1) {
    x /= n;
    y /= n;
    z /= n;
    w /= n;
  } else if (!(n > 0)) {
    x = y = z = 0;
    w = 1;
  }
  const sx = s[so];
  const sy = s[so + 1];
  const sz = s[so + 2];
  out[o] = (1 - 2 * (y * y + z * z)) * sx;
  out[o + 1] = 2 * (x * y + z * w) * sx;
  out[o + 2] = 2 * (x * z - y * w) * sx;
  out[o + 3] = 0;
  out[o + 4] = 2 * (x * y - z * w) * sy;
  out[o + 5] = (1 - 2 * (x * x + z * z)) * sy;
  out[o + 6] = 2 * (y * z + x * w) * sy;
  out[o + 7] = 0;
  out[o + 8] = 2 * (x * z + y * w) * sz;
  out[o + 9] = 2 * (y * z - x * w) * sz;
  out[o + 10] = (1 - 2 * (x * x + y * y)) * sz;
  out[o + 11] = 0;
  out[o + 12] = t[to];
  out[o + 13] = t[to + 1];
  out[o + 14] = t[to + 2];
  out[o + 15] = 1;
}

/**
 * out[oo..] = inverse of the 4×4 m[o..] (general, via cofactors). Writes the identity and returns
 * false when m is singular. `out` must not alias `m`.
 */
export function matInvert(m: ArrayLike<number>, o: number, out: Float64Array, oo: number): boolean {
  const n11 = m[o];
  const n21 = m[o + 1];
  const n31 = m[o + 2];
  const n41 = m[o + 3];
  const n12 = m[o + 4];
  const n22 = m[o + 5];
  const n32 = m[o + 6];
  const n42 = m[o + 7];
  const n13 = m[o + 8];
  const n23 = m[o + 9];
  const n33 = m[o + 10];
  const n43 = m[o + 11];
  const n14 = m[o + 12];
  const n24 = m[o + 13];
  const n34 = m[o + 14];
  const n44 = m[o + 15];
  // three.js Matrix4.invert.
  const t11 =
    n23 * n34 * n42 - n24 * n33 * n42 + n24 * n32 * n43 - n22 * n34 * n43 - n23 * n32 * n44 + n22 * n33 * n44;
  const t12 =
    n14 * n33 * n42 - n13 * n34 * n42 - n14 * n32 * n43 + n12 * n34 * n43 + n13 * n32 * n44 - n12 * n33 * n44;
  const t13 =
    n13 * n24 * n42 - n14 * n23 * n42 + n14 * n22 * n43 - n12 * n24 * n43 - n13 * n22 * n44 + n12 * n23 * n44;
  const t14 =
    n14 * n23 * n32 - n13 * n24 * n32 - n14 * n22 * n33 + n12 * n24 * n33 + n13 * n22 * n34 - n12 * n23 * n34;
  const det = n11 * t11 + n21 * t12 + n31 * t13 + n41 * t14;
  if (det === 0 || !Number.isFinite(det)) {
    matIdentity(out, oo);
    return false;
  }
  const d = 1 / det;
  out[oo] = t11 * d;
  out[oo + 1] =
    (n24 * n33 * n41 -
      n23 * n34 * n41 -
      n24 * n31 * n43 +
      n21 * n34 * n43 +
      n23 * n31 * n44 -
      n21 * n33 * n44) *
    d;
  out[oo + 2] =
    (n22 * n34 * n41 -
      n24 * n32 * n41 +
      n24 * n31 * n42 -
      n21 * n34 * n42 -
      n22 * n31 * n44 +
      n21 * n32 * n44) *
    d;
  out[oo + 3] =
    (n23 * n32 * n41 -
      n22 * n33 * n41 -
      n23 * n31 * n42 +
      n21 * n33 * n42 +
      n22 * n31 * n43 -
      n21 * n32 * n43) *
    d;
  out[oo + 4] = t12 * d;
  out[oo + 5] =
    (n13 * n34 * n41 -
      n14 * n33 * n41 +
      n14 * n31 * n43 -
      n11 * n34 * n43 -
      n13 * n31 * n44 +
      n11 * n33 * n44) *
    d;
  out[oo + 6] =
    (n14 * n32 * n41 -
      n12 * n34 * n41 -
      n14 * n31 * n42 +
      n11 * n34 * n42 +
      n12 * n31 * n44 -
      n11 * n32 * n44) *
    d;
  out[oo + 7] =
    (n12 * n33 * n41 -
      n13 * n32 * n41 +
      n13 * n31 * n42 -
      n11 * n33 * n42 -
      n12 * n31 * n43 +
      n11 * n32 * n43) *
    d;
  out[oo + 8] = t13 * d;
  out[oo + 9] =
    (n14 * n23 * n41 -
      n13 * n24 * n41 -
      n14 * n21 * n43 +
      n11 * n24 * n43 +
      n13 * n21 * n44 -
      n11 * n23 * n44) *
    d;
  out[oo + 10] =
    (n12 * n24 * n41 -
      n14 * n22 * n41 +
      n14 * n21 * n42 -
      n11 * n24 * n42 -
      n12 * n21 * n44 +
      n11 * n22 * n44) *
    d;
  out[oo + 11] =
    (n13 * n22 * n41 -
      n12 * n23 * n41 -
      n13 * n21 * n42 +
      n11 * n23 * n42 +
      n12 * n21 * n43 -
      n11 * n22 * n43) *
    d;
  out[oo + 12] = t14 * d;
  out[oo + 13] =
    (n13 * n24 * n31 -
      n14 * n23 * n31 +
      n14 * n21 * n33 -
      n11 * n24 * n33 -
      n13 * n21 * n34 +
      n11 * n23 * n34) *
    d;
  out[oo + 14] =
    (n14 * n22 * n31 -
      n12 * n24 * n31 -
      n14 * n21 * n32 +
      n11 * n24 * n32 +
      n12 * n21 * n34 -
      n11 * n22 * n34) *
    d;
  out[oo + 15] =
    (n12 * n23 * n31 -
      n13 * n22 * n31 +
      n13 * n21 * n32 -
      n11 * n23 * n32 -
      n12 * n21 * n33 +
      n11 * n22 * n33) *
    d;
  return true;
}

/**
 * Splits the affine m[o..] into translation, rotation and scale (trs[to..to+10): t xyz, q xyzw,
 * s xyz), as three.js `Matrix4.decompose` does: a negative determinant flips the x scale. Shear
 * has no place in T·R·S and is lost.
 */
export function matDecompose(m: ArrayLike<number>, o: number, trs: Float64Array, to: number): void {
  let sx = Math.hypot(m[o], m[o + 1], m[o + 2]);
  const sy = Math.hypot(m[o + 4], m[o + 5], m[o + 6]);
  const sz = Math.hypot(m[o + 8], m[o + 9], m[o + 10]);
  const det =
    m[o] * (m[o + 5] * m[o + 10] - m[o + 9] * m[o + 6]) -
    m[o + 4] * (m[o + 1] * m[o + 10] - m[o + 9] * m[o + 2]) +
    m[o + 8] * (m[o + 1] * m[o + 6] - m[o + 5] * m[o + 2]);
  if (det < 0) sx = -sx;
  trs[to] = m[o + 12];
  trs[to + 1] = m[o + 13];
  trs[to + 2] = m[o + 14];
  // Rotation from the columns divided by the signed scales (quatFromMatrix divides by |s|).
  for (let r = 0; r < 3; r++) _r[r] = m[o + r] / (sx || 1);
  for (let r = 0; r < 3; r++) _r[4 + r] = m[o + 4 + r] / (sy || 1);
  for (let r = 0; r < 3; r++) _r[8 + r] = m[o + 8 + r] / (sz || 1);
  quatFromMatrix(_r, 0, trs, to + 3);
  quatNormalize(trs, to + 3);
  trs[to + 7] = sx;
  trs[to + 8] = sy;
  trs[to + 9] = sz;
}

const _r = new Float64Array(16);

/** Transforms point (x, y, z) by m[o..] into out[oo..oo+3). */
export function matTransformPoint(
  m: ArrayLike<number>,
  o: number,
  x: number,
  y: number,
  z: number,
  out: { [i: number]: number },
  oo = 0,
): void {
  out[oo] = m[o] * x + m[o + 4] * y + m[o + 8] * z + m[o + 12];
  out[oo + 1] = m[o + 1] * x + m[o + 5] * y + m[o + 9] * z + m[o + 13];
  out[oo + 2] = m[o + 2] * x + m[o + 6] * y + m[o + 10] * z + m[o + 14];
}
