/**
 * weldedNormals: a unit normal per vertex, the sum of the unit normals of the triangles around
 * its position (across primitives, so seam copies agree).
 */
import { weldPositions } from './weld-positions.ts';

/** Per primitive, xyz unit normals (zero where no triangle has area). */
export function weldedNormals(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
): Float32Array[] {
  const welded = weldPositions(positions);
  const sum = new Float64Array(welded.count * 3);
  positions.forEach((p, a) => {
    const ids = welded.ids[a];
    const n = ids.length;
    const idx = indices[a];
    const count = idx ? Math.floor(idx.length / 3) : Math.floor(n / 3);
    for (let t = 0; t < count; t++) {
      const i0 = idx ? idx[t * 3] : t * 3;
      const i1 = idx ? idx[t * 3 + 1] : t * 3 + 1;
      const i2 = idx ? idx[t * 3 + 2] : t * 3 + 2;
      if (i0 >= n || i1 >= n || i2 >= n) continue;
      const ux = p[i1 * 3] - p[i0 * 3];
      const uy = p[i1 * 3 + 1] - p[i0 * 3 + 1];
      const uz = p[i1 * 3 + 2] - p[i0 * 3 + 2];
      const vx = p[i2 * 3] - p[i0 * 3];
      const vy = p[i2 * 3 + 1] - p[i0 * 3 + 1];
      const vz = p[i2 * 3 + 2] - p[i0 * 3 + 2];
      const nx = uy * vz - uz * vy;
      const ny = uz * vx - ux * vz;
      const nz = ux * vy - uy * vx;
      const len = Math.hypot(nx, ny, nz);
      if (!(len > 0)) continue;
      for (const i of [i0, i1, i2]) {
        const u = ids[i];
        sum[u * 3] += nx / len;
        sum[u * 3 + 1] += ny / len;
        sum[u * 3 + 2] += nz / len;
      }
    }
  });
  return welded.ids.map((ids) => {
    const out = new Float32Array(ids.length * 3);
    for (let v = 0; v < ids.length; v++) {
      const u = ids[v];
      const len = Math.hypot(sum[u * 3], sum[u * 3 + 1], sum[u * 3 + 2]);
      if (!(len > 0)) continue;
      out[v * 3] = sum[u * 3] / len;
      out[v * 3 + 1] = sum[u * 3 + 1] / len;
      out[v * 3 + 2] = sum[u * 3 + 2] / len;
    }
    return out;
  });
}
