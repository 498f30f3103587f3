/**
 * weldSeamsTool: makes the vertices of each seam (welded vertices: one position, split by UV or
 * normal seams) equal again, as the average of their sides — the fix for the "weights differ
 * across a seam" check (DESIGN.md invariant 4). On a body of several parts a hem (vertices of
 * different primitives or skins drawn at one place) is a seam too: its sides get the same
 * weights, each in its own skin's numbering.
 */
import { InfluenceSum } from './assign-influences.ts';
import { assignNode } from './node-write.ts';
import { sameByJoint, sameNumbering, surfaceMapOf } from './part-joints.ts';
import { emptyResult, isSelected, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link weldSeamsTool} (none yet). */
export type WeldSeamsToolOptions = Record<string, never>;

/** Defaults of {@link WeldSeamsToolOptions}. */
export const WELD_SEAMS_TOOL_DEFAULTS: WeldSeamsToolOptions = {};

/**
 * True when every vertex of node `g` has the same slots as its first, bit for bit — a vertex of a
 * part that numbers its joints another way (a hem's other skin): the same weights on the same
 * joint nodes, bit for bit.
 */
export function seamIsEqual(target: Pick<ToolTarget, 'surface' | 'weights' | 'skins'>, g: number): boolean {
  const { surface, weights } = target;
  const first = surface.members[surface.nodeStart[g]];
  const p = surface.vertexPart[first];
  const K = weights[p].influences;
  const a = first - surface.vertexOffset[p];
  for (let k = surface.nodeStart[g] + 1; k < surface.nodeStart[g + 1]; k++) {
    const q = surface.vertexPart[surface.members[k]];
    const b = surface.members[k] - surface.vertexOffset[q];
    if (!sameNumbering(target, p, q)) {
      if (!sameByJoint(target, p, a, q, b)) return false;
      continue;
    }
    const { joints: JA, weights: WA } = weights[p];
    const { joints: J, weights: W } = weights[q];
    for (let i = 0; i < K; i++)
      if (JA[a * K + i] !== J[b * K + i] || !Object.is(WA[a * K + i], W[b * K + i])) return false;
  }
  return true;
}

/**
 * For every selected node whose vertices' slots differ: sums their influences with equal shares
 * (float64) and writes the average to each (`assignInfluences`: locked joints keep each vertex's
 * own weight, so sides that differ on a locked joint stay different there). A hem's side whose
 * skin lacks a joint of the average keeps what its skin can hold and is counted absent.
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
    sum.clear();
    for (let k = m0; k < m1; k++) {
      const q = surface.vertexPart[surface.members[k]];
      const u = surface.members[k] - surface.vertexOffset[q];
      // In surface joints (each side's skin translated).
      sum.addVertex(weights[q], u, 1 / (m1 - m0), surfaceMapOf(target, q));
    }
    assignNode(target, g, sum, result);
  }
  return result;
}
