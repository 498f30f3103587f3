/**
 * InfluenceTable: `width` (label, value) slots per vertex; labels are bone-segment indices,
 * unused slots label -1 value 0. Auto-bind uses it twice: as candidates (value = distance in
 * world units, nearest first) and as working weights (value = weight, strongest first), wider
 * than the final K so smoothing and the selected-joints merge see more than the survivors.
 */
import type { CandidateList } from './candidate-list.ts';

export class InfluenceTable {
  readonly vertexCount: number;
  readonly width: number;
  readonly labels: Int32Array;
  readonly weights: Float32Array;

  constructor(vertexCount: number, width: number) {
    this.vertexCount = vertexCount;
    this.width = width;
    this.labels = new Int32Array(vertexCount * width).fill(-1);
    this.weights = new Float32Array(vertexCount * width);
  }
}

/** Stores the `table.width` nearest candidates of `list` as row v, nearest first. */
export function storeNearest(list: CandidateList, table: InfluenceTable, v: number): void {
  const W = table.width;
  const base = v * W;
  const labels = table.labels;
  const values = table.weights;
  let n = 0;
  for (let c = 0; c < list.count; c++) {
    const d = list.dist[c];
    let k = n < W ? n : W - 1;
    if (n === W && !(d < values[base + k])) continue;
    while (k > 0 && values[base + k - 1] > d) {
      values[base + k] = values[base + k - 1];
      labels[base + k] = labels[base + k - 1];
      k--;
    }
    values[base + k] = d;
    labels[base + k] = list.labels[c];
    if (n < W) n++;
  }
  for (let k = n; k < W; k++) {
    labels[base + k] = -1;
    values[base + k] = 0;
  }
}

/** Options of {@link falloffWeights}. */
export interface FalloffOptions {
  /** Weight ∝ distance^−falloff: higher is sharper (artists' weights are sharp). */
  falloff: number;
  /** Distances below this count as this (so a vertex on a bone is not infinitely bound). */
  minDistance: number;
  /** Candidates farther than this multiple of the nearest one get no weight. */
  cutoffRatio: number;
}

/**
 * Weights from candidate distances: w = max(d, minDistance)^−falloff for the candidates within
 * `cutoffRatio` × the nearest distance, normalised, strongest first. Rows without candidates
 * stay empty. `candidates` and `out` have the same shape.
 */
export function falloffWeights(candidates: InfluenceTable, out: InfluenceTable, o: FalloffOptions): void {
  const W = candidates.width;
  for (let v = 0; v < candidates.vertexCount; v++) {
    const base = v * W;
    let sum = 0;
    const nearest = Math.max(candidates.weights[base], o.minDistance);
    for (let k = 0; k < W; k++) {
      const l = candidates.labels[base + k];
      const d = Math.max(candidates.weights[base + k], o.minDistance);
      // Relative to the nearest, so huge exponents neither overflow nor underflow; candidates
      // are sorted nearest first, so weights come out strongest first.
      const w = l >= 0 && d <= nearest * o.cutoffRatio ? (nearest / d) ** o.falloff : 0;
      out.labels[base + k] = w > 0 ? l : -1;
      out.weights[base + k] = w;
      sum += w;
    }
    if (sum > 0) for (let k = 0; k < W; k++) out.weights[base + k] /= sum;
  }
}
