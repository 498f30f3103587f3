/**
 * raycastTriangles: the nearest triangle a ray hits, on the CPU (tests, scripts and the Node
 * test editor; the viewport picks with three-mesh-bvh on its own geometry).
 */

import { visitRayCrossings } from './ray-triangles.ts';

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
  const best = { triangle: -1, distance: Number.POSITIVE_INFINITY, u: 0, v: 0 };
  const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
  visitRayCrossings(positions, corners, origin, dir, (hit) => {
    if (hit.distance >= best.distance) return;
    best.triangle = hit.triangle;
    best.distance = hit.distance;
    best.u = hit.u;
    best.v = hit.v;
  });
  if (best.triangle < 0) return null;
  const { triangle, distance, u, v } = best;
  const dx = dir[0] / len;
  const dy = dir[1] / len;
  const dz = dir[2] / len;
  const a = corners[triangle * 3] * 3;
  const b = corners[triangle * 3 + 1] * 3;
  const c = corners[triangle * 3 + 2] * 3;
  const e1 = [
    positions[b] - positions[a],
    positions[b + 1] - positions[a + 1],
    positions[b + 2] - positions[a + 2],
  ];
  const e2 = [
    positions[c] - positions[a],
    positions[c + 1] - positions[a + 1],
    positions[c + 2] - positions[a + 2],
  ];
  const nx = e1[1] * e2[2] - e1[2] * e2[1];
  const ny = e1[2] * e2[0] - e1[0] * e2[2];
  const nz = e1[0] * e2[1] - e1[1] * e2[0];
  const nl = Math.hypot(nx, ny, nz) || 1;
  // The normal that faces the ray's origin.
  const flip = (nx * dx + ny * dy + nz * dz > 0 ? -1 : 1) / nl;
  return {
    distance,
    triangle,
    u,
    v,
    point: [origin[0] + dx * distance, origin[1] + dy * distance, origin[2] + dz * distance],
    normal: [nx * flip, ny * flip, nz * flip],
  };
}
