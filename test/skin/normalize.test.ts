import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizeVertex } from '../../src/skin/canonicalize.ts';
import { checkVertexInvariants, isLegalVertex } from '../../src/skin/invariants.ts';
import { normalizeVertex, normalizeWeights } from '../../src/skin/normalize.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { bits, legalSkinWeights, lockMask, rawInfluences, rawSkinWeights, slots } from './arbitraries.ts';

const f = Math.fround;

function vertex(joints: number[], weights: number[]): SkinWeights {
  return new SkinWeights(1, joints.length, Uint16Array.from(joints), Float32Array.from(weights));
}

function locks(...joints: number[]): Uint8Array {
  const m = new Uint8Array(16);
  for (const j of joints) m[j] = 1;
  return m;
}

describe('normalizeVertex: hand-made cases', () => {
  it('[0.5, 0.5, 0.5, 0] becomes thirds', () => {
    const sw = vertex([1, 2, 3, 0], [0.5, 0.5, 0.5, 0]);
    expect(normalizeVertex(sw, 0)).toBe('changed');
    expect(slots(sw, 0)).toEqual([
      [1, f(1 / 3)],
      [2, f(1 / 3)],
      [3, f(1 / 3)],
      [0, 0],
    ]);
  });

  it('leaves a legal vertex alone', () => {
    const sw = vertex([2, 1, 0, 0], [0.75, 0.25, 0, 0]);
    expect(normalizeVertex(sw, 0)).toBe('unchanged');
  });

  it('keeps locked weights and spreads the rest in proportion', () => {
    const sw = vertex([1, 2, 3, 0], [0.5, 0.2, 0.1, 0]);
    expect(normalizeVertex(sw, 0, { locked: locks(1) })).toBe('changed');
    expect(sw.weightOf(0, 1)).toBe(f(0.5));
    expect(sw.weightOf(0, 2)).toBeCloseTo(0.5 * (2 / 3), 6);
    expect(sw.weightOf(0, 3)).toBeCloseTo(0.5 * (1 / 3), 6);
    expect(isLegalVertex(sw, 0)).toBe(true);
  });

  it('zeroes unlocked joints when the locked ones already sum to 1', () => {
    const sw = vertex([1, 2, 3, 0], [0.6, 0.4, 0.3, 0]);
    expect(normalizeVertex(sw, 0, { locked: locks(1, 2) })).toBe('changed');
    expect(slots(sw, 0)).toEqual([
      [1, f(0.6)],
      [2, f(0.4)],
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses when only locked joints remain and they do not sum to 1', () => {
    const sw = vertex([1, 2, 0, 0], [0.5, 0.3, 0, 0]);
    const before = sw.weights.slice();
    expect(normalizeVertex(sw, 0, { locked: locks(1, 2) })).toBe('refused');
    expect(sw.weights).toEqual(before);
    // ...or when the locked ones exceed 1 on their own.
    const over = vertex([1, 2, 3, 0], [0.7, 0.6, 0.2, 0]);
    expect(normalizeVertex(over, 0, { locked: locks(1, 2) })).toBe('refused');
  });

  it('gives the remainder to the fallback joint when no unlocked joint has weight', () => {
    const sw = vertex([1, 0, 0, 0], [0.25, 0, 0, 0]);
    expect(normalizeVertex(sw, 0, { locked: locks(1), fallbackJoint: () => 7 })).toBe('changed');
    expect(slots(sw, 0).slice(0, 2)).toEqual([
      [7, 0.75],
      [1, 0.25],
    ]);
    // A fallback that names a locked joint (or -1) is refused.
    const sw2 = vertex([1, 0, 0, 0], [0.25, 0, 0, 0]);
    expect(normalizeVertex(sw2, 0, { locked: locks(1, 7), fallbackJoint: () => 7 })).toBe('refused');
    expect(normalizeVertex(sw2, 0, { locked: locks(1), fallbackJoint: () => -1 })).toBe('refused');
    // All-zero vertex, no locks.
    const zero = vertex([0, 0, 0, 0], [0, 0, 0, 0]);
    expect(normalizeVertex(zero, 0, { fallbackJoint: () => 3 })).toBe('changed');
    expect(slots(zero, 0)[0]).toEqual([3, 1]);
  });

  it('normalizeWeights counts and lists what it did, and honours `vertices`', () => {
    const sw = new SkinWeights(3, 4);
    sw.joints.set([1, 2, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0]);
    sw.weights.set([0.5, 0.5, 0, 0, 0.5, 0, 0, 0, 0.25, 0.25, 0, 0]);
    expect(normalizeWeights(sw.clone(), { locked: locks(1) })).toEqual({
      changed: 1,
      refused: 1,
      refusedVertices: [1],
    });
    const only2 = sw.clone();
    expect(normalizeWeights(only2, { vertices: [2] }).changed).toBe(1);
    expect(only2.weights[4]).toBe(0.5); // vertex 1 untouched
    expect(slots(only2, 2).slice(0, 2)).toEqual([
      [1, 0.5],
      [2, 0.5],
    ]);
  });
});

describe('canonicalizeVertex', () => {
  it('merges duplicates, sorts (ties by joint), resets unused slots, keeps the sum', () => {
    const sw = vertex([4, 4, 2, 9, 3, 0, 0, 0], [0.125, 0.125, 0.25, 0, 0.5, 0, 0, 0]);
    expect(canonicalizeVertex(sw, 0)).toBe(true);
    expect(slots(sw, 0).slice(0, 4)).toEqual([
      [3, 0.5],
      [2, 0.25],
      [4, 0.25],
      [0, 0],
    ]);
    expect(canonicalizeVertex(sw, 0)).toBe(false);
    const off = vertex([1, 2, 0, 0], [0.25, 0.5, 0, 0]);
    canonicalizeVertex(off, 0);
    expect(slots(off, 0).slice(0, 2)).toEqual([
      [2, 0.5],
      [1, 0.25],
    ]);
  });
});

describe('canonicalizeVertex: properties', () => {
  it("keeps each joint's total weight, sorts, resets unused slots, is idempotent", () => {
    fc.assert(
      fc.property(rawInfluences(), (raw) => {
        const sw = rawSkinWeights(raw);
        const K = raw.K;
        for (let v = 0; v < raw.vertexCount; v++) {
          const totals = new Map<number, number>();
          for (let i = 0; i < K; i++) {
            const w = raw.weights[v * K + i];
            if (w > 0 && w < Number.POSITIVE_INFINITY) {
              const j = raw.joints[v * K + i];
              totals.set(j, (totals.get(j) ?? 0) + w);
            }
          }
          canonicalizeVertex(sw, v);
          const out = slots(sw, v);
          for (let i = 0; i < K; i++) {
            const [j, w] = out[i];
            if (w === 0) expect(j).toBe(0);
            else expect(w).toBe(f(totals.get(j) ?? Number.NaN));
            if (i > 0) {
              const [pj, pw] = out[i - 1];
              expect(w <= pw).toBe(true);
              if (w === pw && w > 0) expect(j).toBeGreaterThan(pj);
            }
          }
          expect(out.filter(([, w]) => w > 0)).toHaveLength(
            [...totals.values()].filter((w) => f(w) > 0).length,
          );
          expect(canonicalizeVertex(sw, v)).toBe(false);
        }
      }),
      { numRuns: runs(300) },
    );
  });
});

describe('normalizeWeights: properties', () => {
  it('every vertex ends legal or is refused unchanged; locked weights keep their bits', () => {
    fc.assert(
      fc.property(
        rawInfluences({ messy: false }).chain((raw) =>
          fc.record({
            raw: fc.constant(raw),
            locked: lockMask(raw.jointCount),
            fb: fc.integer({ min: -1, max: 30 }),
          }),
        ),
        ({ raw, locked, fb }) => {
          const sw = rawSkinWeights(raw);
          const before = sw.clone();
          const fallbackJoint = (_v: number) => (fb >= 0 && fb < raw.jointCount ? fb : -1);
          const result = normalizeWeights(sw, { locked, fallbackJoint });
          const refused = new Set(result.refusedVertices);
          expect(refused.size).toBe(result.refused);
          let changed = 0;
          for (let v = 0; v < raw.vertexCount; v++) {
            const K = raw.K;
            const same = [...Array(K).keys()].every(
              (i) =>
                sw.joints[v * K + i] === before.joints[v * K + i] &&
                bits(sw.weights[v * K + i]) === bits(before.weights[v * K + i]),
            );
            if (!same) changed++;
            if (refused.has(v)) {
              expect(same).toBe(true);
              continue;
            }
            expect(checkVertexInvariants(sw, v)).toBeNull();
            for (let i = 0; i < K; i++) {
              const j = before.joints[v * K + i];
              if (locked[j] && before.weights[v * K + i] > 0)
                expect(bits(sw.weightOf(v, j))).toBe(bits(before.weightOf(v, j)));
            }
          }
          expect(result.changed).toBe(changed);
        },
      ),
      { numRuns: runs(500) },
    );
  });

  it('keeps the proportions of unlocked weights', () => {
    fc.assert(
      fc.property(
        rawInfluences({ messy: false }).chain((raw) =>
          fc.record({ raw: fc.constant(raw), locked: lockMask(raw.jointCount) }),
        ),
        ({ raw, locked }) => {
          const sw = rawSkinWeights(raw);
          const before = sw.clone();
          normalizeWeights(sw, { locked });
          for (let v = 0; v < raw.vertexCount; v++) {
            const free = before.influencesOf(v).filter(({ joint }) => !locked[joint]);
            const kept = free.filter(({ joint }) => sw.weightOf(v, joint) > 1e-4);
            for (let k = 1; k < kept.length; k++) {
              const r0 = kept[k].weight / kept[0].weight;
              const r1 = sw.weightOf(v, kept[k].joint) / sw.weightOf(v, kept[0].joint);
              expect(r1).toBeCloseTo(r0, 3);
            }
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('is idempotent and leaves legal data bit-identical', () => {
    fc.assert(
      fc.property(legalSkinWeights(), ({ sw }) => {
        const copy = sw.clone();
        expect(normalizeWeights(copy)).toEqual({ changed: 0, refused: 0, refusedVertices: [] });
        expect(copy.weights).toEqual(sw.weights);
        expect(copy.joints).toEqual(sw.joints);
      }),
      { numRuns: runs(200) },
    );
  });
});
