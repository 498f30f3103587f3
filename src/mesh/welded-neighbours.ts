/**
 * weldedNeighbours: the edge graph of one primitive over its welded vertices (vertices at the
 * same position count as one, as UV and normal seams split them in glTF), each vertex's
 * neighbours in ascending order (auto-bind's smoothing sums over them in that order).
 */
import { buildAdjacency } from './adjacency.ts';
import { weldPositions } from './weld-positions.ts';

/** Welded vertex graph: `weld[v]` is v's welded id; neighbours of id u are `adjacency[offsets[u] .. offsets[u+1])`. */
export interface WeldedNeighbours {
  weldedCount: number;
  weld: Int32Array;
  /** One original vertex per welded id (its first). */
  representative: Int32Array;
  offsets: Int32Array;
  adjacency: Int32Array;
}

/** Welds vertices with bit-identical positions and lists each welded vertex's edge neighbours. */
export function weldedNeighbours(positions: Float32Array, indices: Uint32Array | null): WeldedNeighbours {
  const n = Math.floor(positions.length / 3);
  const welded = weldPositions([positions]);
  const weld = welded.ids[0];
  const m = welded.count;
  const representative = new Int32Array(m).fill(-1);
  for (let v = n - 1; v >= 0; v--) representative[weld[v]] = v;
  // Triangle corners as welded ids; a triangle naming a vertex past the end is left out.
  const triangles = indices ? Math.floor(indices.length / 3) : Math.floor(n / 3);
  const corners = new Uint32Array(triangles * 3);
  let c = 0;
  for (let t = 0; t < triangles; t++) {
    const i0 = indices ? indices[t * 3] : t * 3;
    const i1 = indices ? indices[t * 3 + 1] : t * 3 + 1;
    const i2 = indices ? indices[t * 3 + 2] : t * 3 + 2;
    if (i0 >= n || i1 >= n || i2 >= n) continue;
    corners[c++] = weld[i0];
    corners[c++] = weld[i1];
    corners[c++] = weld[i2];
  }
  const graph = buildAdjacency(m, corners.subarray(0, c));
  const offsets = Int32Array.from(graph.start);
  const adjacency = Int32Array.from(graph.neighbors);
  for (let u = 0; u < m; u++) adjacency.subarray(offsets[u], offsets[u + 1]).sort();
  return { weldedCount: m, weld, representative, offsets, adjacency };
}
