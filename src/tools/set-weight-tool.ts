/**
 * setWeightTool: sets one joint's weight to a value on the selected vertices (Maya's component
 * editor / "Set weight", Blender's "Assign" with a weight); the other joints renormalise around
 * it, locks respected. Also the inspector's edit of one influence of one vertex.
 */
import { partVertices } from '../select/node-mask.ts';
import { type SetJointWeightOptions, setJointWeight } from '../skin/set-joint-weight.ts';
import { captureSelected, emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link setWeightTool}. */
export interface SetWeightToolOptions {
  /** Skin joint to set. */
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
 * side the file split on purpose keeps its own locked weights.
 */
export function setWeightTool(target: ToolTarget, options: SetWeightToolOptions): SetWeightToolResult {
  const { joint, value } = options;
  const result: SetWeightToolResult = { ...emptyResult(), locked: false };
  if (!(joint >= 0 && joint < target.jointCount))
    throw new RangeError(`joint must be a skin joint index below ${target.jointCount} (got ${joint})`);
  if (!(value >= 0 && value <= 1)) throw new RangeError(`value must be in [0, 1] (got ${value})`);
  const { surface, weights, locked } = target;
  if (locked?.[joint]) return { ...result, locked: true };
  for (let p = 0; p < surface.parts.length; p++) {
    const sw = weights[p];
    const vertices = partVertices(surface, target.nodes, p);
    if (vertices && vertices.length === 0) continue;
    captureSelected(target, p, vertices);
    const set: SetJointWeightOptions = { locked, fallbackJoint: target.fallback?.(p) ?? null };
    const n = vertices ? vertices.length : sw.vertexCount;
    for (let k = 0; k < n; k++) {
      const outcome = setJointWeight(sw, vertices ? vertices[k] : k, joint, value, set);
      if (outcome === 'changed') result.changed++;
      else if (outcome === 'refused') result.refused++;
    }
  }
  return result;
}
