/** Editor.autobind: one undo step, cancel leaves the weights, locks and exclusions respected. */
import { describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { TestEditor } from './test-editor.ts';

/** Every primitive's weights, copied (joints and the float bits). */
function snapshot(t: TestEditor) {
  return t.model.primitives.map((p) => ({
    joints: p.weights.joints.slice(),
    bits: new Uint32Array(p.weights.weights.slice().buffer),
  }));
}

const FAST = { method: 'closest', resolution: 48 } as const;

describe('Editor.autobind', () => {
  it('binds every joint as one undo step, undone bit for bit', async () => {
    const t = new TestEditor();
    const { editor } = t;
    const before = snapshot(t);
    const undoBefore = editor.history.undoCount;
    const fractions: number[] = [];
    t.weightEvents = [];
    const stats = await editor.autobind({ ...FAST, onProgress: (f) => fractions.push(f) }).promise;
    expect(stats.changedVertices).toBeGreaterThan(0);
    expect(fractions.length).toBeGreaterThan(0);
    expect(editor.history.undoCount).toBe(undoBefore + 1);
    // One event covering every primitive in full.
    expect(t.weightEvents).toHaveLength(1);
    expect(t.weightEvents[0]).toHaveLength(t.model.primitives.length);
    for (const p of t.model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    expect(snapshot(t)).not.toEqual(before);
    editor.undo();
    expect(snapshot(t)).toEqual(before);
  });

  it('cancel leaves the weights exactly as they were', async () => {
    const t = new TestEditor();
    const before = snapshot(t);
    const job = t.editor.autobind(FAST);
    job.cancel();
    await expect(job.promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(snapshot(t)).toEqual(before);
    expect(t.editor.history.undoCount).toBe(0);
  });

  it('keeps locked joints and gives excluded joints nothing', async () => {
    const t = new TestEditor();
    const { editor } = t;
    const counts = editor.jointVertexCounts();
    const [locked] = [...counts].sort((a, b) => b[1] - a[1])[0];
    editor.setLocked(locked, true);
    const root = t.model.rootJoints[0];
    editor.setExcluded(root, true);
    const weightOf = (id: number) =>
      t.model.primitives.map((p) => {
        const j = t.model.skins[p.skins[0]].joints.indexOf(id);
        return Float32Array.from({ length: p.weights.vertexCount }, (_, v) => p.weights.weightOf(v, j));
      });
    const lockedBefore = weightOf(locked);
    await editor.autobind(FAST).promise;
    expect(weightOf(locked)).toEqual(lockedBefore);
    if (root !== locked) expect(editor.jointVertexCounts().get(root)).toBe(0);
  });

  it('rebinds only the selected joints: vertices they do not weigh stay bit for bit', async () => {
    const t = new TestEditor();
    const { editor, model } = t;
    const joints = [...model.joints.values()];
    const arm = joints.find((j) => /upper.?arm.*l|l.*upper.?arm/i.test(j.name)) ?? joints[3];
    const region = new Set([arm.id, ...arm.children]);
    const before = snapshot(t);
    // Vertices with no weight on the region (their joints are all outside it).
    const untouched = model.primitives.map((p) => {
      const skin = model.skins[p.skins[0]].joints;
      const K = p.weights.influences;
      return Uint8Array.from({ length: p.weights.vertexCount }, (_, v) => {
        for (let i = 0; i < K; i++)
          if (p.weights.weights[v * K + i] > 0 && region.has(skin[p.weights.joints[v * K + i]])) return 0;
        return 1;
      });
    });
    const stats = await editor.autobind({ ...FAST, joints: [...region] }).promise;
    expect(stats.changedVertices).toBeGreaterThan(0);
    const after = snapshot(t);
    model.primitives.forEach((p, i) => {
      const K = p.weights.influences;
      for (let v = 0; v < p.weights.vertexCount; v++) {
        if (!untouched[i][v]) continue;
        expect(after[i].bits.subarray(v * K, v * K + K)).toEqual(before[i].bits.subarray(v * K, v * K + K));
      }
    });
  });
});
