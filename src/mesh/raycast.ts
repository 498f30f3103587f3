/**
 * raycastTriangles: the nearest triangle a ray hits, on the CPU (tests, scripts and the Node
 * test editor; the viewport picks with three-mesh-bvh on its own geometry).
 */

/** Where a ray hits a mesh. */
export interface RayHit {
  /** Distance along the (unit) ray direction. */
  distance: number;
  triangle: number;
  /** Barycentric weights of the triangle's corners 1 and 2 (corner 0 gets 1 - u - v). */
  u: number;
  v: number;
  point: [number, number, number];
  /** Unit geometric normal, facing the ray origin. */
  normal: [number, number, number];
}

/**
 * The nearest hit of the ray `origin + t·dir` (t > 0) with the triangles `corners` (3 vertex
 * indices each) over `positions`, or null. Brute force (Möller–Trumbore), both faces.
 */
export function raycastTriangles(
  positions: Float32Array,
  corners: ArrayLike<number>,
  origin: readonly [number, number, number],
  dir: readonly [number, number, number],
): RayHit | null {
  const [ox, oy, oz] = origin;
  const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
  const dx = dir[0] / len;
  const dy = dir[1] / len;
  const dz = dir[2] / len;
  let best: RayHit | null = null;
  const triangles = Math.floor(corners.length / 3);
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3] * 3;
    const b = corners[t * 3 + 1] * 3;
    const c = corners[t * 3 + 2] * 3;
    const e1x = positions[b] - positions[a];
    const e1y = positions[b + 1] - positions[a + 1];
    const e1z = positions[b + 2] - positions[a + 2];
    const e2x = positions[c] - positions[a];
    const e2y = positions[c + 1] - positions[a + 1];
    const e2z = positions[c + 2] - positions[a + 2];
    const px = dy * e2z - dz * e2y;
    const py = dz * e2x - dx * e2z;
    const pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (Math.abs(det) < 1e-20) continue;
    const inv = 1 / det;
    const sx = ox - positions[a];
    const sy = oy - positions[a + 1];
    const sz = oz - positions[a + 2];
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = sy * e1z - sz * e1y;
    const qy = sz * e1x - sx * e1z;
    const qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const dist = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (!(dist > 0) || (best && dist >= best.distance)) continue;
    let nx = e1y * e2z - e1z * e2y;
    let ny = e1z * e2x - e1x * e2z;
    let nz = e1x * e2y - e1y * e2x;
    const nl = Math.hypot(nx, ny, nz) || 1;
    const flip = nx * dx + ny * dy + nz * dz > 0 ? -1 : 1;
    nx = (nx / nl) * flip;
    ny = (ny / nl) * flip;
    nz = (nz / nl) * flip;
    best = {
      distance: dist,
      triangle: t,
      u,
      v,
      point: [ox + dx * dist, oy + dy * dist, oz + dz * dist],
      normal: [nx, ny, nz],
    };
  }
  return best;
}
