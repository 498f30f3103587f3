/**
 * setJointWeight: the primitive every brush and weight tool is built on. Sets one joint's weight
 * at one vertex and renormalises the others around it, honouring locks.
 *
 * Two implementations with bit-identical results: {@link setJointWeightGeneral} (the reference,
 * built from the shared InfluenceScratch steps, handles every case) and a fused fast path for
 * what a brush stroke almost always meets (no locked influence, no fallback joint needed), which
 * {@link setJointWeight} tries first; for K = 4 the fast path runs in locals with a sorting
 * network (about 40% less time again than its loop form). A Draw dab calls this ~5,000 times
 * (the dab/draw/300k/5k budget of issue 4 depends on it).
 * test/skin/set-joint-weight-fast checks the two agree bit-for-bit on random vertices, locks
 * and values.
 */
import { type FallbackJoint, InfluenceScratch, isLocked } from './influence-scratch.ts';
import { isLegalVertex } from './invariants.ts';
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

/** What {@link setJointWeightFast4} returns for a vertex it leaves to the loop version. */
const DUPLICATE_JOINTS = 'duplicate-joints';

/**
 * {@link setJointWeightFast} for K = 4 (one glTF set, the usual case) in locals: fixed trip
 * counts instead of loops over a varying entry count (whose exits mispredict), a sorting
 * network instead of insertion sort. The same float64 and float32 operations in the same order,
 * hence the same bits (the equivalence test runs K = 4 and 8). Returns null where the loop version
 * would, and {@link DUPLICATE_JOINTS} (having touched nothing) where two live slots share a joint,
 * which only the loop version merges.
 */
function setJointWeightFast4(
  sw: SkinWeights,
  v: number,
  joint: number,
  x: number,
  locked: Uint8Array | null,
): SetJointWeightOutcome | null | typeof DUPLICATE_JOINTS {
  const SJ = sw.joints;
  const SW = sw.weights;
  const b = v * 4;
  // Slots in slot order; a dead slot (not positive and finite) counts as weight 0, which adds
  // nothing to the float64 sums below and is dropped with the zeros.
  let j0 = SJ[b];
  let j1 = SJ[b + 1];
  let j2 = SJ[b + 2];
  let j3 = SJ[b + 3];
  let w0: number = SW[b];
  let w1: number = SW[b + 1];
  let w2: number = SW[b + 2];
  let w3: number = SW[b + 3];
  const live0 = w0 > 0 && w0 < Number.POSITIVE_INFINITY;
  const live1 = w1 > 0 && w1 < Number.POSITIVE_INFINITY;
  const live2 = w2 > 0 && w2 < Number.POSITIVE_INFINITY;
  const live3 = w3 > 0 && w3 < Number.POSITIVE_INFINITY;
  if (!live0) w0 = 0;
  if (!live1) w1 = 0;
  if (!live2) w2 = 0;
  if (!live3) w3 = 0;
  if (
    (live0 && live1 && j0 === j1) ||
    (live0 && live2 && j0 === j2) ||
    (live0 && live3 && j0 === j3) ||
    (live1 && live2 && j1 === j2) ||
    (live1 && live3 && j1 === j3) ||
    (live2 && live3 && j2 === j3)
  )
    return DUPLICATE_JOINTS;
  if (
    locked !== null &&
    ((live0 && locked[j0] > 0) ||
      (live1 && locked[j1] > 0) ||
      (live2 && locked[j2] > 0) ||
      (live3 && locked[j3] > 0))
  )
    return null;
  let at =
    live0 && j0 === joint
      ? 0
      : live1 && j1 === joint
        ? 1
        : live2 && j2 === joint
          ? 2
          : live3 && j3 === joint
            ? 3
            : -1;
  const target = Math.min(Math.max(x, 0), 1);
  const current = at === 0 ? w0 : at === 1 ? w1 : at === 2 ? w2 : at === 3 ? w3 : 0;
  if (Math.fround(target) === current && isLegalVertex(sw, v)) return 'unchanged';
  if (at < 0) {
    // The joint takes a dead slot, or (all four live) the weakest one's, the first of equal
    // weakest: the loop version drops that entry and appends the joint, which leaves the others
    // in the same order.
    if (!live0) at = 0;
    else if (!live1) at = 1;
    else if (!live2) at = 2;
    else if (!live3) at = 3;
    else {
      at = 0;
      let least = w0;
      if (w1 < least) {
        at = 1;
        least = w1;
      }
      if (w2 < least) {
        at = 2;
        least = w2;
      }
      if (w3 < least) at = 3;
    }
    if (at === 0) j0 = joint;
    else if (at === 1) j1 = joint;
    else if (at === 2) j2 = joint;
    else j3 = joint;
  }
  // The others fill what is left, in proportion (float64, slot order, one factor).
  const rest = 1 - target;
  let others = 0;
  if (at !== 0) others += w0;
  if (at !== 1) others += w1;
  if (at !== 2) others += w2;
  if (at !== 3) others += w3;
  if (others > 0) {
    const factor = rest / others;
    w0 *= factor;
    w1 *= factor;
    w2 *= factor;
    w3 *= factor;
  } else if (rest > 0) {
    return null; // the weight needs the fallback joint
  }
  if (at === 0) w0 = target;
  else if (at === 1) w1 = target;
  else if (at === 2) w2 = target;
  else w3 = target;
  // float32, then canonical order (weight descending, joint ascending) by a sorting network;
  // zeros sort last and become joint 0 weight 0.
  w0 = Math.fround(w0);
  w1 = Math.fround(w1);
  w2 = Math.fround(w2);
  w3 = Math.fround(w3);
  let t: number;
  if (w1 > w0 || (w1 === w0 && j1 < j0)) {
    t = w0;
    w0 = w1;
    w1 = t;
    t = j0;
    j0 = j1;
    j1 = t;
  }
  if (w3 > w2 || (w3 === w2 && j3 < j2)) {
    t = w2;
    w2 = w3;
    w3 = t;
    t = j2;
    j2 = j3;
    j3 = t;
  }
  if (w2 > w0 || (w2 === w0 && j2 < j0)) {
    t = w0;
    w0 = w2;
    w2 = t;
    t = j0;
    j0 = j2;
    j2 = t;
  }
  if (w3 > w1 || (w3 === w1 && j3 < j1)) {
    t = w1;
    w1 = w3;
    w3 = t;
    t = j1;
    j1 = j3;
    j3 = t;
  }
  if (w2 > w1 || (w2 === w1 && j2 < j1)) {
    t = w1;
    w1 = w2;
    w2 = t;
    t = j1;
    j1 = j2;
    j2 = t;
  }
  if (!(w0 > 0)) j0 = 0;
  if (!(w1 > 0)) j1 = 0;
  if (!(w2 > 0)) j2 = 0;
  if (!(w3 > 0)) j3 = 0;
  let changed = false;
  if (SJ[b] !== j0 || !Object.is(SW[b], w0)) {
    SJ[b] = j0;
    SW[b] = w0;
    changed = true;
  }
  if (SJ[b + 1] !== j1 || !Object.is(SW[b + 1], w1)) {
    SJ[b + 1] = j1;
    SW[b + 1] = w1;
    changed = true;
  }
  if (SJ[b + 2] !== j2 || !Object.is(SW[b + 2], w2)) {
    SJ[b + 2] = j2;
    SW[b + 2] = w2;
    changed = true;
  }
  if (SJ[b + 3] !== j3 || !Object.is(SW[b + 3], w3)) {
    SJ[b + 3] = j3;
    SW[b + 3] = w3;
    changed = true;
  }
  return changed ? 'changed' : 'unchanged';
}
