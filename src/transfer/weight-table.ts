/**
 * WeightTable: up to `slots` (joint, weight) entries per welded vertex of a transfer target, in
 * float64 — the transfer's working weights before they are limited to K and written as float32
 * slots. A joint of -1 marks an empty entry.
 */
import type { InfluenceSum } from '../tools/assign-influences.ts';

/** Entries kept per vertex while transferring: enough that limiting to K = 8 loses nothing. */
export const TABLE_SLOTS = 8;

export class WeightTable {
  readonly count: number;
  readonly slots: number;
  readonly joints: Int32Array;
  readonly weights: Float64Array;

  constructor(count: number, slots = TABLE_SLOTS) {
    this.count = count;
    this.slots = slots;
    this.joints = new Int32Array(count * slots).fill(-1);
    this.weights = new Float64Array(count * slots);
  }

  /** Stores the strongest `slots` positive entries of `sum` at vertex `u`, scaled to sum 1. */
  setFromSum(u: number, sum: InfluenceSum): void {
    const S = this.slots;
    const base = u * S;
    this.joints.fill(-1, base, base + S);
    this.weights.fill(0, base, base + S);
    let kept = 0;
    for (let k = 0; k < sum.count; k++) {
      const j = sum.joints[k];
      const w = sum.weights[j];
      if (!(w > 0 && w < Number.POSITIVE_INFINITY)) continue;
      kept = insertStrongest(this.joints, this.weights, base, S, kept, j, w);
    }
    this.normalise(u);
  }

  /** Adds `scale` × vertex `u`'s entries to `sum`. */
  addTo(u: number, sum: InfluenceSum, scale = 1): void {
    const S = this.slots;
    for (let i = u * S; i < u * S + S; i++) {
      const j = this.joints[i];
      if (j >= 0) sum.add(j, this.weights[i] * scale);
    }
  }

  /** Weight of joint `j` at vertex `u`. */
  weightOf(u: number, j: number): number {
    const S = this.slots;
    for (let i = u * S; i < u * S + S; i++) if (this.joints[i] === j) return this.weights[i];
    return 0;
  }

  /** Copies vertex `from`'s entries to vertex `to`. */
  copy(from: number, to: number): void {
    const S = this.slots;
    this.joints.copyWithin(to * S, from * S, from * S + S);
    this.weights.copyWithin(to * S, from * S, from * S + S);
  }

  /** Scales vertex `u`'s entries to sum 1 (no-op when it has none). */
  normalise(u: number): void {
    const S = this.slots;
    let total = 0;
    for (let i = u * S; i < u * S + S; i++) if (this.joints[i] >= 0) total += this.weights[i];
    if (!(total > 0)) return;
    for (let i = u * S; i < u * S + S; i++) if (this.joints[i] >= 0) this.weights[i] /= total;
  }

  /** True when vertex `u` has at least one entry. */
  has(u: number): boolean {
    return this.joints[u * this.slots] >= 0;
  }
}

/**
 * Inserts (j, w) into the descending list of `kept` entries at `base`, dropping the weakest when
 * full; returns the new count.
 */
export function insertStrongest(
  joints: Int32Array,
  weights: Float64Array,
  base: number,
  slots: number,
  kept: number,
  j: number,
  w: number,
): number {
  let at = kept;
  while (at > 0 && weights[base + at - 1] < w) at--;
  if (at >= slots) return kept;
  const last = Math.min(kept, slots - 1);
  for (let i = last; i > at; i--) {
    joints[base + i] = joints[base + i - 1];
    weights[base + i] = weights[base + i - 1];
  }
  joints[base + at] = j;
  weights[base + at] = w;
  return Math.min(kept + 1, slots);
}
