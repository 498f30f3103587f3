/**
 * LayerStack under any sequence of layer operations and edits (fast-check commands as data):
 * the incrementally kept composed weights always equal the stack composed from scratch, bit for
 * bit, and keep the invariants; the edit buffer is what a flat edit would see; hiding every layer
 * gives the base back bit for bit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeLayers } from '../../src/layers/compose-layers.ts';
import { BASE_LAYER, LayerStack } from '../../src/layers/layer-stack.ts';
import type { WeightLayer } from '../../src/layers/weight-layer.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { legalSkinWeights } from '../skin/arbitraries.ts';
import { runs } from '../support/property-runs.ts';

/**
 * Legal weights a brush might leave, which differ from one `shift` to the next: vertex v gets
 * 0.75 on joint 1 + (v + shift) mod 6 and 0.25 on the joint after it (sums to 1 exactly).
 */
function strokeWeights(sw: SkinWeights, shift: number): SkinWeights {
  const out = new SkinWeights(sw.vertexCount, sw.influences);
  const K = sw.influences;
  for (let v = 0; v < sw.vertexCount; v++) {
    const j = 1 + ((v + shift) % 6);
    out.joints[v * K] = j;
    out.weights[v * K] = 0.75;
    out.joints[v * K + 1] = j + 1;
    out.weights[v * K + 1] = 0.25;
  }
  return out;
}

type Op =
  | { op: 'add' }
  | { op: 'duplicate' }
  | { op: 'paint'; shift: number; phase: number; painted: boolean }
  | { op: 'mask'; value: number; phase: number }
  | { op: 'visible'; at: number; visible: boolean }
  | { op: 'opacity'; at: number; value: number }
  | { op: 'move'; at: number; to: number }
  | { op: 'active'; at: number }
  | { op: 'merge' }
  | { op: 'flatten' }
  | { op: 'remove' };

const unit = fc.oneof(fc.constant(0), fc.constant(1), fc.float({ min: 0, max: 1, noNaN: true }));
const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ op: 'add' }),
  fc.constant<Op>({ op: 'duplicate' }),
  fc.record({ op: fc.constant('paint' as const), shift: fc.nat(5), phase: fc.nat(2), painted: fc.boolean() }),
  fc.record({ op: fc.constant('mask' as const), value: unit, phase: fc.nat(2) }),
  fc.record({ op: fc.constant('visible' as const), at: fc.nat(6), visible: fc.boolean() }),
  fc.record({ op: fc.constant('opacity' as const), at: fc.nat(6), value: unit }),
  fc.record({ op: fc.constant('move' as const), at: fc.nat(6), to: fc.nat(6) }),
  fc.record({ op: fc.constant('active' as const), at: fc.nat(7) }),
  fc.constant<Op>({ op: 'merge' }),
  fc.constant<Op>({ op: 'flatten' }),
  fc.constant<Op>({ op: 'remove' }),
);

/** The layer at position `at` among those above the base (modulo their count), or null. */
function layerAt(stack: LayerStack, at: number): number | null {
  const above = stack.list().filter((l) => !l.base);
  return above.length ? above[above.length - 1 - (at % above.length)].id : null;
}

function apply(stack: LayerStack, sw: SkinWeights, o: Op): void {
  const n = sw.vertexCount;
  const K = sw.influences;
  switch (o.op) {
    case 'add':
      stack.add();
      return;
    case 'duplicate':
      stack.duplicate(stack.activeId);
      return;
    case 'paint': {
      // An edit of the active layer's buffer at every third vertex, then its copy on write — as
      // the painter reports a dab (syncPainted, deferred to a flush) or as a tool's range does.
      const edit = stack.edit(0);
      const from = strokeWeights(sw, o.shift);
      const vertices: number[] = [];
      for (let v = o.phase; v < n; v += 3) {
        edit.joints.set(from.joints.subarray(v * K, v * K + K), v * K);
        edit.weights.set(from.weights.subarray(v * K, v * K + K), v * K);
        vertices.push(v);
      }
      if (o.painted && stack.layered) {
        stack.syncPainted(0, Int32Array.from(vertices));
        stack.flush();
      } else stack.syncWeights(0, 0, n);
      return;
    }
    case 'mask': {
      if (stack.activeIsBase) return;
      const mask = stack.maskEdit(0);
      const M = mask.influences;
      const m = Math.fround(o.value);
      for (let v = o.phase; v < n; v += 3) {
        mask.joints.fill(0, v * M, v * M + M);
        mask.weights.fill(0, v * M, v * M + M);
        mask.joints[v * M + 1] = 1;
        mask.weights[v * M] = m;
        mask.weights[v * M + 1] = Math.fround(1 - m);
      }
      stack.syncMask(0, 0, n);
      return;
    }
    case 'visible': {
      const id = layerAt(stack, o.at);
      if (id !== null) stack.setVisible(id, o.visible);
      return;
    }
    case 'opacity': {
      const id = layerAt(stack, o.at);
      if (id !== null) stack.setOpacity(id, o.value);
      return;
    }
    case 'move': {
      const id = layerAt(stack, o.at);
      if (id !== null) stack.move(id, o.to % Math.max(1, stack.count));
      return;
    }
    case 'active': {
      const id = layerAt(stack, o.at);
      stack.setActive(id === null || o.at === 7 ? BASE_LAYER : id);
      return;
    }
    case 'merge':
      if (!stack.activeIsBase) stack.mergeDown(stack.activeId);
      return;
    case 'flatten':
      stack.flatten();
      return;
    case 'remove':
      if (!stack.activeIsBase) stack.remove(stack.activeId);
      return;
  }
}

const bitsOf = (a: SkinWeights) => `${Array.from(a.joints)}|${Array.from(new Uint32Array(a.weights.buffer))}`;

/** The stack composed from scratch from its snapshot (base and layers, as saved). */
function fromScratch(
  stack: LayerStack,
  shown: SkinWeights,
): { composed: SkinWeights; below: SkinWeights | null } {
  const saved = stack.snapshot();
  if (!saved) return { composed: shown.clone(), below: null };
  const base = new SkinWeights(
    shown.vertexCount,
    shown.influences,
    saved.base[0].joints,
    saved.base[0].weights,
  );
  const layers: WeightLayer[] = saved.layers.map((l, i) => ({
    id: i + 1,
    name: l.name,
    visible: l.visible,
    opacity: l.opacity,
    weights: new SkinWeights(shown.vertexCount, shown.influences, l.parts[0].joints, l.parts[0].weights),
    mask: l.parts[0].mask,
  }));
  const composed = new SkinWeights(shown.vertexCount, shown.influences);
  composeLayers(base, layers, composed);
  let below: SkinWeights | null = null;
  if (saved.active >= 0) {
    below = new SkinWeights(shown.vertexCount, shown.influences);
    composeLayers(base, layers.slice(0, saved.active), below);
    // What an edit sees: the layer's own slots where it has some, else what is below it.
    const own = layers[saved.active].weights;
    const K = shown.influences;
    for (let v = 0; v < shown.vertexCount; v++)
      if (own.weights[v * K] > 0) {
        below.joints.set(own.joints.subarray(v * K, v * K + K), v * K);
        below.weights.set(own.weights.subarray(v * K, v * K + K), v * K);
      }
  }
  return { composed, below };
}

describe('LayerStack', () => {
  it('after any operations, the composed weights are the stack composed from scratch, bit for bit', () => {
    fc.assert(
      fc.property(
        legalSkinWeights({ maxVertices: 24 }),
        fc.array(ops, { minLength: 4, maxLength: 16 }),
        ({ sw }, list) => {
          const shown = sw.clone();
          const stack = new LayerStack([shown]);
          for (const o of list) {
            apply(stack, sw, o);
            const { composed, below } = fromScratch(stack, shown);
            expect(bitsOf(shown)).toBe(bitsOf(composed));
            expect(findInvariantViolations(shown)).toEqual([]);
            if (below) expect(bitsOf(stack.edit(0))).toBe(bitsOf(below));
          }
          // Every layer hidden: the base, bit for bit.
          const saved = stack.snapshot();
          for (const l of stack.list()) if (!l.base) stack.setVisible(l.id, false);
          if (saved)
            expect(bitsOf(shown)).toBe(
              bitsOf(
                new SkinWeights(sw.vertexCount, sw.influences, saved.base[0].joints, saved.base[0].weights),
              ),
            );
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('a layer hidden below the active one: what the active layer sees below it follows', () => {
    const sw = new SkinWeights(6, 4);
    for (let v = 0; v < 6; v++) {
      sw.joints[v * 4] = 0;
      sw.weights[v * 4] = 1;
    }
    const shown = sw.clone();
    const stack = new LayerStack([shown]);
    const lower = stack.add().id;
    apply(stack, sw, { op: 'paint', shift: 0, phase: 0, painted: true });
    stack.add();
    stack.setVisible(lower, false);
    expect(bitsOf(stack.edit(0))).toBe(bitsOf(sw));
    expect(bitsOf(shown)).toBe(bitsOf(sw));
  });

  it('an undo snapshot restores the layout exactly', () => {
    fc.assert(
      fc.property(
        legalSkinWeights({ maxVertices: 16 }),
        fc.array(ops, { maxLength: 6 }),
        fc.array(ops, { maxLength: 6 }),
        ({ sw }, first, second) => {
          const shown = sw.clone();
          const stack = new LayerStack([shown]);
          for (const o of first) apply(stack, sw, o);
          // Layer operations (not edits, which undo by patches) between a state and its restore.
          const layout = second.filter((o) => o.op !== 'paint' && o.op !== 'mask');
          const state = stack.state();
          const before = bitsOf(shown);
          const list = JSON.stringify(stack.list());
          for (const o of layout) apply(stack, sw, o);
          stack.restore(state);
          expect(bitsOf(shown)).toBe(before);
          expect(JSON.stringify(stack.list())).toBe(list);
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('regression: a state taken before the first layer keeps the base (duplicate, fade, restore)', () => {
    // Found by test:props: the state held the composed weights themselves as the base, which the
    // faded duplicate then changed.
    const sw = new SkinWeights(2, 4);
    sw.joints.set([0, 0, 0, 0, 1, 8, 5, 0]);
    sw.weights.set([1, 0, 0, 0, 0.9367805123329163, 0.06280653923749924, 0.0004037470789626241, 0]);
    sw.weights[7] = Math.fround(1 - sw.weights[4] - sw.weights[5] - sw.weights[6]);
    const shown = sw.clone();
    const stack = new LayerStack([shown]);
    const state = stack.state();
    const before = bitsOf(shown);
    apply(stack, sw, { op: 'duplicate' });
    apply(stack, strokeWeights(sw, 1), { op: 'paint', shift: 1, phase: 0, painted: false });
    apply(stack, sw, { op: 'opacity', at: 0, value: 1.401298464324817e-45 });
    stack.restore(state);
    expect(bitsOf(shown)).toBe(before);
  });
});
