/**
 * The ray–triangle test (Möller–Trumbore, both faces) shared by every CPU ray over a triangle
 * soup: the nearest hit (raycast.ts) and every crossing of a limb (skeleton/limb-centre.ts).
 */

/** One triangle the ray crosses; the visitor's object is reused, copy what you keep. */
export interface TriangleCrossing {
  triangle: number;
  /** Distance along the unit ray direction (> 0). */
  distance: number;
  /** Barycentric weights of the triangle's corners 1 and 2 (corner 0 gets 1 - u - v). */
  u: number;
  v: number;
  /**
   * The determinant, (e1 × e2) · (−dir) up to a positive factor: > 0 where the triangle's
   * counter-clockwise face looks at the ray's origin (the ray enters a closed volume there).
   */
  det: number;
}

/**
 * Calls `visit` for every triangle of `corners` (3 vertex indices each, over xyz `positions`)
 * that the ray `origin + t·dir` crosses at t > 0, in the triangles' order.
 */
export function visitRayCrossings(
  positions: ArrayLike<number>,
  corners: ArrayLike<number>,
  origin: readonly [number, number, number],
  dir: readonly [number, number, number],
  visit: (crossing: TriangleCrossing) => void,
): void {
  const P = positions;
  const [ox, oy, oz] = origin;
  const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
  const dx = dir[0] / len;
  const dy = dir[1] / len;
  const dz = dir[2] / len;
  const hit: TriangleCrossing = { triangle: 0, distance: 0, u: 0, v: 0, det: 0 };
  const triangles = Math.floor(corners.length / 3);
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3] * 3;
    const b = corners[t * 3 + 1] * 3;
    const c = corners[t * 3 + 2] * 3;
    const e1x = P[b] - P[a];
    const e1y = P[b + 1] - P[a + 1];
    const e1z = P[b + 2] - P[a + 2];
    const e2x = P[c] - P[a];
    const e2y = P[c + 1] - P[a + 1];
    const e2z = P[c + 2] - P[a + 2];
    const px = dy * e2z - dz * e2y;
    const py = dz * e2x - dx * e2z;
    const pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-20) continue;
    const inv = 1 / det;
    const sx = ox - P[a];
    const sy = oy - P[a + 1];
    const sz = oz - P[a + 2];
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y;
    const qy = sz * e1x - sx * e1z;
    const qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const distance = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (!(distance > 0)) continue;
    hit.triangle = t;
    hit.distance = distance;
    hit.u = u;
    hit.v = v;
    hit.det = det;
    visit(hit);
  }
}
