/**
 * Read-only questions about a model's joints and their weights: how many vertices each joint
 * influences, the busiest joint, a vertex's influences by name. Pure: the editor, the checks and
 * the pose panel ask them of whichever model (and layer's weights) they show.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** One influence of a vertex, for the inspector and scripts. */
export interface VertexInfluence {
  joint: number;
  name: string;
  weight: number;
}

/** Number of vertices each joint influences (non-zero weight), over every skinned primitive. */
export function jointVertexCounts(model: SkinnedModel | null): Map<number, number> {
  const counts = new Map<number, number>();
  if (!model) return counts;
  for (const id of model.joints.keys()) counts.set(id, 0);
  for (const prim of model.primitives) {
    const skinJoints = model.skins[prim.skins[0]].joints;
    const { joints, weights, influences: K, vertexCount } = prim.weights;
    for (let v = 0; v < vertexCount; v++) {
      for (let i = 0; i < K; i++) {
        const s = v * K + i;
        if (weights[s] > 0) {
          const id = skinJoints[joints[s]];
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
      }
    }
  }
  return counts;
}

/** The joint with the most influenced vertices (a heat map that shows something on open), or null. */
export function busiestJoint(model: SkinnedModel | null): number | null {
  let best: number | null = null;
  let bestCount = -1;
  for (const [id, n] of jointVertexCounts(model)) {
    if (n > bestCount) {
      best = id;
      bestCount = n;
    }
  }
  return best;
}

/** Throws a clear error unless `vertex` is a vertex of skinned primitive `primitive`. */
export function checkVertex(model: SkinnedModel, primitive: number, vertex: number): void {
  const prim = model.primitives[primitive];
  if (!prim) throw new Error(`No skinned primitive ${primitive}.`);
  if (!Number.isInteger(vertex) || vertex < 0 || vertex >= prim.weights.vertexCount) {
    throw new Error(
      `Vertex ${vertex} is outside primitive ${primitive} (${prim.weights.vertexCount} vertices).`,
    );
  }
}

/** A vertex's influences in `weights` (the primitive's, or a layer's), with joint names, strongest first. */
export function vertexInfluences(
  model: SkinnedModel,
  primitive: number,
  weights: SkinWeights,
  vertex: number,
): VertexInfluence[] {
  const skinJoints = model.skins[model.primitives[primitive].skins[0]].joints;
  return weights.influencesOf(vertex).map(({ joint, weight }) => ({
    joint: skinJoints[joint],
    name: model.joints.get(skinJoints[joint])?.name ?? `joint ${joint}`,
    weight,
  }));
}
