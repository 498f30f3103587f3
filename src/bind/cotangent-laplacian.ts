/**
 * The linear algebra of bone heat: the cotangent Laplacian of a triangle mesh, and a
 * Jacobi-preconditioned conjugate-gradient solve of (L + S) x = b over a region of it.
 */

/** Clamp of the cotangents: [0, COT_MAX] keeps the operator an M-matrix (weights in [0, 1]). */
const COT_MAX = 1e3;

/** Symmetric cotangent Laplacian (CSR, off-diagonal weights ≥ 0), its diagonal, vertex areas. */
export interface Laplacian {
  offsets: Int32Array;
  neighbours: Int32Array;
  weights: Float64Array;
  diagonal: Float64Array;
  area: Float64Array;
}

export /**
 * The cotangent Laplacian of `m` vertices (xyz in `pos`) and triangles `tris` (no repeated
 * corners): off-diagonal weight (cot α + cot β) / 2 per edge, summed over the triangles that
 * share it (non-manifold edges just add up), and each vertex's area (a third of its triangles').
 */
function cotangentLaplacian(m: number, tris: Int32Array, pos: Float64Array): Laplacian {
  const triCount = tris.length / 3;
  const degree = new Int32Array(m + 1);
  for (let t = 0; t < tris.length; t++) degree[tris[t]] += 2;
  const start = new Int32Array(m + 1);
  for (let i = 0; i < m; i++) start[i + 1] = start[i] + degree[i];
  const rawN = new Int32Array(start[m]);
  const rawW = new Float64Array(start[m]);
  const fill = start.slice(0, m);
  const area = new Float64Array(m);
  const add = (i: number, j: number, w: number) => {
    rawN[fill[i]] = j;
    rawW[fill[i]++] = w;
  };
  for (let t = 0; t < triCount; t++) {
    for (let k = 0; k < 3; k++) {
      // Corner k: the edge opposite it gets half its cotangent.
      const a = tris[t * 3 + k];
      const b = tris[t * 3 + ((k + 1) % 3)];
      const c = tris[t * 3 + ((k + 2) % 3)];
      const ux = pos[b * 3] - pos[a * 3];
      const uy = pos[b * 3 + 1] - pos[a * 3 + 1];
      const uz = pos[b * 3 + 2] - pos[a * 3 + 2];
      const vx = pos[c * 3] - pos[a * 3];
      const vy = pos[c * 3 + 1] - pos[a * 3 + 1];
      const vz = pos[c * 3 + 2] - pos[a * 3 + 2];
      const cross = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
      const cot = cross > 0 ? Math.min(COT_MAX, Math.max(0, (ux * vx + uy * vy + uz * vz) / cross)) : 0;
      add(b, c, cot / 2);
      add(c, b, cot / 2);
      if (k === 0) {
        area[a] += cross / 6;
        area[b] += cross / 6;
        area[c] += cross / 6;
      }
    }
  }
  // Merge duplicate neighbours per row.
  const offsets = new Int32Array(m + 1);
  const neighbours = new Int32Array(rawN.length);
  const weights = new Float64Array(rawN.length);
  const diagonal = new Float64Array(m);
  const slot = new Int32Array(m).fill(-1);
  let k = 0;
  for (let i = 0; i < m; i++) {
    offsets[i] = k;
    for (let e = start[i]; e < fill[i]; e++) {
      const j = rawN[e];
      const w = rawW[e];
      diagonal[i] += w;
      if (slot[j] >= offsets[i]) weights[slot[j]] += w;
      else {
        slot[j] = k;
        neighbours[k] = j;
        weights[k++] = w;
      }
    }
  }
  offsets[m] = k;
  return { offsets, neighbours: neighbours.slice(0, k), weights: weights.slice(0, k), diagonal, area };
}

/**
 * Scratch of {@link solveRegion} for meshes of up to `m` vertices and `entries` Laplacian
 * entries (allocated once per mesh, reused by every region).
 */
export class RegionScratch {
  readonly r: Float64Array;
  readonly z: Float64Array;
  readonly d: Float64Array;
  readonly q: Float64Array;
  /** Per local vertex: diagonal + spring, and its row of in-region neighbours (local CSR). */
  readonly diag: Float64Array;
  readonly rowStart: Int32Array;
  readonly cols: Int32Array;
  readonly vals: Float64Array;

  constructor(m: number, entries: number) {
    this.r = new Float64Array(m);
    this.z = new Float64Array(m);
    this.d = new Float64Array(m);
    this.q = new Float64Array(m);
    this.diag = new Float64Array(m);
    this.rowStart = new Int32Array(m + 1);
    this.cols = new Int32Array(entries);
    this.vals = new Float64Array(entries);
  }
}

/**
 * Jacobi-preconditioned conjugate gradients for (L + S) x = b on one region (`verts`, local
 * indices in `local`, Dirichlet zero outside); `x` holds the initial guess and the result.
 * The region's rows are first copied into a local CSR that keeps only in-region neighbours in
 * their original order, so every product sums the same terms in the same order as reading the
 * whole mesh's rows would, without the indirections on every iteration.
 */
export function solveRegion(
  verts: Int32Array,
  n: number,
  local: Int32Array,
  lap: Laplacian,
  spring: Float64Array,
  x: Float64Array,
  b: Float64Array,
  scratch: RegionScratch,
  tolerance: number,
  maxIterations: number,
): void {
  const { offsets, neighbours, weights, diagonal } = lap;
  const { r, z, d, q, diag, rowStart, cols, vals } = scratch;
  let e2 = 0;
  for (let k = 0; k < n; k++) {
    const i = verts[k];
    diag[k] = diagonal[i] + spring[i];
    rowStart[k] = e2;
    for (let e = offsets[i]; e < offsets[i + 1]; e++) {
      const j = local[neighbours[e]];
      if (j >= 0) {
        cols[e2] = j;
        vals[e2++] = weights[e];
      }
    }
  }
  rowStart[n] = e2;
  for (let k = 0; k < n; k++) {
    let s = diag[k] * x[k];
    for (let e = rowStart[k]; e < rowStart[k + 1]; e++) s -= vals[e] * x[cols[e]];
    q[k] = s;
  }
  let bNorm = 0;
  let rz = 0;
  let rr = 0;
  for (let k = 0; k < n; k++) {
    r[k] = b[k] - q[k];
    z[k] = r[k] / diag[k];
    d[k] = z[k];
    rz += r[k] * z[k];
    bNorm += b[k] * b[k];
    rr += r[k] * r[k];
  }
  const stop = tolerance * tolerance * bNorm;
  for (let it = 0; it < maxIterations; it++) {
    if (rr <= stop) break;
    // q = A d, with d · q summed in the same pass (same terms, same order).
    let dq = 0;
    for (let k = 0; k < n; k++) {
      let s = diag[k] * d[k];
      for (let e = rowStart[k]; e < rowStart[k + 1]; e++) s -= vals[e] * d[cols[e]];
      q[k] = s;
      dq += d[k] * s;
    }
    if (!(dq > 0)) break;
    const alpha = rz / dq;
    let rzNext = 0;
    rr = 0;
    for (let k = 0; k < n; k++) {
      x[k] += alpha * d[k];
      const rk = r[k] - alpha * q[k];
      r[k] = rk;
      const zk = rk / diag[k];
      z[k] = zk;
      rzNext += rk * zk;
      rr += rk * rk;
    }
    const beta = rzNext / rz;
    rz = rzNext;
    for (let k = 0; k < n; k++) d[k] = z[k] + beta * d[k];
  }
}
