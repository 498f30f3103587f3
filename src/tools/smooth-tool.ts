/**
 * smoothTool: smooths the weights of the selected vertices along the surface (Blender's
 * "Smooth" vertex weights, Maya's "Smooth Skin Weights"): each pass moves every selected node
 * towards the average of its welded neighbours. Unselected nodes stay fixed and act as the
 * border the smoothing blends into.
 */
import { assignInfluences, InfluenceSum } from './assign-influences.ts';
import { assignNode, nodeSlots, reserveSelected } from './node-write.ts';
import { emptyResult, isSelected, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link smoothTool}. */
export interface SmoothToolOptions {
  /** Passes over the selection (each reaches one ring further). */
  iterations?: number;
  /** How far each pass moves a node towards its neighbours' average, 0…1. */
  strength?: number;
}

/** Defaults of {@link SmoothToolOptions} (Blender's Smooth: factor 0.5, one repeat). */
export const SMOOTH_TOOL_DEFAULTS: Required<SmoothToolOptions> = { iterations: 1, strength: 0.5 };

/**
 * Smooths in passes (Jacobi: every node of a pass reads the previous pass), on one slot set per
 * node taken from its representative vertex:
 *
 * 1. new = (1 - strength) · own + strength · mean(neighbours), summed per joint in float64;
 * 2. written lock-aware (`assignInfluences`): locked joints keep their weights, the K strongest
 *    unlocked ones share the rest;
 * 3. after the last pass, every vertex of a changed node gets the node's result.
 *
 * Nodes without neighbours are left as they are.
 */
export function smoothTool(
  target: ToolTarget,
  options: SmoothToolOptions = SMOOTH_TOOL_DEFAULTS,
): ToolResult {
  const { iterations, strength } = { ...SMOOTH_TOOL_DEFAULTS, ...options };
  if (!Number.isInteger(iterations) || iterations < 0)
    throw new RangeError(`iterations must be a whole number ≥ 0 (got ${iterations})`);
  if (!(strength >= 0 && strength <= 1)) throw new RangeError(`strength must be in [0, 1] (got ${strength})`);
  const result = emptyResult();
  const { surface, locked } = target;
  const G = surface.nodeCount;
  if (iterations === 0 || strength === 0 || G === 0) return result;
  const { start, neighbors } = surface.adjacency;

  let cur = nodeSlots(target);
  let next = cur.clone();
  const sum = new InfluenceSum(target.jointCount);
  for (let it = 0; it < iterations; it++) {
    next.joints.set(cur.joints);
    next.weights.set(cur.weights);
    for (let g = 0; g < G; g++) {
      const degree = start[g + 1] - start[g];
      if (degree === 0 || !isSelected(target, g)) continue;
      sum.clear();
      sum.addVertex(cur, g, 1 - strength);
      const share = strength / degree;
      for (let e = start[g]; e < start[g + 1]; e++) sum.addVertex(cur, neighbors[e], share);
      // The node's own locked weights are in `next` (copied from `cur`): the assignment keeps them.
      assignInfluences(next, g, sum, locked, null);
    }
    const t = cur;
    cur = next;
    next = t;
  }

  reserveSelected(target);
  for (let g = 0; g < G; g++) {
    if (!isSelected(target, g) || start[g + 1] === start[g]) continue;
    sum.clear();
    sum.addVertex(cur, g, 1);
    assignNode(target, g, sum, result);
  }
  return result;
}
