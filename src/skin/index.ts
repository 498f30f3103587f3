/** Skin weights: the SkinWeights model and the operations on it (see DESIGN.md, invariants 1–3). */
export { canonicalizeVertex } from './canonicalize.ts';
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
  SUM_TOLERANCE_PER_WEIGHT,
  validatorWeightSum,
} from './invariants.ts';
export {
  NORMALIZE_DEFAULTS,
  type NormalizeOptions,
  type NormalizeResult,
  normalizeVertex,
  normalizeWeights,
  type VertexOutcome,
} from './normalize.ts';
export {
  REPAIR_DEFAULTS,
  REPAIR_REASONS,
  type RepairOptions,
  type RepairReason,
  type RepairReport,
  repairImportedWeights,
} from './repair.ts';
export {
  SET_JOINT_WEIGHT_DEFAULTS,
  type SetJointWeightOptions,
  type SetJointWeightOutcome,
  setJointWeight,
} from './set-joint-weight.ts';
export { SkinWeights } from './skin-weights.ts';
