/**
 * jointStatsOf: the inspector's numbers for a selection — how many vertices, and the average,
 * smallest and largest weight of one joint over them.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';

/** A joint's weight over the selected vertices. */
export interface SelectionJointStats {
  /** Joint id (node index), or null when no joint was asked for. */
  joint: number | null;
  name: string | null;
  /** Vertices looked at (the selection, or every skinned vertex when nothing is selected). */
  vertexCount: number;
  /** Of those, the vertices the joint has a non-zero weight on. */
  influenced: number;
  /** Over all `vertexCount` vertices (0 where the joint has no weight); null when there are none. */
  average: number | null;
  min: number | null;
  max: number | null;
}

/**
 * The stats of joint `id` over the vertices flagged in `masks` (every vertex of every skinned
 * primitive when `masks` is null). A primitive whose skin lacks the joint weighs 0 there.
 */
export function jointStatsOf(
  model: SkinnedModel,
  id: number | null,
  masks: ReadonlyMap<number, Uint8Array> | null,
): SelectionJointStats {
  let vertexCount = 0;
  let influenced = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const prim of model.primitives) {
    const mask = masks ? masks.get(prim.id) : null;
    if (masks && !mask) continue;
    const j = id === null ? -1 : model.skins[prim.skins[0]].joints.indexOf(id);
    const sw = prim.weights;
    for (let v = 0; v < sw.vertexCount; v++) {
      if (mask && !mask[v]) continue;
      vertexCount++;
      const w = j < 0 ? 0 : sw.weightOf(v, j);
      if (w > 0) influenced++;
      sum += w;
      if (w < min) min = w;
      if (w > max) max = w;
    }
  }
  const any = vertexCount > 0 && id !== null;
  return {
    joint: id,
    name: id === null ? null : (model.joints.get(id)?.name ?? null),
    vertexCount,
    influenced,
    average: any ? sum / vertexCount : null,
    min: any ? min : null,
    max: any ? max : null,
  };
}
