/**
 * repairImportedWeights: turns the raw JOINTS_n / WEIGHTS_n of a glTF primitive into a legal
 * {@link SkinWeights}, counting what was wrong.
 */
import { InfluenceScratch } from './influence-scratch.ts';
import { checkSlotInvariants, isLegalSlots4, SUM_TOLERANCE_PER_WEIGHT } from './invariants.ts';
import { SkinWeights } from './skin-weights.ts';

/** Why a vertex's weights had to change (a vertex may have several reasons). */
export type RepairReason =
  /** a weight was NaN or ±Infinity (treated as 0) */
  | 'nan'
  /** a weight was negative (treated as 0) */
  | 'negative'
  /** a joint appeared twice with non-zero weight (merged: weights summed, as shaders would) */
  | 'duplicate-joint'
  /** a joint index ≥ jointCount had non-zero weight (that influence dropped) */
  | 'joint-out-of-range'
  /** the weights did not sum to 1 within the validator's float32 tolerance (renormalised) */
  | 'sum'
  /** no usable weight at all (bound 100% to the fallback joint, else joint 0) */
  | 'all-zero'
  /** more than K non-zero influences (the K strongest kept, renormalised) */
  | 'too-many-influences';

/** Every {@link RepairReason}, in report order. */
export const REPAIR_REASONS: readonly RepairReason[] = [
  'nan',
  'negative',
  'duplicate-joint',
  'joint-out-of-range',
  'sum',
  'all-zero',
  'too-many-influences',
];

/** What {@link repairImportedWeights} found. */
export interface RepairReport {
  /** Vertices whose weights changed for at least one {@link RepairReason} (warn the user). */
  repairedVertices: number;
  /** Vertices per reason. */
  byReason: Record<RepairReason, number>;
  /**
   * Vertices that were only rearranged, not repaired: slots sorted strongest first, moved
   * between sets, unused slots reset to joint 0. Their weights keep their float32 values (in
   * the rare case the new summation order pushes the float32 sum past the validator's
   * tolerance, the largest weight is nudged by an ulp). Nothing to warn about.
   */
  reordered: number;
}

/** Options of {@link repairImportedWeights}. */
export interface RepairOptions {
  /**
   * Joint for a vertex with no usable weight (e.g. nearest bone), or -1. Absent or out of range:
   * joint 0, the only index every skin has (usually, not always, the root). Binding such a vertex
   * rigidly to some joint is better than leaving it at weight 0, which most engines render at
   * the origin (Σ w·S·v = 0).
   */
  fallbackJoint?: ((vertex: number, exclude: number) => number) | null;
}

/** Defaults of {@link RepairOptions}. */
export const REPAIR_DEFAULTS: Required<RepairOptions> = { fallbackJoint: null };

const NAN = 1;
const NEGATIVE = 2;
const DUPLICATE = 4;
const OUT_OF_RANGE = 8;
const SUM = 16;
const ALL_ZERO = 32;
const TOO_MANY = 64;

const _s = new InfluenceScratch();
let _candJoints = new Uint16Array(8);
let _candWeights = new Float32Array(8);

/**
 * Builds a legal K-influence {@link SkinWeights} from raw glTF sets.
 *
 * `joints[s]` / `weights[s]` are JOINTS_s / WEIGHTS_s, each `vertexCount * 4` long, weights
 * already decoded to floats (normalised unorm → [0, 1]). Set s component c maps to slot
 * `s * 4 + c`. Per vertex:
 *
 * 1. if the vertex is already legal in that layout (extra slots beyond K all zero), its slots
 *    are copied verbatim: float32 weights and joints bit-identical (-0 → +0 in unused slots;
 *    decoded unorm values are rounded to float32 first, as SkinWeights stores float32);
 * 2. else each influence is cleaned: NaN/∞ and negative weights count as 0, joints out of range
 *    with non-zero weight are dropped, duplicate joints merged (weights summed);
 * 3. nothing left → 100% on `fallbackJoint(v, -1)` (or joint 0);
 * 4. more than K left → keep the K strongest;
 * 5. if the float32 sum is off, rescale in float64; then write canonical float32 slots and fix up
 *    the float32 sum (see `normalizeVertex`).
 */
export function repairImportedWeights(
  joints: ArrayLike<number>[],
  weights: ArrayLike<number>[],
  vertexCount: number,
  jointCount: number,
  K = 4,
  options: RepairOptions = REPAIR_DEFAULTS,
): { weights: SkinWeights; report: RepairReport } {
  if (joints.length !== weights.length) throw new RangeError('need as many JOINTS_n as WEIGHTS_n sets');
  if (!(jointCount >= 1)) throw new RangeError(`a skin needs at least one joint (got ${jointCount})`);
  const sets = joints.length;
  for (let s = 0; s < sets; s++) {
    if (joints[s].length < vertexCount * 4 || weights[s].length < vertexCount * 4) {
      throw new RangeError(`JOINTS_${s}/WEIGHTS_${s} must hold ${vertexCount * 4} values`);
    }
  }
  const out = new SkinWeights(vertexCount, K);
  const byReason = Object.fromEntries(REPAIR_REASONS.map((r) => [r, 0])) as Record<RepairReason, number>;
  const report: RepairReport = { repairedVertices: 0, byReason, reordered: 0 };
  if (_candJoints.length < K) {
    _candJoints = new Uint16Array(K);
    _candWeights = new Float32Array(K);
  }
  const raw = sets * 4;
  const fallback = options.fallbackJoint ?? null;
  // Most files: one set of four, already legal. Copy them in bulk and check each vertex in place
  // (monomorphic typed arrays); only the vertices that fail take the per-vertex path below.
  const bulk = sets === 1 && K === 4 && copyInBulk(joints[0], weights[0], out, vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const base = v * K;
    if (bulk && isLegalSlots4(out.joints, out.weights, base, jointCount)) {
      // Unused slots hold +0 (a file's -0 passes the check).
      for (let i = base; i < base + 4; i++) if (out.weights[i] === 0) out.weights[i] = 0;
      continue;
    }
    if (copyIfLegal(joints, weights, v, K, raw, jointCount)) {
      out.joints.set(_candJoints.subarray(0, K), base);
      out.weights.set(_candWeights.subarray(0, K), base);
      continue;
    }
    // 2. clean
    let reasons = 0;
    const s = _s;
    s.clear();
    for (let i = 0; i < raw; i++) {
      const set = i >> 2;
      const w = weights[set][v * 4 + (i & 3)];
      const j = joints[set][v * 4 + (i & 3)];
      if (!Number.isFinite(w)) reasons |= NAN;
      else if (w < 0) reasons |= NEGATIVE;
      else if (w === 0) continue;
      else if (!(j >= 0 && j < jointCount && Number.isInteger(j))) reasons |= OUT_OF_RANGE;
      else if (s.add(j, w)) reasons |= DUPLICATE;
    }
    // 3. nothing left
    if (s.count === 0) {
      reasons |= ALL_ZERO;
      const f = fallback ? fallback(v, -1) : -1;
      s.push(f >= 0 && f < jointCount && Number.isInteger(f) ? f : 0, 1);
    } else if (!entriesSumToOne()) {
      reasons |= SUM;
    }
    // 4. too many
    if (s.count > K) {
      reasons |= TOO_MANY;
      s.sort();
      s.count = K;
    }
    // 5. rescale when needed, then canonical slots with the float32 fix-up
    if (!entriesSumToOne()) {
      let total = 0;
      for (let i = 0; i < s.count; i++) total += s.weights[i];
      for (let i = 0; i < s.count; i++) s.weights[i] /= total;
    }
    if (!s.pack(K, null)) throw new Error(`internal: could not repair vertex ${v}`);
    out.joints.set(s.outJoints.subarray(0, K), base);
    out.weights.set(s.outWeights.subarray(0, K), base);
    if (reasons === 0) {
      report.reordered++;
      continue;
    }
    report.repairedVertices++;
    for (let r = 0; r < REPAIR_REASONS.length; r++) if (reasons & (1 << r)) byReason[REPAIR_REASONS[r]]++;
  }
  return { weights: out, report };
}

/**
 * Copies one raw set into `out` as its slots when the joints are integer typed arrays (JOINTS_n
 * as glTF allows them); float32 rounding of the weights is the same as the per-vertex copy's.
 * False (nothing copied) for any other layout.
 */
function copyInBulk(
  joints: ArrayLike<number>,
  weights: ArrayLike<number>,
  out: SkinWeights,
  vertexCount: number,
): boolean {
  if (!(joints instanceof Uint8Array || joints instanceof Uint16Array)) return false;
  if (!(weights instanceof Float32Array || weights instanceof Float64Array)) return false;
  const n = vertexCount * 4;
  out.joints.set(joints.length === n ? joints : joints.subarray(0, n));
  out.weights.set(weights.length === n ? weights : weights.subarray(0, n));
  return true;
}

/** Lays vertex v's raw slots out as K candidate slots; true when they are legal as they stand. */
function copyIfLegal(
  joints: ArrayLike<number>[],
  weights: ArrayLike<number>[],
  v: number,
  K: number,
  raw: number,
  jointCount: number,
): boolean {
  for (let i = K; i < raw; i++) if (weights[i >> 2][v * 4 + (i & 3)] !== 0) return false;
  for (let i = 0; i < K; i++) {
    if (i < raw) {
      const w = weights[i >> 2][v * 4 + (i & 3)];
      const j = joints[i >> 2][v * 4 + (i & 3)];
      if (!(j >= 0 && j <= 0xffff && Number.isInteger(j))) return false;
      _candWeights[i] = w === 0 ? 0 : w; // stored as float32 (decoded unorm values round here)
      _candJoints[i] = j;
    } else {
      _candWeights[i] = 0;
      _candJoints[i] = 0;
    }
  }
  return checkSlotInvariants(_candJoints, _candWeights, 0, K, jointCount) === null;
}

/** True when the scratch entries, in their current order, sum to 1 as the validator checks. */
function entriesSumToOne(): boolean {
  const s = _s;
  let sum = 0;
  let tolerance = 0;
  for (let i = 0; i < s.count; i++) {
    sum = Math.fround(sum + Math.fround(s.weights[i]));
    tolerance += SUM_TOLERANCE_PER_WEIGHT;
  }
  return Math.abs(sum - 1) <= tolerance;
}
