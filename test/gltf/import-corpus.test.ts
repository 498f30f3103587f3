import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import {
  HAVE_SHARED_MODELS,
  readSharedModel,
  SHARED_MODEL_FILES,
  SHARED_MODELS,
} from '../support/shared-models.ts';

if (!HAVE_SHARED_MODELS)
  console.warn(`[corpus] ${SHARED_MODELS} is absent: the corpus import tests are skipped.`);

describe.skipIf(!HAVE_SHARED_MODELS)('import corpus (../shared/models)', () => {
  for (const entry of SHARED_MODEL_FILES) {
    it(`${entry.name} opens with the file's counts and legal weights`, async () => {
      const editor = new Editor();
      const model = await editor.load(readSharedModel(entry.file));
      // Counts as the models README states them (a mesh reused by several nodes counted once).
      expect(model.vertexCount).toBe(entry.vertices);
      expect(model.skinnedVertexCount).toBe(entry.skinnedVertices);
      expect(model.joints.size).toBe(entry.joints);
      expect(model.skins.length).toBe(entry.skins);
      expect(model.primitives.length).toBeGreaterThan(0);
      for (const prim of model.primitives) {
        expect(findInvariantViolations(prim.weights)).toEqual([]);
        expect(prim.positions.length).toBe(prim.weights.vertexCount * 3);
      }
      const counts = editor.jointVertexCounts();
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    });
  }

  it("reports the repair of RobotExpressive's non-normalised weights", async () => {
    const editor = new Editor();
    const model = await editor.load(readSharedModel('RobotExpressive/RobotExpressive.glb'));
    expect(model.repairedVertices).toBeGreaterThan(700);
    expect(model.repairReasons.sum).toBeGreaterThan(700);
    expect(
      editor.notices.some(
        (n) => n.level === 'warning' && /Repaired the weights of \d+ vertices/.test(n.message),
      ),
    ).toBe(true);
  });
});
