import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTMeshoptCompression } from '@gltf-transform/extensions';
import { MeshoptEncoder } from 'meshoptimizer';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { exportedAs } from '../support/exporter-fixtures.ts';
import { diffDocuments } from './support/diff-documents.ts';
import { expectWeightsRoundTrip, reimport } from './support/export-checks.ts';
import { makeSkinnedDocument } from './support/skinned-fixture.ts';

/** A meshopt-compressed GLB (lossless: no filters), the way gltfpack-style tools write them. */
async function meshoptGlb(doc = makeSkinnedDocument()): Promise<Uint8Array> {
  await MeshoptEncoder.ready;
  doc
    .createExtension(EXTMeshoptCompression)
    .setRequired(true)
    .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  return new WebIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder })
    .writeBinary(doc);
}

describe('exporting a compressed source', () => {
  it('writes meshopt content uncompressed on request, equal to the decoded source, and keeps the document', async () => {
    const bytes = await meshoptGlb();
    const model = await new Editor().load({ name: 'Packed.glb', bytes });
    const root = model.document.getRoot();
    const buffers = () =>
      root.listBuffers().map((b) => [b.getName(), b.listExtensions().map((e) => e.extensionName)]);
    const before = buffers();

    const result = await exportAndValidate(
      model,
      { sourceName: 'Packed.glb', maxInfluences: 8, compression: 'none' },
      { name: 'Packed.glb', bytes },
    );
    expect(result.decompressed).toEqual(['EXT_meshopt_compression']);
    expect(result.recompressed).toEqual([]);
    expect(result.validation.errors).toBe(0);
    const back = await reimport(result);
    expect(back.getRoot().listExtensionsUsed()).toEqual([]);
    expect(diffDocuments(model.document, back)).toEqual([]);
    expectWeightsRoundTrip(model, back, { maxInfluences: 8, weights: 'float' });

    // The editor's document is as it was: compression set aside for the write only.
    expect(root.listExtensionsUsed().map((e) => e.extensionName)).toEqual(['EXT_meshopt_compression']);
    expect(buffers()).toEqual(before);
  });

  it('writes a meshopt source meshopt-compressed again by default: exact, valid, smaller than uncompressed', async () => {
    const bytes = await meshoptGlb(exportedAs('z-up-root', 3000));
    const model = await new Editor().load({ name: 'Packed.glb', bytes });
    const result = await exportAndValidate(
      model,
      { sourceName: 'Packed.glb', maxInfluences: 4 },
      { name: 'Packed.glb', bytes },
    );
    expect(result.recompressed).toEqual(['EXT_meshopt_compression']);
    expect(result.decompressed).toEqual([]);
    expect(result.validation.errors).toBe(0);
    expect(result.validation.newErrors).toBe(0);
    const back = await reimport(result);
    expect(
      back
        .getRoot()
        .listExtensionsUsed()
        .map((e) => e.extensionName),
    ).toEqual(['EXT_meshopt_compression']);
    // Decoded, the same content as the source (meshopt's buffer compression is lossless).
    expect(diffDocuments(model.document, back)).toEqual([]);
    expectWeightsRoundTrip(model, back, { maxInfluences: 4, weights: 'float' });
    const plain = await exportAndValidate(
      model,
      { sourceName: 'Packed.glb', maxInfluences: 4, compression: 'none' },
      null,
    );
    expect(result.size).toBeLessThan(plain.size);
  });
});
