/**
 * The weight tools through the Editor (`editor.tools`, `editor.setInfluence`): mirror on the
 * built-in symmetric mannequin, one undo step per tool restored bit for bit, locks, the
 * selection as a mask, seams, copy / paste, the inspector's numbers and the checks.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { sameBits } from '../brush/random-scene.ts';
import { makeSeamDocument } from './seam-document.ts';

let data: MannequinData;
beforeAll(() => {
  data = buildMannequin({ targetVertices: 5000 });
});

function mannequinEditor(): Editor {
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(data), 'mannequin.glb');
  return editor;
}

function seamEditor(splitSeam = false): Editor {
  const editor = new Editor();
  editor.loadDocument(makeSeamDocument({ splitSeam }), 'grid.glb');
  return editor;
}

/** Skin joint index of each mannequin joint (by name). */
function skinIndexOf(editor: Editor): Int32Array {
  const model = editor.requireModel();
  const skin = model.skins[0].joints;
  return Int32Array.from(data.jointNames, (name) => skin.indexOf(editor.resolveJoint(name)));
}

/** Largest |w(v, mirror joint) - w(partner, joint)| over the vertices on one side (x sign `side`). */
function asymmetry(editor: Editor, side: number): number {
  const sw = editor.requireModel().primitives[0].weights;
  const idx = skinIndexOf(editor);
  let worst = 0;
  for (let v = 0; v < sw.vertexCount; v++) {
    const m = data.mirror[v];
    if (m === v || Math.sign(data.positions[v * 3]) !== side) continue;
    for (let j = 0; j < data.jointNames.length; j++) {
      const d = Math.abs(sw.weightOf(v, idx[data.jointMirror[j]]) - sw.weightOf(m, idx[j]));
      if (d > worst) worst = d;
    }
  }
  return worst;
}

/** Makes the left arm's weights lopsided so mirroring has work to do. */
function unbalanceLeftArm(editor: Editor): void {
  editor.selection.byJoint('LeftForeArm', { threshold: 0.05 });
  editor.tools.smooth({ iterations: 4, strength: 1 });
  editor.selection.byJoint('LeftArm', { threshold: 0.5 });
  editor.tools.setWeight(0.7, 'LeftShoulder');
  editor.selection.none();
}

describe('mirror weights on the built-in mannequin', () => {
  it('left → right: every right vertex equals its partner on the paired joints (1e-5)', () => {
    const editor = mannequinEditor();
    expect(editor.requireModel().primitives[0].weights.vertexCount).toBeGreaterThan(4000);
    unbalanceLeftArm(editor);
    expect(asymmetry(editor, -1)).toBeGreaterThan(0.05);
    const report = editor.tools.mirror({ direction: 'left-to-right' });
    expect(report).toMatchObject({ step: 'Mirror weights', refused: 0, unmatched: 0 });
    expect(report.changed).toBeGreaterThan(50);
    expect(asymmetry(editor, -1)).toBeLessThanOrEqual(1e-5);
    expect(findInvariantViolations(editor.requireModel().primitives[0].weights)).toEqual([]);
  });

  it('right → left copies the other way; flip swaps the sides; undo restores every bit', () => {
    const editor = mannequinEditor();
    const sw = editor.requireModel().primitives[0].weights;
    unbalanceLeftArm(editor);
    const lopsided = sw.clone();
    editor.tools.mirror({ direction: 'right-to-left' });
    expect(asymmetry(editor, 1)).toBeLessThanOrEqual(1e-5);
    expect(editor.undo()).toBe(true);
    expect(sameBits(sw, lopsided)).toBe(true);
    editor.tools.mirror({ direction: 'flip' });
    // The right side now holds what the left had.
    const idx = skinIndexOf(editor);
    const arm = idx[data.jointNames.indexOf('LeftShoulder')];
    const rightArm = idx[data.jointNames.indexOf('RightShoulder')];
    for (let v = 0; v < sw.vertexCount; v += 7) {
      const m = data.mirror[v];
      expect(sw.weightOf(v, rightArm)).toBeCloseTo(lopsided.weightOf(m, arm), 5);
    }
    editor.undo();
    expect(sameBits(sw, lopsided)).toBe(true);
  });

  it('on symmetric weights changes nothing and records no step', () => {
    const editor = mannequinEditor();
    const report = editor.tools.mirror();
    expect(report).toMatchObject({ step: null, changed: 0 });
    expect(editor.history.undoCount).toBe(0);
  });
});

/** Every tool, run on whatever is selected, as scripts call them. */
const TOOLS: [string, (e: Editor) => unknown][] = [
  ['normalize', (e) => e.tools.normalize()],
  ['smooth', (e) => e.tools.smooth({ iterations: 3, strength: 0.8 })],
  ['prune', (e) => e.tools.prune({ threshold: 0.2 })],
  ['limit', (e) => e.tools.limit({ maxInfluences: 2 })],
  ['mirror', (e) => e.tools.mirror({ direction: 'flip' })],
  ['move weight', (e) => e.tools.moveWeight('LeftLeg', 'Hips')],
  [
    'paste',
    (e) => {
      e.tools.copy(0, 0);
      return e.tools.paste();
    },
  ],
  ['set weight', (e) => e.tools.setWeight(0.4, 'RightLeg')],
  ['weld seams', (e) => e.tools.weldSeams()],
];

describe('every tool through the editor', () => {
  let editor: Editor;
  let sw: SkinWeights;
  beforeEach(() => {
    editor = seamEditor(true);
    sw = editor.requireModel().primitives[0].weights;
  });

  it.each(TOOLS)(
    '%s: one undo step, invariants, undo and redo bit for bit, a weights event',
    (name, tool) => {
      // Weights from the editor are always normalised: give normalize something to do (a script
      // writing raw weights).
      if (name === 'normalize') for (let k = 0; k < 40; k++) sw.weights[k] *= 0.5;
      const start = sw.clone();
      const events: unknown[] = [];
      editor.events.on('weights', (r) => events.push(r));
      tool(editor);
      const after = sw.clone();
      expect(findInvariantViolations(sw, { jointCount: 4 })).toEqual([]);
      expect(sameBits(after, start)).toBe(false);
      expect(editor.history.undoCount).toBe(1);
      expect(events).toHaveLength(1);
      editor.undo();
      expect(sameBits(sw, start)).toBe(true);
      editor.redo();
      expect(sameBits(sw, after)).toBe(true);
    },
  );

  it.each(TOOLS)('%s: a locked joint keeps its weights bit for bit', (_, tool) => {
    editor.setLocked('Spine', true);
    const spine = editor.requireModel().skins[0].joints.indexOf(editor.resolveJoint('Spine'));
    const start = sw.clone();
    tool(editor);
    for (let v = 0; v < sw.vertexCount; v++)
      expect(Object.is(sw.weightOf(v, spine), start.weightOf(v, spine))).toBe(true);
    expect(findInvariantViolations(sw, { jointCount: 4 })).toEqual([]);
  });

  it.each(TOOLS.filter(([name]) => name !== 'mirror'))('%s: only the selection changes', (_, tool) => {
    const model = editor.requireModel();
    const pos = model.primitives[0].positions;
    const low = [...Array(sw.vertexCount).keys()].filter((v) => pos[v * 3 + 1] < 0.9);
    editor.selection.setVertices(0, low);
    const start = sw.clone();
    tool(editor);
    const mask = editor.selection.selectionMask(0)!;
    for (let v = 0; v < sw.vertexCount; v++) {
      if (mask[v]) continue;
      for (let i = 0; i < 4; i++)
        expect(Object.is(sw.weights[v * 4 + i], start.weights[v * 4 + i])).toBe(true);
    }
  });
});

describe('inspector', () => {
  it('setInfluence edits one vertex and its seam twin, renormalising the rest, one undo step', () => {
    const editor = seamEditor();
    const model = editor.requireModel();
    const pos = model.primitives[0].positions;
    // A seam vertex: another vertex at the same position.
    let a = -1;
    let b = -1;
    for (let v = 0; v < pos.length / 3 && b < 0; v++)
      for (let u = v + 1; u < pos.length / 3; u++)
        if (pos[v * 3] === pos[u * 3] && pos[v * 3 + 1] === pos[u * 3 + 1]) {
          a = v;
          b = u;
          break;
        }
    expect(b).toBeGreaterThan(a);
    const report = editor.setInfluence(0, a, 'Spine', 0.5);
    expect(report).toMatchObject({ step: 'Edit weight', changed: 2 });
    const table = editor.influences(0, a);
    expect(table.find((i) => i.name === 'Spine')?.weight).toBeCloseTo(0.5, 7);
    expect(table.reduce((s, i) => s + i.weight, 0)).toBeCloseTo(1, 6);
    expect(editor.influences(0, b)).toEqual(table);
    editor.undo();
    expect(editor.influences(0, a).find((i) => i.name === 'Spine')?.weight ?? 0).not.toBeCloseTo(0.5, 3);
    editor.setLocked('Spine', true);
    expect(editor.setInfluence(0, a, 'Spine', 0.9).step).toBeNull();
    expect(editor.notices.at(-1)).toMatchObject({ level: 'error' });
    expect(() => editor.setInfluence(0, a, 'Hips', 1.5)).toThrow(/between 0 and 1/);
    expect(() => editor.setInfluence(0, 10_000, 'Hips', 0.5)).toThrow(/outside primitive/);
  });

  it('averages, min and max of the selected joint over the selection', () => {
    const editor = mannequinEditor();
    const n = editor.selection.byJoint('LeftHand', { threshold: 0.3 });
    const stats = editor.selection.jointStats('LeftHand');
    expect(stats).toMatchObject({ name: 'LeftHand', vertexCount: n, influenced: n });
    expect(stats.min!).toBeGreaterThan(0.3);
    expect(stats.max!).toBeLessThanOrEqual(1);
    expect(stats.average!).toBeGreaterThanOrEqual(stats.min!);
    editor.selection.none();
    expect(editor.selection.jointStats('LeftHand').vertexCount).toBe(
      editor.requireModel().primitives[0].weights.vertexCount,
    );
  });
});

describe('copy, paste, move, preview, checks', () => {
  it('pastes one vertex exactly or the average of several', () => {
    const editor = seamEditor();
    const copied = editor.tools.copy(0, 0)!;
    editor.selection.setVertices(0, [5, 6, 7]);
    editor.tools.paste();
    for (const v of [5, 6, 7])
      expect(editor.influences(0, v).map((i) => i.weight)).toEqual(copied.first.map((i) => i.weight));
    editor.selection.setVertices(0, [0, 1]);
    const avg = editor.tools.copy()!;
    expect(avg.count).toBe(2);
    const hips = (v: number) => editor.influences(0, v).find((i) => i.name === 'Hips')?.weight ?? 0;
    expect(avg.average.find((i) => i.name === 'Hips')?.weight).toBeCloseTo((hips(0) + hips(1)) / 2, 6);
  });

  it('moves a joint’s weight to its parent', () => {
    const editor = mannequinEditor();
    const sw = editor.requireModel().primitives[0].weights;
    const skin = editor.requireModel().skins[0].joints;
    const fore = skin.indexOf(editor.resolveJoint('LeftForeArm'));
    const arm = skin.indexOf(editor.resolveJoint('LeftArm'));
    const before = sw.clone();
    const report = editor.tools.moveWeight('LeftForeArm', 'parent');
    expect(report.changed).toBeGreaterThan(0);
    for (let v = 0; v < sw.vertexCount; v++) {
      expect(sw.weightOf(v, fore)).toBe(0);
      expect(sw.weightOf(v, arm)).toBeCloseTo(before.weightOf(v, arm) + before.weightOf(v, fore), 6);
    }
    expect(editor.tools.checks.problems().items.find((i) => i.jointName === 'LeftForeArm')).toMatchObject({
      kind: 'unweighted-joint',
    });
  });

  it('quantize preview is a copy: the weights stay, the preview sums to 255ths', () => {
    const editor = mannequinEditor();
    const sw = editor.requireModel().primitives[0].weights;
    const start = sw.clone();
    const preview = editor.tools.quantizePreview({ bits: 8 }).get(0)!;
    expect(sameBits(sw, start)).toBe(true);
    expect(editor.history.undoCount).toBe(0);
    for (let k = 0; k < preview.weights.length; k++)
      expect(Math.abs(preview.weights[k] * 255 - Math.round(preview.weights[k] * 255))).toBeLessThan(1e-4);
  });

  it('lists split seams, welds them, and counts influences per vertex', () => {
    const editor = seamEditor(true);
    const before = editor.tools.checks.problems();
    expect(before.counts['seam-mismatch']).toBeGreaterThan(0);
    for (const item of before.items.filter((i) => i.kind === 'seam-mismatch')) {
      expect(item.primitive).toBe(0);
      expect(item.vertex).toBeGreaterThanOrEqual(0);
    }
    editor.tools.weldSeams();
    expect(editor.tools.checks.problems().counts['seam-mismatch']).toBe(0);
    const counts = editor.tools.checks.influenceCounts(0);
    const sw = editor.requireModel().primitives[0].weights;
    for (let v = 0; v < sw.vertexCount; v++) expect(counts[v]).toBe(sw.influencesOf(v).length);
  });
});
