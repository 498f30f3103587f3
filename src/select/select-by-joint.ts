/**
 * selectByJoint: the nodes a joint influences above a threshold (Blender's "Select" of a vertex
 * group, Maya's "Select Affected Vertices").
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** Options of {@link selectByJoint}. */
export interface SelectByJointOptions {
  /** A node is picked when the joint's weight is strictly above this. */
  threshold?: number;
}

/** Defaults of {@link SelectByJointOptions}: any non-zero influence. */
export const SELECT_BY_JOINT_DEFAULTS: Required<SelectByJointOptions> = { threshold: 0 };

/**
 * Sets `out[node]` to 1 for every node of `surface` where skin joint `joint` weighs more than
 * the threshold at any of its vertices (a seam's sides are picked together), 0 elsewhere.
 * `weights` holds each surface part's SkinWeights; `joint` is one skin joint index for every
 * part, or one per part (a body of several skins: -1 where a part's skin does not list it).
 * Returns the number of nodes picked.
 */
export function selectByJoint(
  surface: SkinSurface,
  weights: readonly SkinWeights[],
  joint: number | ArrayLike<number>,
  out: Uint8Array,
  options: SelectByJointOptions = SELECT_BY_JOINT_DEFAULTS,
): number {
  const threshold = options.threshold ?? SELECT_BY_JOINT_DEFAULTS.threshold;
  const { nodeOf, vertexOffset } = surface;
  out.fill(0, 0, surface.nodeCount);
  let picked = 0;
  for (let p = 0; p < surface.parts.length; p++) {
    const j = typeof joint === 'number' ? joint : joint[p];
    if (j < 0) continue;
    const { joints: J, weights: W, influences: K } = weights[p];
    const v0 = vertexOffset[p];
    const n = vertexOffset[p + 1] - v0;
    for (let v = 0; v < n; v++) {
      const g = nodeOf[v0 + v];
      if (out[g]) continue;
      let w = 0;
      for (let i = 0; i < K; i++) if (J[v * K + i] === j && W[v * K + i] > 0) w += W[v * K + i];
      if (w > threshold) {
        out[g] = 1;
        picked++;
      }
    }
  }
  return picked;
}
