import { WebIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from '../support/shared-models.ts';

/** The viewport parses these bytes; its mesh/primitive indices must be the document's. */
describe.skipIf(!HAVE_SHARED_MODELS)('renderable GLB for the viewport', () => {
  for (const entry of SHARED_MODEL_FILES.filter((e) => e.name !== 'LittlestTokyo')) {
    it(`${entry.name}: same meshes, primitives and nodes in document order, document untouched`, async () => {
      const editor = new Editor();
      const model = await editor.load(readSharedModel(entry.file));
      const root = model.document.getRoot();
      const extensionsBefore = root.listExtensionsUsed().map((e) => e.extensionName);
      const buffersBefore = root.listBuffers().length;
      const glb = await editor.renderBytes();
      const json = (await new WebIO().registerExtensions(ALL_EXTENSIONS).binaryToJSON(glb)).json;
      expect(json.meshes?.map((m) => m.primitives.length)).toEqual(
        root.listMeshes().map((m) => m.listPrimitives().length),
      );
      expect(json.nodes?.map((n) => n.name ?? '')).toEqual(root.listNodes().map((n) => n.getName()));
      expect(json.buffers?.length).toBe(1);
      expect(root.listExtensionsUsed().map((e) => e.extensionName)).toEqual(extensionsBefore);
      expect(root.listBuffers().length).toBe(buffersBefore);
    });
  }
});

describe('a renderable GLB of a compressed document', () => {
  it('writes unit normals (decoded Draco normals are a little off), and leaves the document as it was', async () => {
    const { Document } = await import('@gltf-transform/core');
    const { KHRDracoMeshCompression } = await import('@gltf-transform/extensions');
    const { writeRenderableGlb } = await import('../../src/gltf/renderable-glb.ts');
    const doc = new Document();
    doc.createBuffer();
    doc.createExtension(KHRDracoMeshCompression).setRequired(true);
    const off = new Float32Array([0, 1.002, 0, 0.999, 0, 0, 0, 0, 1.0015]);
    const prim = doc
      .createPrimitive()
      .setAttribute(
        'POSITION',
        doc
          .createAccessor()
          .setType('VEC3')
          .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])),
      )
      .setAttribute('NORMAL', doc.createAccessor().setType('VEC3').setArray(off.slice()));
    doc.createScene().addChild(doc.createNode().setMesh(doc.createMesh().addPrimitive(prim)));
    const back = await new WebIO()
      .registerExtensions(ALL_EXTENSIONS)
      .readBinary(await writeRenderableGlb(doc));
    const normals = back.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('NORMAL')!.getArray()!;
    for (let i = 0; i < 9; i += 3)
      expect(Math.hypot(normals[i], normals[i + 1], normals[i + 2])).toBeCloseTo(1, 6);
    expect(prim.getAttribute('NORMAL')!.getArray()).toEqual(off);
  });
});
