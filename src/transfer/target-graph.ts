/**
 * TargetGraph: what the transfer needs of the mesh that receives weights — its vertices welded
 * by position (seam copies get one weight, DESIGN.md invariant 4), the edge graph over them with
 * positive edge weights for the smooth solve, a normal per welded vertex as the file winds its
 * triangles, and its connected pieces.
 */
import { connectedComponents } from '../mesh/adjacency.ts';
import { weldedNeighbours } from '../mesh/welded-neighbours.ts';

export interface TargetGraph {
  /** The target's positions, xyz per original vertex. */
  positions: Float32Array;
  /** Welded vertex count. */
  count: number;
  /** Welded id of each original vertex. */
  weld: Int32Array;
  /** One original vertex per welded id. */
  representative: Int32Array;
  /** Neighbours of welded id u: `adjacency[offsets[u] .. offsets[u + 1])`. */
  offsets: Int32Array;
  adjacency: Int32Array;
  /** Edge weight per adjacency entry: the inverse of the edge's length (floored). */
  edgeWeights: Float64Array;
  /** Unit normal per welded id (zero where no triangle has area), from the file's winding. */
  normals: Float32Array;
  /** Connected piece of each welded id, and how many pieces. */
  piece: Uint32Array;
  pieceCount: number;
}

/** Builds the {@link TargetGraph} of a triangle mesh (positions xyz, triangles or null). */
export function buildTargetGraph(positions: Float32Array, indices: Uint32Array | null): TargetGraph {
  const n = Math.floor(positions.length / 3);
  const g = weldedNeighbours(positions, indices);
  const m = g.weldedCount;
  const rep = g.representative;
  const edgeWeights = new Float64Array(g.adjacency.length);
  // Floor edge lengths at a millionth of the mesh's longest edge: coincident vertices that did
  // not weld (float noise) must not make the system stiff.
  let longest = 0;
  for (let u = 0; u < m; u++) {
    for (let k = g.offsets[u]; k < g.offsets[u + 1]; k++) {
      const len = edgeLength(positions, rep[u], rep[g.adjacency[k]]);
      edgeWeights[k] = len;
      if (len > longest) longest = len;
    }
  }
  const floor = Math.max(longest * 1e-6, 1e-12);
  for (let k = 0; k < edgeWeights.length; k++) edgeWeights[k] = 1 / Math.max(edgeWeights[k], floor);

  const normals = new Float32Array(m * 3);
  const sum = new Float64Array(m * 3);
  const triangles = indices ? Math.floor(indices.length / 3) : Math.floor(n / 3);
  for (let t = 0; t < triangles; t++) {
    const a = indices ? indices[t * 3] : t * 3;
    const b = indices ? indices[t * 3 + 1] : t * 3 + 1;
    const c = indices ? indices[t * 3 + 2] : t * 3 + 2;
    if (a >= n || b >= n || c >= n) continue;
    const e1x = positions[b * 3] - positions[a * 3];
    const e1y = positions[b * 3 + 1] - positions[a * 3 + 1];
    const e1z = positions[b * 3 + 2] - positions[a * 3 + 2];
    const e2x = positions[c * 3] - positions[a * 3];
    const e2y = positions[c * 3 + 1] - positions[a * 3 + 1];
    const e2z = positions[c * 3 + 2] - positions[a * 3 + 2];
    // Area-weighted (the cross product's length is twice the area).
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    for (const v of [g.weld[a], g.weld[b], g.weld[c]]) {
      sum[v * 3] += nx;
      sum[v * 3 + 1] += ny;
      sum[v * 3 + 2] += nz;
    }
  }
  for (let u = 0; u < m; u++) {
    const len = Math.hypot(sum[u * 3], sum[u * 3 + 1], sum[u * 3 + 2]);
    if (len > 0) {
      normals[u * 3] = sum[u * 3] / len;
      normals[u * 3 + 1] = sum[u * 3 + 1] / len;
      normals[u * 3 + 2] = sum[u * 3 + 2] / len;
    }
  }
  const components = connectedComponents({
    nodeCount: m,
    start: new Uint32Array(g.offsets),
    neighbors: new Uint32Array(g.adjacency),
  });
  return {
    positions,
    count: m,
    weld: g.weld,
    representative: rep,
    offsets: g.offsets,
    adjacency: g.adjacency,
    edgeWeights,
    normals,
    piece: components.ids,
    pieceCount: components.count,
  };
}

function edgeLength(P: Float32Array, a: number, b: number): number {
  return Math.hypot(P[a * 3] - P[b * 3], P[a * 3 + 1] - P[b * 3 + 1], P[a * 3 + 2] - P[b * 3 + 2]);
}
