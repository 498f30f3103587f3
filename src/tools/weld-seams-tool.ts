/**
 * weldSeamsTool: makes the vertices of each seam (welded vertices: one position, split by UV or
 * normal seams) equal again, as the average of their sides — the fix for the "weights differ
 * across a seam" check (DESIGN.md invariant 4).
 */
import { InfluenceSum } from './assign-influences.ts';
import { assignNode } from './node-write.ts';
import { emptyResult, isSelected, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link weldSeamsTool} (none yet). */
export type WeldSeamsToolOptions = Record<string, never>;

/** Defaults of {@link WeldSeamsToolOptions}. */
export const WELD_SEAMS_TOOL_DEFAULTS: WeldSeamsToolOptions = {};

/** True when every vertex of node `g` has the same slots as its first, bit for bit. */
export function seamIsEqual(target: Pick<ToolTarget, 'surface' | 'weights'>, g: number): boolean {
  const { surface, weights } = target;
  const p = surface.nodePart[g];
  const { joints: J, weights: W, influences: K } = weights[p];
  const v0 = surface.vertexOffset[p];
  const a = (surface.members[surface.nodeStart[g]] - v0) * K;
  for (let k = surface.nodeStart[g] + 1; k < surface.nodeStart[g + 1]; k++) {
    const b = (surface.members[k] - v0) * K;
    for (let i = 0; i < K; i++) if (J[a + i] !== J[b + i] || !Object.is(W[a + i], W[b + i])) return false;
  }
  return true;
}

/**
 * For every selected node whose vertices' slots differ: sums their influences with equal shares
 * (float64) and writes the average to each (`assignInfluences`: locked joints keep each vertex's
 * own weight, so sides that differ on a locked joint stay different there).
 */
export function weldSeamsTool(target: ToolTarget, _options: WeldSeamsToolOptions = {}): ToolResult {
  const result = emptyResult();
  const { surface, weights } = target;
  const sum = new InfluenceSum(target.jointCount);
  target.recorder.reserve(surface.vertexCount);
  for (let g = 0; g < surface.nodeCount; g++) {
    const m0 = surface.nodeStart[g];
    const m1 = surface.nodeStart[g + 1];
    if (m1 - m0 < 2 || !isSelected(target, g) || seamIsEqual(target, g)) continue;
    const p = surface.nodePart[g];
    const v0 = surface.vertexOffset[p];
    sum.clear();
    for (let k = m0; k < m1; k++) sum.addVertex(weights[p], surface.members[k] - v0, 1 / (m1 - m0));
    assignNode(target, g, sum, result);
  }
  return result;
}
