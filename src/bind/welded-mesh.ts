/**
 * The mesh auto-bind works on: every primitive's vertices welded by position (seam copies, the
 * split corners of flat-shaded low-poly meshes) into one list, and its triangles over it. What
 * is measured per position (distances, normals, parts, heat) is measured once per welded vertex
 * and copied back to each primitive's vertices, so a flat-shaded mesh with every corner split
 * three ways costs a third of its vertex count.
 */
import { type Welded, weldPositions } from '../mesh/weld-positions.ts';
import { InfluenceTable } from './influence-table.ts';

/** The welded mesh of some primitives. */
export interface WeldedMesh {
  /** Welded vertices: their count and positions (xyz, the first copy's). */
  count: number;
  positions: Float32Array;
  /** Every primitive's triangles (in range), corners as welded ids. */
  triangles: Uint32Array;
  /** Per primitive, each vertex's welded id. */
  ids: Int32Array[];
  /** The welding of the welded mesh itself: the identity, for helpers that weld their input. */
  self: Welded;
}

/** Welds the primitives (positions in one space; triangle indices or null: non-indexed). */
export function weldMesh(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
): WeldedMesh {
  const welded = weldPositions(positions);
  const out = new Float32Array(welded.count * 3);
  const seen = new Uint8Array(welded.count);
  let triangleCount = 0;
  positions.forEach((p, a) => {
    const ids = welded.ids[a];
    for (let v = 0; v < ids.length; v++) {
      const u = ids[v];
      if (seen[u]) continue;
      seen[u] = 1;
      out[u * 3] = p[v * 3];
      out[u * 3 + 1] = p[v * 3 + 1];
      out[u * 3 + 2] = p[v * 3 + 2];
    }
    const idx = indices[a];
    triangleCount += idx ? Math.floor(idx.length / 3) : Math.floor(ids.length / 3);
  });
  const triangles = new Uint32Array(triangleCount * 3);
  let n = 0;
  positions.forEach((_, a) => {
    const ids = welded.ids[a];
    const idx = indices[a];
    const count = idx ? Math.floor(idx.length / 3) : Math.floor(ids.length / 3);
    for (let t = 0; t < count; t++) {
      const i0 = idx ? idx[t * 3] : t * 3;
      const i1 = idx ? idx[t * 3 + 1] : t * 3 + 1;
      const i2 = idx ? idx[t * 3 + 2] : t * 3 + 2;
      if (i0 >= ids.length || i1 >= ids.length || i2 >= ids.length) continue;
      triangles[n++] = ids[i0];
      triangles[n++] = ids[i1];
      triangles[n++] = ids[i2];
    }
  });
  const identity = new Int32Array(welded.count);
  for (let i = 0; i < welded.count; i++) identity[i] = i;
  return {
    count: welded.count,
    positions: out,
    triangles: triangles.subarray(0, n),
    ids: welded.ids,
    self: { count: welded.count, ids: [identity] },
  };
}

/** A table over welded vertices copied to each primitive's vertices (one table per primitive). */
export function scatterTable(table: InfluenceTable, ids: readonly Int32Array[]): InfluenceTable[] {
  const W = table.width;
  return ids.map((list) => {
    const out = new InfluenceTable(list.length, W);
    for (let v = 0; v < list.length; v++) {
      const u = list[v];
      out.labels.set(table.labels.subarray(u * W, u * W + W), v * W);
      out.weights.set(table.weights.subarray(u * W, u * W + W), v * W);
    }
    return out;
  });
}
