/**
 * A signed distance field made of a few primitives blended with a smooth minimum.
 *
 * Every primitive's distance is 1-Lipschitz and the quadratic smooth minimum keeps that, so the
 * whole field is 1-Lipschitz: the mesher relies on it to skip space far from the surface.
 * The field is evaluated at (|x|, y, z): the body is defined by its left half (x ≥ 0 primitives
 * and the ones on the mid-plane) and is bit-for-bit mirror-symmetric about x = 0.
 */

/** A point or direction as a plain tuple. */
export type Vec3 = readonly [number, number, number];

/** A primitive shape of the body, before compilation into the packed field. */
export type Primitive =
  | { kind: 'roundCone'; a: Vec3; b: Vec3; ra: number; rb: number; blend: number }
  | { kind: 'ellipsoid'; center: Vec3; radii: Vec3; blend: number }
  | { kind: 'roundBox'; center: Vec3; half: Vec3; radius: number; blend: number };

const ROUND_CONE = 0;
const ELLIPSOID = 1;
const ROUND_BOX = 2;

// Packed layout, STRIDE numbers per primitive:
// 0 kind, 1 blend k, 2..4 bounding centre, 5 bounding radius R0, 6 lower-bound slope s,
// 7.. shape parameters (see compileField).
const STRIDE = 20;

/** The compiled field: packed primitive parameters, evaluated by {@link evalField}. */
export interface Field {
  readonly count: number;
  readonly params: Float64Array;
  /** Axis-aligned bounds of the solid (where the field is ≤ 0), a little generous. */
  readonly min: Vec3;
  readonly max: Vec3;
  /** The solid is cut (with a smooth maximum) below this height: a flat sole on the floor. */
  readonly floor: number;
  readonly floorBlend: number;
  /** The ids of all primitives, 0..count-1: the list {@link evalField} folds. */
  readonly all: Uint8Array;
}

/** Options of {@link compileField}. */
export interface FieldOptions {
  /** Cut the solid below this height (default: no cut). */
  floor?: number;
  /** Rounding of the cut's edge (default 0.01). */
  floorBlend?: number;
}

/** Packs primitives for fast evaluation. The order is the blend order: put large parts first. */
export function compileField(prims: readonly Primitive[], options: FieldOptions = {}): Field {
  if (prims.length > 255) throw new RangeError('at most 255 primitives');
  const P = new Float64Array(prims.length * STRIDE);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  prims.forEach((prim, i) => {
    const o = i * STRIDE;
    if (!(prim.blend > 0)) throw new RangeError('blend radius must be > 0');
    P[o + 1] = prim.blend;
    let c: Vec3;
    let ext: Vec3;
    let R0: number;
    let s = 1;
    if (prim.kind === 'roundCone') {
      const { a, b, ra, rb } = prim;
      const ba = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const l2 = ba[0] * ba[0] + ba[1] * ba[1] + ba[2] * ba[2];
      const rr = ra - rb;
      if (!(l2 > rr * rr)) throw new RangeError('round cone: one sphere contains the other');
      P[o] = ROUND_CONE;
      P.set([a[0], a[1], a[2], ba[0], ba[1], ba[2], ra, rb, l2, rr, l2 - rr * rr, 1 / l2], o + 7);
      c = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
      R0 = Math.sqrt(l2) / 2 + Math.max(ra, rb);
      const m = Math.max(ra, rb);
      ext = [Math.abs(ba[0]) / 2 + m, Math.abs(ba[1]) / 2 + m, Math.abs(ba[2]) / 2 + m];
    } else if (prim.kind === 'ellipsoid') {
      const { center, radii } = prim;
      const rmin = Math.min(...radii);
      const rmax = Math.max(...radii);
      P[o] = ELLIPSOID;
      P.set([center[0], center[1], center[2], 1 / radii[0], 1 / radii[1], 1 / radii[2], rmin], o + 7);
      c = center;
      ext = radii;
      R0 = rmax;
      // rmin·(|D(p-c)| - 1) ≥ (|p-c| - rmax)·rmin/rmax: a cheap lower bound for skipping.
      s = rmin / rmax;
    } else {
      const { center, half, radius } = prim;
      P[o] = ROUND_BOX;
      P.set([center[0], center[1], center[2], half[0], half[1], half[2], radius], o + 7);
      c = center;
      ext = [half[0] + radius, half[1] + radius, half[2] + radius];
      R0 = Math.hypot(half[0], half[1], half[2]) + radius;
    }
    P[o + 2] = c[0];
    P[o + 3] = c[1];
    P[o + 4] = c[2];
    P[o + 5] = R0;
    P[o + 6] = s;
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], c[k] - ext[k]);
      hi[k] = Math.max(hi[k], c[k] + ext[k]);
    }
  });
  // Mirror-symmetric bounds, since the field is evaluated at |x|.
  const mx = Math.max(Math.abs(lo[0]), Math.abs(hi[0]));
  const floor = options.floor ?? -Infinity;
  return {
    count: prims.length,
    params: P,
    min: [-mx, Math.max(lo[1], floor), lo[2]],
    max: [mx, hi[1], hi[2]],
    floor,
    floorBlend: options.floorBlend ?? 0.01,
    all: Uint8Array.from(prims, (_, i) => i),
  };
}

/** Distance to one packed primitive (exact for round cones and round boxes, a bound for ellipsoids). */
function primDistance(P: Float64Array, o: number, x: number, y: number, z: number): number {
  const kind = P[o];
  if (kind === ROUND_CONE) {
    // Inigo Quilez's round cone: exact distance with a single square root.
    const px = x - P[o + 7];
    const py = y - P[o + 8];
    const pz = z - P[o + 9];
    const bx = P[o + 10];
    const by = P[o + 11];
    const bz = P[o + 12];
    const r1 = P[o + 13];
    const r2 = P[o + 14];
    const l2 = P[o + 15];
    const rr = P[o + 16];
    const a2 = P[o + 17];
    const il2 = P[o + 18];
    const yy = px * bx + py * by + pz * bz;
    const zz = yy - l2;
    const qx = px * l2 - bx * yy;
    const qy = py * l2 - by * yy;
    const qz = pz * l2 - bz * yy;
    const x2 = qx * qx + qy * qy + qz * qz;
    const y2 = yy * yy * l2;
    const z2 = zz * zz * l2;
    const k = Math.sign(rr) * rr * rr * x2;
    if (Math.sign(zz) * a2 * z2 > k) return Math.sqrt(x2 + z2) * il2 - r2;
    if (Math.sign(yy) * a2 * y2 < k) return Math.sqrt(x2 + y2) * il2 - r1;
    return (Math.sqrt(x2 * a2 * il2) + yy * rr) * il2 - r1;
  }
  if (kind === ELLIPSOID) {
    const ex = (x - P[o + 7]) * P[o + 10];
    const ey = (y - P[o + 8]) * P[o + 11];
    const ez = (z - P[o + 9]) * P[o + 12];
    return (Math.sqrt(ex * ex + ey * ey + ez * ez) - 1) * P[o + 13];
  }
  const qx = Math.abs(x - P[o + 7]) - P[o + 10];
  const qy = Math.abs(y - P[o + 8]) - P[o + 11];
  const qz = Math.abs(z - P[o + 9]) - P[o + 12];
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  const oz = Math.max(qz, 0);
  const inner = Math.min(Math.max(qx, qy, qz), 0);
  return Math.sqrt(ox * ox + oy * oy + oz * oz) + inner - P[o + 13];
}

/**
 * The field's value at (x, y, z): negative inside the body. Primitives are folded in order with
 * a quadratic smooth minimum; a primitive whose cheap lower bound shows it is at least `k`
 * above the running value is skipped, which gives exactly the same result (the smooth minimum
 * is the plain minimum there) at a fraction of the cost.
 */
export function evalField(field: Field, x: number, y: number, z: number): number {
  return evalFieldList(field, field.all, 0, field.count, x, y, z);
}

/**
 * Like {@link evalField}, folding only the primitives `list[start..end)` (ascending ids): exact
 * wherever the list was made by {@link relevantPrimitives} for a ball around the point.
 */
export function evalFieldList(
  field: Field,
  list: Uint8Array,
  start: number,
  end: number,
  x: number,
  y: number,
  z: number,
): number {
  const P = field.params;
  if (x < 0) x = -x;
  let r = Infinity;
  for (let l = start; l < end; l++) {
    const o = list[l] * STRIDE;
    const k = P[o + 1];
    const lim = r + k;
    const t = P[o + 5] + lim / P[o + 6];
    if (t <= 0) continue;
    const dx = x - P[o + 2];
    const dy = y - P[o + 3];
    const dz = z - P[o + 4];
    if (dx * dx + dy * dy + dz * dz >= t * t) continue;
    const d = primDistance(P, o, x, y, z);
    const diff = r > d ? r - d : d - r;
    if (diff >= k) {
      if (d < r) r = d;
    } else {
      const h = (k - diff) / k;
      r = Math.min(r, d) - h * h * k * 0.25;
    }
  }
  // Smooth maximum with the half-space below the floor: max(a, b) + h²k/4.
  const below = field.floor - y;
  const k = field.floorBlend;
  const diff = r > below ? r - below : below - r;
  if (diff >= k) return Math.max(r, below);
  const h = (k - diff) / k;
  return Math.max(r, below) + h * h * k * 0.25;
}

/**
 * Writes to `out` (from `offset`) the ids of the primitives that can change the field anywhere
 * within `radius` of (x, y, z); returns how many. A primitive c is left out when, all over the
 * ball, it stays `k_c` above some earlier primitive: the running smooth minimum is below every
 * earlier primitive, so c would be skipped at every point of the ball anyway.
 */
export function relevantPrimitives(
  field: Field,
  x: number,
  y: number,
  z: number,
  radius: number,
  out: Uint8Array,
  offset: number,
): number {
  const P = field.params;
  if (x < 0) x = -x;
  let upper = Infinity;
  let n = 0;
  for (let i = 0, o = 0; i < field.count; i++, o += STRIDE) {
    const d = primDistance(P, o, x, y, z);
    if (d - radius < upper + P[o + 1]) out[offset + n++] = i;
    if (d + radius < upper) upper = d + radius;
  }
  return n;
}

/**
 * The field's gradient at (x, y, z) by central differences of step `eps`, written to `out`.
 * At x = 0 the x component is exactly 0, since the field is evaluated at |x|.
 */
export function fieldGradient(
  field: Field,
  x: number,
  y: number,
  z: number,
  eps: number,
  out: Float64Array,
): Float64Array {
  const i2 = 0.5 / eps;
  out[0] = (evalField(field, x + eps, y, z) - evalField(field, x - eps, y, z)) * i2;
  out[1] = (evalField(field, x, y + eps, z) - evalField(field, x, y - eps, z)) * i2;
  out[2] = (evalField(field, x, y, z + eps) - evalField(field, x, y, z - eps)) * i2;
  return out;
}

/**
 * The field's value at (x, y, z), returned, and its gradient by forward differences of step
 * `eps`, written to `out`: four evaluations where central differences take seven. Folds the
 * primitives `list[start..end)` (see {@link evalFieldList}).
 */
export function fieldValueGradient(
  field: Field,
  list: Uint8Array,
  start: number,
  end: number,
  x: number,
  y: number,
  z: number,
  eps: number,
  out: Float64Array,
): number {
  const f = evalFieldList(field, list, start, end, x, y, z);
  out[0] = (evalFieldList(field, list, start, end, x + eps, y, z) - f) / eps;
  out[1] = (evalFieldList(field, list, start, end, x, y + eps, z) - f) / eps;
  out[2] = (evalFieldList(field, list, start, end, x, y, z + eps) - f) / eps;
  return f;
}
