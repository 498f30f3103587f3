import { computeWeightHistogram } from '../../skin/histogram.ts';
import { normalizeWeights } from '../../skin/normalize.ts';
import { pruneWeights } from '../../skin/prune.ts';
import { dequantizeWeights, quantizeWeights } from '../../skin/quantize.ts';
import { resizeInfluences } from '../../skin/resize.ts';
import { SkinWeights } from '../../skin/skin-weights.ts';
import type { SkinnedModel } from '../skinned-model.ts';
import type { WeightEncoding } from './export-document.ts';
import type { PrimitiveExportWeights, WeightArray } from './stage-weights.ts';

/** What export writes for the whole model. */
export interface PreparedWeights {
  primitives: PrimitiveExportWeights[];
  /** `histogram[n]`: vertices with n non-zero influences as written. */
  histogram: number[];
}

/** The most joints a skin may have for JOINTS to be stored as unsigned bytes. */
const BYTE_JOINTS = 256;

/** Float weights in the chosen encoding (unorm: integer sums exact, zero slots joint 0). */
function encode(sw: SkinWeights, encoding: WeightEncoding): { joints: Uint16Array; weights: WeightArray } {
  if (encoding === 'float') return { joints: sw.joints, weights: sw.weights };
  return quantizeWeights(sw, { bits: encoding === 'unorm16' ? 16 : 8 });
}

/** Adds the written weights' influence counts to `histogram`. */
function countInfluences(
  histogram: number[],
  sw: SkinWeights,
  joints: Uint16Array,
  weights: WeightArray,
): void {
  // Counted on what is written: a unorm slot that rounds to 0 is no influence.
  const written =
    weights instanceof Float32Array
      ? sw
      : new SkinWeights(sw.vertexCount, sw.influences, joints, dequantizeWeights(weights));
  const counts = computeWeightHistogram(written).influenceCounts;
  for (let n = 0; n < counts.length; n++) histogram[n] += counts[n];
}

/**
 * The weights export writes, per skinned primitive, from a copy of the editor's (never changed):
 *
 * 1. prune: influences below `prune` dropped, renormalised (skipped when 0);
 * 2. limit: to `maxInfluences` slots, strongest kept, renormalised (growing 4 → 8 copies);
 * 3. normalise: a no-op on legal vertices, a guarantee on the others;
 * 4. encode: float32 as is, or unorm16/unorm8 by largest-remainder rounding, so each vertex's
 *    integers sum to exactly 65535 / 255; a slot that rounds to 0 becomes joint 0.
 *
 * Locks are not applied: they guide editing, while export limits apply to every vertex.
 */
export function prepareExportWeights(
  model: SkinnedModel,
  options: { maxInfluences: 4 | 8; weights: WeightEncoding; prune: number },
): PreparedWeights {
  const K = options.maxInfluences;
  const histogram = new Array<number>(K + 1).fill(0);
  const primitives = model.primitives.map((prim): PrimitiveExportWeights => {
    let sw = prim.weights;
    if (options.prune > 0) {
      sw = sw.clone();
      pruneWeights(sw, { threshold: options.prune });
    }
    sw = resizeInfluences(sw, K).weights;
    normalizeWeights(sw);
    const { joints, weights } = encode(sw, options.weights);
    countInfluences(histogram, sw, joints, weights);
    const maxJoints = Math.max(...prim.skins.map((s) => model.skins[s].joints.length));
    return {
      primitive: prim.primitive,
      vertexCount: sw.vertexCount,
      influences: K,
      joints,
      weights,
      jointsAsBytes: maxJoints <= BYTE_JOINTS,
    };
  });
  return { primitives, histogram };
}
