/**
 * setWeightTool: sets one joint's weight to a value on the selected vertices (Maya's component
 * editor / "Set weight", Blender's "Assign" with a weight); the other joints renormalise around
 * it, locks respected. Also the inspector's edit of one influence of one vertex.
 */
import { partVertices } from '../select/node-mask.ts';
import { type SetJointWeightOptions, setJointWeight } from '../skin/set-joint-weight.ts';
import { HemFollowers, partJointOf, partLocked } from './part-joints.ts';
import { captureSelected, emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link setWeightTool}. */
export interface SetWeightToolOptions {
  /** Surface (skin) joint to set. */
  joint: number;
  /** Its new weight, 0…1 (clamped to what the locked joints leave). */
  value: number;
}

/** Defaults of {@link SetWeightToolOptions}: none (both are required). */
export const SET_WEIGHT_TOOL_DEFAULTS: Partial<SetWeightToolOptions> = {};

/** What {@link setWeightTool} did. */
export interface SetWeightToolResult extends ToolResult {
  /** True when nothing was done because the joint itself is locked. */
  locked: boolean;
}

/**
 * Runs `setJointWeight` (lock-aware, nearest-bone fallback) on every selected vertex. Each vertex
 * of a seam is set on its own from its own slots, so equal sides stay equal (invariant 4) and a
 * side the file split on purpose keeps its own locked weights; a hem's side in another skin's
 * numbering takes its representative's result. A vertex whose skin does not list the joint is
 * left as it is and counted absent.
 */
export function setWeightTool(target: ToolTarget, options: SetWeightToolOptions): SetWeightToolResult {
  const { joint, value } = options;
  const result: SetWeightToolResult = { ...emptyResult(), locked: false };
  if (!(joint >= 0 && joint < target.jointCount))
    throw new RangeError(`joint must be a skin joint index below ${target.jointCount} (got ${joint})`);
  if (!(value >= 0 && value <= 1)) throw new RangeError(`value must be in [0, 1] (got ${value})`);
  const { surface, weights, locked } = target;
  if (locked?.[joint]) return { ...result, locked: true };
  const followers = HemFollowers.of(target);
  const set: SetJointWeightOptions = { locked: null, fallbackJoint: null };
  /** Sets vertex `v` of part `p` (its skin lists the joint as `j`), counting the outcome. */
  const setOne = (p: number, v: number, j: number) => {
    const outcome = setJointWeight(weights[p], v, j, value, set);
    if (outcome === 'changed') result.changed++;
    else if (outcome === 'refused') result.refused++;
  };
  const selectPart = (p: number) => {
    set.locked = partLocked(target, p);
    set.fallbackJoint = target.fallback?.(p) ?? null;
  };
  for (let p = 0; p < surface.parts.length; p++) {
    const sw = weights[p];
    let vertices = partVertices(surface, target.nodes, p);
    if (followers) vertices = followers.vertices(target, p, vertices);
    if (vertices && vertices.length === 0) continue;
    const n = vertices ? vertices.length : sw.vertexCount;
    const j = partJointOf(target, p, joint);
    if (j < 0) {
      result.absent = (result.absent ?? 0) + n;
      continue;
    }
    captureSelected(target, p, vertices);
    selectPart(p);
    for (let k = 0; k < n; k++) setOne(p, vertices ? vertices[k] : k, j);
  }
  followers?.copy(target, result, (q, b) => {
    const j = partJointOf(target, q, joint);
    if (j < 0) return; // counted absent already
    selectPart(q);
    setOne(q, b, j);
  });
  return result;
}
