/**
 * The bench's per-region yardstick (test/support/bind-quality.ts): a face bound to the neck
 * stands out as the worst region, bound elsewhere, while the mean over the mesh barely moves.
 */
import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { measureBindQuality } from '../support/bind-quality.ts';

describe('measureBindQuality regions', () => {
  const data = buildMannequin({ targetVertices: 3000 });
  const model = buildSkinnedModel(mannequinToDocument(data), { influences: 4 });
  const skin = model.skins[0];
  const slot = (name: string) => skin.joints.findIndex((id) => model.joints.get(id)?.name === name);

  it('the weights themselves: every region exact', () => {
    const q = measureBindQuality(model, [model.primitives[0].weights.clone()]);
    expect(q.regions.length).toBeGreaterThan(10);
    for (const r of q.regions) {
      expect(r.mean).toBe(0);
      expect(r.elsewhere).toBe(0);
    }
  });

  it('the face on Neck: Head is the worst region, bound elsewhere, far above the mean', () => {
    const w = model.primitives[0].weights.clone();
    const head = slot('Head');
    const neck = slot('Neck');
    for (let v = 0; v < w.vertexCount; v++) {
      if (data.positions[v * 3 + 1] < 1.5 || data.positions[v * 3 + 2] < 0) continue;
      for (let i = v * w.influences; i < (v + 1) * w.influences; i++)
        if (w.joints[i] === head) w.joints[i] = neck;
    }
    const q = measureBindQuality(model, [w]);
    const [worst] = q.regions;
    expect(worst.name).toBe('Head');
    expect(worst.elsewhere).toBeGreaterThan(0.3);
    expect(worst.mean).toBeGreaterThan(5 * q.deformMean);
  });
});
