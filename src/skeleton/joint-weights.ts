/**
 * Weights under a skeleton edit, per skinned primitive (skin joint indices, as JOINTS_n holds):
 * a deleted joint's weight goes exactly to the receiving joint (per vertex the receiving weight
 * becomes the sum of the two, every other weight keeps its bits) and the indices after it close
 * up; `spreadAlongBone` shares a joint's weight with the joints a split put along its bone.
 */
import { canonicalizeVertex } from '../skin/canonicalize.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/**
 * Gives joint `from`'s weight to joint `to` at every vertex (summed, in float64 then rounded once),
 * then removes index `from` from the skin: indices above it go down by one. Returns the number of
 * vertices whose weight moved.
 */
export function mergeJointWeights(sw: SkinWeights, from: number, to: number): number {
  const { joints, weights, influences: K, vertexCount } = sw;
  let moved = 0;
  for (let v = 0; v < vertexCount; v++) {
    let touched = false;
    for (let i = v * K; i < v * K + K; i++) {
      if (joints[i] === from && weights[i] > 0) {
        joints[i] = to;
        touched = true;
      }
    }
    if (touched) {
      canonicalizeVertex(sw, v);
      moved++;
    }
  }
  for (let i = 0; i < joints.length; i++) if (weights[i] > 0 && joints[i] > from) joints[i]--;
  return moved;
}

/** Raw slots (a layer's): the same as {@link mergeJointWeights}, on arrays of K slots per vertex. */
export function mergeJointSlots(
  joints: Uint16Array,
  weights: Float32Array,
  K: number,
  from: number,
  to: number,
  canonicalize: (v: number) => void,
): void {
  const n = joints.length / K;
  for (let v = 0; v < n; v++) {
    let touched = false;
    for (let i = v * K; i < v * K + K; i++) {
      if (joints[i] === from && weights[i] > 0) {
        joints[i] = to;
        touched = true;
      }
    }
    if (touched) canonicalize(v);
  }
  for (let i = 0; i < joints.length; i++) if (weights[i] > 0 && joints[i] > from) joints[i]--;
}

/**
 * Shares joint `from`'s weight at each vertex between `from` and the joints `along` (skin indices,
 * in order along the bone from `from` toward its child), by where the vertex lies along the bone:
 * `u[v]` in [0, 1] from the joint (0) to its child (1). Each joint's share peaks at the middle of
 * its own segment and blends linearly into the next, so the weight moves smoothly down the bone.
 * A vertex with no free slot gives all of it to the joint with the larger share. The vertex's sum
 * is kept. Returns the vertices changed.
 */
export function spreadAlongBone(
  sw: SkinWeights,
  from: number,
  along: readonly number[],
  u: Float32Array,
): number {
  const { joints, weights, influences: K, vertexCount } = sw;
  const chain = [from, ...along];
  const n = chain.length;
  let changed = 0;
  for (let v = 0; v < vertexCount; v++) {
    let slot = -1;
    let free = -1;
    for (let i = v * K; i < v * K + K; i++) {
      if (weights[i] > 0 && joints[i] === from) slot = i;
      else if (!(weights[i] > 0) && free < 0) free = i;
    }
    if (slot < 0) continue;
    // Segment centres at (k + 0.5) / n; between two centres the weight blends linearly.
    const x = Math.min(Math.max(u[v] * n - 0.5, 0), n - 1);
    const k = Math.min(Math.floor(x), n - 2);
    const f = n === 1 ? 0 : x - k;
    const w = weights[slot];
    if (f === 0 || f === 1 || free < 0) {
      const target = chain[n === 1 ? 0 : f < 0.5 ? k : k + 1];
      if (target === from) continue;
      joints[slot] = target;
    } else {
      const a = Math.fround(w * (1 - f));
      joints[slot] = chain[k];
      weights[slot] = a;
      joints[free] = chain[k + 1];
      weights[free] = Math.fround(w - a);
    }
    canonicalizeVertex(sw, v);
    changed++;
  }
  return changed;
}
