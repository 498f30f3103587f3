/**
 * Internal per-vertex workspace shared by the weight operations (not part of the public API).
 *
 * An {@link InfluenceScratch} holds one vertex's influences as a short list of (joint, float64
 * weight) entries while an operation edits them, then {@link InfluenceScratch.pack}s them into
 * K canonical float32 slots and fixes up the float32 sum, and {@link InfluenceScratch.store}s
 * them back. Each operation module owns one instance (module-level, grown on demand, so the
 * per-vertex loops never allocate).
 *
 * Canonical slot order: weight descending; ties by joint index ascending; unused slots are
 * joint 0 weight 0.
 */
import { isUnitWeightSumUnique, validatorWeightSum } from './invariants.ts';
import type { SkinWeights } from './skin-weights.ts';

/** Returns a skin joint index (unlocked) to receive weight a vertex has nowhere else to put, or -1. */
export type FallbackJoint = (vertex: number, exclude: number) => number;

/** Most fix-up rounds {@link InfluenceScratch.pack} tries before giving up. */
const MAX_FIXUP_ROUNDS = 8;

/** True when `joint` is locked in the (joint-indexed) mask. */
export function isLocked(locked: Uint8Array | null | undefined, joint: number): boolean {
  return locked != null && locked[joint] > 0;
}

export class InfluenceScratch {
  joints = new Int32Array(16);
  weights = new Float64Array(16);
  count = 0;
  outJoints = new Uint16Array(8);
  outWeights = new Float32Array(8);

  /** Makes room for `n` entries (allocates only when growing). */
  reserve(n: number): void {
    if (n <= this.joints.length) return;
    const size = Math.max(n, this.joints.length * 2);
    const joints = new Int32Array(size);
    const weights = new Float64Array(size);
    joints.set(this.joints);
    weights.set(this.weights);
    this.joints = joints;
    this.weights = weights;
  }

  clear(): void {
    this.count = 0;
  }

  indexOf(joint: number): number {
    for (let i = 0; i < this.count; i++) if (this.joints[i] === joint) return i;
    return -1;
  }

  /** Appends an entry; returns its index. */
  push(joint: number, weight: number): number {
    this.reserve(this.count + 1);
    this.joints[this.count] = joint;
    this.weights[this.count] = weight;
    return this.count++;
  }

  /** Adds `weight` to `joint`'s entry, creating it when missing; returns true when it merged. */
  add(joint: number, weight: number): boolean {
    const i = this.indexOf(joint);
    if (i < 0) {
      this.push(joint, weight);
      return false;
    }
    this.weights[i] += weight;
    return true;
  }

  removeAt(i: number): void {
    for (let k = i + 1; k < this.count; k++) {
      this.joints[k - 1] = this.joints[k];
      this.weights[k - 1] = this.weights[k];
    }
    this.count--;
  }

  /** Drops entries whose weight is not > 0. */
  compact(): void {
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      if (this.weights[i] > 0) {
        this.joints[n] = this.joints[i];
        this.weights[n] = this.weights[i];
        n++;
      }
    }
    this.count = n;
  }

  /** Loads vertex `v`'s positive finite slots, merging duplicate joints (weights summed). */
  load(sw: SkinWeights, v: number): void {
    const K = sw.influences;
    const base = v * K;
    this.clear();
    this.reserve(K);
    for (let i = 0; i < K; i++) {
      const w = sw.weights[base + i];
      if (w > 0 && w < Number.POSITIVE_INFINITY) this.add(sw.joints[base + i], w);
    }
  }

  /** Sorts entries into canonical order (stable insertion sort; counts are tiny). */
  sort(): void {
    const J = this.joints;
    const W = this.weights;
    for (let i = 1; i < this.count; i++) {
      const j = J[i];
      const w = W[i];
      let k = i - 1;
      while (k >= 0 && (W[k] < w || (W[k] === w && J[k] > j))) {
        J[k + 1] = J[k];
        W[k + 1] = W[k];
        k--;
      }
      J[k + 1] = j;
      W[k + 1] = w;
    }
  }

  /** Sum of locked entries' weights (float64). */
  lockedSum(locked: Uint8Array | null): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) if (isLocked(locked, this.joints[i])) sum += this.weights[i];
    return sum;
  }

  /** Sum of unlocked entries' weights other than `exclude`'s (float64). */
  unlockedSum(locked: Uint8Array | null, exclude = -1): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) {
      const j = this.joints[i];
      if (j !== exclude && !isLocked(locked, j)) sum += this.weights[i];
    }
    return sum;
  }

  /** Scales unlocked entries other than `exclude` by `factor`. */
  scaleUnlocked(locked: Uint8Array | null, factor: number, exclude = -1): void {
    for (let i = 0; i < this.count; i++) {
      const j = this.joints[i];
      if (j !== exclude && !isLocked(locked, j)) this.weights[i] *= factor;
    }
  }

  /** Index of the weakest unlocked entry other than `exclude` (-1 when none). */
  weakestUnlocked(locked: Uint8Array | null, exclude = -1): number {
    let best = -1;
    for (let i = 0; i < this.count; i++) {
      const j = this.joints[i];
      if (j === exclude || isLocked(locked, j)) continue;
      if (best < 0 || this.weights[i] < this.weights[best]) best = i;
    }
    return best;
  }

  /**
   * Keeps every locked entry and the strongest unlocked ones, `max` entries in all (sorts).
   * Returns false (entries untouched apart from order) when more than `max` are locked.
   */
  keepStrongest(max: number, locked: Uint8Array | null): boolean {
    if (this.count <= max) return true;
    this.sort();
    let lockedCount = 0;
    for (let i = 0; i < this.count; i++) if (isLocked(locked, this.joints[i])) lockedCount++;
    if (lockedCount > max) return false;
    let room = max - lockedCount;
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const j = this.joints[i];
      if (!isLocked(locked, j)) {
        if (room === 0) continue;
        room--;
      }
      this.joints[n] = j;
      this.weights[n] = this.weights[i];
      n++;
    }
    this.count = n;
    return true;
  }

  private sortOut(K: number): void {
    const J = this.outJoints;
    const W = this.outWeights;
    for (let i = 1; i < K; i++) {
      const j = J[i];
      const w = W[i];
      let k = i - 1;
      while (k >= 0 && (W[k] < w || (W[k] === w && J[k] > j))) {
        J[k + 1] = J[k];
        W[k + 1] = W[k];
        k--;
      }
      J[k + 1] = j;
      W[k + 1] = w;
    }
  }

  /**
   * Packs the entries into K canonical float32 slots (`outJoints`/`outWeights`) without touching
   * the sum. Returns false when more than K entries are non-zero in float32.
   */
  packSlots(K: number): boolean {
    if (this.outJoints.length < K) {
      this.outJoints = new Uint16Array(K);
      this.outWeights = new Float32Array(K);
    }
    const J = this.outJoints;
    const W = this.outWeights;
    this.sort();
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const w = Math.fround(this.weights[i]);
      if (!(w > 0)) continue;
      if (n >= K) return false;
      J[n] = this.joints[i];
      W[n] = w;
      n++;
    }
    for (let i = n; i < K; i++) {
      J[i] = 0;
      W[i] = 0;
    }
    this.sortOut(n); // distinct float64 weights can round to the same float32: re-break ties
    return true;
  }

  /**
   * {@link packSlots}, then, while the validator's float32 sum is out of tolerance, adds the
   * float32 residual to the largest unlocked weight (preferring a joint other than `protect`)
   * and re-sorts. Locked weights are copied bit-for-bit. Returns false (slots unusable) when
   * more than K entries are non-zero or the sum cannot be fixed without touching locked weights.
   */
  pack(K: number, locked: Uint8Array | null, protect = -1): boolean {
    if (!this.packSlots(K)) return false;
    const J = this.outJoints;
    const W = this.outWeights;
    for (let round = 0; round < MAX_FIXUP_ROUNDS; round++) {
      if (isUnitWeightSumUnique(W, 0, K)) return true;
      let a = -1;
      let p = -1;
      for (let i = 0; i < K && a < 0; i++) {
        if (!(W[i] > 0) || isLocked(locked, J[i])) continue;
        if (J[i] === protect) p = i;
        else a = i;
      }
      if (a < 0) a = p;
      if (a < 0) return false;
      const sum = validatorWeightSum(J, W, 0, K);
      const w = Math.fround(W[a] + (1 - sum));
      if (!(w > 0)) return false;
      W[a] = w;
      this.sortOut(K);
    }
    return isUnitWeightSumUnique(W, 0, K);
  }

  /** Writes the packed slots to vertex `v`; returns true when any slot changed. */
  store(sw: SkinWeights, v: number): boolean {
    const K = sw.influences;
    const base = v * K;
    let changed = false;
    for (let i = 0; i < K; i++) {
      const j = this.outJoints[i];
      const w = this.outWeights[i];
      if (sw.joints[base + i] !== j || !Object.is(sw.weights[base + i], w)) {
        sw.joints[base + i] = j;
        sw.weights[base + i] = w;
        changed = true;
      }
    }
    return changed;
  }
}

/**
 * Lock-aware normalisation of the loaded entries (Blender's "normalize all, locked"), then
 * {@link InfluenceScratch.pack}. Locked entries keep their weights; the remainder
 * `max(0, 1 - lockedSum)` goes to the unlocked entries in proportion to what they had. When the
 * unlocked entries have no weight and the locked ones alone don't sum to 1, the remainder goes
 * to `fallback(v, exclude)` (which must name an unlocked joint other than `exclude`), else the
 * call fails. At most `maxCount` influences may result. Returns false when the vertex cannot be
 * made legal (the caller leaves it unchanged).
 */
export function rebalance(
  s: InfluenceScratch,
  K: number,
  locked: Uint8Array | null,
  fallback: FallbackJoint | null | undefined,
  v: number,
  exclude = -1,
  maxCount = K,
): boolean {
  s.compact();
  const lockedSum = s.lockedSum(locked);
  const unlockedSum = s.unlockedSum(locked);
  const remainder = 1 - lockedSum;
  if (unlockedSum > 0) {
    s.scaleUnlocked(locked, remainder > 0 ? remainder / unlockedSum : 0);
    return s.pack(K, locked);
  }
  if (s.count > 0 && s.pack(K, locked)) return true;
  if (!(remainder > 0) || !fallback) return false;
  const f = fallback(v, exclude);
  if (!(f >= 0) || f === exclude || isLocked(locked, f) || s.indexOf(f) >= 0) return false;
  if (s.count >= Math.min(K, maxCount)) return false;
  s.push(f, remainder);
  return s.pack(K, locked);
}
