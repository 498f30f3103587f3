/**
 * A delete on a file whose rest pose is not its bind pose: the deleted joint's vertices follow the
 * receiver and move at rest (Quaternius's ears, 7.5 cm). The edit says how many and how far, and
 * the figure is what an engine draws; where rest and bind agree nothing is said.
 */
import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { applySkeletonEdit } from '../../src/skeleton/apply-skeleton-edit.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';
import { drawnMesh } from './support/drawn-mesh.ts';

function largestMove(a: Float32Array[], b: Float32Array[]): { max: number; moved: number } {
  let max = 0;
  let moved = 0;
  a.forEach((p, k) => {
    for (let v = 0; v < p.length / 3; v++) {
      const d = Math.hypot(
        p[3 * v] - b[k][3 * v],
        p[3 * v + 1] - b[k][3 * v + 1],
        p[3 * v + 2] - b[k][3 * v + 2],
      );
      if (d > 1e-6) moved++;
      max = Math.max(max, d);
    }
  });
  return { max, moved };
}

describe('delete at a rest pose that is not the bind pose', () => {
  it('says how many vertices moved and how far, as drawn', () => {
    const doc = makeSkinnedDocument({ joints: 3, animation: false, influences: 2 });
    // The rest pose turns joint2 20° away from its bind pose (its IBM is the bind's).
    doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'joint2')!
      .setRotation([0, 0, Math.sin(0.175), Math.cos(0.175)]);
    const model = buildSkinnedModel(doc);
    const before = drawnMesh(model);
    const applied = applySkeletonEdit(model, { op: 'delete', joint: 'joint2' });
    const after = drawnMesh(applied.model);
    const drawn = largestMove(before, after);
    expect(drawn.moved).toBeGreaterThan(0);
    const [warning] = applied.report.warnings;
    expect(warning).toMatch(new RegExp(`^${drawn.moved} vertices of "joint2" moved up to`));
    const cm = Number(/up to ([\d.]+) cm/.exec(warning)![1]);
    expect(Math.abs(cm / 100 - drawn.max)).toBeLessThan(0.0006);
    expect(applied.report.notes).toContain(warning);
  });

  it('says nothing where the rest pose is the bind pose', () => {
    const model = buildSkinnedModel(makeSkinnedDocument({ joints: 3, animation: false, influences: 2 }));
    const before = drawnMesh(model);
    const applied = applySkeletonEdit(model, { op: 'delete', joint: 'joint2' });
    expect(largestMove(before, drawnMesh(applied.model)).max).toBeLessThan(1e-6);
    expect(applied.report.warnings).toEqual([]);
  });
});
