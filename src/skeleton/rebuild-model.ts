/**
 * The editor's view of a document after a skeleton edit: joints, skins and IBMs read again from
 * the edited document, each primitive keeping the weights the edit left it (not re-read from
 * JOINTS_n/WEIGHTS_n, which hold the file's weights, not the editor's). A new SkinnedModel
 * object, so every cache keyed by the model (skeleton, rest positions, surfaces) starts over.
 */
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** Rebuilds `model` over its (edited) document; `weights` replaces primitives' weights by primitive id. */
export function rebuildModel(
  model: SkinnedModel,
  weights: ReadonlyMap<number, SkinWeights> = new Map(),
): SkinnedModel {
  const byKey = new Map<string, SkinWeights>();
  for (const p of model.primitives)
    byKey.set(`${p.meshIndex}/${p.primitiveIndex}`, weights.get(p.id) ?? p.weights);
  const K = model.primitives[0]?.weights.influences === 8 ? 8 : 4;
  const next = buildSkinnedModel(model.document, {
    influences: K,
    weightsOf: (m, p) => byKey.get(`${m}/${p}`),
  });
  next.repairedVertices = model.repairedVertices;
  next.repairReasons = model.repairReasons;
  return next;
}
