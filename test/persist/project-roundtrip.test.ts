import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { openProject, saveProjectGlb } from '../../src/persist/project-file.ts';
import { emptySessionState } from '../../src/persist/session.ts';
import { normalizeWeights } from '../../src/skin/normalize.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { bytesOf, mannequinGlb, randomWords } from './support.ts';

/** Weights as painting leaves them: 1…K random influences per vertex, then normalised (legal). */
function paint(sw: SkinWeights, jointCount: number, seed: number): void {
  const K = sw.influences;
  const words = randomWords(seed, sw.vertexCount * (K + 1) * 2);
  let w = 0;
  for (let v = 0; v < sw.vertexCount; v++) {
    const n = 1 + (words[w++] % K);
    sw.joints.fill(0, v * K, (v + 1) * K);
    sw.weights.fill(0, v * K, (v + 1) * K);
    for (let i = 0; i < n; i++) {
      sw.joints[v * K + i] = (words[w++] % jointCount) & 0xffff;
      sw.weights[v * K + i] = (words[w++] % 1000) / 1000 + 1e-3;
    }
  }
  normalizeWeights(sw);
}

async function roundTrip(influences: 4 | 8, seed: number): Promise<void> {
  const bytes = await mannequinGlb();
  const editor = new Editor();
  const model = buildSkinnedModel(await readDocument({ name: 'Mannequin.glb', bytes }), { influences });
  editor.setModel(model, 'Mannequin.glb', bytes);
  const weights = model.primitives[0].weights;
  paint(weights, model.skins[0].joints.length, seed);
  const project = await saveProjectGlb(model, emptySessionState(influences), { sourceName: 'Mannequin.glb' });
  const other = new Editor();
  await openProject(other, { name: project.fileName, bytes: project.bytes });
  const back = other.requireModel().primitives[0].weights;
  expect(back.influences).toBe(influences);
  expect(bytesOf(back.weights)).toEqual(bytesOf(weights.weights));
  expect(bytesOf(back.joints)).toEqual(bytesOf(weights.joints));
}

describe('project files keep painted weights bit for bit', () => {
  it('K = 4, several random paintings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => roundTrip(4, seed)),
      { numRuns: runs(4) },
    );
  });

  it('K = 8 (two influence sets)', () => roundTrip(8, 12345));
});
