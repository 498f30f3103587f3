/**
 * writeWeightsToDocument: the model's weights into its document's JOINTS_n/WEIGHTS_n (float, the
 * model's K), for a working copy whose skin joint lists an edit renumbered (a deleted joint): the
 * copy's own GLB (what autosave keeps as the session's source, what the viewport loads) then
 * names the joints its skins list. Export writes the weights anyway; this keeps the document
 * consistent in between. The old accessors nothing uses any more are disposed.
 */
import type { Accessor } from '@gltf-transform/core';
import { ExportStage } from '../gltf/export/export-stage.ts';
import { prepareExportWeights } from '../gltf/export/prepare-export-weights.ts';
import { isAccessorUsed } from '../gltf/export/stage-container.ts';
import { stageWeightAccessors } from '../gltf/export/stage-weights.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';

export function writeWeightsToDocument(model: SkinnedModel): void {
  const K = model.primitives[0]?.weights.influences === 8 ? 8 : 4;
  const old = new Set<Accessor>();
  for (const p of model.primitives)
    for (const s of p.primitive.listSemantics())
      if (/^(JOINTS|WEIGHTS)_\d+$/.test(s)) old.add(p.primitive.getAttribute(s)!);
  const { primitives } = prepareExportWeights(model, { maxInfluences: K, weights: 'float', prune: 0 });
  // A stage never restored: the new accessors stay.
  stageWeightAccessors(new ExportStage(), model.document, primitives);
  for (const a of old) if (!isAccessorUsed(a)) a.dispose();
}
