/**
 * moveWeightTool: moves all of one joint's weight to another joint on the selected vertices
 * (Maya's "Move Skin Weights" / "transfer to parent", e.g. to retire a helper bone). Every other
 * influence keeps its weight, so the vertex's sum does not change.
 */

import { partVertices } from '../select/node-mask.ts';
import { InfluenceScratch, isLocked } from '../skin/influence-scratch.ts';
import { HemFollowers, partJointOf, partLocked } from './part-joints.ts';
import { captureSelected, emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';

/** Options of {@link moveWeightTool}. */
export interface MoveWeightToolOptions {
  /** Surface (skin) joint whose weight moves. */
  from: number;
  /** Surface (skin) joint that receives it. */
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
 * onto itself does nothing. On a body of several skins, a vertex whose skin lists `from` but not
 * `to` keeps its weights and is counted absent; a hem's side in another skin's numbering takes
 * its representative's result.
 */
export function moveWeightTool(target: ToolTarget, options: MoveWeightToolOptions): ToolResult {
  const { from, to } = options;
  const result = emptyResult();
  if (from === to) return result;
  if (!(from >= 0 && from < target.jointCount && to >= 0 && to < target.jointCount))
    throw new RangeError(`joints must be skin joint indices below ${target.jointCount}`);
  const { surface, weights, locked } = target;
  const blocked = isLocked(locked, from) || isLocked(locked, to);
  const followers = blocked ? null : HemFollowers.of(target);
  /** Moves the weight at vertex `v` of part `p` (its skin lists `from` as `f`, `to` as `t` or -1). */
  const moveOne = (p: number, v: number, f: number, t: number, countAbsent: boolean) => {
    const sw = weights[p];
    _s.load(sw, v);
    const i = _s.indexOf(f);
    if (i < 0) return;
    if (blocked) {
      result.refused++;
      return;
    }
    if (t < 0) {
      if (countAbsent) result.absent = (result.absent ?? 0) + 1;
      return;
    }
    _s.add(t, _s.weights[i]);
    _s.removeAt(i);
    if (!_s.pack(sw.influences, partLocked(target, p))) {
      result.refused++;
      return;
    }
    if (_s.store(sw, v)) result.changed++;
  };
  for (let p = 0; p < surface.parts.length; p++) {
    const f = partJointOf(target, p, from);
    const t = partJointOf(target, p, to);
    if (f < 0) continue; // nothing of `from` here
    let vertices = partVertices(surface, target.nodes, p);
    if (followers) vertices = followers.vertices(target, p, vertices);
    if (vertices && vertices.length === 0) continue;
    if (!blocked && t >= 0) captureSelected(target, p, vertices);
    const n = vertices ? vertices.length : weights[p].vertexCount;
    for (let k = 0; k < n; k++) moveOne(p, vertices ? vertices[k] : k, f, t, true);
  }
  followers?.copy(target, result, (q, b) => {
    const f = partJointOf(target, q, from);
    if (f >= 0) moveOne(q, b, f, partJointOf(target, q, to), false);
  });
  return result;
}
