/**
 * setJointWeight: the primitive every brush and weight tool is built on. Sets one joint's weight
 * at one vertex and renormalises the others around it, honouring locks.
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
