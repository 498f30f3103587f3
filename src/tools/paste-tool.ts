/**
 * pasteTool: pastes a copied set of influences onto the selected vertices (Maya's "Copy / Paste
 * Vertex Weights", Blender's "Copy Weights to Selected"). The copy is taken by the editor from
 * one vertex or as the average of several (src/editor/tools-session.ts).
 */
import { InfluenceSum } from './assign-influences.ts';
import { assignNode, reserveSelected } from './node-write.ts';
import { emptyResult, isSelected, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link pasteTool}. */
export interface PasteToolOptions {
  /** Skin joints of the influences to paste. */
  joints: ArrayLike<number>;
  /** Their weights (any positive scale: they are normalised on writing). */
  weights: ArrayLike<number>;
}

/** Defaults of {@link PasteToolOptions}: none (the influences are required). */
export const PASTE_TOOL_DEFAULTS: Partial<PasteToolOptions> = {};

/**
 * Writes the influences to every vertex of every selected node, lock-aware (`assignInfluences`):
 * locked joints keep their weights, the pasted unlocked joints share the rest in the copied
 * proportions (the K strongest when more were copied).
 */
export function pasteTool(target: ToolTarget, options: PasteToolOptions): ToolResult {
  const { joints, weights } = options;
  if (joints.length !== weights.length) throw new RangeError('joints and weights differ in length');
  const result = emptyResult();
  const sum = new InfluenceSum(target.jointCount);
  for (let k = 0; k < joints.length; k++) sum.add(joints[k], weights[k]);
  if (sum.count === 0) return result;
  reserveSelected(target);
  for (let g = 0; g < target.surface.nodeCount; g++)
    if (isSelected(target, g)) assignNode(target, g, sum, result);
  return result;
}
