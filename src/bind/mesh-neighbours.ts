/**
 * weldedNeighbours: the edge graph of a triangle mesh over welded vertices (vertices at the
 * same position count as one, as UV and normal seams split them in glTF), in CSR form.
 *
 * Auto-bind needs it for surface smoothing; it lives here until src/mesh offers one.
 */
import { weldPositions } from './weld-positions.ts';

/** Welded vertex graph: `weld[v]` is v's welded id; neighbours of id u are `adjacency[offsets[u] .. offsets[u+1])`. */
export interface WeldedNeighbours {
  weldedCount: number;
  weld: Int32Array;
  /** One original vertex per welded id. */
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
  const triCount = indices ? Math.floor(indices.length / 3) : Math.floor(n / 3);
  const corner = (t: number, k: number) => {
    const i = indices ? indices[t * 3 + k] : t * 3 + k;
    return i < n ? weld[i] : -1;
  };
  // Count directed edges (both directions of each triangle edge), then fill; dedupe after.
  const degree = new Int32Array(m + 1);
  for (let t = 0; t < triCount; t++) {
    for (let k = 0; k < 3; k++) {
      const a = corner(t, k);
      const b = corner(t, (k + 1) % 3);
      if (a < 0 || b < 0 || a === b) continue;
      degree[a]++;
      degree[b]++;
    }
  }
  const start = new Int32Array(m + 1);
  for (let u = 0; u < m; u++) start[u + 1] = start[u] + degree[u];
  const raw = new Int32Array(start[m]);
  const fill = start.slice(0, m);
  for (let t = 0; t < triCount; t++) {
    for (let k = 0; k < 3; k++) {
      const a = corner(t, k);
      const b = corner(t, (k + 1) % 3);
      if (a < 0 || b < 0 || a === b) continue;
      raw[fill[a]++] = b;
      raw[fill[b]++] = a;
    }
  }
  const offsets = new Int32Array(m + 1);
  const adjacency = new Int32Array(raw.length);
  let k = 0;
  for (let u = 0; u < m; u++) {
    offsets[u] = k;
    const list = raw.subarray(start[u], start[u + 1]).sort();
    for (let i = 0; i < list.length; i++) if (i === 0 || list[i] !== list[i - 1]) adjacency[k++] = list[i];
  }
  offsets[m] = k;
  return { weldedCount: m, weld, representative, offsets, adjacency: adjacency.slice(0, k) };
}
