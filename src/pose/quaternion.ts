/**
 * Quaternion helpers on flat arrays (x, y, z, w at an offset), for poses and skinning: no
 * allocation, so they can run per joint per frame. Conventions follow three.js and glTF: unit
 * quaternions rotate column vectors, `a · b` applies b first, Euler angles are three.js 'XYZ'
 * (the matrix is Rx · Ry · Rz), so a UI may hand them to `THREE.Euler` unchanged.
 */

/** Anything writable that holds numbers (Float64Array, Float32Array, number[]). */
export type Out = { [index: number]: number };

const DEG = Math.PI / 180;

/** out[o..o+4) = identity. */
export function quatIdentity(out: Out, o = 0): void {
  out[o] = 0;
  out[o + 1] = 0;
  out[o + 2] = 0;
  out[o + 3] = 1;
}

/** True when q[o..o+4) is exactly the identity (0, 0, 0, ±1). */
export function quatIsIdentity(q: ArrayLike<number>, o = 0): boolean {
  return q[o] === 0 && q[o + 1] === 0 && q[o + 2] === 0 && (q[o + 3] === 1 || q[o + 3] === -1);
}

/** out[oo..] = a[ao..] · b[bo..] (b applied first). `out` may alias `a` or `b`. */
export function quatMultiply(
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
  out: Out,
  oo: number,
): void {
  const ax = a[ao];
  const ay = a[ao + 1];
  const az = a[ao + 2];
  const aw = a[ao + 3];
  const bx = b[bo];
  const by = b[bo + 1];
  const bz = b[bo + 2];
  const bw = b[bo + 3];
  out[oo] = ax * bw + aw * bx + ay * bz - az * by;
  out[oo + 1] = ay * bw + aw * by + az * bx - ax * bz;
  out[oo + 2] = az * bw + aw * bz + ax * by - ay * bx;
  out[oo + 3] = aw * bw - ax * bx - ay * by - az * bz;
}

/** Normalises q[o..o+4) in place (the identity when it is all zeros or not finite). */
export function quatNormalize(q: Out & ArrayLike<number>, o = 0): void {
  const n = Math.hypot(q[o], q[o + 1], q[o + 2], q[o + 3]);
  if (!(n > 0) || !Number.isFinite(n)) {
    quatIdentity(q, o);
    return;
  }
  q[o] /= n;
  q[o + 1] /= n;
  q[o + 2] /= n;
  q[o + 3] /= n;
}

/** out = rotation of `radians` about the unit axis (ax, ay, az). */
export function quatFromAxisAngle(
  ax: number,
  ay: number,
  az: number,
  radians: number,
  out: Out,
  o = 0,
): void {
  const s = Math.sin(radians / 2);
  out[o] = ax * s;
  out[o + 1] = ay * s;
  out[o + 2] = az * s;
  out[o + 3] = Math.cos(radians / 2);
}

/** out = the shortest rotation taking unit vector a to unit vector b. */
export function quatFromUnitVectors(a: ArrayLike<number>, b: ArrayLike<number>, out: Out, o = 0): void {
  // three.js' Quaternion.setFromUnitVectors: half-way quaternion, with a perpendicular axis
  // for opposite vectors.
  let r = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + 1;
  let x: number;
  let y: number;
  let z: number;
  if (r < 1e-8) {
    r = 0;
    if (Math.abs(a[0]) > Math.abs(a[2])) {
      x = -a[1];
      y = a[0];
      z = 0;
    } else {
      x = 0;
      y = -a[2];
      z = a[1];
    }
  } else {
    x = a[1] * b[2] - a[2] * b[1];
    y = a[2] * b[0] - a[0] * b[2];
    z = a[0] * b[1] - a[1] * b[0];
  }
  const n = Math.hypot(x, y, z, r) || 1;
  out[o] = x / n;
  out[o + 1] = y / n;
  out[o + 2] = z / n;
  out[o + 3] = r / n;
}

/** out = quaternion of Euler angles in degrees, three.js order 'XYZ' (matrix Rx · Ry · Rz). */
export function quatFromEulerDegrees(x: number, y: number, z: number, out: Out, o = 0): void {
  const c1 = Math.cos((x * DEG) / 2);
  const c2 = Math.cos((y * DEG) / 2);
  const c3 = Math.cos((z * DEG) / 2);
  const s1 = Math.sin((x * DEG) / 2);
  const s2 = Math.sin((y * DEG) / 2);
  const s3 = Math.sin((z * DEG) / 2);
  out[o] = s1 * c2 * c3 + c1 * s2 * s3;
  out[o + 1] = c1 * s2 * c3 - s1 * c2 * s3;
  out[o + 2] = c1 * c2 * s3 + s1 * s2 * c3;
  out[o + 3] = c1 * c2 * c3 - s1 * s2 * s3;
}

/**
 * Euler angles in degrees (three.js order 'XYZ', each in −180…180) of unit quaternion q, written
 * to out[0..3). At gimbal lock (|y| = 90°) z is 0 and x takes the whole turn, as three.js does.
 */
export function quatToEulerDegrees(q: ArrayLike<number>, o: number, out: Out): void {
  const x = q[o];
  const y = q[o + 1];
  const z = q[o + 2];
  const w = q[o + 3];
  // The rotation matrix entries Euler 'XYZ' needs (three.js makeRotationFromQuaternion).
  const m11 = 1 - 2 * (y * y + z * z);
  const m12 = 2 * (x * y - z * w);
  const m13 = 2 * (x * z + y * w);
  const m22 = 1 - 2 * (x * x + z * z);
  const m23 = 2 * (y * z - x * w);
  const m32 = 2 * (y * z + x * w);
  const m33 = 1 - 2 * (x * x + y * y);
  const ey = Math.asin(Math.min(1, Math.max(-1, m13)));
  let ex: number;
  let ez: number;
  if (Math.abs(m13) < 0.9999999) {
    ex = Math.atan2(-m23, m33);
    ez = Math.atan2(-m12, m11);
  } else {
    ex = Math.atan2(m32, m22);
    ez = 0;
  }
  out[0] = wrapDegrees(ex / DEG);
  out[1] = wrapDegrees(ey / DEG);
  out[2] = wrapDegrees(ez / DEG);
}

/** An angle in degrees wrapped into (−180, 180]; −0 becomes 0. */
export function wrapDegrees(deg: number): number {
  if (!Number.isFinite(deg)) return 0;
  let d = deg % 360;
  if (d > 180) d -= 360;
  else if (d <= -180) d += 360;
  return d === 0 ? 0 : d;
}

/**
 * Spherical interpolation between quaternions a[ao..] and b[bo..] by u (shortest arc), written
 * to out[oo..]. Falls back to normalised lerp when they are nearly equal.
 */
export function quatSlerp(
  a: ArrayLike<number>,
  ao: number,
  b: ArrayLike<number>,
  bo: number,
  u: number,
  out: Out & ArrayLike<number>,
  oo: number,
): void {
  let dot = a[ao] * b[bo] + a[ao + 1] * b[bo + 1] + a[ao + 2] * b[bo + 2] + a[ao + 3] * b[bo + 3];
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let s0 = 1 - u;
  let s1 = u;
  if (dot < 0.9995) {
    const theta = Math.acos(Math.min(1, dot));
    const sin = Math.sin(theta);
    s0 = Math.sin((1 - u) * theta) / sin;
    s1 = Math.sin(u * theta) / sin;
  }
  s1 *= sign;
  const x = s0 * a[ao] + s1 * b[bo];
  const y = s0 * a[ao + 1] + s1 * b[bo + 1];
  const z = s0 * a[ao + 2] + s1 * b[bo + 2];
  const w = s0 * a[ao + 3] + s1 * b[bo + 3];
  out[oo] = x;
  out[oo + 1] = y;
  out[oo + 2] = z;
  out[oo + 3] = w;
  quatNormalize(out, oo);
}

/**
 * Unit quaternion of the rotation part of the column-major 4×4 `m` at offset o (columns are
 * normalised first, so a uniform or axis-aligned scale does not disturb it).
 */
export function quatFromMatrix(m: ArrayLike<number>, o: number, out: Out & ArrayLike<number>, oo = 0): void {
  const sx = Math.hypot(m[o], m[o + 1], m[o + 2]) || 1;
  const sy = Math.hypot(m[o + 4], m[o + 5], m[o + 6]) || 1;
  const sz = Math.hypot(m[o + 8], m[o + 9], m[o + 10]) || 1;
  const m11 = m[o] / sx;
  const m21 = m[o + 1] / sx;
  const m31 = m[o + 2] / sx;
  const m12 = m[o + 4] / sy;
  const m22 = m[o + 5] / sy;
  const m32 = m[o + 6] / sy;
  const m13 = m[o + 8] / sz;
  const m23 = m[o + 9] / sz;
  const m33 = m[o + 10] / sz;
  // three.js Quaternion.setFromRotationMatrix (Shepperd's method).
  const trace = m11 + m22 + m33;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    out[oo + 3] = 0.25 / s;
    out[oo] = (m32 - m23) * s;
    out[oo + 1] = (m13 - m31) * s;
    out[oo + 2] = (m21 - m12) * s;
  } else if (m11 > m22 && m11 > m33) {
    const s = 2 * Math.sqrt(1 + m11 - m22 - m33);
    out[oo + 3] = (m32 - m23) / s;
    out[oo] = 0.25 * s;
    out[oo + 1] = (m12 + m21) / s;
    out[oo + 2] = (m13 + m31) / s;
  } else if (m22 > m33) {
    const s = 2 * Math.sqrt(1 + m22 - m11 - m33);
    out[oo + 3] = (m13 - m31) / s;
    out[oo] = (m12 + m21) / s;
    out[oo + 1] = 0.25 * s;
    out[oo + 2] = (m23 + m32) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m33 - m11 - m22);
    out[oo + 3] = (m21 - m12) / s;
    out[oo] = (m13 + m31) / s;
    out[oo + 1] = (m23 + m32) / s;
    out[oo + 2] = 0.25 * s;
  }
  quatNormalize(out, oo);
}

/** Rotates vector v[vo..vo+3) by unit quaternion q[qo..] into out[oo..] (may alias v). */
export function quatRotateVector(
  q: ArrayLike<number>,
  qo: number,
  v: ArrayLike<number>,
  vo: number,
  out: Out,
  oo: number,
): void {
  const qx = q[qo];
  const qy = q[qo + 1];
  const qz = q[qo + 2];
  const qw = q[qo + 3];
  const vx = v[vo];
  const vy = v[vo + 1];
  const vz = v[vo + 2];
  // t = 2 q⃗ × v;  v' = v + w t + q⃗ × t
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  out[oo] = vx + qw * tx + qy * tz - qz * ty;
  out[oo + 1] = vy + qw * ty + qz * tx - qx * tz;
  out[oo + 2] = vz + qw * tz + qx * ty - qy * tx;
}
