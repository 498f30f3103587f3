/**
 * weldedNormals (auto-bind's normals): a unit normal per vertex, the sum of the unit normals of the triangles around
 * its position (across primitives, so seam copies agree), oriented outward per piece.
 *
 * Orientation: a closed piece wound inside-out (flipped normals, common in exported files) has
 * a negative signed volume; its normals are flipped back, so "facing away from the bone" means
 * the same for every piece whatever its winding. The volume is taken about the piece's own
 * centre: an open piece (a sleeve, a forearm cut where the shirt covers it) has no volume of its
 * own, and about a far origin its sign was a toss-up (a Ready Player Me forearm came out flipped
 * and faced away from its own bone).
 *
 * Not `computeNodeNormals` (normals.ts), which the brush recomputes every posed frame in place:
 * that one weighs faces by area in float32 over a SkinSurface's nodes; this one sums unit face
 * normals in float64 across primitives and needs the pieces for orientation.
 */
import { type Welded, weldPositions } from './weld-positions.ts';

/** Union-find root with path halving. */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/** The angle at corner a of triangle (a, b, c) of positions p. */
function cornerAngle(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3] - p[a * 3];
  const uy = p[b * 3 + 1] - p[a * 3 + 1];
  const uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3];
  const vy = p[c * 3 + 1] - p[a * 3 + 1];
  const vz = p[c * 3 + 2] - p[a * 3 + 2];
  const cross = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  return Math.atan2(cross, ux * vx + uy * vy + uz * vz);
}

/**
 * Per primitive, xyz unit normals (zero where no triangle has area); `welded` when known.
 * `weighting` 'angle' weighs each face by its corner angle at the vertex (Thürmer & Wüthrich),
 * so a rim vertex's normal does not depend on how its faces were triangulated.
 */
export function weldedNormals(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  welded: Welded = weldPositions(positions),
  weighting: 'unit' | 'angle' = 'unit',
): Float32Array[] {
  const sum = new Float64Array(welded.count * 3);
  const parent = Int32Array.from({ length: welded.count }, (_, i) => i);
  // Per piece root, the sums its signed volume about its own centre is made of (step 2).
  const moments = new Float64Array(welded.count * 8);
  // The signed volume (×6) of the piece of welded vertex u, about the piece's centre c:
  // Σ (a − c)·n = Σ a·n − c·Σ n. The same as about the origin for a closed piece (Σ n = 0); for
  // an open one (a sleeve, a forearm cut where the shirt covers it) the side its faces look to,
  // which about a far origin could come out either way.
  const volumeOf = (u: number) => {
    const r = find(parent, u) * 8;
    const k = moments[r + 7] || 1;
    return (
      moments[r] -
      (moments[r + 4] * moments[r + 1] + moments[r + 5] * moments[r + 2] + moments[r + 6] * moments[r + 3]) /
        k
    );
  };
  const corner = new Int32Array(3);
  const triangles = (visit: (p: Float32Array, a: number, ids: Int32Array) => void) => {
    positions.forEach((p, a) => {
      const ids = welded.ids[a];
      const n = ids.length;
      const idx = indices[a];
      const count = idx ? Math.floor(idx.length / 3) : Math.floor(n / 3);
      for (let t = 0; t < count; t++) {
        for (let k = 0; k < 3; k++) corner[k] = idx ? idx[t * 3 + k] : t * 3 + k;
        if (corner[0] < n && corner[1] < n && corner[2] < n) visit(p, a, ids);
      }
    });
  };
  // 1. Pieces (union-find over triangle corners).
  triangles((_, __, ids) => {
    const r = find(parent, ids[corner[0]]);
    parent[find(parent, ids[corner[1]])] = r;
    parent[find(parent, ids[corner[2]])] = r;
  });
  // 2. Face normals summed per welded vertex; each piece's volume sums.
  triangles((p, _, ids) => {
    const [i0, i1, i2] = corner;
    const ax = p[i0 * 3];
    const ay = p[i0 * 3 + 1];
    const az = p[i0 * 3 + 2];
    const ux = p[i1 * 3] - ax;
    const uy = p[i1 * 3 + 1] - ay;
    const uz = p[i1 * 3 + 2] - az;
    const vx = p[i2 * 3] - ax;
    const vy = p[i2 * 3 + 1] - ay;
    const vz = p[i2 * 3 + 2] - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    if (!(len > 0)) return;
    // Per piece: Σ a·n (the volume about the origin, ×6), Σ n and the sum of the first corners.
    const r = find(parent, ids[i0]) * 8;
    moments[r] += ax * nx + ay * ny + az * nz;
    moments[r + 1] += nx;
    moments[r + 2] += ny;
    moments[r + 3] += nz;
    moments[r + 4] += ax;
    moments[r + 5] += ay;
    moments[r + 6] += az;
    moments[r + 7]++;
    for (let k = 0; k < 3; k++) {
      const u = ids[corner[k]];
      const w =
        weighting === 'angle' ? cornerAngle(p, corner[k], corner[(k + 1) % 3], corner[(k + 2) % 3]) : 1;
      sum[u * 3] += (w * nx) / len;
      sum[u * 3 + 1] += (w * ny) / len;
      sum[u * 3 + 2] += (w * nz) / len;
    }
  });
  return welded.ids.map((ids) => {
    const out = new Float32Array(ids.length * 3);
    for (let v = 0; v < ids.length; v++) {
      const u = ids[v];
      const len = Math.hypot(sum[u * 3], sum[u * 3 + 1], sum[u * 3 + 2]);
      if (!(len > 0)) continue;
      const s = volumeOf(u) < 0 ? -1 / len : 1 / len;
      out[v * 3] = sum[u * 3] * s;
      out[v * 3 + 1] = sum[u * 3 + 1] * s;
      out[v * 3 + 2] = sum[u * 3 + 2] * s;
    }
    return out;
  });
}
