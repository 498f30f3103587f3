import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { diffDocuments } from './support/diff-documents.ts';
import { expectWeightsRoundTrip, reimport } from './support/export-checks.ts';

describe('the built-in character', () => {
  it('exports with no validator error and comes back equal', async () => {
    const doc = mannequinToDocument(buildMannequin({ targetVertices: 3000 }));
    const model = new Editor().loadDocument(doc, 'Mannequin.glb');
    for (const options of [{}, { maxInfluences: 8, weights: 'unorm8' }] as const) {
      const result = await exportAndValidate(model, options, null);
      const errors = result.validation.messages.filter((m) => m.severity === 'error');
      expect(errors.slice(0, 5)).toEqual([]);
      expect(result.fileName).toBe('model.glb');
      const back = await reimport(result);
      expect(diffDocuments(doc, back)).toEqual([]);
      expectWeightsRoundTrip(model, back, { maxInfluences: 4, weights: 'float', ...options });
    }
  });
});
