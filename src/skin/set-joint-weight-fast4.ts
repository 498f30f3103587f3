/**
 * setJointWeightFast4: the K = 4 form of set-joint-weight.ts's fast path (one glTF set, what
 * almost every vertex a brush meets has), in locals and a sorting network. Internal to
 * set-joint-weight.ts, which calls it after its checks; in a file of its own so the reference
 * and the loop form read without it.
 */
import { isLegalVertex } from './invariants.ts';
import type { SetJointWeightOutcome } from './set-joint-weight.ts';
import type { SkinWeights } from './skin-weights.ts';

/** What {@link setJointWeightFast4} returns for a vertex it leaves to the loop version. */
export const DUPLICATE_JOINTS = 'duplicate-joints';

/**
 * {@link setJointWeightFast} for K = 4 (one glTF set, the usual case) in locals: fixed trip
 * counts instead of loops over a varying entry count (whose exits mispredict), a sorting
 * network instead of insertion sort. The same float64 and float32 operations in the same order,
 * hence the same bits (the equivalence test runs K = 4 and 8). Returns null where the loop version
 * would, and {@link DUPLICATE_JOINTS} (having touched nothing) where two live slots share a joint,
 * which only the loop version merges.
 */
export function setJointWeightFast4(
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
