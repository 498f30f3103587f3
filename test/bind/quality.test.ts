/**
 * Quality regression on three small shared models: auto-bind (defaults) against the artists'
 * weights, deformation error under each file's own animation. The thresholds sit a little above
 * the measured figures (scripts/bench-bind.ts holds the precise numbers and all six models).
 */
import { describe, expect, it } from 'vitest';
import { autobind } from '../../src/bind/autobind.ts';
import { bindGroupsOfModel, remapJoints } from '../../src/bind/model-input.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { measureBindQuality } from '../support/bind-quality.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';

/**
 * Measured (mean %, max %) with the defaults: 0.070 / 1.04, 0.141 / 3.67 and 0.047 / 0.50;
 * Blender 3.4 bone heat: 0.089 / 1.2, 0.153 / 3.2 and 0.050 / 1.0 (RobotExpressive: only its
 * low-poly hands are skinned, where the nearest of several small bones is a fine call).
 */
const CASES = [
  { name: 'RiggedFigure', file: 'RiggedFigure/RiggedFigure.glb', mean: 0.08, max: 1.2 },
  { name: 'CesiumMan', file: 'CesiumMan/CesiumMan.glb', mean: 0.15, max: 4.0 },
  { name: 'RobotExpressive', file: 'RobotExpressive/RobotExpressive.glb', mean: 0.05, max: 0.6 },
];

describe.skipIf(!HAVE_SHARED_MODELS)('auto-bind quality on shared models', () => {
  it.each(CASES)('$name: deformation error within the recorded figures', async ({ file, mean, max }) => {
    const model = buildSkinnedModel(await readDocument(readSharedModel(file)), { influences: 4 });
    const ours: SkinWeights[] = [];
    for (const group of bindGroupsOfModel(model)) {
      const result = autobind(group.input);
      group.primitives.forEach((p, k) => {
        ours[p] = remapJoints(result.weights[k], group.jointMaps[k]);
      });
    }
    const q = measureBindQuality(model, ours);
    expect(q.unweighted).toBe(0);
    expect(q.deformMean).toBeLessThan(mean);
    expect(q.deformMax).toBeLessThan(max);
  });
});

describe.skipIf(HAVE_SHARED_MODELS)('auto-bind quality (no ../shared/models)', () => {
  it.skip('skipped: ../shared/models is absent', () => {});
});
