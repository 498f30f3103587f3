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

import { type Welded, weldPositions } from '../mesh/weld-positions.ts';
import { cotangentLaplacian, RegionScratch, solveRegion } from './cotangent-laplacian.ts';
import { coarsenProblem, prolongHeat } from './heat-coarse.ts';
import type { InfluenceTable } from './influence-table.ts';

/** Options of {@link heatWeights}. */
export interface HeatWeightsOptions {
  /** H = strength / d²: higher makes sharper borders (Blender uses 1). */
  strength?: number;
  /**
   * A bone's system covers vertices where it is within this multiple of the nearest distance.
   * Wide enough to take in bones the facing bias counts far (a bone just behind the surface):
   * bone heat solves over the whole mesh, so their heat still blends across joints such as a
   * palm's knuckles and a thumb's root.
   */
  regionRatio?: number;
  /** Raw solutions below this fade out, to zero at half of it (Blender: 0.05). */
  limit?: number;
  /** Conjugate-gradient stopping tolerance (relative residual) and iteration cap. */
  tolerance?: number;
  maxIterations?: number;
  /** Distances below this count as this (world units). */
  minDistance?: number;
  /** Meshes with more welded vertices than this are solved on a clustered copy… */
  coarseAbove?: number;
  /** …of about this many vertices. */
  coarseTarget?: number;
  /** Checked between bones. */
  check?: (() => void) | null;
}

/** Defaults of {@link HeatWeightsOptions}. */
export const HEAT_WEIGHTS_DEFAULTS: Required<HeatWeightsOptions> = {
  strength: 1,
  regionRatio: 4,
  limit: 0.05,
  tolerance: 1e-2,
  maxIterations: 200,
  minDistance: 1e-6,
  coarseAbove: 60_000,
  coarseTarget: 40_000,
  check: null,
};

/** Ties for the nearest bone: within this relative distance. */
const TIE = 1e-3;

/** Bone heat's input on welded vertices: positions, triangles and nearest-bone candidates. */
export interface HeatProblem {
  count: number;
  pos: Float64Array;
  tris: Int32Array;
  /** Candidates per vertex: `width` (label, distance) pairs, nearest first; label -1 unused. */
  width: number;
  candLabel: Int32Array;
  candDist: Float64Array;
}

/** Welds the primitives (seam copies have the same candidates) into one {@link HeatProblem}. */
function weldedProblem(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  candidates: readonly InfluenceTable[],
  ids: Int32Array[],
  count: number,
): HeatProblem {
  const W = candidates[0]?.width ?? 0;
  const pos = new Float64Array(count * 3);
  const candLabel = new Int32Array(count * W).fill(-1);
  const candDist = new Float64Array(count * W);
  positions.forEach((p, a) => {
    for (let v = 0; v < ids[a].length; v++) {
      const u = ids[a][v];
      for (let c = 0; c < 3; c++) pos[u * 3 + c] = p[v * 3 + c];
      for (let i = 0; i < W; i++) {
        candLabel[u * W + i] = candidates[a].labels[v * W + i];
        candDist[u * W + i] = candidates[a].weights[v * W + i];
      }
    }
  });
  let triTotal = 0;
  positions.forEach((p, a) => {
    const idx = indices[a];
    triTotal += idx ? Math.floor(idx.length / 3) : Math.floor(p.length / 9);
  });
  const tris = new Int32Array(triTotal * 3);
  let n = 0;
  positions.forEach((_, a) => {
    const vertexCount = ids[a].length;
    const idx = indices[a];
    const triCount = idx ? Math.floor(idx.length / 3) : Math.floor(vertexCount / 3);
    for (let t = 0; t < triCount; t++) {
      const i0 = idx ? idx[t * 3] : t * 3;
      const i1 = idx ? idx[t * 3 + 1] : t * 3 + 1;
      const i2 = idx ? idx[t * 3 + 2] : t * 3 + 2;
      if (i0 >= vertexCount || i1 >= vertexCount || i2 >= vertexCount) continue;
      const a0 = ids[a][i0];
      const a1 = ids[a][i1];
      const a2 = ids[a][i2];
      if (a0 === a1 || a1 === a2 || a0 === a2) continue;
      tris[n++] = a0;
      tris[n++] = a1;
      tris[n++] = a2;
    }
  });
  return { count, pos, tris: tris.subarray(0, n), width: W, candLabel, candDist };
}

/**
 * Solves bone heat on `problem`: per vertex up to `width` (label, weight) pairs, unnormalised
 * (the raw solutions, faded below `limit`).
 */
export function solveHeat(
  problem: HeatProblem,
  labelCount: number,
  o: Required<HeatWeightsOptions>,
): { labels: Int32Array; weights: Float64Array } {
  const { count: m, width: W, candLabel, candDist } = problem;
  const lap = cotangentLaplacian(m, problem.tris, problem.pos);
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
  const scratch = new RegionScratch(m, lap.neighbours.length);
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
    if (any) {
      solveRegion(verts, n, local, lap, spring, x, b, scratch, o.tolerance, o.maxIterations);
    }
    for (let k = 0; k < n; k++) {
      const i = verts[k];
      local[i] = -1;
      // Below `limit` the weight fades out linearly to nothing at limit / 2 (as Blender's
      // does), so a vertex does not jump between one more or one fewer influence.
      const raw = x[k];
      const w = raw >= o.limit ? raw : ((raw - o.limit / 2) / (o.limit / 2)) * o.limit;
      if (!(w > 0)) continue;
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

  return { labels: resLabel, weights: resWeight };
}

/**
 * Computes weights into `out` (one InfluenceTable per primitive, labels = bone segments) from
 * `candidates` (same shape: per vertex the nearest bones, values = distances in world units,
 * nearest first) over the primitives' welded surface. Meshes of more than `coarseAbove`
 * welded vertices are solved on a clustered copy (heat-coarse.ts). `welded`: the primitives'
 * welding, when the caller has it.
 */
export function heatWeights(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  candidates: readonly InfluenceTable[],
  labelCount: number,
  out: readonly InfluenceTable[],
  options: HeatWeightsOptions = HEAT_WEIGHTS_DEFAULTS,
  welded: Welded = weldPositions(positions),
): void {
  const o = { ...HEAT_WEIGHTS_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  const problem = weldedProblem(positions, indices, candidates, welded.ids, welded.count);
  const W = problem.width;
  const { candLabel } = problem;
  let res: { labels: Int32Array; weights: Float64Array };
  if (problem.count > o.coarseAbove) {
    const coarse = coarsenProblem(problem, o.coarseTarget);
    res = prolongHeat(problem, coarse.clusterOf, solveHeat(coarse.problem, labelCount, o), o.check);
  } else {
    res = solveHeat(problem, labelCount, o);
  }
  const resLabel = res.labels;
  const resWeight = res.weights;

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
