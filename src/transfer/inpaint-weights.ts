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
 * The solve is auto-bind's Jacobi-preconditioned conjugate gradients on a region (solveRegion of
 * src/bind, Dirichlet outside the region) per joint, started from the weights of the nearest
 * boundary vertex (a breadth-first fill), so a region a few rings wide converges in a
 * handful of iterations and a large one (a hood, a coat's hem) still converges to the smooth
 * answer. A region with no matched neighbour at all is left empty for the caller.
 */
import { type Laplacian, RegionScratch, solveRegion } from '../bind/cotangent-laplacian.ts';
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
}

/** What every region's solve shares: the graph as a Laplacian (D − W), and scratch. */
interface Solver {
  lap: Laplacian;
  /** No spring term: the plain harmonic system. */
  spring: Float64Array;
  scratch: RegionScratch;
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
  const report: InpaintReport = { regions: 0, inpainted: 0, unreached: 0 };
  // The graph's Laplacian: off-diagonal edge weights, diagonal their sum (boundary edges too).
  const diagonal = new Float64Array(m);
  for (let u = 0; u < m; u++)
    for (let k = offsets[u]; k < offsets[u + 1]; k++) diagonal[u] += graph.edgeWeights[k];
  const solver: Solver = {
    lap: { offsets, neighbours: adjacency, weights: graph.edgeWeights, diagonal, area: new Float64Array(0) },
    spring: new Float64Array(m),
    scratch: new RegionScratch(m, adjacency.length),
  };
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
    const reached = inpaintRegion(graph, fixed, table, local, region, sum, o, solver);
    if (!reached) report.unreached++;
    else report.inpainted += region.length;
    o.onRegion?.(report.inpainted);
  }
  return report;
}

/** Solves one region; false when it touches no fixed vertex. */
function inpaintRegion(
  graph: TargetGraph,
  fixed: Uint8Array,
  table: WeightTable,
  local: Int32Array,
  region: number[],
  sum: InfluenceSum,
  o: InpaintOptions,
  solver: Solver,
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

  // 3. Per joint: L_UU x = W_UB b, the boundary's weights on the right-hand side.
  const verts = Int32Array.from(region);
  const values = new Float64Array(n * J);
  const x = new Float64Array(n);
  const b = new Float64Array(n);
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
    solveRegion(
      verts,
      n,
      local,
      solver.lap,
      solver.spring,
      x,
      b,
      solver.scratch,
      o.tolerance,
      o.maxIterations,
    );
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
