/**
 * Selection on the posed mesh: box, lasso and click select what the user sees when the
 * character is posed — the vertices at their posed places, not at their bind-pose ones — and
 * the bind pose selects at the stored positions again.
 */
import { describe, expect, it } from 'vitest';
import { mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { orthographicMatrix } from '../../src/select/screen-projection.ts';
import { mannequin } from '../editor/test-editor.ts';

// A front view of x ∈ [-1, 1], y ∈ [0.2, 1.7] on 800 × 600 pixels.
const FRONT = { matrix: orthographicMatrix(-1, 1, 0.2, 1.7), width: 800, height: 600 };
const px = (x: number) => 400 * (x + 1);
const py = (y: number) => 600 - 400 * (y - 0.2);

// Above the left elbow (0.455, 1.435): empty in the bind pose; the forearm bent 90° about Z is there.
const ABOVE_ELBOW = { x0: 0.4, x1: 0.51, y0: 1.5, y1: 1.66 };
const rect = (b: typeof ABOVE_ELBOW) => ({ x0: px(b.x0), y0: py(b.y1), x1: px(b.x1), y1: py(b.y0) });

function editorWithMannequin(): Editor {
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(mannequin()), 'mannequin.glb');
  return editor;
}

const inside = (p: ArrayLike<number>, v: number, b: typeof ABOVE_ELBOW, slack = 1e-4) =>
  p[v * 3] >= b.x0 - slack &&
  p[v * 3] <= b.x1 + slack &&
  p[v * 3 + 1] >= b.y0 - slack &&
  p[v * 3 + 1] <= b.y1 + slack;

describe('selection on the posed mesh', () => {
  it('a box selects the vertices posed inside it, not those whose bind positions are there', () => {
    const editor = editorWithMannequin();
    const bind = editor.requireModel().primitives[0].positions;
    expect(editor.selection.box(rect(ABOVE_ELBOW), FRONT, { facing: 'through' })).toBe(0);

    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const posed = editor.pose.positions(0);
    const n = editor.selection.box(rect(ABOVE_ELBOW), FRONT, { facing: 'through' });
    expect(n).toBeGreaterThan(30);
    const mask = editor.selection.selectionMask(0)!;
    let expected = 0;
    for (let v = 0; v < mask.length; v++) {
      if (inside(posed, v, ABOVE_ELBOW, -1e-4)) expected++;
      if (!mask[v]) continue;
      expect(inside(posed, v, ABOVE_ELBOW)).toBe(true);
      // These are forearm vertices: in the bind pose they lie along the straight arm, right of the box.
      expect(inside(bind, v, ABOVE_ELBOW)).toBe(false);
    }
    // Every vertex posed well inside the box was taken.
    expect(n).toBeGreaterThanOrEqual(expected);

    // Front faces and visibility are judged on the posed surface too: fewer, all still inside.
    const visible = editor.selection.box(rect(ABOVE_ELBOW), FRONT, { facing: 'visible' });
    expect(visible).toBeGreaterThan(10);
    expect(visible).toBeLessThan(n);
    const vm = editor.selection.selectionMask(0)!;
    for (let v = 0; v < vm.length; v++) if (vm[v]) expect(inside(posed, v, ABOVE_ELBOW)).toBe(true);

    // Back in the bind pose, the same box is empty again.
    editor.pose.resetAll();
    expect(editor.selection.box(rect(ABOVE_ELBOW), FRONT, { facing: 'through' })).toBe(0);
  });

  it('a lasso and a click pick on the posed surface; hovering names the posed vertex without selecting', () => {
    const editor = editorWithMannequin();
    editor.pose.setJointRotation('LeftForeArm', [0, 0, 90]);
    const posed = editor.pose.positions(0);
    // The Inspector's hover: the vertex nearest a point on the raised forearm, selection untouched.
    const hovered = editor.selection.vertexAt({ primitive: 0, point: [0.455, 1.6, 0.03] })!;
    expect(editor.selection.isEmpty).toBe(true);
    const d = (v: number, p: readonly number[]) =>
      Math.hypot(posed[v * 3] - p[0], posed[v * 3 + 1] - p[1], posed[v * 3 + 2] - p[2]);
    expect(d(hovered.vertex, [0.455, 1.6, 0.03])).toBeLessThan(0.03);
    for (let v = 0; v < posed.length / 3; v += 7)
      expect(d(v, [0.455, 1.6, 0.03])).toBeGreaterThanOrEqual(d(hovered.vertex, [0.455, 1.6, 0.03]) - 1e-6);

    const b = ABOVE_ELBOW;
    const lasso = [px(b.x0), py(b.y0), px(b.x1), py(b.y0), px(b.x1), py(b.y1), px(b.x0), py(b.y1)];
    expect(editor.selection.lasso(lasso, FRONT, { facing: 'through' })).toBeGreaterThan(30);
    // A ray straight down the view through the raised forearm's middle.
    const hit = editor.selection.raycast([0.455, 1.58, 5], [0, 0, -1]);
    expect(hit).not.toBeNull();
    const { vertex } = hit!;
    expect(Math.hypot(posed[vertex * 3] - 0.455, posed[vertex * 3 + 1] - 1.58)).toBeLessThan(0.05);
    expect(editor.selection.count).toBeGreaterThanOrEqual(1);
  });
});
