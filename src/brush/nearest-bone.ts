/**
 * NearestBone: where weight goes when a vertex has no other unlocked influence to take it —
 * the nearest unlocked joint by distance to its bone (the segment from the joint to each child
 * joint; a point for leaf joints). Never "silently nowhere".
 */
import type { FallbackJoint } from '../skin/normalize.ts';

/** One skin's joints as the fallback needs them (indices are skin joint indices). */
export interface BoneInput {
  /** Bind-pose world position of each skin joint. */
  positions: readonly (readonly [number, number, number])[];
  /** Parent skin joint of each joint (-1 for none inside the skin). */
  parents: ArrayLike<number>;
  /** Joints that must never receive weight (e.g. `_End` tips); optional. */
  excluded?: ArrayLike<number>;
}

export class NearestBone {
  /** Vertex positions the `v` of {@link fn} indexes: set to the current part before use. */
  positions: Float32Array = new Float32Array(0);
  /** Lock flags by skin joint (non-zero = locked). */
  locked: Uint8Array | null = null;
  /** The callback for `setJointWeight` / `normalizeVertex` (bound once, no allocation per call). */
  readonly fn: FallbackJoint;
  private readonly segments: Float64Array;
  private readonly owner: Int32Array;
  private readonly excluded: Uint8Array;

  constructor(input: BoneInput) {
    const n = input.positions.length;
    const segs: number[] = [];
    const owner: number[] = [];
    const hasChild = new Uint8Array(n);
    for (let c = 0; c < n; c++) {
      const p = input.parents[c];
      if (p < 0 || p >= n) continue;
      hasChild[p] = 1;
      segs.push(...input.positions[p], ...input.positions[c]);
      owner.push(p);
    }
    for (let j = 0; j < n; j++) {
      if (hasChild[j]) continue;
      segs.push(...input.positions[j], ...input.positions[j]);
      owner.push(j);
    }
    this.segments = Float64Array.from(segs);
    this.owner = Int32Array.from(owner);
    this.excluded = new Uint8Array(n);
    if (input.excluded) for (let i = 0; i < input.excluded.length; i++) this.excluded[input.excluded[i]] = 1;
    this.fn = (v, exclude) =>
      this.find(this.positions[v * 3], this.positions[v * 3 + 1], this.positions[v * 3 + 2], exclude);
  }

  /** The unlocked joint (≠ `exclude`) whose bone passes nearest to (x, y, z), or -1. */
  find(x: number, y: number, z: number, exclude = -1): number {
    const s = this.segments;
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let k = 0; k < this.owner.length; k++) {
      const j = this.owner[k];
      if (j === exclude || this.excluded[j] || this.locked?.[j]) continue;
      const d = segmentDistance2(x, y, z, s, k * 6);
      if (d < bestD || (d === bestD && j < best)) {
        bestD = d;
        best = j;
      }
    }
    return best;
  }
}

/** Squared distance from a point to the segment stored at `s[o .. o + 6)`. */
function segmentDistance2(x: number, y: number, z: number, s: Float64Array, o: number): number {
  const ax = s[o];
  const ay = s[o + 1];
  const az = s[o + 2];
  const bx = s[o + 3] - ax;
  const by = s[o + 4] - ay;
  const bz = s[o + 5] - az;
  const px = x - ax;
  const py = y - ay;
  const pz = z - az;
  const len2 = bx * bx + by * by + bz * bz;
  let t = len2 > 0 ? (px * bx + py * by + pz * bz) / len2 : 0;
  t = t < 0 ? 0 : Math.min(t, 1);
  const dx = px - t * bx;
  const dy = py - t * by;
  const dz = pz - t * bz;
  return dx * dx + dy * dy + dz * dz;
}
