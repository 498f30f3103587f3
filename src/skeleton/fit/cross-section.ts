/**
 * Cross-sections of the body solid: the piece of a plane that lies inside the limb at a point,
 * and its centre. A joint goes at the centre of its limb's cross-section; a marker clicked on the
 * front surface is carried to the centre of the limb behind it.
 */
import type { BodySolid } from './body-solid.ts';

type Vec3 = [number, number, number];

/** One connected cross-section of the solid. */
export interface Section {
  /** Centroid (canonical). */
  centre: Vec3;
  /** Area in canonical units². */
  area: number;
  /** Radius of the disc of the same area. */
  radius: number;
  /** True when the region reached the sampling radius: not a closed limb section. */
  open: boolean;
  /** The two in-plane axes and the section's extent along each (standard deviations). */
  axes: [Vec3, Vec3];
  spread: [number, number];
}

const sub = (a: ArrayLike<number>, b: ArrayLike<number>): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: ArrayLike<number>, b: ArrayLike<number>): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: ArrayLike<number>): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * The half of space a limb keeps to: points q with (q − at)·normal ≥ 0. A hand pressed against
 * the other hand, or a knee against the other knee, is one piece of solid with its partner; the
 * plane midway between the two keeps each limb's section to its own part.
 */
export interface HalfSpace {
  at: Vec3;
  /** Unit, pointing into the kept half. */
  normal: Vec3;
}

/** Two unit vectors completing `axis` (unit) to an orthonormal basis. */
export function planeBasis(axis: ArrayLike<number>): [Vec3, Vec3] {
  const helper: Vec3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = norm(cross(axis, helper));
  const v = cross(axis, u);
  return [u, v];
}

/**
 * The connected region of the plane through `p` perpendicular to `axis` that is inside the
 * solid, sampled every voxel within `maxRadius`, starting from the inside sample nearest `p`
 * (null when no sample within `maxRadius` is inside). With `half`, only the solid in that half
 * counts.
 */
export function crossSection(
  solid: BodySolid,
  p: ArrayLike<number>,
  axis: ArrayLike<number>,
  maxRadius: number,
  half: HalfSpace | null = null,
): Section | null {
  const a = norm(axis);
  const [u, v] = planeBasis(a);
  const step = solid.h * 0.8;
  const r = Math.max(2, Math.ceil(maxRadius / step));
  const side = 2 * r + 1;
  const inside = new Uint8Array(side * side);
  const q = [0, 0, 0];
  for (let t = 0; t < side; t++)
    for (let s = 0; s < side; s++) {
      const du = (s - r) * step;
      const dv = (t - r) * step;
      if (du * du + dv * dv > maxRadius * maxRadius) continue;
      for (let c = 0; c < 3; c++) q[c] = p[c] + du * u[c] + dv * v[c];
      if (half && dot(sub(q, half.at), half.normal) < 0) continue;
      if (solid.isSolidAt(q)) inside[t * side + s] = 1;
    }
  // The seed: the inside sample nearest p.
  let seed = -1;
  let best = Infinity;
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    const s = (i % side) - r;
    const t = Math.floor(i / side) - r;
    const d = s * s + t * t;
    if (d < best) {
      best = d;
      seed = i;
    }
  }
  if (seed < 0) return null;
  const seen = new Uint8Array(side * side);
  const stack = [seed];
  seen[seed] = 1;
  let n = 0;
  let su = 0;
  let sv = 0;
  let suu = 0;
  let svv = 0;
  let suv = 0;
  let open = false;
  while (stack.length) {
    const i = stack.pop()!;
    const s = (i % side) - r;
    const t = Math.floor(i / side) - r;
    n++;
    su += s;
    sv += t;
    suu += s * s;
    svv += t * t;
    suv += s * t;
    if ((Math.abs(s) + 1.5) ** 2 + t * t > r * r || s * s + (Math.abs(t) + 1.5) ** 2 > r * r) open = true;
    const si = i % side;
    const ti = Math.floor(i / side);
    for (const [ds, dt] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const ss = si + ds;
      const tt = ti + dt;
      if (ss < 0 || tt < 0 || ss >= side || tt >= side) continue;
      const j = tt * side + ss;
      if (inside[j] && !seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  const mu = su / n;
  const mv = sv / n;
  const cuu = suu / n - mu * mu;
  const cvv = svv / n - mv * mv;
  const cuv = suv / n - mu * mv;
  // Principal axes of the 2×2 covariance.
  const tr = cuu + cvv;
  const det = cuu * cvv - cuv * cuv;
  const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
  const l1 = tr / 2 + disc;
  const l2 = Math.max(0, tr / 2 - disc);
  const angle = 0.5 * Math.atan2(2 * cuv, cuu - cvv);
  const ca = Math.cos(angle);
  const sa = Math.sin(angle);
  const major: Vec3 = [ca * u[0] + sa * v[0], ca * u[1] + sa * v[1], ca * u[2] + sa * v[2]];
  const minor = cross(a, major);
  const centre: Vec3 = [0, 0, 0];
  for (let c = 0; c < 3; c++) centre[c] = p[c] + mu * step * u[c] + mv * step * v[c];
  const area = n * step * step;
  return {
    centre,
    area,
    radius: Math.sqrt(area / Math.PI),
    open,
    axes: [major, minor],
    spread: [Math.sqrt(l1) * step, Math.sqrt(l2) * step],
  };
}

/**
 * The centre of the limb at `p` across `axis`: the cross-section's centroid, recentred twice
 * (a point near the limb's edge first finds the section, then its middle). Returns `p` itself
 * when the plane there holds no solid. With `half`, only the solid in that half counts.
 */
export function limbCentre(
  solid: BodySolid,
  p: ArrayLike<number>,
  axis: ArrayLike<number>,
  maxRadius: number,
  half: HalfSpace | null = null,
): Vec3 {
  let c: Vec3 = [p[0], p[1], p[2]];
  for (let it = 0; it < 3; it++) {
    const s = crossSection(solid, c, axis, maxRadius, half);
    if (!s) break;
    const moved = Math.hypot(...sub(s.centre, c));
    c = s.centre;
    if (moved < solid.h * 0.25) break;
  }
  return c;
}

/**
 * The middle of the first stretch of solid met looking along `view` (unit) from a little before
 * `p`: a marker on the front surface, seen from the front, becomes the centre of the limb's
 * depth behind it; a marker inside stays in its own stretch. Null when the line meets no solid
 * within `reach`.
 */
export function depthCentre(
  solid: BodySolid,
  p: ArrayLike<number>,
  view: ArrayLike<number>,
  reach: number,
): Vec3 | null {
  const step = solid.h * 0.5;
  const back = 3 * solid.h;
  const start: Vec3 = [p[0] - view[0] * back, p[1] - view[1] * back, p[2] - view[2] * back];
  const q: Vec3 = [0, 0, 0];
  let enter = -1;
  const steps = Math.ceil((reach + back) / step);
  for (let s = 0; s <= steps; s++) {
    for (let c = 0; c < 3; c++) q[c] = start[c] + view[c] * s * step;
    const inside = solid.isSolidAt(q);
    if (inside && enter < 0) enter = s;
    if (!inside && enter >= 0) {
      const mid = ((enter + s - 1) / 2) * step;
      return [start[0] + view[0] * mid, start[1] + view[1] * mid, start[2] + view[2] * mid];
    }
  }
  if (enter < 0) return null;
  const mid = ((enter + steps) / 2) * step;
  return [start[0] + view[0] * mid, start[1] + view[1] * mid, start[2] + view[2] * mid];
}

export { cross, dot, norm, sub };
