/**
 * scaleByBoneRadius: makes candidate distances relative to each bone's thickness.
 *
 * A thigh bone 18 cm from a belly vertex is farther, in the sense that matters, than a spine
 * 21 cm away: the leg's own flesh is 5 cm thick, the torso's 15. Artists paint by that sense
 * (as Blender's bone envelopes model it), and raw distances do not: a limb's bone wins the
 * flesh of the torso next to its root. Each bone's radius is the median distance to it of the
 * vertices it is nearest to; distances to bone j are divided by (r_j / r_median)^γ, and the
 * nearest bones recomputed, a few rounds. The exponent is trusted in proportion to how many
 * vertices measured the radius (`trustSamples`).
 */
import type { InfluenceTable } from './influence-table.ts';

/** Median of the first n values (modifies their order). */
function median(values: Float64Array, n: number): number {
  if (n === 0) return 0;
  const sorted = values.subarray(0, n).sort();
  return sorted[n >> 1];
}

/**
 * Rescales the distances of `tables` (candidate tables: labels, distances nearest first) in
 * place by the bones' radii to the power `gamma` (shrunk for bones nearest to few vertices:
 * gamma · n / (n + trustSamples)), re-sorting each row. `rounds` alternations of radius
 * estimate and rescaling.
 */
export function scaleByBoneRadius(
  tables: readonly InfluenceTable[],
  labelCount: number,
  gamma: number,
  trustSamples = 0,
  rounds = 2,
): void {
  if (!(gamma > 0) || labelCount < 2) return;
  const W = tables[0]?.width ?? 0;
  const original = tables.map((t) => t.weights.slice());
  const originalLabels = tables.map((t) => t.labels.slice());
  const scale = new Float64Array(labelCount).fill(1);
  const counts = new Int32Array(labelCount + 1);
  for (let round = 0; round < rounds; round++) {
    // Radius of each bone: median raw distance over the vertices it is (now) nearest to.
    // A vertex tied between bones (a mid-plane vertex as near to the left limb as to the right)
    // counts for each: handing it to the first label would make a symmetric figure's partners
    // measure different radii.
    counts.fill(0);
    tables.forEach((t) => {
      for (let v = 0; v < t.vertexCount; v++)
        for (let k = 0; k < W && nearestTie(t, v * W, k); k++) counts[t.labels[v * W + k] + 1]++;
    });
    for (let l = 0; l < labelCount; l++) counts[l + 1] += counts[l];
    const values = new Float64Array(counts[labelCount]);
    const fill = counts.slice(0, labelCount);
    tables.forEach((t, a) => {
      for (let v = 0; v < t.vertexCount; v++) {
        for (let n = 0; n < W && nearestTie(t, v * W, n); n++) {
          const l = t.labels[v * W + n];
          // The raw distance of a current nearest bone.
          let raw = 0;
          for (let k = 0; k < W; k++) if (originalLabels[a][v * W + k] === l) raw = original[a][v * W + k];
          values[fill[l]++] = raw;
        }
      }
    });
    const radius = new Float64Array(labelCount);
    const all = new Float64Array(labelCount);
    let known = 0;
    for (let l = 0; l < labelCount; l++) {
      const n = counts[l + 1] - counts[l];
      radius[l] = median(values.subarray(counts[l], counts[l + 1]), n);
      if (n > 0 && radius[l] > 0) all[known++] = radius[l];
    }
    const reference = median(all, known);
    if (!(reference > 0)) return;
    // A radius measured on few vertices (a low-poly hand's finger bones) is mostly noise: the
    // exponent shrinks to gamma · n / (n + trustSamples) for a bone nearest to n vertices.
    for (let l = 0; l < labelCount; l++) {
      const n = counts[l + 1] - counts[l];
      const exponent = trustSamples > 0 ? (gamma * n) / (n + trustSamples) : gamma;
      scale[l] = radius[l] > 0 ? (reference / radius[l]) ** exponent : 1;
    }
    // Rescale from the original distances and re-sort each row nearest first.
    tables.forEach((t, a) => {
      for (let v = 0; v < t.vertexCount; v++) {
        const base = v * W;
        for (let k = 0; k < W; k++) {
          const l = originalLabels[a][base + k];
          t.labels[base + k] = l;
          t.weights[base + k] = l >= 0 ? original[a][base + k] * scale[l] : 0;
        }
        keepTies(original[a], t.labels, t.weights, base, W);
        for (let i = 1; i < W && t.labels[base + i] >= 0; i++) {
          const l = t.labels[base + i];
          const d = t.weights[base + i];
          let k = i - 1;
          while (k >= 0 && t.weights[base + k] > d) {
            t.labels[base + k + 1] = t.labels[base + k];
            t.weights[base + k + 1] = t.weights[base + k];
            k--;
          }
          t.labels[base + k + 1] = l;
          t.weights[base + k + 1] = d;
        }
      }
    });
  }
}

/** Relative difference under which two raw distances are a tie (bone heat's, heat-weights.ts). */
const TIE = 1e-3;

/** Whether slot k of the row at `base` holds a bone tied with the row's nearest (slot 0 always). */
function nearestTie(t: InfluenceTable, base: number, k: number): boolean {
  if (t.labels[base + k] < 0) return false;
  return k === 0 || t.weights[base + k] - t.weights[base] <= TIE * t.weights[base];
}

/**
 * Bones tied at a vertex before scaling stay tied: several bones that start at one joint (a
 * palm's metacarpals, a hips' thighs) are equally near to the vertices around that joint, which
 * bone heat splits evenly between them; scaling each by its own radius would hand all of it to
 * one. Tied candidates all take the smallest scaled distance among them.
 */
function keepTies(
  raw: ArrayLike<number>,
  labels: Int32Array,
  scaled: Float32Array,
  base: number,
  W: number,
): void {
  for (let i = 0; i < W && labels[base + i] >= 0; i++) {
    for (let j = i + 1; j < W && labels[base + j] >= 0; j++) {
      const a = raw[base + i];
      const b = raw[base + j];
      if (Math.abs(a - b) > TIE * Math.max(a, b)) continue;
      const m = Math.min(scaled[base + i], scaled[base + j]);
      scaled[base + i] = m;
      scaled[base + j] = m;
    }
  }
}
