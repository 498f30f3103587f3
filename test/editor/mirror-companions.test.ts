/**
 * Mirror across skins: on a modular character (each arm a mesh of its own skin), a mirrored
 * stroke on the left arm paints the right arm's mesh with the right joint, as one undo step.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';

function weightOf(editor: Editor, primitive: number, vertex: number, joint: string): number {
  const id = editor.resolveJoint(joint);
  return editor
    .influences(primitive, vertex)
    .filter((i) => i.joint === id)
    .reduce((s, i) => s + i.weight, 0);
}

describe('a mirrored stroke on a modular character', () => {
  it('paints the other skin at the reflected place with the mirror joint; one undo step', async () => {
    const editor = new Editor();
    const model = await editor.load({ name: 'multi-skin.glb', bytes: await exportedGlb('multi-skin') });
    const left = model.primitives.find((p) => p.name === 'Part1')!;
    const right = model.primitives.find((p) => p.name === 'Part2')!;
    // A left-forearm vertex, and the right-arm vertex at its mirror image.
    const L = editor.pose.positions(left.id);
    const R = editor.pose.positions(right.id);
    let v = -1;
    for (let i = 0; i < left.weights.vertexCount && v < 0; i++)
      if (weightOf(editor, left.id, i, 'LeftForeArm') > 0.99) v = i;
    const point: [number, number, number] = [L[v * 3], L[v * 3 + 1], L[v * 3 + 2]];
    let twin = -1;
    let best = Infinity;
    for (let i = 0; i < right.weights.vertexCount; i++) {
      const d = Math.hypot(R[i * 3] + point[0], R[i * 3 + 1] - point[1], R[i * 3 + 2] - point[2]);
      if (d < best) [best, twin] = [d, i];
    }
    expect(best).toBeLessThan(1e-4);
    const before = weightOf(editor, right.id, twin, 'RightForeArm');
    const leftBefore = weightOf(editor, left.id, v, 'LeftForeArm');
    expect(before).toBeGreaterThan(0.99);

    editor.selectJoint('LeftForeArm');
    editor.paint.setSettings({ brush: 'draw', weight: 0.25, strength: 1, radius: 0.04, mirror: true });
    const undoDepth = editor.history.undoCount;
    expect(editor.paint.beginStroke({ primitive: left.id, point })).toBe(true);
    editor.paint.endStroke();
    expect(editor.history.undoCount).toBe(undoDepth + 1);
    expect(weightOf(editor, left.id, v, 'LeftForeArm')).toBeCloseTo(0.25, 5);
    expect(weightOf(editor, right.id, twin, 'RightForeArm')).toBeCloseTo(0.25, 5);
    // Nothing about unmatched vertices: the partners are in the other skin.
    expect(editor.notices.some((n) => /no mirror partner/.test(n.message))).toBe(false);

    editor.undo();
    expect(weightOf(editor, left.id, v, 'LeftForeArm')).toBe(leftBefore);
    expect(weightOf(editor, right.id, twin, 'RightForeArm')).toBe(before);
  });

  it('a dab inside one part changes that part only; one that reaches over the border changes both', async () => {
    const editor = new Editor();
    const model = await editor.load({ name: 'multi-skin.glb', bytes: await exportedGlb('multi-skin') });
    const trunk = model.primitives.find((p) => p.name === 'Part0')!;
    const P = editor.pose.positions(trunk.id);
    // The trunk vertex nearest the belly, far from the arms and legs.
    let v = 0;
    for (let i = 0; i < trunk.weights.vertexCount; i++)
      if (
        Math.hypot(P[i * 3], P[i * 3 + 1] - 1.25, P[i * 3 + 2] - 0.2) <
        Math.hypot(P[v * 3], P[v * 3 + 1] - 1.25, P[v * 3 + 2] - 0.2)
      )
        v = i;
    const at: [number, number, number] = [P[v * 3], P[v * 3 + 1], P[v * 3 + 2]];
    editor.selectJoint('Spine');
    const touched = new Set<number>();
    editor.events.on('weights', (ranges) => {
      for (const r of ranges) touched.add(r.primitive);
    });
    editor.paint.setSettings({ brush: 'draw', weight: 0.25, radius: 0.05, mirror: true });
    editor.paint.beginStroke({ primitive: trunk.id, point: at });
    editor.paint.endStroke();
    expect([...touched]).toEqual([trunk.id]);
    // A brush reaching over the shoulders and hips paints the arms' and legs' skins as well.
    touched.clear();
    editor.paint.setSettings({ radius: 0.5 });
    editor.paint.beginStroke({ primitive: trunk.id, point: at });
    editor.paint.endStroke();
    expect([...touched].sort()).toEqual(model.primitives.map((p) => p.id).sort());
  });
});
