import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { applySkeletonEdit } from '../../src/skeleton/apply-skeleton-edit.ts';
import type { SkeletonEdit } from '../../src/skeleton/skeleton-edit.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';
import { diagonalOf, maxDistance } from '../support/skinning-oracle.ts';
import { drawnMesh } from './support/drawn-mesh.ts';

function name(model: ReturnType<typeof buildSkinnedModel>, suffix: string): string {
  for (const j of model.joints.values()) if (j.name.endsWith(suffix)) return j.name;
  throw new Error(suffix);
}

describe.each(EXPORTER_CONVENTIONS)('skeleton ops on %s', (convention) => {
  it('keep the drawn mesh', () => {
    let model = buildSkinnedModel(exportedAs(convention, 1500));
    const before = drawnMesh(model);
    const diag = diagonalOf(before);
    const fore = name(model, 'LeftForeArm');
    const arm = name(model, 'LeftArm');
    const p = model.joints.get([...model.joints.values()].find((j) => j.name === fore)!.id)!.restPosition;
    const edits: SkeletonEdit[] = [
      { op: 'move', joint: fore, to: [p[0] + 0.02, p[1], p[2] + 0.01] },
      { op: 'orient', joint: arm, rotation: [0, 0, 0.3826834, 0.9238795] },
      { op: 'add', parent: fore, at: [p[0] + 0.1, p[1], p[2]], name: 'Extra' },
      { op: 'split', joint: arm, count: 2 },
      { op: 'rename', joint: fore, to: 'Elbow' },
      { op: 'reparent', joint: 'Extra', parent: name(model, 'Spine2') },
    ];
    for (const edit of edits) {
      model = applySkeletonEdit(model, edit).model;
      const after = drawnMesh(model);
      for (let k = 0; k < before.length; k++)
        expect(maxDistance(before[k], after[k]), `${edit.op}`).toBeLessThan(1e-6 * diag);
    }
    const del = applySkeletonEdit(model, { op: 'delete', joint: 'Elbow' });
    expect(del.report.movedVertices).toBeGreaterThan(0);
    expect(del.model.joints.size).toBe(model.joints.size - 1);
    const bp = applySkeletonEdit(del.model, { op: 'bindPose', rotations: { [arm]: [0, 0, 0, 1] } });
    expect(bp.model.joints.size).toBe(del.model.joints.size);
  });
});
