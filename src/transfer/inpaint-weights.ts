/**
 * inpaintWeights: gives every unmatched vertex of a transfer target weights that join the matched
 * vertices around it smoothly (Abdrashitov et al. 2023, "Robust Skin Weights Transfer via Weight
 * Inpainting", the harmonic variant).
 *
 * Each connected region of unmatched vertices is solved on its own: with the matched vertices
 * next to it fixed (Dirichlet boundary), each joint's weight is the harmonic function
 * L_UU x = W_UB b over the target's edge graph (edge weights 1/length). Harmonic rather than
 * biharmonic because it obeys the maximum principle: every value lies between the boundary's
 * values, so the weights come out in [0, 1] and sum to 1 (each joint's solve is linear and the
 * boundary sums are 1) without clamping — what DESIGN.md's invariants want of any operation.
 *
 * The solve is Jacobi-preconditioned conjugate gradients per joint, started from the weights of
 * the nearest boundary vertex (a breadth-first fill), so a region a few rings wide converges in a
 * handful of iterations and a large one (a hood, a coat's hem) still converges to the smooth
 * answer. A region with no matched neighbour at all is left empty for the caller.
 */
import { InfluenceSum } from '../tools/assign-influences.ts';
import type { TargetGraph } from './target-graph.ts';
import { insertStrongest, type WeightTable } from './weight-table.ts';

export interface InpaintOptions {
  /** Relative residual the conjugate-gradient solve stops at. */
  tolerance: number;
  /** Most iterations per joint and region. */
  maxIterations: number;
  /** Called between regions with the vertices done so far. */
  onRegion?: (done: number) => void;
  /** Checked between joints; when it turns true the solve stops with {@link TransferCancelled}. */
  signal?: { aborted: boolean } | null;
}

export const INPAINT_DEFAULTS: InpaintOptions = { tolerance: 1e-6, maxIterations: 4000 };

/** Thrown when a transfer is cancelled through its signal. */
export class TransferCancelled extends Error {
  constructor() {
    super('Weight transfer cancelled.');
    this.name = 'TransferCancelled';
  }
}

/** What {@link inpaintWeights} did. */
export interface InpaintReport {
  regions: number;
  /** Vertices given weights by the solve. */
  inpainted: number;
  /** Regions that touched no matched vertex (left empty). */
  unreached: number;
  /** Largest iteration count any joint's solve needed. */
  iterations: number;
}

/**
 * Fills `table` at every welded vertex with `fixed[u] === 0` from the vertices with
 * `fixed[u] === 1` (whose table entries are the boundary values). Vertices it reaches get
 * `fixed[u] = 2`.
 */
export function inpaintWeights(
  graph: TargetGraph,
  fixed: Uint8Array,
  table: WeightTable,
  jointCount: number,
  options: Partial<InpaintOptions> = {},
): InpaintReport {
  const o = { ...INPAINT_DEFAULTS, ...options };
  const { offsets, adjacency } = graph;
  const m = graph.count;
  const local = new Int32Array(m).fill(-1);
  const report: InpaintReport = { regions: 0, inpainted: 0, unreached: 0, iterations: 0 };
  const region: number[] = [];
  const sum = new InfluenceSum(jointCount);
  for (let seed = 0; seed < m; seed++) {
    if (fixed[seed] !== 0 || local[seed] !== -1) continue;
    // 1. Gather the region: unmatched vertices connected through unmatched edges.
    region.length = 0;
    local[seed] = 0;
    region.push(seed);
    for (let h = 0; h < region.length; h++) {
      const u = region[h];
      for (let k = offsets[u]; k < offsets[u + 1]; k++) {
        const v = adjacency[k];
        if (fixed[v] === 0 && local[v] === -1) {
          local[v] = region.length;
          region.push(v);
        }
      }
    }
    report.regions++;
    const reached = solveRegion(graph, fixed, table, local, region, sum, o, report);
    if (!reached) report.unreached++;
    else report.inpainted += region.length;
    o.onRegion?.(report.inpainted);
  }
  return report;
}

/** Solves one region; false when it touches no fixed vertex. */
function solveRegion(
  graph: TargetGraph,
  fixed: Uint8Array,
  table: WeightTable,
  local: Int32Array,
  region: number[],
  sum: InfluenceSum,
  o: InpaintOptions,
  report: InpaintReport,
): boolean {
  const { offsets, adjacency, edgeWeights } = graph;
  const n = region.length;
  // 2. The joints on the boundary, and a first guess: the nearest boundary vertex's weights.
  sum.clear();
  const nearest = new Int32Array(n).fill(-1);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = region[i];
    for (let k = offsets[u]; k < offsets[u + 1]; k++) {
      const v = adjacency[k];
      if (fixed[v] !== 1) continue;
      table.addTo(v, sum, 1);
      if (nearest[i] === -1) {
        nearest[i] = v;
        queue.push(i);
      }
    }
  }
  if (queue.length === 0) return false;
  for (let h = 0; h < queue.length; h++) {
    const i = queue[h];
    const u = region[i];
    for (let k = offsets[u]; k < offsets[u + 1]; k++) {
      const li = local[adjacency[k]];
      if (li >= 0 && fixed[adjacency[k]] === 0 && nearest[li] === -1) {
        nearest[li] = nearest[i];
        queue.push(li);
      }
    }
  }
  const joints = Array.from(sum.joints.subarray(0, sum.count));
  const J = joints.length;

  // 3. The system: diag = Σ of all edge weights at u; off-diagonal entries to region neighbours.
  const diag = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = region[i];
    let d = 0;
    for (let k = offsets[u]; k < offsets[u + 1]; k++) d += edgeWeights[k];
    diag[i] = d;
  }
  const values = new Float64Array(n * J);
  const x = new Float64Array(n);
  const b = new Float64Array(n);
  const r = new Float64Array(n);
  const z = new Float64Array(n);
  const p = new Float64Array(n);
  const q = new Float64Array(n);
  for (let c = 0; c < J; c++) {
    if (o.signal?.aborted) throw new TransferCancelled();
    const j = joints[c];
    for (let i = 0; i < n; i++) {
      const u = region[i];
      let bi = 0;
      for (let k = offsets[u]; k < offsets[u + 1]; k++) {
        const v = adjacency[k];
        if (fixed[v] === 1) bi += edgeWeights[k] * table.weightOf(v, j);
      }
      b[i] = bi;
      x[i] = table.weightOf(nearest[i], j);
    }
    const iterations = conjugateGradient(graph, region, local, fixed, diag, b, x, r, z, p, q, o);
    if (iterations > report.iterations) report.iterations = iterations;
    for (let i = 0; i < n; i++) values[i * J + c] = x[i];
  }

  // 4. Keep the strongest entries per vertex, scaled to sum 1.
  const S = table.slots;
  for (let i = 0; i < n; i++) {
    const u = region[i];
    const base = u * S;
    table.joints.fill(-1, base, base + S);
    table.weights.fill(0, base, base + S);
    let kept = 0;
    for (let c = 0; c < J; c++) {
      const w = values[i * J + c];
      if (w > 1e-9) kept = insertStrongest(table.joints, table.weights, base, S, kept, joints[c], w);
    }
    if (kept === 0) table.copy(nearest[i], u);
    table.normalise(u);
    fixed[u] = 2;
  }
  return true;
}

/** Jacobi-preconditioned CG on the region's system, from the guess in `x`; returns iterations. */
function conjugateGradient(
  graph: TargetGraph,
  region: number[],
  local: Int32Array,
  fixed: Uint8Array,
  diag: Float64Array,
  b: Float64Array,
  x: Float64Array,
  r: Float64Array,
  z: Float64Array,
  p: Float64Array,
  q: Float64Array,
  o: InpaintOptions,
): number {
  const n = region.length;
  multiply(graph, region, local, fixed, diag, x, q);
  let bNorm = 0;
  let rz = 0;
  for (let i = 0; i < n; i++) {
    r[i] = b[i] - q[i];
    z[i] = r[i] / diag[i];
    p[i] = z[i];
    rz += r[i] * z[i];
    bNorm += b[i] * b[i];
  }
  const stop = o.tolerance * o.tolerance * Math.max(bNorm, 1e-300);
  for (let it = 0; it < o.maxIterations; it++) {
    let rr = 0;
    for (let i = 0; i < n; i++) rr += r[i] * r[i];
    if (rr <= stop) return it;
    multiply(graph, region, local, fixed, diag, p, q);
    let pq = 0;
    for (let i = 0; i < n; i++) pq += p[i] * q[i];
    if (!(pq > 0)) return it;
    const alpha = rz / pq;
    let rzNext = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      z[i] = r[i] / diag[i];
      rzNext += r[i] * z[i];
    }
    const beta = rzNext / rz;
    rz = rzNext;
    for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
  }
  return o.maxIterations;
}

/** out = (D − W_UU) · v over the region. */
function multiply(
  graph: TargetGraph,
  region: number[],
  local: Int32Array,
  fixed: Uint8Array,
  diag: Float64Array,
  v: Float64Array,
  out: Float64Array,
): void {
  const { offsets, adjacency, edgeWeights } = graph;
  for (let i = 0; i < region.length; i++) {
    const u = region[i];
    let s = diag[i] * v[i];
    for (let k = offsets[u]; k < offsets[u + 1]; k++) {
      const w = adjacency[k];
      if (fixed[w] === 0) s -= edgeWeights[k] * v[local[w]];
    }
    out[i] = s;
  }
}
