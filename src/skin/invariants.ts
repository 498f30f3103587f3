/**
 * The per-vertex weight invariants of DESIGN.md (1 and 2), checked exactly as the Khronos
 * glTF-Validator (`gltf-validator` 2.0.0-dev.3.10, `InfluencesChecker`) checks the sum:
 *
 * - slots are visited in glTF order: component c of every set before component c + 1
 *   (slot `s * 4 + c` is component c of set s, i.e. JOINTS_s / WEIGHTS_s);
 * - each non-zero, non-negative weight of a joint not seen before at this vertex is added to a
 *   running sum that is rounded to float32 after every add (`Math.fround`);
 * - the tolerance grows by 2e-7 per such weight (accumulated by repeated addition, as the
 *   validator does), and the vertex fails when `|sum - 1| > tolerance`.
 *
 * On top of the validator's checks this module requires the editor's canonical layout: weights
 * finite and ≥ 0, slots sorted strongest first (non-increasing), unused slots joint 0 weight 0,
 * no joint twice with a non-zero weight, and (when `jointCount` is given) joint indices in range.
 */
import type { SkinWeights } from './skin-weights.ts';

/** Why a vertex breaks the invariants. */
export type InvariantReason =
  | 'non-finite'
  | 'negative'
  | 'joint-out-of-range'
  | 'duplicate-joint'
  | 'unused-slot'
  | 'unsorted'
  | 'sum';

/** One failing vertex, as reported by {@link findInvariantViolations}. */
export interface InvariantViolation {
  vertex: number;
  reason: InvariantReason;
}

/** Options of {@link checkVertexInvariants} and {@link findInvariantViolations}. */
export interface CheckInvariantsOptions {
  /** Number of joints in the skin; joint indices ≥ this fail. Infinity skips the check. */
  jointCount?: number;
  /** Most violations {@link findInvariantViolations} returns (it stops scanning there). */
  limit?: number;
}

/** Defaults of {@link CheckInvariantsOptions}. */
export const CHECK_INVARIANTS_DEFAULTS: Required<CheckInvariantsOptions> = {
  jointCount: Number.POSITIVE_INFINITY,
  limit: 100,
};

/** The validator's allowance per summed weight. */
export const SUM_TOLERANCE_PER_WEIGHT = 2e-7;

let _terms = 0;
let _tolerance = 0;

/** True when slot `a` is visited before slot `b` in the validator's order (component-major). */
function visitedBefore(a: number, b: number): boolean {
  const ca = a & 3;
  const cb = b & 3;
  return ca < cb || (ca === cb && a < b);
}

/**
 * The vertex's weight sum as the glTF-Validator computes it (see the module comment) for the
 * `K` slots starting at `offset`. Also leaves the term count and tolerance in module state for
 * {@link isUnitWeightSum}.
 */
export function validatorWeightSum(
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  offset: number,
  K: number,
): number {
  const sets = (K + 3) >> 2;
  let sum = 0;
  let terms = 0;
  let tolerance = 0;
  for (let c = 0; c < 4; c++) {
    for (let s = 0; s < sets; s++) {
      const i = s * 4 + c;
      if (i >= K) continue;
      const w = weights[offset + i];
      if (w === 0) continue;
      const j = joints[offset + i];
      let unique = true;
      for (let i2 = 0; i2 < K; i2++) {
        if (i2 !== i && visitedBefore(i2, i) && weights[offset + i2] !== 0 && joints[offset + i2] === j) {
          unique = false;
          break;
        }
      }
      if (!(w < 0) && unique) {
        sum = Math.fround(sum + w);
        tolerance += SUM_TOLERANCE_PER_WEIGHT;
        terms++;
      }
    }
  }
  _terms = terms;
  _tolerance = tolerance;
  return sum;
}

/** True when the `K` slots at `offset` pass the validator's float32 sum check. */
export function isUnitWeightSum(
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  offset: number,
  K: number,
): boolean {
  const sum = validatorWeightSum(joints, weights, offset, K);
  // NaN sums fail here (the validator lets them through but flags the NaN elsewhere).
  return _terms > 0 && Math.abs(sum - 1) <= _tolerance;
}

/**
 * {@link isUnitWeightSum} for slots known to hold no joint twice with non-zero weight and no
 * negative weight (skips the duplicate scan; internal fast path).
 */
export function isUnitWeightSumUnique(weights: ArrayLike<number>, offset: number, K: number): boolean {
  let sum = 0;
  let tolerance = 0;
  for (let c = 0; c < 4 && c < K; c++) {
    for (let i = c; i < K; i += 4) {
      const w = weights[offset + i];
      if (w === 0) continue;
      sum = Math.fround(sum + w);
      tolerance += SUM_TOLERANCE_PER_WEIGHT;
    }
  }
  return tolerance > 0 && Math.abs(sum - 1) <= tolerance;
}

/**
 * Checks the `K` slots at `offset` of raw arrays; returns the first broken invariant or null.
 * The order of checks is: per slot non-finite, negative, unsorted, unused-slot,
 * joint-out-of-range, duplicate-joint; then the sum.
 */
export function checkSlotInvariants(
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  offset: number,
  K: number,
  jointCount: number = CHECK_INVARIANTS_DEFAULTS.jointCount,
): InvariantReason | null {
  for (let i = 0; i < K; i++) {
    const w = weights[offset + i];
    const j = joints[offset + i];
    if (!Number.isFinite(w)) return 'non-finite';
    if (w < 0) return 'negative';
    if (i > 0 && w > weights[offset + i - 1]) return 'unsorted';
    if (w === 0) {
      if (j !== 0) return 'unused-slot';
      continue;
    }
    if (j >= jointCount) return 'joint-out-of-range';
    for (let i2 = 0; i2 < i; i2++) {
      if (joints[offset + i2] === j && weights[offset + i2] !== 0) return 'duplicate-joint';
    }
  }
  return isUnitWeightSumUnique(weights, offset, K) ? null : 'sum';
}

/**
 * `checkSlotInvariants(joints, weights, offset, 4, jointCount) === null`, unrolled for the four
 * slots of one glTF set: the import's check of every vertex of a file (the common case).
 */
export function isLegalSlots4(
  joints: Uint16Array,
  weights: Float32Array,
  offset: number,
  jointCount: number,
): boolean {
  const w0 = weights[offset];
  const w1 = weights[offset + 1];
  const w2 = weights[offset + 2];
  const w3 = weights[offset + 3];
  // Finite, ≥ 0 and non-increasing (NaN fails every comparison; +∞ cannot sum to 1 below).
  if (!(w0 >= w1 && w1 >= w2 && w2 >= w3 && w3 >= 0 && w0 < Number.POSITIVE_INFINITY)) return false;
  const j0 = joints[offset];
  const j1 = joints[offset + 1];
  const j2 = joints[offset + 2];
  const j3 = joints[offset + 3];
  let sum = 0;
  let tolerance = 0;
  if (w0 === 0) return false; // nothing sums to 1
  if (j0 >= jointCount) return false;
  sum = Math.fround(sum + w0);
  tolerance += SUM_TOLERANCE_PER_WEIGHT;
  if (w1 === 0) {
    if (j1 !== 0 || j2 !== 0 || j3 !== 0) return false;
  } else {
    if (j1 >= jointCount || j1 === j0) return false;
    sum = Math.fround(sum + w1);
    tolerance += SUM_TOLERANCE_PER_WEIGHT;
    if (w2 === 0) {
      if (j2 !== 0 || j3 !== 0) return false;
    } else {
      if (j2 >= jointCount || j2 === j0 || j2 === j1) return false;
      sum = Math.fround(sum + w2);
      tolerance += SUM_TOLERANCE_PER_WEIGHT;
      if (w3 === 0) {
        if (j3 !== 0) return false;
      } else {
        if (j3 >= jointCount || j3 === j0 || j3 === j1 || j3 === j2) return false;
        sum = Math.fround(sum + w3);
        tolerance += SUM_TOLERANCE_PER_WEIGHT;
      }
    }
  }
  return Math.abs(sum - 1) <= tolerance;
}

/** The first invariant vertex `v` breaks, or null when it is legal. Does not allocate. */
export function checkVertexInvariants(
  sw: SkinWeights,
  v: number,
  options: CheckInvariantsOptions = CHECK_INVARIANTS_DEFAULTS,
): InvariantReason | null {
  const jointCount = options.jointCount ?? CHECK_INVARIANTS_DEFAULTS.jointCount;
  const K = sw.influences;
  return checkSlotInvariants(sw.joints, sw.weights, v * K, K, jointCount);
}

/** Fast boolean form of {@link checkVertexInvariants}. */
export function isLegalVertex(sw: SkinWeights, v: number, jointCount?: number): boolean {
  const K = sw.influences;
  return checkSlotInvariants(sw.joints, sw.weights, v * K, K, jointCount) === null;
}

/** Every vertex that breaks an invariant (at most `limit` of them, in vertex order). */
export function findInvariantViolations(
  sw: SkinWeights,
  options: CheckInvariantsOptions = CHECK_INVARIANTS_DEFAULTS,
): InvariantViolation[] {
  const { jointCount, limit } = { ...CHECK_INVARIANTS_DEFAULTS, ...options };
  const K = sw.influences;
  const out: InvariantViolation[] = [];
  for (let v = 0; v < sw.vertexCount && out.length < limit; v++) {
    const reason = checkSlotInvariants(sw.joints, sw.weights, v * K, K, jointCount);
    if (reason !== null) out.push({ vertex: v, reason });
  }
  return out;
}
