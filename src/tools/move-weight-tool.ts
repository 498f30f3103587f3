/**
 * moveWeightTool: moves all of one joint's weight to another joint on the selected vertices
 * (Maya's "Move Skin Weights" / "transfer to parent", e.g. to retire a helper bone). Every other
 * influence keeps its weight, so the vertex's sum does not change.
 */

import { partVertices } from '../select/node-mask.ts';
import { InfluenceScratch, isLocked } from '../skin/influence-scratch.ts';
import { captureSelected, emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link moveWeightTool}. */
export interface MoveWeightToolOptions {
  /** Skin joint whose weight moves. */
  from: number;
  /** Skin joint that receives it. */
  to: number;
}

/** Defaults of {@link MoveWeightToolOptions}: none (both joints are required). */
export const MOVE_WEIGHT_TOOL_DEFAULTS: Partial<MoveWeightToolOptions> = {};

const _s = new InfluenceScratch();

/**
 * On each selected vertex where `from` has weight: `to` gets `from`'s weight added (taking
 * `from`'s slot when `to` had none), `from` drops out, and the slots are re-packed canonically
 * (float32 sum fixed up on the largest unlocked weight). A vertex is refused, unchanged, when
 * `from` or `to` is locked (a lock means the joint's weight does not change). Moving a joint
 * onto itself does nothing.
 */
export function moveWeightTool(target: ToolTarget, options: MoveWeightToolOptions): ToolResult {
  const { from, to } = options;
  const result = emptyResult();
  if (from === to) return result;
  if (!(from >= 0 && from < target.jointCount && to >= 0 && to < target.jointCount))
    throw new RangeError(`joints must be skin joint indices below ${target.jointCount}`);
  const { surface, weights, locked } = target;
  const blocked = isLocked(locked, from) || isLocked(locked, to);
  for (let p = 0; p < surface.parts.length; p++) {
    const sw = weights[p];
    const K = sw.influences;
    const vertices = partVertices(surface, target.nodes, p);
    if (vertices && vertices.length === 0) continue;
    if (!blocked) captureSelected(target, p, vertices);
    const n = vertices ? vertices.length : sw.vertexCount;
    for (let k = 0; k < n; k++) {
      const v = vertices ? vertices[k] : k;
      _s.load(sw, v);
      const i = _s.indexOf(from);
      if (i < 0) continue;
      if (blocked) {
        result.refused++;
        continue;
      }
      _s.add(to, _s.weights[i]);
      _s.removeAt(i);
      if (!_s.pack(K, locked)) {
        result.refused++;
        continue;
      }
      if (_s.store(sw, v)) result.changed++;
    }
  }
  return result;
}
