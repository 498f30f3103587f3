import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { moveJoint } from '../../src/skeleton/move-joint.ts';
import { orientJoint } from '../../src/skeleton/orient-joint.ts';
import { rebuildModel } from '../../src/skeleton/rebuild-model.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';
import { diagonalOf, maxDistance } from '../support/skinning-oracle.ts';
import { drawnMesh } from './support/drawn-mesh.ts';

function jointNamed(model: ReturnType<typeof buildSkinnedModel>, suffix: string): number {
  for (const j of model.joints.values()) if (j.name.endsWith(suffix)) return j.id;
  throw new Error(suffix);
}

describe.each(EXPORTER_CONVENTIONS)('move and orient on %s', (convention) => {
  it('leave the mesh as drawn at rest', () => {
    const model = buildSkinnedModel(exportedAs(convention, 1500));
    const before = drawnMesh(model);
    const diag = diagonalOf(before);
    const elbow = jointNamed(model, 'LeftForeArm');
    const p = model.joints.get(elbow)!.restPosition;
    expect(moveJoint(model, elbow, [p[0] + 0.03, p[1] - 0.02, p[2] + 0.01]).changed).toBe(true);
    const moved = rebuildModel(model);
    const np = moved.joints.get(elbow)!.restPosition;
    expect(np[0]).toBeCloseTo(p[0] + 0.03, 6);
    expect(np[1]).toBeCloseTo(p[1] - 0.02, 6);
    const q = Math.SQRT1_2;
    orientJoint(moved, jointNamed(moved, 'LeftArm'), [0, 0, q, q]);
    moveJoint(moved, jointNamed(moved, 'Spine1'), [0.01, 1.25, 0.02], { children: 'follow' });
    const after = drawnMesh(rebuildModel(moved));
    for (let p2 = 0; p2 < before.length; p2++)
      expect(maxDistance(before[p2], after[p2])).toBeLessThan(1e-6 * diag);
  });
});
