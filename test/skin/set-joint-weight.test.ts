import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkVertexInvariants } from '../../src/skin/invariants.ts';
import { setJointWeight } from '../../src/skin/set-joint-weight.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { bits, legalSkinWeights, lockMask, slots } from './arbitraries.ts';

const f = Math.fround;

function vertex(joints: number[], weights: number[]): SkinWeights {
  return new SkinWeights(1, joints.length, Uint16Array.from(joints), Float32Array.from(weights));
}

function locks(...joints: number[]): Uint8Array {
  const m = new Uint8Array(16);
  for (const j of joints) m[j] = 1;
  return m;
}

describe('setJointWeight: hand-made cases', () => {
  it('sets the joint and scales the others to fill the rest', () => {
    const sw = vertex([1, 2, 3, 0], [0.5, 0.3, 0.2, 0]);
    expect(setJointWeight(sw, 0, 1, 0.8)).toBe('changed');
    expect(sw.weightOf(0, 1)).toBe(f(0.8));
    expect(sw.weightOf(0, 2)).toBeCloseTo(0.12, 6);
    expect(sw.weightOf(0, 3)).toBeCloseTo(0.08, 6);
    expect(checkVertexInvariants(sw, 0)).toBeNull();
  });

  it('adds a new joint', () => {
    const sw = vertex([1, 0, 0, 0], [1, 0, 0, 0]);
    expect(setJointWeight(sw, 0, 5, 0.25)).toBe('changed');
    expect(slots(sw, 0)).toEqual([
      [1, 0.75],
      [5, 0.25],
      [0, 0],
      [0, 0],
    ]);
  });

  it('clamps to what the locked joints leave: A locked at 0.6, B asks 0.7, gets 0.4', () => {
    const sw = vertex([1, 2, 3, 0], [0.6, 0.3, 0.1, 0]);
    expect(setJointWeight(sw, 0, 2, 0.7, { locked: locks(1) })).toBe('changed');
    expect(bits(sw.weightOf(0, 1))).toBe(bits(0.6));
    expect(sw.weightOf(0, 2)).toBeCloseTo(0.4, 6);
    expect(sw.weightOf(0, 3)).toBe(0);
    expect(checkVertexInvariants(sw, 0)).toBeNull();
  });

  it('refuses to change a locked joint', () => {
    const sw = vertex([1, 2, 0, 0], [0.6, 0.4, 0, 0]);
    expect(setJointWeight(sw, 0, 1, 0.2, { locked: locks(1) })).toBe('locked');
    expect(slots(sw, 0)[0]).toEqual([1, f(0.6)]);
  });

  it('needs a fallback joint when nothing else can take the weight', () => {
    const sw = vertex([1, 0, 0, 0], [1, 0, 0, 0]);
    expect(setJointWeight(sw, 0, 1, 0.5)).toBe('refused');
    expect(slots(sw, 0)[0]).toEqual([1, 1]);
    // fallback receives (vertex, excluded joint)
    const calls: [number, number][] = [];
    const fb = (v: number, exclude: number) => {
      calls.push([v, exclude]);
      return 4;
    };
    expect(setJointWeight(sw, 0, 1, 0.5, { fallbackJoint: fb })).toBe('changed');
    expect(calls).toEqual([[0, 1]]);
    expect(slots(sw, 0).slice(0, 2)).toEqual([
      [1, 0.5],
      [4, 0.5],
    ]);
    // A fallback returning the painted joint or a locked one is refused.
    const sw2 = vertex([1, 2, 0, 0], [0.5, 0.5, 0, 0]);
    expect(setJointWeight(sw2, 0, 1, 0.2, { locked: locks(2), fallbackJoint: () => 1 })).toBe('refused');
    expect(setJointWeight(sw2, 0, 1, 0.2, { locked: locks(2), fallbackJoint: () => 2 })).toBe('refused');
  });

  it('drops the weakest unlocked influence to make room for a new joint', () => {
    const sw = vertex([1, 2, 3, 4], [0.4, 0.3, 0.2, 0.1]);
    expect(setJointWeight(sw, 0, 9, 0.5, { locked: locks(1) })).toBe('changed');
    expect(sw.weightOf(0, 4)).toBe(0);
    expect(bits(sw.weightOf(0, 1))).toBe(bits(0.4));
    expect(sw.weightOf(0, 9)).toBe(f(0.5));
    expect(sw.weightOf(0, 2)).toBeCloseTo(0.1 * (3 / 5), 6);
    expect(sw.weightOf(0, 3)).toBeCloseTo(0.1 * (2 / 5), 6);
    // All four locked: the request clamps to 0, nothing to do...
    const full = vertex([1, 2, 3, 4], [0.4, 0.3, 0.2, 0.1]);
    expect(setJointWeight(full, 0, 9, 0.5, { locked: locks(1, 2, 3, 4) })).toBe('unchanged');
    // ...and when they leave room (an unnormalised vertex) there is no slot for joint 9.
    const short = vertex([1, 2, 3, 4], [0.4, 0.3, 0.1, 0.1]);
    expect(setJointWeight(short, 0, 9, 0.05, { locked: locks(1, 2, 3, 4) })).toBe('refused');
  });

  it('setting to 0 removes the joint; asking the current value changes nothing', () => {
    const sw = vertex([1, 2, 0, 0], [0.75, 0.25, 0, 0]);
    expect(setJointWeight(sw, 0, 2, 0.25)).toBe('unchanged');
    expect(setJointWeight(sw, 0, 7, 0)).toBe('unchanged');
    expect(setJointWeight(sw, 0, 2, 0)).toBe('changed');
    expect(slots(sw, 0)[0]).toEqual([1, 1]);
    expect(setJointWeight(sw, 0, 1, Number.NaN)).toBe('refused');
    expect(setJointWeight(sw, 0, 1, 5)).toBe('unchanged'); // clamped to 1
  });
});

describe('setJointWeight: properties', () => {
  const scenario = legalSkinWeights().chain(({ sw, raw }) =>
    fc.record({
      sw: fc.constant(sw),
      jointCount: fc.constant(raw.jointCount),
      locked: lockMask(raw.jointCount),
      v: fc.integer({ min: 0, max: raw.vertexCount - 1 }),
      joint: fc.integer({ min: 0, max: raw.jointCount - 1 }),
      x: fc.oneof(fc.double({ min: -0.5, max: 1.5, noNaN: true }), fc.constantFrom(0, 1, 0.5)),
      fb: fc.integer({ min: -1, max: raw.jointCount - 1 }),
    }),
  );

  it('keeps every invariant and every locked weight; refusals change nothing', () => {
    const outcomes: Record<string, number> = {};
    fc.assert(
      fc.property(scenario, ({ sw, locked, v, joint, x, fb }) => {
        const before = sw.clone();
        const out = setJointWeight(sw, v, joint, x, { locked, fallbackJoint: () => fb });
        outcomes[out] = (outcomes[out] ?? 0) + 1;
        const K = sw.influences;
        if (out === 'locked' || out === 'refused' || out === 'unchanged') {
          expect(sw.weights).toEqual(before.weights);
          expect(sw.joints).toEqual(before.joints);
          if (out === 'locked') expect(locked[joint]).toBe(1);
          return;
        }
        expect(checkVertexInvariants(sw, v, { jointCount: 64 })).toBeNull();
        for (let i = 0; i < K; i++) {
          const j = before.joints[v * K + i];
          if (locked[j] && before.weights[v * K + i] > 0)
            expect(bits(sw.weightOf(v, j))).toBe(bits(before.weightOf(v, j)));
        }
        // The joint gets what was asked, clamped to [0, 1 - lockedSum].
        let lockedSum = 0;
        for (let i = 0; i < K; i++)
          if (locked[before.joints[v * K + i]]) lockedSum += before.weights[v * K + i];
        const want = Math.min(Math.max(x, 0), Math.max(0, 1 - lockedSum));
        expect(Math.abs(sw.weightOf(v, joint) - want)).toBeLessThan(1e-6);
        // Other vertices untouched.
        for (let u = 0; u < sw.vertexCount; u++) {
          if (u !== v) expect(slots(sw, u)).toEqual(slots(before, u));
        }
      }),
      { numRuns: runs(3000) },
    );
    expect(outcomes.changed).toBeGreaterThan(600);
    expect(outcomes.refused).toBeGreaterThan(10);
    expect(outcomes.locked).toBeGreaterThan(10);
  });

  it('with no locks and a fallback, never refuses a number', () => {
    fc.assert(
      fc.property(scenario, ({ sw, jointCount, v, joint, x }) => {
        const fb = (_v: number, exclude: number) => (exclude + 1) % jointCount;
        const out = setJointWeight(sw, v, joint, x, { fallbackJoint: jointCount > 1 ? fb : null });
        if (jointCount > 1) expect(out).not.toBe('refused');
        expect(checkVertexInvariants(sw, v)).toBeNull();
      }),
      { numRuns: runs(2000) },
    );
  });

  it('a long random stroke stays legal', () => {
    fc.assert(
      fc.property(
        legalSkinWeights().chain(({ sw, raw }) =>
          fc.record({
            sw: fc.constant(sw),
            locked: lockMask(raw.jointCount),
            ops: fc.array(
              fc.record({
                v: fc.integer({ min: 0, max: raw.vertexCount - 1 }),
                joint: fc.integer({ min: 0, max: raw.jointCount - 1 }),
                x: fc.double({ min: 0, max: 1, noNaN: true }),
              }),
              { maxLength: 200 },
            ),
          }),
        ),
        ({ sw, locked, ops }) => {
          const before = sw.clone();
          for (const { v, joint, x } of ops)
            setJointWeight(sw, v, joint, x, { locked, fallbackJoint: () => -1 });
          for (let v = 0; v < sw.vertexCount; v++) {
            expect(checkVertexInvariants(sw, v)).toBeNull();
            for (const { joint, weight } of before.influencesOf(v)) {
              if (locked[joint]) expect(bits(sw.weightOf(v, joint))).toBe(bits(weight));
            }
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
