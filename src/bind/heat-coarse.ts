/**
 * Bone heat on big meshes: solve on a clustered copy, then bring the weights back.
 *
 * Why: heat weights vary over a bone's thickness, not over an edge, so a 300k-vertex mesh
 * carries far more vertices than the solution needs, while conjugate gradients need more
 * iterations the finer the mesh is. Vertices are clustered in a grid (Rossignac–Borrel vertex
 * clustering) keyed also by their nearest bone, so a cluster never straddles two bones'
 * regions (two fingers, two legs); the clustered mesh is solved; each vertex takes its
 * cluster's weights, and two rounds of averaging over the fine mesh's edges smooth the steps.
 */
import { CandidateList } from './candidate-list.ts';
import type { HeatProblem } from './heat-weights.ts';

/** Clusters `fine` to about `target` vertices; `clusterOf` maps fine vertices to clusters. */
export function coarsenProblem(
  fine: HeatProblem,
  target: number,
): { problem: HeatProblem; clusterOf: Int32Array } {
  const { count: m, pos, tris, width: W, candLabel, candDist } = fine;
  let area = 0;
  const min = [Infinity, Infinity, Infinity];
  for (let i = 0; i < m; i++) for (let c = 0; c < 3; c++) min[c] = Math.min(min[c], pos[i * 3 + c]);
  for (let t = 0; t < tris.length; t += 3) {
    const a = tris[t] * 3;
    const b = tris[t + 1] * 3;
    const c = tris[t + 2] * 3;
    const ux = pos[b] - pos[a];
    const uy = pos[b + 1] - pos[a + 1];
    const uz = pos[b + 2] - pos[a + 2];
    const vx = pos[c] - pos[a];
    const vy = pos[c + 1] - pos[a + 1];
    const vz = pos[c + 2] - pos[a + 2];
    area += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  const cell = Math.sqrt(area / Math.max(1, target)) || 1;
  // Open addressing on (cell x, y, z, nearest label).
  let size = 16;
  while (size < m * 2) size *= 2;
  const mask = size - 1;
  const keys = new Int32Array(size * 4);
  const slotCluster = new Int32Array(size).fill(-1);
  const clusterOf = new Int32Array(m);
  const first: number[] = [];
  for (let i = 0; i < m; i++) {
    const x = Math.floor((pos[i * 3] - min[0]) / cell);
    const y = Math.floor((pos[i * 3 + 1] - min[1]) / cell);
    const z = Math.floor((pos[i * 3 + 2] - min[2]) / cell);
    const l = candLabel[i * W];
    let h =
      (Math.imul(x, 73856093) ^
        Math.imul(y, 19349663) ^
        Math.imul(z, 83492791) ^
        Math.imul(l + 1, 2654435761)) &
      mask;
    for (;;) {
      const c = slotCluster[h];
      if (c < 0) {
        keys.set([x, y, z, l], h * 4);
        slotCluster[h] = first.length;
        clusterOf[i] = first.length;
        first.push(i);
        break;
      }
      if (keys[h * 4] === x && keys[h * 4 + 1] === y && keys[h * 4 + 2] === z && keys[h * 4 + 3] === l) {
        clusterOf[i] = c;
        break;
      }
      h = (h + 1) & mask;
    }
  }
  const n = first.length;
  const cpos = new Float64Array(n * 3);
  const members = new Int32Array(n);
  for (let i = 0; i < m; i++) {
    const c = clusterOf[i];
    members[c]++;
    for (let k = 0; k < 3; k++) cpos[c * 3 + k] += pos[i * 3 + k];
  }
  for (let c = 0; c < n; c++) for (let k = 0; k < 3; k++) cpos[c * 3 + k] /= members[c];
  const cLabel = new Int32Array(n * W);
  const cDist = new Float64Array(n * W);
  for (let c = 0; c < n; c++) {
    cLabel.set(candLabel.subarray(first[c] * W, first[c] * W + W), c * W);
    cDist.set(candDist.subarray(first[c] * W, first[c] * W + W), c * W);
  }
  const ctris = new Int32Array(tris.length);
  let k = 0;
  for (let t = 0; t < tris.length; t += 3) {
    const a = clusterOf[tris[t]];
    const b = clusterOf[tris[t + 1]];
    const c = clusterOf[tris[t + 2]];
    if (a === b || b === c || a === c) continue;
    ctris[k++] = a;
    ctris[k++] = b;
    ctris[k++] = c;
  }
  return {
    problem: {
      count: n,
      pos: cpos,
      tris: ctris.subarray(0, k),
      width: W,
      candLabel: cLabel,
      candDist: cDist,
    },
    clusterOf,
  };
}

const _acc = new CandidateList();

/** Adds `scale` × row r of (labels, weights) into the accumulator. */
function accumulate(labels: Int32Array, weights: Float64Array, W: number, r: number, scale: number): void {
  for (let i = r * W; i < r * W + W; i++) {
    const l = labels[i];
    if (l < 0) continue;
    let found = false;
    for (let k = 0; k < _acc.count; k++) {
      if (_acc.labels[k] === l) {
        _acc.dist[k] += weights[i] * scale;
        found = true;
        break;
      }
    }
    if (!found) _acc.offer(l, weights[i] * scale);
  }
}

/** Writes the accumulator's W largest entries into row r. */
function storeTop(labels: Int32Array, weights: Float64Array, W: number, r: number): void {
  for (let i = r * W; i < r * W + W; i++) {
    labels[i] = -1;
    weights[i] = 0;
  }
  for (let c = 0; c < _acc.count; c++) {
    const w = _acc.dist[c];
    if (!(w > 0)) continue;
    // Replace the weakest slot (an empty one first).
    let slot = r * W;
    for (let i = r * W; i < r * W + W; i++) {
      if (labels[i] < 0) {
        slot = i;
        break;
      }
      if (weights[i] < weights[slot]) slot = i;
    }
    if (labels[slot] >= 0 && !(w > weights[slot])) continue;
    labels[slot] = _acc.labels[c];
    weights[slot] = w;
  }
}

/** Fine-vertex results from the clusters', smoothed twice over the fine mesh's edges. */
export function prolongHeat(
  fine: HeatProblem,
  clusterOf: Int32Array,
  coarse: { labels: Int32Array; weights: Float64Array },
  check: (() => void) | null,
): { labels: Int32Array; weights: Float64Array } {
  const { count: m, tris, width: W } = fine;
  let labels = new Int32Array(m * W);
  let weights = new Float64Array(m * W);
  for (let i = 0; i < m; i++) {
    labels.set(coarse.labels.subarray(clusterOf[i] * W, clusterOf[i] * W + W), i * W);
    weights.set(coarse.weights.subarray(clusterOf[i] * W, clusterOf[i] * W + W), i * W);
  }
  // Edge lists (CSR, duplicates harmless for averaging).
  const degree = new Int32Array(m + 1);
  for (let t = 0; t < tris.length; t++) degree[tris[t] + 1] += 2;
  for (let i = 0; i < m; i++) degree[i + 1] += degree[i];
  const adjacency = new Int32Array(degree[m]);
  const fill = degree.slice(0, m);
  for (let t = 0; t < tris.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = tris[t + k];
      const b = tris[t + ((k + 1) % 3)];
      adjacency[fill[a]++] = b;
      adjacency[fill[b]++] = a;
    }
  }
  let nextLabels = new Int32Array(m * W);
  let nextWeights = new Float64Array(m * W);
  for (let round = 0; round < 2; round++) {
    check?.();
    for (let i = 0; i < m; i++) {
      const deg = degree[i + 1] - degree[i];
      _acc.clear();
      accumulate(labels, weights, W, i, deg > 0 ? 0.5 : 1);
      for (let e = degree[i]; e < degree[i + 1]; e++) accumulate(labels, weights, W, adjacency[e], 0.5 / deg);
      storeTop(nextLabels, nextWeights, W, i);
    }
    [labels, nextLabels] = [nextLabels, labels];
    [weights, nextWeights] = [nextWeights, weights];
  }
  return { labels, weights };
}
