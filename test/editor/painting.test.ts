/**
 * Painting the built-in mannequin through the Editor with fake pointer events.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { mannequin, OrthoCamera, TestEditor } from './test-editor.ts';

type V3 = [number, number, number];
const ELBOW: V3 = [0.43, 1.435, 0];
const WRIST: V3 = [0.66, 1.435, 0];

function bits(sw: SkinWeights): string {
  return `${Array.from(sw.joints)}|${Array.from(new Uint32Array(sw.weights.buffer))}`;
}

/** Vertices whose slots differ between two SkinWeights. */
function changedVertices(a: SkinWeights, b: SkinWeights): number[] {
  const K = a.influences;
  const out: number[] = [];
  for (let v = 0; v < a.vertexCount; v++) {
    for (let i = 0; i < K; i++) {
      if (
        a.joints[v * K + i] !== b.joints[v * K + i] ||
        !Object.is(a.weights[v * K + i], b.weights[v * K + i])
      ) {
        out.push(v);
        break;
      }
    }
  }
  return out;
}

describe('painting the mannequin', () => {
  let t: TestEditor;
  let weights: SkinWeights;
  let start: SkinWeights;
  beforeEach(() => {
    t = new TestEditor();
    weights = t.model.primitives[0].weights;
    start = weights.clone();
    t.editor.selectJoint('LeftForeArm');
    t.editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.05 });
  });

  it('a Draw stroke over the left forearm raises LeftForeArm under the stroke, and only there', () => {
    expect(t.drag(ELBOW, WRIST)).toBe(true);
    const lf = t.joint('LeftForeArm');
    const changed = changedVertices(start, weights);
    expect(changed.length).toBeGreaterThan(50);
    const pos = t.model.primitives[0].positions;
    for (const v of changed) {
      expect(weights.weightOf(v, lf)).toBeGreaterThan(start.weightOf(v, lf));
      // Within the brush radius of the forearm's axis segment.
      const x = Math.min(Math.max(pos[v * 3], ELBOW[0]), WRIST[0]);
      expect(Math.hypot(pos[v * 3] - x, pos[v * 3 + 1] - 1.435, pos[v * 3 + 2])).toBeLessThan(0.05 + 0.06);
    }
    expect(findInvariantViolations(weights)).toEqual([]);
    expect(t.editor.history.undoCount).toBe(1);
    // The events covered every changed vertex.
    for (const v of changed) {
      expect(t.weightEvents.some((e) => e.some((r) => r.primitive === 0 && r.start <= v && v < r.end))).toBe(
        true,
      );
    }
  });

  it('with mirror on, the right forearm gets the same weights on RightForeArm (within 1e-5)', () => {
    t.keyDown('x');
    expect(t.editor.paint.settings.mirror).toBe(true);
    t.drag(ELBOW, WRIST);
    const data = mannequin();
    const lf = t.joint('LeftForeArm');
    const rf = t.joint('RightForeArm');
    const changed = changedVertices(start, weights).filter((v) => t.model.primitives[0].positions[v * 3] > 0);
    expect(changed.length).toBeGreaterThan(50);
    const jointMirror = data.jointMirror;
    for (const v of changed) {
      const m = data.mirror[v];
      expect(Math.abs(weights.weightOf(m, rf) - weights.weightOf(v, lf))).toBeLessThanOrEqual(1e-5);
      // Every influence mirrors, not only the painted joint.
      for (let j = 0; j < jointMirror.length; j++) {
        expect(Math.abs(weights.weightOf(m, jointMirror[j]) - weights.weightOf(v, j))).toBeLessThanOrEqual(
          1e-5,
        );
      }
    }
  });

  it('Escape cancels a stroke in progress bit for bit; Ctrl+Z / Ctrl+Shift+Z undo and redo exactly', () => {
    const [ax, ay] = t.camera.toScreen(ELBOW);
    const [bx, by] = t.camera.toScreen(WRIST);
    t.pointerDown(ax, ay);
    t.pointerMove(bx, by);
    expect(bits(weights)).not.toBe(bits(start));
    t.keyDown('Escape');
    expect(bits(weights)).toBe(bits(start));
    expect(t.editor.history.undoCount).toBe(0);

    t.drag(ELBOW, WRIST);
    const painted = weights.clone();
    t.clearEvents();
    t.keyDown('z', { ctrl: true });
    expect(bits(weights)).toBe(bits(start));
    expect(t.weightEvents).toHaveLength(1);
    t.keyDown('z', { ctrl: true, shift: true });
    expect(bits(weights)).toBe(bits(painted));
    t.keyDown('z', { ctrl: true });
    t.keyDown('y', { ctrl: true });
    expect(bits(weights)).toBe(bits(painted));
  });

  it('painting a locked joint is refused with a message; locked joints keep their weights', () => {
    t.editor.setLocked('LeftForeArm', true);
    expect(t.drag(ELBOW, WRIST)).toBe(false);
    expect(t.editor.notices.at(-1)?.message).toMatch(/LeftForeArm is locked/);
    expect(bits(weights)).toBe(bits(start));

    t.editor.setLocked('LeftForeArm', false);
    t.editor.setLocked('LeftArm', true);
    t.editor.paint.setSettings({ weight: 0 });
    t.drag(ELBOW, WRIST);
    const la = t.joint('LeftArm');
    expect(changedVertices(start, weights).length).toBeGreaterThan(0);
    for (let v = 0; v < weights.vertexCount; v++)
      expect(Object.is(weights.weightOf(v, la), start.weightOf(v, la))).toBe(true);
    expect(findInvariantViolations(weights)).toEqual([]);
  });

  it('lowering a joint that a vertex has alone moves the weight to the nearest unlocked bone', () => {
    t.editor.paint.setSettings({ weight: 0, radius: 0.03 });
    const mid: V3 = [0.6, 1.435, 0];
    t.drag(mid, [0.61, 1.435, 0], 2);
    const lf = t.joint('LeftForeArm');
    const changed = changedVertices(start, weights);
    expect(changed.length).toBeGreaterThan(0);
    for (const v of changed) {
      expect(weights.weightOf(v, lf)).toBeLessThan(start.weightOf(v, lf));
      // The weight went to a neighbouring bone of the arm, never nowhere.
      const names = weights
        .influencesOf(v)
        .map((i) => t.model.joints.get(t.model.skins[0].joints[i.joint])!.name);
      expect(names.some((n) => ['LeftHand', 'LeftArm', 'LeftForeArm'].includes(n))).toBe(true);
    }
    expect(findInvariantViolations(weights)).toEqual([]);
  });

  it('Shift held smooths; Ctrl held inverts', () => {
    t.editor.paint.setSettings({ brush: 'add', weight: 0.5, strength: 1 });
    t.drag(ELBOW, WRIST, 20, { invert: true });
    expect(t.editor.history.undoCount).toBe(1);
    const lf = t.joint('LeftForeArm');
    const after = weights.clone();
    for (const v of changedVertices(start, after))
      expect(after.weightOf(v, lf)).toBeLessThan(start.weightOf(v, lf));
    // Shift: a smoothing stroke over the elbow crease evens out neighbours.
    t.drag([0.42, 1.435, 0], [0.5, 1.435, 0], 10, { smooth: true });
    const smoothed = changedVertices(after, weights);
    expect(smoothed.length).toBeGreaterThan(0);
    expect(t.editor.paint.lastStroke?.settings.brush).toBe('smooth');
    expect(t.editor.paint.settings.brush).toBe('add');
  });

  it('flood sets the target on every vertex in one step; sample picks the weight under the cursor', () => {
    t.editor.paint.setSettings({ weight: 0.25 });
    expect(t.editor.paint.flood()).toBe(true);
    const lf = t.joint('LeftForeArm');
    for (let v = 0; v < weights.vertexCount; v++) expect(weights.weightOf(v, lf)).toBe(Math.fround(0.25));
    expect(findInvariantViolations(weights)).toEqual([]);
    expect(t.editor.history.undoCount).toBe(1);
    t.editor.undo();
    expect(bits(weights)).toBe(bits(start));

    t.editor.paint.setSettings({ brush: 'sample' });
    const [px, py] = t.camera.toScreen([0.6, 1.435, 0]);
    t.pointerDown(px, py);
    t.pointerUp();
    expect(t.editor.paint.settings.weight).toBeCloseTo(1, 5);
    expect(t.editor.history.undoCount).toBe(0);
    expect(bits(weights)).toBe(bits(start));
  });

  it('front faces only spares the far side; through paints it', () => {
    t.editor.paint.setSettings({ frontFacesOnly: true, radius: 0.09, weight: 0 });
    t.drag([0.6, 1.435, 0], [0.62, 1.435, 0], 2);
    const n = t.model.primitives[0].primitive.getAttribute('NORMAL')!.getArray()!;
    const front = changedVertices(start, weights);
    expect(front.length).toBeGreaterThan(0);
    for (const v of front) expect(n[v * 3 + 2]).toBeGreaterThan(-0.3);
    t.editor.undo();
    t.editor.paint.setSettings({ frontFacesOnly: false });
    t.drag([0.6, 1.435, 0], [0.62, 1.435, 0], 2);
    expect(changedVertices(start, weights).some((v) => n[v * 3 + 2] < -0.5)).toBe(true);
  });

  it('connected surface only keeps a brush on the inner thigh off the other leg', () => {
    t.editor.selectJoint('LeftUpLeg');
    t.camera = new OrthoCamera([0, 0.7, 0], [0, 0, -1], [0, 1, 0], 400);
    const pos = t.model.primitives[0].positions;
    const inner: V3 = [0.03, 0.7, 0];
    t.editor.paint.setSettings({ radius: 0.09, connectedOnly: true });
    t.drag(inner, [0.03, 0.72, 0], 2);
    const leftOnly = changedVertices(start, weights);
    expect(leftOnly.length).toBeGreaterThan(0);
    for (const v of leftOnly) expect(pos[v * 3]).toBeGreaterThan(0);
    t.editor.undo();
    t.editor.paint.setSettings({ connectedOnly: false });
    t.drag(inner, [0.03, 0.72, 0], 2);
    expect(changedVertices(start, weights).some((v) => pos[v * 3] < 0)).toBe(true);
  });

  it('a recorded stroke replays to the same weights on a fresh editor', () => {
    t.editor.paint.setSettings({ mirror: true, weight: 0.6, strength: 0.5, falloff: 'linear' });
    t.drag(ELBOW, WRIST, 15, { pressure: 0.7 });
    const record = JSON.parse(JSON.stringify(t.editor.paint.lastStroke));
    const fresh = new TestEditor();
    fresh.editor.paint.replay(record);
    expect(bits(fresh.model.primitives[0].weights)).toBe(bits(weights));
    expect(fresh.editor.history.undoCount).toBe(1);
    expect(fresh.editor.paint.settings.weight).toBe(1); // the session's own settings are kept
  });

  it('refuses without a selected joint, and reports history drops', () => {
    t.editor.selectJoint(null);
    expect(t.drag(ELBOW, WRIST)).toBe(false);
    expect(t.editor.notices.at(-1)?.message).toMatch(/Select a joint/);
    t.editor.selectJoint('LeftForeArm');
    t.editor.history.maxBytes = 1;
    t.drag(ELBOW, WRIST);
    t.editor.paint.setSettings({ weight: 0 });
    t.drag(ELBOW, WRIST);
    expect(t.editor.history.undoCount).toBe(1);
    expect(t.editor.notices.at(-1)?.message).toMatch(/oldest undo steps were dropped/);
  });

  it('mirror pairs, overrides and the partner report', () => {
    expect(t.model.joints.get(t.editor.paint.mirrorJointOf('LeftForeArm'))!.name).toBe('RightForeArm');
    expect(t.model.joints.get(t.editor.paint.mirrorJointOf('Spine'))!.name).toBe('Spine');
    t.editor.paint.setMirrorJoints('LeftForeArm', 'RightHand');
    expect(t.model.joints.get(t.editor.paint.mirrorJointOf('LeftForeArm'))!.name).toBe('RightHand');
    expect(t.model.joints.get(t.editor.paint.mirrorJointOf('RightForeArm'))!.name).toBe('RightForeArm');
    const [report] = t.editor.paint.mirrorReport('x');
    expect(report.unmatched).toBe(0); // the mannequin is exactly symmetric
    expect(report.nodes).toBe(weights.vertexCount);
  });

  it('brush queries follow replaced (posed) positions', () => {
    t.editor.paint.prepare();
    t.editor.paint.setSettings({ weight: 0 });
    const moved = t.model.primitives[0].positions.slice();
    for (let i = 1; i < moved.length; i += 3) moved[i] += 1; // lift the whole body by 1 m
    t.editor.paint.setPositions(0, moved);
    const at: V3 = [0.6, 1.435, 0.04];
    expect(t.editor.paint.beginStroke({ primitive: 0, point: at })).toBe(true);
    t.editor.paint.endStroke();
    expect(bits(weights)).toBe(bits(start)); // nothing is at the old place any more
    t.editor.paint.beginStroke({ primitive: 0, point: [at[0], at[1] + 1, at[2]] });
    t.editor.paint.endStroke();
    expect(changedVertices(start, weights).length).toBeGreaterThan(0);
    t.editor.paint.resetPositions();
  });
});
