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
 * Jacobi-preconditioned conjugate gradients for (L + S) x = b on one region (`verts`, local
 * indices in `local`, Dirichlet zero outside); `x` holds the initial guess and the result.
 */
export function solveRegion(
  verts: Int32Array,
  n: number,
  local: Int32Array,
  offsets: Int32Array,
  neighbours: Int32Array,
  weights: Float64Array,
  diagonal: Float64Array,
  spring: Float64Array,
  x: Float64Array,
  b: Float64Array,
  r: Float64Array,
  z: Float64Array,
  d: Float64Array,
  q: Float64Array,
  tolerance: number,
  maxIterations: number,
): void {
  const apply = (src: Float64Array, dst: Float64Array) => {
    for (let k = 0; k < n; k++) {
      const i = verts[k];
      let s = (diagonal[i] + spring[i]) * src[k];
      for (let e = offsets[i]; e < offsets[i + 1]; e++) {
        const j = local[neighbours[e]];
        if (j >= 0) s -= weights[e] * src[j];
      }
      dst[k] = s;
    }
  };
  apply(x, q);
  let bNorm = 0;
  let rz = 0;
  for (let k = 0; k < n; k++) {
    r[k] = b[k] - q[k];
    const i = verts[k];
    z[k] = r[k] / (diagonal[i] + spring[i]);
    d[k] = z[k];
    rz += r[k] * z[k];
    bNorm += b[k] * b[k];
  }
  const stop = tolerance * tolerance * bNorm;
  for (let it = 0; it < maxIterations; it++) {
    let rr = 0;
    for (let k = 0; k < n; k++) rr += r[k] * r[k];
    if (rr <= stop) break;
    apply(d, q);
    let dq = 0;
    for (let k = 0; k < n; k++) dq += d[k] * q[k];
    if (!(dq > 0)) break;
    const alpha = rz / dq;
    let rzNext = 0;
    for (let k = 0; k < n; k++) {
      x[k] += alpha * d[k];
      r[k] -= alpha * q[k];
      z[k] = r[k] / (diagonal[verts[k]] + spring[verts[k]]);
      rzNext += r[k] * z[k];
    }
    const beta = rzNext / rz;
    rz = rzNext;
    for (let k = 0; k < n; k++) d[k] = z[k] + beta * d[k];
  }
}
