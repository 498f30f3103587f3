/** Skin weights: the SkinWeights model and the operations on it (see DESIGN.md, invariants 1–3). */
export { canonicalizeVertex } from './canonicalize.ts';
export {
  computeWeightHistogram,
  WEIGHT_HISTOGRAM_DEFAULTS,
  type WeightHistogram,
  type WeightHistogramOptions,
} from './histogram.ts';
export type { FallbackJoint } from './influence-scratch.ts';
export {
  CHECK_INVARIANTS_DEFAULTS,
  type CheckInvariantsOptions,
  checkSlotInvariants,
  checkVertexInvariants,
  findInvariantViolations,
  type InvariantReason,
  type InvariantViolation,
  isLegalVertex,
  isUnitWeightSum,
  isUnitWeightSumUnique,
  SUM_TOLERANCE_PER_WEIGHT,
  validatorWeightSum,
} from './invariants.ts';
export { LIMIT_DEFAULTS, type LimitOptions, limitInfluences } from './limit.ts';
export {
  NORMALIZE_DEFAULTS,
  type NormalizeOptions,
  type NormalizeResult,
  normalizeVertex,
  normalizeWeights,
  type VertexOutcome,
} from './normalize.ts';
export { PRUNE_DEFAULTS, type PruneOptions, pruneWeights } from './prune.ts';
export {
  dequantizeWeights,
  QUANTIZE_DEFAULTS,
  type QuantizeBits,
  type QuantizedWeights,
  type QuantizeOptions,
  quantizePreview,
  quantizeVertex,
  quantizeWeights,
} from './quantize.ts';
export {
  REPAIR_DEFAULTS,
  REPAIR_REASONS,
  type RepairOptions,
  type RepairReason,
  type RepairReport,
  repairImportedWeights,
} from './repair.ts';
export { RESIZE_DEFAULTS, type ResizeOptions, type ResizeResult, resizeInfluences } from './resize.ts';
export {
  SET_JOINT_WEIGHT_DEFAULTS,
  type SetJointWeightOptions,
  type SetJointWeightOutcome,
  setJointWeight,
} from './set-joint-weight.ts';
export { SkinWeights } from './skin-weights.ts';
