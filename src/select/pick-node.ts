/**
 * Click selection: the node under the pointer, from a ray (scripts, tests: a CPU raycast over the
 * surface) or from the hit point the viewport's own picking found.
 */
import { raycastTriangles } from '../mesh/raycast.ts';
import type { SkinSurface } from '../mesh/skin-surface.ts';

/** A node hit by a ray. */
export interface NodeHit {
  node: number;
  /** Distance along the ray to the surface. */
  distance: number;
}

/**
 * The node nearest to where the ray `origin + t·dir` first hits `surface` (at its current
 * positions): the corner of the hit triangle with the largest barycentric weight. Null on a miss.
 */
export function raycastNode(
  surface: SkinSurface,
  origin: readonly [number, number, number],
  dir: readonly [number, number, number],
): NodeHit | null {
  const hit = raycastTriangles(surface.positions, surface.corners, origin, dir);
  if (!hit) return null;
  const w0 = 1 - hit.u - hit.v;
  const c = w0 >= hit.u && w0 >= hit.v ? 0 : hit.u >= hit.v ? 1 : 2;
  return { node: surface.corners[hit.triangle * 3 + c], distance: hit.distance };
}

/**
 * The node of part `part` nearest to `point` (a hit point on that primitive), or -1 when the
 * part has no vertices. Looks in the whole surface's index first, then, if that node lies on
 * another part (two primitives touching), scans the part.
 */
export function nearestNodeOnPart(
  surface: SkinSurface,
  part: number,
  point: readonly [number, number, number],
): number {
  const [x, y, z] = point;
  const g = surface.grid.nearest(x, y, z, Number.POSITIVE_INFINITY);
  if (g >= 0 && surface.nodePart[g] === part) return g;
  const P = surface.positions;
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  for (let n = surface.nodeOffset[part]; n < surface.nodeOffset[part + 1]; n++) {
    const d = (P[n * 3] - x) ** 2 + (P[n * 3 + 1] - y) ** 2 + (P[n * 3 + 2] - z) ** 2;
    if (d < bestD) {
      bestD = d;
      best = n;
    }
  }
  return best;
}
