import { type Document, WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { withDocumentLock } from './document-lock.ts';
import { ExportStage } from './export/export-stage.ts';
import { stageSingleBuffer, stageUnitVectors, stageWithoutCompression } from './export/stage-container.ts';
import { type PrimitiveExportWeights, stageWeightAccessors } from './export/stage-weights.ts';

/**
 * The document as an uncompressed GLB for the viewport's three.js loader. Its JSON indices are
 * the Document's list order, so viewport objects map back to document meshes and primitives.
 * Uses export's staging (one buffer, no compression extensions), undone afterwards, under the
 * document lock so it never interleaves with an export. With `weights`, those are written
 * instead of the document's (the editor's current weights, for a copy that must hold them).
 */
export function writeRenderableGlb(
  document: Document,
  weights: PrimitiveExportWeights[] | null = null,
): Promise<Uint8Array> {
  return withDocumentLock(document, async () => {
    const stage = new ExportStage();
    try {
      if (weights) stageWeightAccessors(stage, document, weights);
      // Decoded Draco/meshopt normals are a little off unit length: a copy written uncompressed
      // (transfer, create-skin) would carry validator errors its compressed source hid.
      if (stageWithoutCompression(stage, document).length > 0) stageUnitVectors(stage, document);
      stageSingleBuffer(stage, document, true);
      return await new WebIO().registerExtensions(ALL_EXTENSIONS).writeBinary(document);
    } finally {
      stage.restore();
    }
  });
}
