/**
 * copyModel: a model over a copy of its document that shares nothing with it (node, mesh,
 * accessor and animation order kept, the kept source JSON carried), with copies of its weights.
 * The editor edits the skeleton on such a copy, so the model it came from — the file as it was,
 * bit for bit — is what undo puts back.
 */
import { cloneDocument } from '@gltf-transform/functions';
import { isDocumentBusy } from '../gltf/document-lock.ts';
import { carrySourceExtensions } from '../gltf/export/source-extensions.ts';
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { carryEditNotes } from './edit-notes.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';

export function copyModel(model: SkinnedModel): SkinnedModel {
  if (isDocumentBusy(model.document))
    throw new SkeletonEditError(
      'An export is being written from this file: edit the skeleton when it is done.',
    );
  const document = cloneDocument(model.document);
  carrySourceExtensions(model.document, document);
  carryEditNotes(model.document, document);
  const byKey = new Map<string, SkinWeights>();
  for (const p of model.primitives) byKey.set(`${p.meshIndex}/${p.primitiveIndex}`, p.weights.clone());
  const copy = buildSkinnedModel(document, {
    influences: model.primitives[0]?.weights.influences === 8 ? 8 : 4,
    weightsOf: (m, p) => byKey.get(`${m}/${p}`),
  });
  copy.repairedVertices = model.repairedVertices;
  copy.repairReasons = model.repairReasons;
  return copy;
}
