import { describe, expect, it } from 'vitest';
import { UndoStack } from '../../src/history/undo-stack.ts';
import { mergeWeightPatches, type WeightPatch, weightPatchBytes } from '../../src/history/weight-patch.ts';

/** A one-slot patch setting vertices to `after` from `before` (joint = vertex, for checking). */
function patch(primitive: number, vertices: number[], before: number, after: number): WeightPatch {
  const n = vertices.length;
  return {
    primitive,
    influences: 1,
    vertices: Uint32Array.from(vertices),
    beforeJoints: Uint16Array.from(vertices),
    beforeWeights: new Float32Array(n).fill(before),
    afterJoints: Uint16Array.from(vertices),
    afterWeights: new Float32Array(n).fill(after),
    start: Math.min(...vertices),
    end: Math.max(...vertices) + 1,
  };
}

describe('UndoStack', () => {
  it('undoes and redoes in order; a new step clears redo', () => {
    const h = new UndoStack();
    h.push('a', [patch(0, [1], 0, 1)]);
    h.push('b', [patch(0, [2], 0, 1)]);
    expect(h.push('empty', [])).toBeNull();
    expect(h.undo()?.label).toBe('b');
    expect(h.canRedo).toBe(true);
    expect(h.redo()?.label).toBe('b');
    expect(h.undo()?.label).toBe('b');
    h.push('c', [patch(0, [3], 0, 1)]);
    expect(h.canRedo).toBe(false);
    expect(h.undoCount).toBe(2);
    expect(h.undo()?.label).toBe('c');
    expect(h.undo()?.label).toBe('a');
    expect(h.undo()).toBeNull();
  });

  it('bails to a mark (newest first) and squashes to a mark', () => {
    const h = new UndoStack();
    h.push('before', [patch(0, [0], 0, 1)]);
    const m = h.mark();
    h.push('x', [patch(0, [1], 0, 0.5)]);
    h.push('y', [patch(0, [1, 2], 0.5, 1)]);
    expect(h.bailToMark(m).map((e) => e.label)).toEqual(['y', 'x']);
    expect(h.undoCount).toBe(1);

    const m2 = h.mark();
    h.push('x', [patch(0, [1], 0, 0.5), patch(1, [4], 0, 1)]);
    h.push('y', [patch(0, [1, 2], 0.5, 1)]);
    const squashed = h.squashToMark(m2, 'stroke')!;
    expect(h.undoCount).toBe(2);
    expect(squashed.label).toBe('stroke');
    const p0 = squashed.patches.find((p) => p.primitive === 0)!;
    expect(Array.from(p0.vertices)).toEqual([1, 2]);
    expect(Array.from(p0.beforeWeights)).toEqual([0, 0.5]); // vertex 1's before is from the first step
    expect(Array.from(p0.afterWeights)).toEqual([1, 1]);
    expect(h.bytes).toBe(h.undo()!.bytes + h.undo()!.bytes);
  });

  it('keeps a structure change through a squash, and refuses one after other steps', () => {
    const h = new UndoStack();
    const change = { undo: () => {}, redo: () => {}, bytes: 100 };
    const m = h.mark();
    expect(h.push('create', [], change)).not.toBeNull(); // no patches, but a model change
    h.push('bind', [patch(0, [1], 0, 1)]);
    const squashed = h.squashToMark(m, 'create and bind')!;
    expect(squashed.structure).toBe(change);
    expect(squashed.patches).toHaveLength(1);
    expect(squashed.bytes).toBe(100 + weightPatchBytes(squashed.patches[0]));
    expect(h.bytes).toBe(squashed.bytes);

    const m2 = h.mark();
    h.push('paint', [patch(0, [2], 0, 1)]);
    h.push('create', [], change);
    expect(() => h.squashToMark(m2)).toThrow(/model change/);
    expect(h.undoCount).toBe(3); // left as it was
  });

  it('drops the oldest steps past the memory limit and says so', () => {
    const drops: number[] = [];
    const one = weightPatchBytes(patch(0, [0, 1, 2, 3], 0, 1));
    const h = new UndoStack({ maxBytes: one * 3, onDrop: (steps) => drops.push(steps) });
    for (let i = 0; i < 5; i++) h.push(`s${i}`, [patch(0, [0, 1, 2, 3], 0, 1)]);
    expect(h.undoCount).toBe(3);
    expect(drops).toEqual([1, 1]);
    expect(h.bytes).toBeLessThanOrEqual(one * 3);
    expect(h.undo()?.label).toBe('s4');
    // A single step larger than the limit is kept (its own undo).
    const tiny = new UndoStack({ maxBytes: 1 });
    tiny.push('big', [patch(0, [0], 0, 1)]);
    expect(tiny.undoCount).toBe(1);
  });

  it('mergeWeightPatches refuses patches of different primitives', () => {
    expect(() => mergeWeightPatches(patch(0, [0], 0, 1), patch(1, [0], 0, 1))).toThrow();
  });
});

describe('UndoStack coverage changes', () => {
  it('counts a step’s coverage change in the memory held, and squashes changes to their net', () => {
    const h = new UndoStack();
    const a = h.push('a', [patch(0, [1], 0, 1)])!;
    const held = h.bytes;
    h.setCoverChange(a, new Map([[0, Int32Array.from([1, 2, 3])]]));
    expect(h.bytes).toBe(held + 12);
    expect(a.bytes).toBe(weightPatchBytes(a.patches[0]) + 12);
    const mark = h.mark();
    const b = h.push('b', [patch(0, [2], 0, 1)])!;
    h.setCoverChange(b, new Map([[0, Int32Array.from([4])]]));
    const c = h.push('c', [patch(0, [4], 1, 0)])!;
    // c uncovers 4, which b covered: squashed, no change of 4 remains.
    h.setCoverChange(c, new Map([[0, Int32Array.from([~4, 5])]]));
    const squashed = h.squashToMark(mark)!;
    expect([...squashed.covered!.get(0)!]).toEqual([5]);
    expect(squashed.bytes).toBe(squashed.patches.reduce((n, p) => n + weightPatchBytes(p), 0) + 4);
    expect(() => h.setCoverChange(a, new Map())).toThrow(/last step/);
  });
});

describe('UndoStack squash of a step that only covered', () => {
  it('keeps the layer of a first step that changed coverage but no weight', () => {
    const h = new UndoStack();
    const mark = h.mark();
    const a = h.push('covered only', [], undefined, true)!;
    a.layer = { layer: 3, mask: false };
    h.setCoverChange(a, new Map([[0, Int32Array.from([7])]]));
    h.push('b', [patch(0, [2], 0, 1)]);
    const squashed = h.squashToMark(mark)!;
    expect(squashed.layer).toEqual({ layer: 3, mask: false });
    expect([...squashed.covered!.get(0)!]).toEqual([7]);
  });
});
