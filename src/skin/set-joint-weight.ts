/**
 * setJointWeight: the primitive every brush and weight tool is built on. Sets one joint's weight
 * at one vertex and renormalises the others around it, honouring locks.
 *
 * Two implementations with bit-identical results: {@link setJointWeightGeneral} (the reference,
 * built from the shared InfluenceScratch steps, handles every case) and a fused fast path for
 * what a brush stroke almost always meets (no locked influence, no fallback joint needed), which
 * {@link setJointWeight} tries first; for K = 4 the fast path runs in locals with a sorting
 * network (about 40% less time again than its loop form). A Draw dab calls this ~5,000 times
 * (the dab/draw/300k/5k budget depends on it). The K = 4 form is in set-joint-weight-fast4.ts.
 * test/skin/set-joint-weight-fast checks the two agree bit-for-bit on random vertices, locks
 * and values.
 */
import { type FallbackJoint, InfluenceScratch, isLocked } from './influence-scratch.ts';
import { isLegalVertex } from './invariants.ts';
import { DUPLICATE_JOINTS, setJointWeightFast4 } from './set-joint-weight-fast4.ts';
import type { SkinWeights } from './skin-weights.ts';

/** Outcome of {@link setJointWeight}. */
export type SetJointWeightOutcome =
  /** The vertex's slots changed. */
  | 'changed'
  /**
   * Nothing to do: already at that value, or 0 requested for an absent joint (also when the
   * locks leave no weight to give, so the request clamps to 0).
   */
  | 'unchanged'
  /** The joint itself is locked: vertex unchanged. */
  | 'locked'
  /** The request cannot be met without touching locked weights (or `x` is NaN): unchanged. */
  | 'refused';

/** Options of {@link setJointWeight}. */
export interface SetJointWeightOptions {
  /** Lock flags indexed by skin joint index (non-zero = locked); null for none. */
  locked?: Uint8Array | null;
  /**
   * Receives the weight the joint gives up when no other unlocked joint has any: called as
   * `fallbackJoint(v, joint)`, returns an unlocked joint other than `joint`, or -1 (refuse).
   */
  fallbackJoint?: FallbackJoint | null;
}

/** Defaults of {@link SetJointWeightOptions}. */
export const SET_JOINT_WEIGHT_DEFAULTS: Required<SetJointWeightOptions> = {
  locked: null,
  fallbackJoint: null,
};

const _s = new InfluenceScratch();

/**
 * Sets joint `joint`'s weight at vertex `v` to `x` and renormalises the rest, in place.
 *
 * Semantics (Blender's lock-aware "normalize all"):
 * - `x` is clamped to [0, 1], then to `1 - lockedSum` (the weight the locked joints leave):
 *   with joint A locked at 0.6, asking B for 0.7 gives B 0.4 and every other joint 0;
 * - locked joints keep their weights bit-for-bit; if `joint` itself is locked → 'locked';
 * - the other unlocked joints are scaled together to fill `1 - lockedSum - x`; if none of them
 *   has weight, that remainder goes to `fallbackJoint(v, joint)`, else the call is refused;
 * - when the vertex already has K influences and `joint` is not one of them, the weakest
 *   unlocked other influence is dropped first (its weight is redistributed by the scaling);
 *   if all K are locked → 'refused';
 * - the result is in canonical slot order with the float32 sum fixed up as the validator
 *   checks it; the fix-up nudges another unlocked joint when there is one, so `joint` gets
 *   exactly `Math.fround(x)` (after clamping) in the usual case.
 *
 * Does not allocate. Refused and locked calls leave the vertex bit-identical.
 */
export function setJointWeight(
  sw: SkinWeights,
  v: number,
  joint: number,
  x: number,
  options: SetJointWeightOptions = SET_JOINT_WEIGHT_DEFAULTS,
): SetJointWeightOutcome {
  return setJointWeightFast(sw, v, joint, x, options) ?? setJointWeightGeneral(sw, v, joint, x, options);
}

/**
 * The reference implementation of {@link setJointWeight}: every case (locked influences, the
 * fallback joint) through the shared InfluenceScratch steps. Same contract and results; slower.
 */
export function setJointWeightGeneral(
  sw: SkinWeights,
  v: number,
  joint: number,
  x: number,
  options: SetJointWeightOptions = SET_JOINT_WEIGHT_DEFAULTS,
): SetJointWeightOutcome {
  const locked = options.locked ?? null;
  if (isLocked(locked, joint)) return 'locked';
  if (Number.isNaN(x)) return 'refused';
  const K = sw.influences;
  const s = _s;
  s.load(sw, v);

  // 1. How much weight is there to give?
  const lockedSum = s.lockedSum(locked);
  const available = Math.max(0, 1 - lockedSum);
  const target = Math.min(Math.max(x, 0), available);

  // 2. Find (or make room for) the joint's entry.
  let ij = s.indexOf(joint);
  const current = ij < 0 ? 0 : s.weights[ij];
  if (Math.fround(target) === current && isLegalVertex(sw, v)) return 'unchanged';
  if (ij < 0) {
    if (s.count >= K) {
      const weakest = s.weakestUnlocked(locked, joint);
      if (weakest < 0) return 'refused';
      s.removeAt(weakest);
    }
    ij = s.push(joint, 0);
  }
  s.weights[ij] = target;

  // 3. The other unlocked joints fill what is left, in proportion to what they had.
  const rest = available - target;
  const others = s.unlockedSum(locked, joint);
  if (others > 0) {
    s.scaleUnlocked(locked, rest / others, joint);
  } else if (rest > 0) {
    const f = options.fallbackJoint ? options.fallbackJoint(v, joint) : -1;
    if (!(f >= 0) || f === joint || isLocked(locked, f)) return 'refused';
    s.compact();
    if (s.count >= K) return 'refused';
    s.push(f, rest);
  }

  // 4. Canonical float32 slots, sum fixed up away from `joint` where possible.
  s.compact();
  if (!s.pack(K, locked, joint)) return 'refused';
  return s.store(sw, v) ? 'changed' : 'unchanged';
}

/** Most influences per vertex the fast path handles (two glTF sets); more take the general path. */
const FAST_MAX_K = 8;

/**
 * Fast-path workspace: one vertex's entries (float64, as loaded) and its packed float32 slots.
 * Fixed-size constants rather than grown-on-demand `let`s: V8 then treats them as constants in
 * the fused loop (measured ~10% of a call).
 */
const _j = new Int32Array(FAST_MAX_K);
const _w = new Float64Array(FAST_MAX_K);
const _oj = new Uint16Array(FAST_MAX_K);
const _ow = new Float32Array(FAST_MAX_K);

/**
 * The common case of {@link setJointWeight}, fused into one function over flat scratch arrays:
 * `joint` is an unlocked skin joint index, `x` is a number, K ≤ 8, no influence of the vertex is
 * locked, and the other influences can take (or give) the weight without a fallback joint.
 * Otherwise it returns null having touched nothing, and the caller runs
 * {@link setJointWeightGeneral}.
 *
 * It performs the same float64 and float32 operations as the general path, in the same order, so
 * its results are bit-identical (test/skin/set-joint-weight-fast checks this on random vertices,
 * locks and values). What it leaves out, and why that changes nothing:
 * - the locks: with no locked influence the locked sum is exactly 0, `available` exactly 1, and
 *   every "unlocked only" filter keeps everything;
 * - the float64 sort before rounding: the joints are distinct, so (float32 weight descending,
 *   joint ascending) is a strict total order, and the one sort after rounding gives the slots the
 *   general path's two sorts give, whatever order the entries come in;
 * - compact + the float32 zero filter: `fround(w) > 0` holds exactly when both would keep `w`;
 * - the validator sum check and its fix-up: here it always passes (see step 5), so the general
 *   path never nudges a weight in this case.
 *
 * Internal (exported for the equivalence test). Does not allocate.
 */
export function setJointWeightFast(
  sw: SkinWeights,
  v: number,
  joint: number,
  x: number,
  options: SetJointWeightOptions = SET_JOINT_WEIGHT_DEFAULTS,
): SetJointWeightOutcome | null {
  const locked = options.locked ?? null;
  // A non-uint16 `joint` would be truncated in the slots, a NaN `x` is refused: general path.
  if ((joint & 0xffff) !== joint || Number.isNaN(x) || (locked !== null && locked[joint] > 0)) return null;
  const K = sw.influences;
  if (K === 4) {
    const outcome = setJointWeightFast4(sw, v, joint, x, locked);
    if (outcome !== DUPLICATE_JOINTS) return outcome;
  }
  return K > FAST_MAX_K ? null : setJointWeightFastLoop(sw, v, joint, x, locked);
}

/**
 * The loop form of {@link setJointWeightFast} (any K ≤ 8), once its checks passed. Kept apart so
 * the dispatcher above stays small enough for V8 to inline into the caller's loop.
 */
function setJointWeightFastLoop(
  sw: SkinWeights,
  v: number,
  joint: number,
  x: number,
  locked: Uint8Array | null,
): SetJointWeightOutcome | null {
  const K = sw.influences;
  const J = _j;
  const W = _w;
  const SJ = sw.joints;
  const SW = sw.weights;
  const base = v * K;

  // 1. Load as InfluenceScratch.load does: positive finite slots in slot order, duplicates merged.
  let n = 0;
  let ij = -1;
  for (let i = 0; i < K; i++) {
    const w = SW[base + i];
    if (!(w > 0 && w < Number.POSITIVE_INFINITY)) continue;
    const j = SJ[base + i];
    if (locked !== null && locked[j] > 0) return null;
    let k = 0;
    while (k < n && J[k] !== j) k++;
    if (k < n) {
      W[k] += w;
    } else {
      J[n] = j;
      W[n] = w;
      if (j === joint) ij = n;
      n++;
    }
  }

  // 2. Nothing locked: the whole unit is available. Find (or make room for) the joint's entry.
  const target = Math.min(Math.max(x, 0), 1);
  const current = ij < 0 ? 0 : W[ij];
  if (Math.fround(target) === current && isLegalVertex(sw, v)) return 'unchanged';
  if (ij < 0) {
    if (n >= K) {
      let weakest = 0; // the first of equal weakest, as weakestUnlocked
      for (let i = 1; i < n; i++) if (W[i] < W[weakest]) weakest = i;
      for (let i = weakest + 1; i < n; i++) {
        J[i - 1] = J[i];
        W[i - 1] = W[i];
      }
      n--;
    }
    J[n] = joint;
    ij = n++;
  }
  W[ij] = target;

  // 3. The others fill what is left, in proportion (float64, entry order, one factor).
  const rest = 1 - target;
  let others = 0;
  for (let i = 0; i < n; i++) if (i !== ij) others += W[i];
  if (others > 0) {
    const factor = rest / others;
    for (let i = 0; i < n; i++) if (i !== ij) W[i] *= factor;
  } else if (rest > 0) {
    return null; // the weight needs the fallback joint
  }

  // 4. Round to float32, drop what rounds to 0, insertion-sort into canonical order.
  const OJ = _oj;
  const OW = _ow;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const w = Math.fround(W[i]);
    if (!(w > 0)) continue;
    const j = J[i];
    let k = m - 1;
    while (k >= 0 && (OW[k] < w || (OW[k] === w && OJ[k] > j))) {
      OJ[k + 1] = OJ[k];
      OW[k + 1] = OW[k];
      k--;
    }
    OJ[k + 1] = j;
    OW[k + 1] = w;
    m++;
  }
  for (let i = m; i < K; i++) {
    OJ[i] = 0;
    OW[i] = 0;
  }

  // 5. No fix-up: the validator's float32 sum of these slots is always within tolerance, as
  //    the general path would find. With u = 2^-24 (float32 rounding) and m ≥ 1 slots:
  //    - the float64 entries sum to 1 within ~1e-15: `target + rest` is 1 up to one rounding of
  //      `1 - target`, and the scaled others sum to `rest` up to ~10 float64 roundings (no
  //      float64 underflow: loaded weights are ≥ 2^-149 and the factor ≥ 2^-53 / 8 / 2^128);
  //      with no others, `rest` is 0 and the joint alone holds exactly 1;
  //    - rounding each entry to float32 moves the total by ≤ u (relative), plus ≤ 2^-150 per
  //      entry below float32's normal range, so the kept slots sum to 1 within u + 1e-14
  //      (hence m ≥ 1);
  //    - each of the m - 1 float32 additions of the validator adds ≤ u · (1 + 1e-6) (partial
  //      sums stay ≤ 1 + 1e-6; the float64 add before `fround` costs ≤ 2^-53 more).
  //    So |sum - 1| ≤ m · 5.97e-8 + 1e-14 < m · 2e-7 ≤ the validator's tolerance for m slots.
  //    (The equivalence test also runs the general path, which would fix up, on extreme values.)

  // 6. Store (as InfluenceScratch.store).
  let changed = false;
  for (let i = 0; i < K; i++) {
    const j = OJ[i];
    const w = OW[i];
    if (SJ[base + i] !== j || !Object.is(SW[base + i], w)) {
      SJ[base + i] = j;
      SW[base + i] = w;
      changed = true;
    }
  }
  return changed ? 'changed' : 'unchanged';
}
