/**
 * runPerPart: the shared loop of the tools that treat each vertex on its own through a src/skin
 * operation (normalise, prune, limit): per part, the selected vertices are captured, then the
 * operation runs on exactly those vertices with the target's locks and fallback.
 */
import { partVertices } from '../select/node-mask.ts';
import type { FallbackJoint } from '../skin/influence-scratch.ts';
import type { NormalizeResult } from '../skin/normalize.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { HemFollowers, partLocked } from './part-joints.ts';
import { captureSelected, emptyResult, type ToolResult, type ToolTarget } from './tool-target.ts';

/** One src/skin operation on a list of vertices (null: all). */
export type PerVertexOperation = (
  sw: SkinWeights,
  vertices: Uint32Array | null,
  locked: Uint8Array | null,
  fallbackJoint: FallbackJoint | null,
) => NormalizeResult;

/**
 * Runs `op` over the selected vertices of every part of `target`, each part with its own skin's
 * locks. A vertex's outcome depends only on its own slots, so a seam whose sides are equal stays
 * equal (invariant 4); a hem's side in a skin that numbers the joints another way is given its
 * representative's result (./part-joints.ts, HemFollowers), so the hem stays closed bit for bit.
 */
export function runPerPart(target: ToolTarget, op: PerVertexOperation): ToolResult {
  const result = emptyResult();
  const { surface, weights } = target;
  const followers = HemFollowers.of(target);
  for (let p = 0; p < surface.parts.length; p++) {
    let vertices = partVertices(surface, target.nodes, p);
    if (followers) vertices = followers.vertices(target, p, vertices);
    if (vertices && vertices.length === 0) continue;
    captureSelected(target, p, vertices);
    const r = op(weights[p], vertices, partLocked(target, p), target.fallback?.(p) ?? null);
    result.changed += r.changed;
    result.refused += r.refused;
  }
  followers?.copy(target, result, (q, b) => {
    const r = op(weights[q], Uint32Array.of(b), partLocked(target, q), target.fallback?.(q) ?? null);
    result.changed += r.changed;
    result.refused += r.refused;
  });
  return result;
}
