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
