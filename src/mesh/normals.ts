/**
 * computeNodeNormals: area-weighted normals of welded vertices (a seam's sides share one
 * normal), used by "front faces only" to skip the far side of a limb.
 */

/**
 * Writes the unit normal of every node to `out` (3 per node): the sum of the (area-weighted)
 * normals of the triangles around it. Nodes on no triangle get (0, 0, 0).
 */
export function computeNodeNormals(
  positions: Float32Array,
  corners: Uint32Array,
  out: Float32Array,
  nodeCount = positions.length / 3,
): Float32Array {
  out.fill(0, 0, nodeCount * 3);
  const triangles = Math.floor(corners.length / 3);
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3] * 3;
    const b = corners[t * 3 + 1] * 3;
    const c = corners[t * 3 + 2] * 3;
    const ux = positions[b] - positions[a];
    const uy = positions[b + 1] - positions[a + 1];
    const uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a];
    const vy = positions[c + 1] - positions[a + 1];
    const vz = positions[c + 2] - positions[a + 2];
    // The cross product's length is twice the area: larger triangles weigh more.
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    out[a] += nx;
    out[a + 1] += ny;
    out[a + 2] += nz;
    out[b] += nx;
    out[b + 1] += ny;
    out[b + 2] += nz;
    out[c] += nx;
    out[c + 1] += ny;
    out[c + 2] += nz;
  }
  for (let n = 0; n < nodeCount; n++) {
    const x = out[n * 3];
    const y = out[n * 3 + 1];
    const z = out[n * 3 + 2];
    const len = Math.sqrt(x * x + y * y + z * z);
    if (len > 0) {
      out[n * 3] = x / len;
      out[n * 3 + 1] = y / len;
      out[n * 3 + 2] = z / len;
    }
  }
  return out;
}
