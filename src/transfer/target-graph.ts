/**
 * TargetGraph: what the transfer needs of the mesh that receives weights — its vertices welded
 * by position (seam copies get one weight, DESIGN.md invariant 4), the edge graph over them with
 * positive edge weights for the smooth solve, a normal per welded vertex as the file winds its
 * triangles, and its connected pieces.
 */
import { connectedComponents } from '../mesh/adjacency.ts';
import { computeNodeNormals } from '../mesh/normals.ts';
import { triangleCorners } from '../mesh/triangles.ts';
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

  // Normals per welded vertex, as the file winds its triangles (area-weighted).
  const welded = new Float32Array(m * 3);
  for (let u = 0; u < m; u++) for (let k = 0; k < 3; k++) welded[u * 3 + k] = positions[rep[u] * 3 + k];
  const corners = triangleCorners(indices, n);
  const weldedCorners = new Uint32Array(corners.length);
  for (let k = 0; k < corners.length; k++) weldedCorners[k] = corners[k] < n ? g.weld[corners[k]] : 0;
  const normals = computeNodeNormals(welded, weldedCorners, new Float32Array(m * 3), m);
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
