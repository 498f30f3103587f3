import type { Document } from '@gltf-transform/core';
import { withDocumentLock } from '../document-lock.ts';
import { ExportStage } from './export-stage.ts';
import { stageSingleBuffer, stageWithoutCompression } from './stage-container.ts';
import { writeExport } from './write-export.ts';

/**
 * The document as read, written as an uncompressed GLB with nothing else changed (the file's own
 * weights included). The validator cannot look inside Draco or meshopt data, so for a compressed
 * source this is how "what the source had" is checked: an export writes the same data
 * uncompressed, and messages about it (LittlestTokyo's zero-length tangents) are inherited, not
 * new. Returns null when the document uses no compression (the source file says it all).
 */
export function writeDecodedSource(document: Document): Promise<Uint8Array | null> {
  return withDocumentLock(document, async () => {
    const stage = new ExportStage();
    try {
      if (stageWithoutCompression(stage, document).length === 0) return null;
      stageSingleBuffer(stage, document, true);
      return (await writeExport(document, 'glb', 'source.glb', 'source')).bytes!;
    } finally {
      stage.restore();
    }
  });
}
