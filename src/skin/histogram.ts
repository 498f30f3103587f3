/**
 * computeWeightHistogram: influence-count histogram and per-joint vertex counts, for the stats
 * panel and the CLI (`skinsmith stats`).
 */
import type { SkinWeights } from './skin-weights.ts';

/** Options of {@link computeWeightHistogram}. */
export interface WeightHistogramOptions {
  /** Length of `jointVertexCounts` (default: highest joint with weight + 1). */
  jointCount?: number | null;
}

/** Defaults of {@link WeightHistogramOptions}. */
export const WEIGHT_HISTOGRAM_DEFAULTS: Required<WeightHistogramOptions> = { jointCount: null };

/** Result of {@link computeWeightHistogram}. */
export interface WeightHistogram {
  /** `influenceCounts[n]` = vertices with exactly n non-zero weights (length K + 1). */
  influenceCounts: Uint32Array;
  /** `jointVertexCounts[j]` = vertices where joint j has non-zero weight (each vertex once). */
  jointVertexCounts: Uint32Array;
}

/**
 * Counts, over all vertices, how many non-zero influences each has, and how many vertices each
 * joint influences. A weight counts when it is > 0 (NaN and negatives don't); joints ≥
 * `jointCount` are not counted per joint.
 */
export function computeWeightHistogram(
  sw: SkinWeights,
  options: WeightHistogramOptions = WEIGHT_HISTOGRAM_DEFAULTS,
): WeightHistogram {
  const K = sw.influences;
  const { joints, weights } = sw;
  let jointCount = options.jointCount ?? -1;
  if (jointCount < 0) {
    jointCount = 0;
    for (let s = 0; s < joints.length; s++)
      if (weights[s] > 0 && joints[s] >= jointCount) jointCount = joints[s] + 1;
  }
  const influenceCounts = new Uint32Array(K + 1);
  const jointVertexCounts = new Uint32Array(jointCount);
  for (let v = 0; v < sw.vertexCount; v++) {
    const base = v * K;
    let n = 0;
    for (let i = 0; i < K; i++) {
      if (!(weights[base + i] > 0)) continue;
      const j = joints[base + i];
      let seen = false;
      for (let i2 = 0; i2 < i; i2++) if (joints[base + i2] === j && weights[base + i2] > 0) seen = true;
      if (seen) continue;
      n++;
      if (j < jointCount) jointVertexCounts[j]++;
    }
    influenceCounts[n]++;
  }
  return { influenceCounts, jointVertexCounts };
}
