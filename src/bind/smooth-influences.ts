/**
 * smoothInfluences: Laplacian smoothing of auto-bind's working weights over the welded surface.
 *
 * Each iteration moves every welded vertex halfway to the mean of its edge neighbours (label by
 * label), keeps the table's width strongest labels and renormalises. Smoothing works on welded
 * vertices and writes the result to every copy, so seam copies always end up with identical
 * weights (DESIGN.md invariant 4).
 */

import { weldedNeighbours } from '../mesh/welded-neighbours.ts';
import { CandidateList } from './candidate-list.ts';
import type { InfluenceTable } from './influence-table.ts';

/** How far each iteration moves a vertex toward its neighbours' mean. */
const LAMBDA = 0.5;

const _acc = new CandidateList();

/** Adds `scale` × row `r` of (labels, weights) of width W to the accumulator (sums per label). */
function accumulate(labels: Int32Array, weights: Float32Array, W: number, r: number, scale: number): void {
  for (let i = r * W; i < r * W + W; i++) {
    const l = labels[i];
    if (l < 0) break;
    const w = weights[i] * scale;
    let found = false;
    for (let k = 0; k < _acc.count; k++) {
      if (_acc.labels[k] === l) {
        _acc.dist[k] += w;
        found = true;
        break;
      }
    }
    if (!found) _acc.offer(l, w);
  }
}

/** Writes the accumulator's `W` largest entries, normalised, into row `r`. */
function storeTop(labels: Int32Array, weights: Float32Array, W: number, r: number): void {
  const base = r * W;
  for (let i = 0; i < W; i++) {
    labels[base + i] = -1;
    weights[base + i] = 0;
  }
  let n = 0;
  for (let c = 0; c < _acc.count; c++) {
    const w = _acc.dist[c];
    if (!(w > 0)) continue;
    let k = n < W ? n : W - 1;
    if (n === W && !(w > weights[base + k])) continue;
    while (k > 0 && weights[base + k - 1] < w) {
      weights[base + k] = weights[base + k - 1];
      labels[base + k] = labels[base + k - 1];
      k--;
    }
    weights[base + k] = w;
    labels[base + k] = _acc.labels[c];
    if (n < W) n++;
  }
  let sum = 0;
  for (let i = 0; i < n; i++) sum += weights[base + i];
  if (sum > 0) for (let i = 0; i < n; i++) weights[base + i] /= sum;
}

/** Smooths `table` in place for `iterations` rounds over the mesh (positions, indices). */
export function smoothInfluences(
  table: InfluenceTable,
  positions: Float32Array,
  indices: Uint32Array | null,
  iterations: number,
): void {
  if (iterations <= 0 || table.vertexCount === 0) return;
  const W = table.width;
  const graph = weldedNeighbours(positions, indices);
  const m = graph.weldedCount;
  let labels = new Int32Array(m * W);
  let weights = new Float32Array(m * W);
  for (let u = 0; u < m; u++) {
    const r = graph.representative[u];
    labels.set(table.labels.subarray(r * W, r * W + W), u * W);
    weights.set(table.weights.subarray(r * W, r * W + W), u * W);
  }
  let nextLabels = new Int32Array(m * W);
  let nextWeights = new Float32Array(m * W);
  const { offsets, adjacency } = graph;
  for (let it = 0; it < iterations; it++) {
    for (let u = 0; u < m; u++) {
      _acc.clear();
      const deg = offsets[u + 1] - offsets[u];
      if (deg === 0 || labels[u * W] < 0) {
        nextLabels.set(labels.subarray(u * W, u * W + W), u * W);
        nextWeights.set(weights.subarray(u * W, u * W + W), u * W);
        continue;
      }
      accumulate(labels, weights, W, u, 1 - LAMBDA);
      for (let e = offsets[u]; e < offsets[u + 1]; e++)
        accumulate(labels, weights, W, adjacency[e], LAMBDA / deg);
      storeTop(nextLabels, nextWeights, W, u);
    }
    [labels, nextLabels] = [nextLabels, labels];
    [weights, nextWeights] = [nextWeights, weights];
  }
  for (let v = 0; v < table.vertexCount; v++) {
    const u = graph.weld[v];
    table.labels.set(labels.subarray(u * W, u * W + W), v * W);
    table.weights.set(weights.subarray(u * W, u * W + W), v * W);
  }
}
