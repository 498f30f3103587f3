/**
 * Weight layers through the Editor: a stroke on a new layer is the flat stroke, bit for bit;
 * hiding the layer gives the base back, bit for bit; masks, opacity, order, merge and flatten
 * behave as the Layers panel says; every layer operation is one undo step; tools and auto-bind
 * edit the active layer.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { TestEditor } from './test-editor.ts';

type V3 = [number, number, number];
const ELBOW: V3 = [0.43, 1.435, 0];
const WRIST: V3 = [0.66, 1.435, 0];
const SHOULDER: V3 = [0.2, 1.435, 0];

function bits(sw: SkinWeights): string {
  return `${Array.from(sw.joints)}|${Array.from(new Uint32Array(sw.weights.buffer))}`;
}

function changed(a: SkinWeights, b: SkinWeights): number {
  const K = a.influences;
  let n = 0;
  for (let v = 0; v < a.vertexCount; v++) {
    for (let i = v * K; i < v * K + K; i++) {
      if (a.joints[i] !== b.joints[i] || !Object.is(a.weights[i], b.weights[i])) {
        n++;
        break;
      }
    }
  }
  return n;
}

function fresh(): TestEditor {
  const t = new TestEditor();
  t.editor.selectJoint('LeftForeArm');
  t.editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 0.7, radius: 0.05 });
  return t;
}

const shown = (t: TestEditor) => t.model.primitives[0].weights;

describe('painting on a layer', () => {
  let flat: TestEditor;
  let layered: TestEditor;
  let base: string;
  beforeEach(() => {
    flat = fresh();
    layered = fresh();
    base = bits(shown(layered));
  });

  it('a stroke on a new layer gives the flat stroke’s weights, bit for bit', () => {
    flat.drag(ELBOW, WRIST);
    const id = layered.editor.layers.add('Arms');
    expect(layered.editor.layers.activeId).toBe(id);
    expect(bits(shown(layered))).toBe(base);
    layered.drag(ELBOW, WRIST);
    expect(bits(shown(layered))).toBe(bits(shown(flat)));
    expect(layered.editor.layers.list()[0]).toMatchObject({ name: 'Arms', active: true });
    expect(layered.editor.layers.list()[0].painted).toBeGreaterThan(50);
  });

  it('hiding the layer gives the base back, bit for bit; showing it, the painted weights', () => {
    const id = layered.editor.layers.add();
    layered.drag(ELBOW, WRIST);
    const painted = bits(shown(layered));
    layered.editor.layers.setVisible(id, false);
    expect(bits(shown(layered))).toBe(base);
    layered.editor.layers.setVisible(id, true);
    expect(bits(shown(layered))).toBe(painted);
    // Each is one undo step.
    layered.editor.undo();
    expect(bits(shown(layered))).toBe(base);
    layered.editor.redo();
    expect(bits(shown(layered))).toBe(painted);
  });

  it('undo of a stroke on a layer, then of the layer itself', () => {
    layered.editor.layers.add();
    layered.drag(ELBOW, WRIST);
    expect(layered.editor.layers.list()).toHaveLength(2);
    layered.editor.undo();
    expect(bits(shown(layered))).toBe(base);
    expect(layered.editor.layers.list()[0].painted).toBe(0);
    layered.editor.undo();
    expect(layered.editor.layers.list()).toHaveLength(1);
    layered.editor.redo();
    layered.editor.redo();
    flat.drag(ELBOW, WRIST);
    expect(bits(shown(layered))).toBe(bits(shown(flat)));
  });

  it('Escape mid-stroke on a layer gives every weight back and leaves the layer empty', () => {
    layered.editor.layers.add();
    const [ax, ay] = layered.camera.toScreen(ELBOW);
    const [bx, by] = layered.camera.toScreen(WRIST);
    expect(layered.pointerDown(ax, ay)).toBe(true);
    for (let i = 1; i <= 10; i++) layered.pointerMove(ax + ((bx - ax) * i) / 10, ay + ((by - ay) * i) / 10);
    expect(bits(shown(layered))).not.toBe(base);
    layered.keyDown('escape');
    layered.pointerUp();
    expect(bits(shown(layered))).toBe(base);
    expect(layered.editor.layers.list()[0].painted).toBe(0);
    // And the next stroke paints as a flat one does.
    layered.drag(ELBOW, WRIST);
    flat.drag(ELBOW, WRIST);
    expect(bits(shown(layered))).toBe(bits(shown(flat)));
  });

  describe('a layer covers every vertex its brush touched, even one left at the value it had', () => {
    const painted = (t: TestEditor, id: number) => t.editor.layers.list().find((l) => l.id === id)!.painted;

    it('Draw at the weight the base already has: covered, and it keeps that weight when the base changes', () => {
      const t = fresh();
      const lf = t.joint('LeftForeArm');
      // The base: the forearm at 1 (a flat stroke), so a Draw of 1 there changes nothing.
      t.drag(ELBOW, WRIST);
      const atOne: number[] = [];
      for (let v = 0; v < shown(t).vertexCount; v++) if (shown(t).weightOf(v, lf) === 1) atOne.push(v);
      expect(atOne.length).toBeGreaterThan(20);
      const id = t.editor.layers.add('Arms');
      t.drag(ELBOW, WRIST);
      // Those stayed at 1, yet the layer holds them: the brush went over them.
      expect(atOne.every((v) => shown(t).weightOf(v, lf) === 1)).toBe(true);
      expect(painted(t, id)).toBeGreaterThan(50);
      // The base changes under it (flooded to 0.25 on the base layer): the layer keeps its 1s.
      t.editor.layers.setActive(t.editor.layers.list().at(-1)!.id);
      t.editor.paint.setSettings({ weight: 0.25 });
      expect(t.editor.paint.flood()).toBe(true);
      // Those under the stroke (the rest of the forearm was never touched).
      const kept = atOne.filter((v) => shown(t).weightOf(v, lf) === 1).length;
      expect(kept).toBeGreaterThan(50);
      expect(kept).toBeLessThan(painted(t, id));
      // Hidden, the base's 0.25 shows there.
      t.editor.layers.setVisible(id, false);
      expect(atOne.filter((v) => shown(t).weightOf(v, lf) === 1).length).toBe(0);
    });

    it('undo uncovers exactly what the step covered, redo covers it again', () => {
      const t = fresh();
      t.drag(ELBOW, WRIST);
      const id = t.editor.layers.add();
      t.drag(ELBOW, WRIST);
      const first = painted(t, id);
      expect(first).toBeGreaterThan(0);
      // A second stroke elsewhere, then a third over the first one's vertices with a new weight.
      t.drag(SHOULDER, ELBOW);
      const second = painted(t, id);
      expect(second).toBeGreaterThan(first);
      t.editor.paint.setSettings({ weight: 0.5 });
      t.drag(ELBOW, WRIST);
      const third = bits(shown(t));
      expect(painted(t, id)).toBeGreaterThanOrEqual(second);
      // Undo the third: what the first covered at the value below it stays covered.
      t.editor.undo();
      expect(painted(t, id)).toBe(second);
      t.editor.undo();
      expect(painted(t, id)).toBe(first);
      t.editor.undo();
      expect(painted(t, id)).toBe(0);
      t.editor.redo();
      expect(painted(t, id)).toBe(first);
      t.editor.redo();
      t.editor.redo();
      expect(bits(shown(t))).toBe(third);
    });

    it('for any strokes and tools on layers, undoing them all gives every layer back as it was, coverage included', () => {
      const anchors: V3[] = [SHOULDER, ELBOW, WRIST, [0.55, 1.44, 0.02], [0.3, 1.43, -0.02]];
      const stroke = fc.record({
        from: fc.integer({ min: 0, max: anchors.length - 1 }),
        to: fc.integer({ min: 0, max: anchors.length - 1 }),
        brush: fc.constantFrom('draw', 'add', 'subtract', 'smooth'),
        weight: fc.constantFrom(0, 0.5, 1),
        strength: fc.constantFrom(0.3, 1),
        joint: fc.constantFrom('LeftForeArm', 'LeftArm', 'LeftHand'),
        newLayer: fc.boolean(),
        // Tools too: a flood or smooth can put covered vertices back to the stack below.
        tool: fc.constantFrom('none', 'none', 'flood', 'smooth'),
        every: fc.integer({ min: 1, max: 5 }),
      });
      fc.assert(
        fc.property(fc.array(stroke, { minLength: 1, maxLength: 5 }), (strokes) => {
          const t = fresh();
          // A base stroke first, so some strokes meet weights already at their target.
          t.drag(ELBOW, WRIST);
          t.editor.layers.add();
          const snapshot = () =>
            JSON.stringify({
              shown: bits(shown(t)),
              layers: t.editor.layers.list().map((l) => [l.id, l.painted]),
            });
          const start = snapshot();
          const steps0 = t.editor.history.undoCount;
          for (const s of strokes) {
            if (s.newLayer) t.editor.layers.add();
            t.editor.selectJoint(s.joint);
            t.editor.paint.setSettings({ brush: s.brush, weight: s.weight, strength: s.strength });
            t.drag(anchors[s.from], anchors[s.to], 8);
            const n = shown(t).vertexCount;
            if (s.tool === 'flood')
              t.editor.paint.flood(
                new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % s.every ? 0 : 1))]]),
              );
            if (s.tool === 'smooth') t.editor.tools.smooth({ iterations: s.every, strength: s.strength });
          }
          const end = snapshot();
          const steps = t.editor.history.undoCount - steps0;
          for (let i = 0; i < steps; i++) t.editor.undo();
          expect(snapshot()).toBe(start);
          for (let i = 0; i < steps; i++) t.editor.redo();
          expect(snapshot()).toBe(end);
        }),
        { numRuns: runs(15) },
      );
    });

    it('a tool that puts covered vertices back to the stack below uncovers them; undo and redo replay that', () => {
      // A vertex the base stroke takes to 1 and the layer's stroke to 0.5 (found on a dry run).
      const dry = fresh();
      const lf = dry.joint('LeftForeArm');
      dry.drag(ELBOW, WRIST);
      const atOne = (u: number) => shown(dry).weightOf(u, lf) === 1;
      const ones = [...Array(shown(dry).vertexCount).keys()].filter(atOne);
      dry.editor.layers.add();
      dry.editor.paint.setSettings({ weight: 0.5 });
      dry.drag(ELBOW, WRIST);
      const v = ones.find((u) => !atOne(u))!;
      expect(v).toBeDefined();
      const t = fresh();
      t.drag(ELBOW, WRIST);
      // Under the layer, the base as the clipboard has it (the slots a paste writes back).
      expect(t.editor.tools.copy(0, v)).not.toBeNull();
      const underSlots = bits(shown(t));
      const id = t.editor.layers.add();
      t.editor.paint.setSettings({ weight: 0.5 });
      t.drag(ELBOW, WRIST);
      const afterStroke = { painted: painted(t, id), shown: bits(shown(t)) };
      expect(shown(t).weightOf(v, lf)).toBeLessThan(1);
      t.editor.selection.setVertices(0, [v]);
      expect(t.editor.tools.paste({ mode: 'exact' }).step).not.toBeNull();
      // Back to exactly the base there: the layer no longer covers it.
      expect(shown(t).weightOf(v, lf)).toBe(1);
      const afterPaste = { painted: painted(t, id), shown: bits(shown(t)) };
      expect(afterPaste.painted).toBe(afterStroke.painted - 1);
      t.editor.undo();
      expect({ painted: painted(t, id), shown: bits(shown(t)) }).toEqual(afterStroke);
      t.editor.redo();
      expect({ painted: painted(t, id), shown: bits(shown(t)) }).toEqual(afterPaste);
      t.editor.undo();
      t.editor.undo();
      expect({ painted: painted(t, id), shown: bits(shown(t)) }).toEqual({ painted: 0, shown: underSlots });
    });

    it('Escape mid-stroke uncovers what the stroke touched', () => {
      const t = fresh();
      t.drag(ELBOW, WRIST);
      const id = t.editor.layers.add();
      t.drag(SHOULDER, ELBOW);
      const before = painted(t, id);
      const shownBefore = bits(shown(t));
      const [ax, ay] = t.camera.toScreen(ELBOW);
      const [bx, by] = t.camera.toScreen(WRIST);
      expect(t.pointerDown(ax, ay)).toBe(true);
      for (let i = 1; i <= 10; i++) t.pointerMove(ax + ((bx - ax) * i) / 10, ay + ((by - ay) * i) / 10);
      t.keyDown('escape');
      t.pointerUp();
      expect(painted(t, id)).toBe(before);
      expect(bits(shown(t))).toBe(shownBefore);
    });
  });

  it('a mask painted to 0 lets the base through there; opacity blends and keeps the invariants', () => {
    const id = layered.editor.layers.add();
    layered.drag(ELBOW, WRIST);
    const painted = bits(shown(layered));
    layered.editor.layers.setTarget('mask');
    layered.editor.paint.setSettings({ weight: 0 });
    expect(layered.editor.paint.flood()).toBe(true);
    expect(bits(shown(layered))).toBe(base);
    layered.editor.undo();
    expect(bits(shown(layered))).toBe(painted);
    layered.editor.layers.setTarget('weights');
    layered.editor.layers.setOpacity(id, 0.5);
    const half = shown(layered);
    expect(findInvariantViolations(half)).toEqual([]);
    const start = fresh();
    const lf = layered.joint('LeftForeArm');
    flat.drag(ELBOW, WRIST);
    let between = 0;
    for (let v = 0; v < half.vertexCount; v++) {
      const a = shown(start).weightOf(v, lf);
      const b = shown(flat).weightOf(v, lf);
      if (a === b) continue;
      expect(half.weightOf(v, lf)).toBeGreaterThanOrEqual(Math.min(a, b) - 1e-6);
      expect(half.weightOf(v, lf)).toBeLessThanOrEqual(Math.max(a, b) + 1e-6);
      between++;
    }
    expect(between).toBeGreaterThan(50);
  });

  it('the top layer wins where two overlap; reordering swaps who wins', () => {
    const lower = layered.editor.layers.add('Lower');
    layered.drag(ELBOW, WRIST);
    const onlyLower = bits(shown(layered));
    const upper = layered.editor.layers.add('Upper');
    layered.editor.selectJoint('LeftArm');
    layered.drag(ELBOW, WRIST);
    const upperWins = bits(shown(layered));
    expect(upperWins).not.toBe(onlyLower);
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['Upper', 'Lower', 'Base']);
    layered.editor.layers.move(upper, 0);
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['Lower', 'Upper', 'Base']);
    // Lower now on top: where both painted, Lower's weights show.
    expect(bits(shown(layered))).not.toBe(upperWins);
    layered.editor.layers.setVisible(upper, false);
    expect(bits(shown(layered))).toBe(onlyLower);
    layered.editor.layers.setVisible(lower, false);
    expect(bits(shown(layered))).toBe(base);
  });

  it('merge down and flatten keep what is shown; the base layer cannot be deleted', () => {
    layered.editor.layers.add('A');
    layered.drag(ELBOW, WRIST);
    const b = layered.editor.layers.add('B');
    layered.editor.layers.setOpacity(b, 0.6);
    layered.editor.selectJoint('LeftArm');
    layered.drag(SHOULDER, ELBOW);
    const before = shown(layered).clone();
    layered.editor.layers.mergeDown(b);
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['A', 'Base']);
    const merged = shown(layered);
    for (let i = 0; i < merged.weights.length; i++)
      expect(merged.weights[i]).toBeCloseTo(before.weights[i], 5);
    layered.editor.layers.flatten();
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['Base']);
    expect(changed(shown(layered), merged)).toBe(0);
    expect(() => layered.editor.layers.remove(0)).toThrow(/base layer/);
    // Three steps back: merged, flattened, all undone in order.
    layered.editor.undo();
    layered.editor.undo();
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['B', 'A', 'Base']);
    expect(bits(shown(layered))).toBe(bits(before));
  });

  it('a tool on a layer gives the flat tool’s result, bit for bit', () => {
    flat.drag(ELBOW, WRIST);
    flat.editor.tools.smooth({ iterations: 3, strength: 1 });
    layered.editor.layers.add();
    layered.drag(ELBOW, WRIST);
    layered.editor.tools.smooth({ iterations: 3, strength: 1 });
    expect(bits(shown(layered))).toBe(bits(shown(flat)));
  });

  it('a flood then a tool on a layer give the flat result, bit for bit', () => {
    for (const t of [flat, layered]) {
      if (t === layered) t.editor.layers.add();
      t.editor.paint.setSettings({ weight: 0.6 });
      const n = shown(t).vertexCount;
      t.editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % 4 === 0 ? 1 : 0))]]));
      t.editor.tools.smooth({ iterations: 2, strength: 1 });
    }
    expect(bits(shown(layered))).toBe(bits(shown(flat)));
  });

  it('a locked joint keeps its weights under a stroke on a faded layer', () => {
    const arm = layered.joint('LeftArm');
    layered.editor.setLocked('LeftArm', true);
    const before = shown(layered).clone();
    const id = layered.editor.layers.add();
    layered.editor.layers.setOpacity(id, 0.5);
    layered.editor.paint.setSettings({ radius: 0.08 });
    layered.drag([0.3, 1.435, 0], WRIST);
    const after = shown(layered);
    expect(changed(before, after)).toBeGreaterThan(50);
    for (let v = 0; v < after.vertexCount; v++)
      expect(Math.abs(after.weightOf(v, arm) - before.weightOf(v, arm))).toBeLessThan(2e-7);
    expect(findInvariantViolations(after)).toEqual([]);
  });

  it('an opacity drag that ended where it began leaves no stale start for a later one', () => {
    const l1 = layered.editor.layers.add('L1');
    layered.drag(ELBOW, WRIST);
    layered.editor.layers.setOpacity(l1, 0.3, true);
    layered.editor.layers.setOpacity(l1, 1, true); // released where it started: no final call
    const l2 = layered.editor.layers.add('L2');
    layered.editor.selectJoint('LeftArm');
    layered.drag(ELBOW, WRIST);
    const beforeFade = bits(shown(layered));
    layered.editor.layers.setOpacity(l1, 0.5);
    layered.editor.undo();
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['L2', 'L1', 'Base']);
    expect(bits(shown(layered))).toBe(beforeFade);
    layered.editor.undo();
    expect(layered.editor.layers.activeId).toBe(l2);
  });

  it('the inspector reads the active layer', () => {
    layered.editor.layers.add();
    layered.drag(ELBOW, WRIST);
    flat.drag(ELBOW, WRIST);
    const v = [...Array(shown(flat).vertexCount).keys()].find(
      (u) => shown(flat).weightOf(u, flat.joint('LeftForeArm')) > 0.9,
    )!;
    expect(layered.editor.influences(0, v)).toEqual(flat.editor.influences(0, v));
  });

  it('auto-bind into a new layer: one step, hiding the layer gives the base back', async () => {
    await layered.editor.autobind({ method: 'closest', layer: 'new' }).promise;
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['Auto-bind', 'Base']);
    expect(bits(shown(layered))).not.toBe(base);
    expect(findInvariantViolations(shown(layered))).toEqual([]);
    const bound = bits(shown(layered));
    layered.editor.layers.setVisible('Auto-bind', false);
    expect(bits(shown(layered))).toBe(base);
    layered.editor.undo();
    expect(bits(shown(layered))).toBe(bound);
    layered.editor.undo();
    expect(layered.editor.layers.list().map((l) => l.name)).toEqual(['Base']);
    expect(bits(shown(layered))).toBe(base);
    layered.editor.redo();
    expect(bits(shown(layered))).toBe(bound);
    // The same bind flat gives the same weights.
    await flat.editor.autobind({ method: 'closest' }).promise;
    expect(bits(shown(flat))).toBe(bound);
  });
});
