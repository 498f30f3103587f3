/**
 * Exact Euclidean distance transform of a dense 3D occupancy grid (Felzenszwalb & Huttenlocher,
 * "Distance Transforms of Sampled Functions", 2012): for every solid cell, the squared distance
 * (in cells) to the nearest empty cell, by three separable passes of the 1D lower envelope of
 * parabolas. Empty cells get 0. Linear in the cell count.
 */

const INF = 1e20;

/** 1D squared distance transform of f[o + i·stride], i < n, in place; v, z, d are scratch. */
function transform1d(
  f: Float32Array,
  o: number,
  stride: number,
  n: number,
  v: Int32Array,
  z: Float64Array,
  d: Float64Array,
): void {
  let k = 0;
  v[0] = 0;
  z[0] = -INF;
  z[1] = INF;
  for (let q = 1; q < n; q++) {
    const fq = f[o + q * stride] + q * q;
    let s = (fq - (f[o + v[k] * stride] + v[k] * v[k])) / (2 * (q - v[k]));
    while (s <= z[k]) {
      k--;
      s = (fq - (f[o + v[k] * stride] + v[k] * v[k])) / (2 * (q - v[k]));
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = INF;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const p = v[k];
    d[q] = (q - p) * (q - p) + f[o + p * stride];
  }
  for (let q = 0; q < n; q++) f[o + q * stride] = d[q];
}

/**
 * Squared distance, in cells, from each solid cell (`solid[i]` non-zero) to the nearest empty
 * one, for a grid of nx·ny·nz cells in x-fastest order. Every x line must hold an empty cell
 * (a grid with an empty border does).
 */
export function squaredDistanceTransform(
  solid: Uint8Array,
  nx: number,
  ny: number,
  nz: number,
): Float32Array {
  const f = new Float32Array(nx * ny * nz);
  const m = Math.max(nx, ny, nz);
  const v = new Int32Array(m);
  const z = new Float64Array(m + 1);
  const d = new Float64Array(m);
  for (let i = 0; i < f.length; i++) f[i] = solid[i] ? INF : 0;
  const sxy = nx * ny;
  for (let c = 0; c < nz; c++) for (let y = 0; y < ny; y++) transform1d(f, y * nx + c * sxy, 1, nx, v, z, d);
  for (let c = 0; c < nz; c++) for (let x = 0; x < nx; x++) transform1d(f, x + c * sxy, nx, ny, v, z, d);
  for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) transform1d(f, x + y * nx, sxy, nz, v, z, d);
  return f;
}
