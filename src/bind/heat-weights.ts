/**
 * heatWeights: bone heat (Baran & Popović, "Automatic Rigging and Animation of 3D Characters",
 * SIGGRAPH 2007; Blender's "Automatic Weights") on top of auto-bind's robust distances.
 *
 * For each bone j, solve on the welded surface   (−Δ + H) w_j = H p_j,   where Δ is the
 * cotangent Laplacian, p_ij = 1 when j is vertex i's nearest bone (split on ties) and
 * H_ii = strength / d_i², d_i the distance to that bone. The nearest bone acts as a spring
 * pulling each vertex's weight to its indicator, and the Laplacian blends the indicator across
 * the borders between bones over a width that grows with the distance to the bone: sharp on a
 * finger, broad on a belly; it is also what makes artists' weights (often made this way) look
 * as they do.
 *
 * Bone heat fails where its visibility test leaves vertices with no bone (loose parts, holes):
 * H is then zero on a whole piece and the system is singular. Here the nearest bone and d_i
 * come from the geodesic voxel distances (or straight-line distances with the part rule), which
 * every vertex has, so H > 0 everywhere and every system is symmetric positive definite. Each
 * bone's system is solved by Jacobi-preconditioned conjugate gradients, only over the vertices
 * that list the bone among their candidates (weights are zero beyond, as the screened solution
 * decays within a few d_i of the bone's region).
 */
import type { InfluenceTable } from './influence-table.ts';
import { weldPositions } from './weld-positions.ts';

/** Options of {@link heatWeights}. */
export interface HeatWeightsOptions {
  /** H = strength / d²: higher makes sharper borders (Blender uses 1). */
  strength?: number;
  /** A bone's system covers vertices where it is within this multiple of the nearest distance. */
  regionRatio?: number;
  /** Raw solutions below this are dropped before normalising (Blender drops below 0.05). */
  limit?: number;
  /** Conjugate-gradient stopping tolerance (relative residual) and iteration cap. */
  tolerance?: number;
  maxIterations?: number;
  /** Distances below this count as this (world units). */
  minDistance?: number;
  /** Checked between bones. */
  check?: (() => void) | null;
}

/** Defaults of {@link HeatWeightsOptions}. */
export const HEAT_WEIGHTS_DEFAULTS: Required<HeatWeightsOptions> = {
  strength: 1,
  regionRatio: 3,
  limit: 0.05,
  tolerance: 1e-4,
  maxIterations: 300,
  minDistance: 1e-6,
  check: null,
};

/** Ties for the nearest bone: within this relative distance. */
const TIE = 1e-3;
/** Cotangents are clamped to [0, COT_MAX] so the operator stays an M-matrix (weights in [0, 1]). */
const COT_MAX = 1e3;

/** Symmetric cotangent Laplacian (CSR, off-diagonal weights ≥ 0) and vertex areas. */
interface Laplacian {
  offsets: Int32Array;
  neighbours: Int32Array;
  weights: Float64Array;
  diagonal: Float64Array;
  area: Float64Array;
}

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
    const ids = [tris[t * 3], tris[t * 3 + 1], tris[t * 3 + 2]];
    for (let k = 0; k < 3; k++) {
      // Corner k: the edge opposite it gets half its cotangent.
      const a = ids[k];
      const b = ids[(k + 1) % 3];
      const c = ids[(k + 2) % 3];
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
 * Computes weights into `out` (one InfluenceTable per primitive, labels = bone segments) from
 * `candidates` (same shape: per vertex the nearest bones, values = distances in world units,
 * nearest first) over the primitives' welded surface.
 */
export function heatWeights(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  candidates: readonly InfluenceTable[],
  labelCount: number,
  out: readonly InfluenceTable[],
  options: HeatWeightsOptions = HEAT_WEIGHTS_DEFAULTS,
): void {
  const o = { ...HEAT_WEIGHTS_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  const welded = weldPositions(positions);
  const m = welded.count;
  const W = candidates[0]?.width ?? 0;
  // Welded positions and candidates (every copy of a position has the same candidates).
  const pos = new Float64Array(m * 3);
  const candLabel = new Int32Array(m * W).fill(-1);
  const candDist = new Float64Array(m * W);
  positions.forEach((p, a) => {
    const ids = welded.ids[a];
    for (let v = 0; v < ids.length; v++) {
      const u = ids[v];
      pos[u * 3] = p[v * 3];
      pos[u * 3 + 1] = p[v * 3 + 1];
      pos[u * 3 + 2] = p[v * 3 + 2];
      for (let i = 0; i < W; i++) {
        candLabel[u * W + i] = candidates[a].labels[v * W + i];
        candDist[u * W + i] = candidates[a].weights[v * W + i];
      }
    }
  });
  const triList: number[] = [];
  positions.forEach((_, a) => {
    const n = welded.ids[a].length;
    const idx = indices[a];
    const count = idx ? Math.floor(idx.length / 3) : Math.floor(n / 3);
    for (let t = 0; t < count; t++) {
      const i0 = idx ? idx[t * 3] : t * 3;
      const i1 = idx ? idx[t * 3 + 1] : t * 3 + 1;
      const i2 = idx ? idx[t * 3 + 2] : t * 3 + 2;
      if (i0 >= n || i1 >= n || i2 >= n) continue;
      const a0 = welded.ids[a][i0];
      const a1 = welded.ids[a][i1];
      const a2 = welded.ids[a][i2];
      if (a0 !== a1 && a1 !== a2 && a0 !== a2) triList.push(a0, a1, a2);
    }
  });
  const lap = cotangentLaplacian(m, Int32Array.from(triList), pos);

  // H·area per vertex (a vertex with no area still gets a tiny one: its row is then w = p).
  let meanArea = 0;
  for (let i = 0; i < m; i++) meanArea += lap.area[i] / Math.max(1, m);
  const spring = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    if (candLabel[i * W] < 0) continue;
    const d = Math.max(candDist[i * W], o.minDistance);
    spring[i] = (Math.max(lap.area[i], meanArea * 1e-6) * o.strength) / (d * d);
  }

  // Per-label regions: vertex lists of each label (CSR over labels).
  const regionCount = new Int32Array(labelCount + 1);
  const within = (i: number, k: number) => candDist[i * W + k] <= candDist[i * W] * o.regionRatio;
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < W; k++) {
      const l = candLabel[i * W + k];
      if (l >= 0 && within(i, k)) regionCount[l + 1]++;
    }
  }
  for (let l = 0; l < labelCount; l++) regionCount[l + 1] += regionCount[l];
  const regionVerts = new Int32Array(regionCount[labelCount]);
  const regionFill = regionCount.slice(0, labelCount);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < W; k++) {
      const l = candLabel[i * W + k];
      if (l >= 0 && within(i, k)) regionVerts[regionFill[l]++] = i;
    }
  }

  // Results per welded vertex: up to W (label, weight) pairs, strongest kept.
  const resLabel = new Int32Array(m * W).fill(-1);
  const resWeight = new Float64Array(m * W);
  const local = new Int32Array(m).fill(-1);
  const x = new Float64Array(m);
  const b = new Float64Array(m);
  const r = new Float64Array(m);
  const z = new Float64Array(m);
  const d = new Float64Array(m);
  const q = new Float64Array(m);
  const { offsets, neighbours, weights, diagonal } = lap;
  for (let l = 0; l < labelCount; l++) {
    o.check?.();
    const n = regionCount[l + 1] - regionCount[l];
    if (n === 0) continue;
    const verts = regionVerts.subarray(regionCount[l], regionCount[l + 1]);
    let any = false;
    for (let k = 0; k < n; k++) {
      const i = verts[k];
      local[i] = k;
      // p: 1 for the nearest bone, split among ties.
      let p = 0;
      if (candLabel[i * W] >= 0) {
        const d0 = candDist[i * W];
        let ties = 0;
        let mine = false;
        for (let c = 0; c < W; c++) {
          const lc = candLabel[i * W + c];
          if (lc < 0 || candDist[i * W + c] > d0 * (1 + TIE)) continue;
          ties++;
          if (lc === l) mine = true;
        }
        if (mine) p = 1 / ties;
      }
      b[k] = spring[i] * p;
      x[k] = p;
      if (p > 0) any = true;
    }
    if (any)
      solveRegion(verts, n, local, offsets, neighbours, weights, diagonal, spring, x, b, r, z, d, q, o);
    for (let k = 0; k < n; k++) {
      const i = verts[k];
      local[i] = -1;
      const w = x[k];
      if (!(w > o.limit)) continue;
      // Insert into the vertex's results, weakest out when full.
      let slot = -1;
      let weakest = Number.POSITIVE_INFINITY;
      for (let c = 0; c < W; c++) {
        if (resLabel[i * W + c] < 0) {
          slot = i * W + c;
          break;
        }
        if (resWeight[i * W + c] < weakest) {
          weakest = resWeight[i * W + c];
          slot = i * W + c;
        }
      }
      if (resLabel[slot] < 0 || w > resWeight[slot]) {
        resLabel[slot] = l;
        resWeight[slot] = w;
      }
    }
  }

  // Back to the primitives' vertices: sorted strongest first, normalised. A vertex whose every
  // solution fell under the limit keeps its nearest bone.
  out.forEach((table, a) => {
    const ids = welded.ids[a];
    const TW = table.width;
    for (let v = 0; v < ids.length; v++) {
      const u = ids[v];
      const base = v * TW;
      for (let c = 0; c < TW; c++) {
        table.labels[base + c] = -1;
        table.weights[base + c] = 0;
      }
      let n = 0;
      let sum = 0;
      for (let c = 0; c < W; c++) {
        const lbl = resLabel[u * W + c];
        if (lbl < 0) continue;
        const w = resWeight[u * W + c];
        let k = n < TW ? n : TW - 1;
        if (n === TW && !(w > table.weights[base + k])) continue;
        while (k > 0 && table.weights[base + k - 1] < w) {
          table.weights[base + k] = table.weights[base + k - 1];
          table.labels[base + k] = table.labels[base + k - 1];
          k--;
        }
        table.weights[base + k] = w;
        table.labels[base + k] = lbl;
        if (n < TW) n++;
      }
      for (let c = 0; c < n; c++) sum += table.weights[base + c];
      if (n === 0 && candLabel[u * W] >= 0) {
        table.labels[base] = candLabel[u * W];
        table.weights[base] = 1;
      } else if (sum > 0) {
        for (let c = 0; c < n; c++) table.weights[base + c] /= sum;
      }
    }
  });
}

/**
 * Jacobi-preconditioned conjugate gradients for (L + S) x = b on one region (`verts`, local
 * indices in `local`, Dirichlet zero outside); `x` holds the initial guess and the result.
 */
function solveRegion(
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
  o: Required<HeatWeightsOptions>,
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
  const stop = o.tolerance * o.tolerance * bNorm;
  for (let it = 0; it < o.maxIterations; it++) {
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
