/**
 * The influences at a point of the surface: the weights of the hit triangle's three corners,
 * interpolated with the point's barycentric coordinates — what the heat map draws there (it
 * interpolates per-vertex weights across each triangle the same way), so the joint picked from
 * the surface is the one whose colour the rigger clicked. On a vertex it is that vertex's weights.
 *
 * Works on a SkinSurface's welded nodes (each corner reads its node's representative vertex,
 * seam copies share weights) at its current positions: posed or not, the triangle under the
 * pointer is the one drawn there.
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** A point on one triangle of a surface: its three nodes and barycentric weights (summing to 1). */
export interface TrianglePoint {
  nodes: readonly [number, number, number];
  bary: readonly [number, number, number];
}

/** One joint's share of the weight at a point. */
export interface PointInfluence {
  /** Joint id (node index): each part's JOINTS_n values read through its own skin's joint list. */
  joint: number;
  weight: number;
}

/**
 * Interpolated influences at `at`, strongest first (ties: lower joint first), zero weights left
 * out. `weightsOf(part)` gives the weights of the surface's part `part`, `jointsOf(part)` its
 * skin's joint ids (a surface may join parts of several skins over one skeleton).
 */
export function influencesOnTriangle(
  surface: SkinSurface,
  weightsOf: (part: number) => SkinWeights,
  jointsOf: (part: number) => readonly number[],
  at: TrianglePoint,
): PointInfluence[] {
  const sum = new Map<number, number>();
  for (let k = 0; k < 3; k++) {
    const b = at.bary[k];
    if (!(b > 0)) continue;
    const node = at.nodes[k];
    const part = surface.nodePart[node];
    const sw = weightsOf(part);
    const ids = jointsOf(part);
    const v = surface.nodeVertex[node];
    const K = sw.influences;
    for (let i = 0; i < K; i++) {
      const w = sw.weights[v * K + i];
      const id = ids[sw.joints[v * K + i]];
      if (w > 0 && id !== undefined) sum.set(id, (sum.get(id) ?? 0) + b * w);
    }
  }
  return [...sum]
    .map(([joint, weight]) => ({ joint, weight }))
    .sort((a, b) => b.weight - a.weight || a.joint - b.joint);
}

/**
 * The triangle of `surface` (at its current positions) nearest `point`, among those of part
 * `part` when given, with the barycentric coordinates of the point's projection on it (clamped
 * into the triangle). Null when there is none. Brute force over the triangles: for scripts and
 * tests that name a point; the viewport's picker already knows its triangle.
 */
export function nearestTrianglePoint(
  surface: SkinSurface,
  point: readonly [number, number, number],
  part: number | null = null,
): TrianglePoint | null {
  const P = surface.positions;
  const C = surface.corners;
  let best: TrianglePoint | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  const out: [number, number, number] = [0, 0, 0];
  for (let t = 0; t + 2 < C.length; t += 3) {
    const a = C[t];
    const b = C[t + 1];
    const c = C[t + 2];
    if (part !== null && surface.nodePart[a] !== part) continue;
    const d = closestOnTriangle(P, a, b, c, point, out);
    if (d < bestD) {
      bestD = d;
      best = { nodes: [a, b, c], bary: [out[0], out[1], out[2]] };
    }
  }
  return best;
}

/**
 * Squared distance from `p` to triangle (a, b, c) of `P`; writes the closest point's barycentric
 * coordinates to `out` (Ericson, Real-Time Collision Detection, 5.1.5).
 */
function closestOnTriangle(
  P: Float32Array,
  a: number,
  b: number,
  c: number,
  p: readonly [number, number, number],
  out: [number, number, number],
): number {
  const ax = P[a * 3];
  const ay = P[a * 3 + 1];
  const az = P[a * 3 + 2];
  const abx = P[b * 3] - ax;
  const aby = P[b * 3 + 1] - ay;
  const abz = P[b * 3 + 2] - az;
  const acx = P[c * 3] - ax;
  const acy = P[c * 3 + 1] - ay;
  const acz = P[c * 3 + 2] - az;
  const apx = p[0] - ax;
  const apy = p[1] - ay;
  const apz = p[2] - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  const bpx = p[0] - P[b * 3];
  const bpy = p[1] - P[b * 3 + 1];
  const bpz = p[2] - P[b * 3 + 2];
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  const cpx = p[0] - P[c * 3];
  const cpy = p[1] - P[c * 3 + 1];
  const cpz = p[2] - P[c * 3 + 2];
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  let v: number;
  let w: number;
  if (d1 <= 0 && d2 <= 0) [v, w] = [0, 0];
  else if (d3 >= 0 && d4 <= d3) [v, w] = [1, 0];
  else if (d6 >= 0 && d5 <= d6) [v, w] = [0, 1];
  else {
    const vc = d1 * d4 - d3 * d2;
    const vb = d5 * d2 - d1 * d6;
    const va = d3 * d6 - d5 * d4;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) [v, w] = [d1 / (d1 - d3), 0];
    else if (vb <= 0 && d2 >= 0 && d6 <= 0) [v, w] = [0, d2 / (d2 - d6)];
    else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const t = (d4 - d3) / (d4 - d3 + (d5 - d6));
      [v, w] = [1 - t, t];
    } else {
      const denom = 1 / (va + vb + vc);
      [v, w] = [vb * denom, vc * denom];
    }
  }
  if (!Number.isFinite(v) || !Number.isFinite(w)) [v, w] = [0, 0]; // a degenerate triangle: its first corner
  out[0] = 1 - v - w;
  out[1] = v;
  out[2] = w;
  const qx = ax + abx * v + acx * w - p[0];
  const qy = ay + aby * v + acy * w - p[1];
  const qz = az + abz * v + acz * w - p[2];
  return qx * qx + qy * qy + qz * qz;
}
