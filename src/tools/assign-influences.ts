/**
 * InfluenceSum / assignInfluences: the write path of the tools that compute a vertex's new
 * influences from elsewhere (smooth, mirror, paste, weld). A tool sums weighted influences into
 * an {@link InfluenceSum}, then {@link assignInfluences} writes them lock-aware: locked joints
 * keep their weights bit for bit and the sum's unlocked joints share what the locks leave, in
 * proportion, limited to the K strongest (DESIGN.md invariants 1–3).
 */
import { type FallbackJoint, InfluenceScratch, isLocked, rebalance } from '../skin/influence-scratch.ts';
import { isLegalVertex } from '../skin/invariants.ts';
import type { VertexOutcome } from '../skin/normalize.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/**
 * A dense per-joint float64 sum with a list of the joints touched, so clearing and reading cost
 * only what was added. Allocated once per tool run (sized to the skin's joints), never per vertex.
 */
export class InfluenceSum {
  readonly weights: Float64Array;
  /** Joints with an entry, in order of first addition. */
  readonly joints: Int32Array;
  count = 0;
  private readonly has: Uint8Array;

  constructor(jointCount: number) {
    this.weights = new Float64Array(jointCount);
    this.joints = new Int32Array(jointCount);
    this.has = new Uint8Array(jointCount);
  }

  clear(): void {
    for (let k = 0; k < this.count; k++) {
      const j = this.joints[k];
      this.weights[j] = 0;
      this.has[j] = 0;
    }
    this.count = 0;
  }

  /** Adds `w` to joint `j` (joints outside the skin are ignored). */
  add(j: number, w: number): void {
    if (!(j >= 0 && j < this.weights.length)) return;
    if (!this.has[j]) {
      this.has[j] = 1;
      this.joints[this.count++] = j;
    }
    this.weights[j] += w;
  }

  /**
   * Adds `scale` × the positive influences of vertex `v` of `sw`, through `map` (skin joint →
   * joint to add to, e.g. the mirror pairs) when given.
   */
  addVertex(sw: SkinWeights, v: number, scale: number, map: Int32Array | null = null): void {
    const K = sw.influences;
    for (let i = 0; i < K; i++) {
      const w = sw.weights[v * K + i];
      if (!(w > 0)) continue;
      const j = sw.joints[v * K + i];
      this.add(map && j < map.length ? map[j] : j, w * scale);
    }
  }

  /** The summed weight of joint `j`. */
  weightOf(j: number): number {
    return j >= 0 && j < this.weights.length ? this.weights[j] : 0;
  }
}

const _s = new InfluenceScratch();

/**
 * Writes `sum` to vertex `v` of `sw`, in place:
 *
 * 1. the vertex's locked influences are kept as they are; the sum's weights on locked joints
 *    are dropped (a lock means "this joint's weight here does not change");
 * 2. the sum's positive unlocked entries are added; if more than K influences result, the
 *    strongest unlocked ones are kept;
 * 3. the unlocked entries are scaled together to fill `1 - lockedSum` (float64), packed into
 *    canonical float32 slots with the validator's sum fixed up (as `normalizeVertex`); when they
 *    have no weight, the remainder goes to `fallback(v, -1)`.
 *
 * A legal vertex whose unlocked slots already hold exactly the sum's weights (in float32) is
 * left untouched, so copying weights onto a vertex that has them changes no bit. Returns
 * 'refused' (vertex unchanged) when no legal result keeps the locked weights.
 */
export function assignInfluences(
  sw: SkinWeights,
  v: number,
  sum: InfluenceSum,
  locked: Uint8Array | null,
  fallback: FallbackJoint | null = null,
): VertexOutcome {
  if (holdsSum(sw, v, sum, locked)) return 'unchanged';
  const K = sw.influences;
  const s = _s;
  s.clear();
  s.reserve(K + sum.count);
  for (let i = 0; i < K; i++) {
    const w = sw.weights[v * K + i];
    const j = sw.joints[v * K + i];
    if (w > 0 && isLocked(locked, j)) s.add(j, w);
  }
  for (let k = 0; k < sum.count; k++) {
    const j = sum.joints[k];
    const w = sum.weights[j];
    if (w > 0 && w < Number.POSITIVE_INFINITY && !isLocked(locked, j)) s.push(j, w);
  }
  if (!s.keepStrongest(K, locked) || !rebalance(s, K, locked, fallback, v)) return 'refused';
  return s.store(sw, v) ? 'changed' : 'unchanged';
}

/** True when vertex `v` is legal and its unlocked influences are exactly the sum's (float32). */
function holdsSum(sw: SkinWeights, v: number, sum: InfluenceSum, locked: Uint8Array | null): boolean {
  const K = sw.influences;
  let held = 0;
  for (let i = 0; i < K; i++) {
    const w = sw.weights[v * K + i];
    const j = sw.joints[v * K + i];
    if (!(w > 0) || isLocked(locked, j)) continue;
    if (Math.fround(sum.weightOf(j)) !== w) return false;
    held++;
  }
  let wanted = 0;
  for (let k = 0; k < sum.count; k++) {
    const j = sum.joints[k];
    if (sum.weights[j] > 0 && !isLocked(locked, j)) wanted++;
  }
  return held === wanted && isLegalVertex(sw, v);
}
