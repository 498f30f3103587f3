import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkVertexInvariants,
  findInvariantViolations,
  isLegalVertex,
  isUnitWeightSum,
  isUnitWeightSumUnique,
  validatorWeightSum,
} from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { validatorSumFailures } from './khronos-validator.ts';

function vertex(joints: number[], weights: number[]): SkinWeights {
  return new SkinWeights(1, joints.length, Uint16Array.from(joints), Float32Array.from(weights));
}

const ULP_BELOW_1 = 2 ** -24;
const ULP_ABOVE_1 = 2 ** -23;

describe('checkVertexInvariants', () => {
  it('accepts canonical vertices', () => {
    expect(checkVertexInvariants(vertex([3, 0, 0, 0], [1, 0, 0, 0]), 0)).toBeNull();
    expect(checkVertexInvariants(vertex([3, 1, 0, 0], [0.5, 0.5, 0, 0]), 0)).toBeNull();
    expect(checkVertexInvariants(vertex([1, 3, 0, 0], [0.5, 0.5, 0, 0]), 0)).toBeNull(); // tie order is free
    expect(checkVertexInvariants(vertex([0, 2, 0, 0], [0.75, 0.25, 0, 0]), 0)).toBeNull(); // joint 0 used
  });

  it('names the broken invariant', () => {
    expect(checkVertexInvariants(vertex([1, 2, 0, 0], [Number.NaN, 1, 0, 0]), 0)).toBe('non-finite');
    expect(checkVertexInvariants(vertex([1, 2, 0, 0], [1.25, -0.25, 0, 0]), 0)).toBe('negative');
    expect(checkVertexInvariants(vertex([1, 2, 0, 0], [0.25, 0.75, 0, 0]), 0)).toBe('unsorted');
    expect(checkVertexInvariants(vertex([1, 0, 0, 0], [1, 0, 0, 0]).clone(), 0)).toBeNull();
    expect(checkVertexInvariants(vertex([1, 0, 5, 0], [1, 0, 0, 0]), 0)).toBe('unused-slot');
    expect(checkVertexInvariants(vertex([1, 0, 0, 0], [0.5, 0, 0.5, 0]), 0)).toBe('unsorted');
    expect(checkVertexInvariants(vertex([1, 1, 0, 0], [0.5, 0.5, 0, 0]), 0)).toBe('duplicate-joint');
    expect(checkVertexInvariants(vertex([1, 2, 3, 0], [0.5, 0.5, 0.5, 0]), 0)).toBe('sum');
    expect(checkVertexInvariants(vertex([0, 0, 0, 0], [0, 0, 0, 0]), 0)).toBe('sum');
    expect(checkVertexInvariants(vertex([7, 0, 0, 0], [1, 0, 0, 0]), 0, { jointCount: 7 })).toBe(
      'joint-out-of-range',
    );
    expect(checkVertexInvariants(vertex([6, 0, 0, 0], [1, 0, 0, 0]), 0, { jointCount: 7 })).toBeNull();
  });

  it('allows 2e-7 per non-zero weight of float32 sum error, no more', () => {
    // One weight: 1 ± one ulp is within 2e-7, two ulps above 1 (2.4e-7) is not.
    expect(isLegalVertex(vertex([1, 0, 0, 0], [1 - ULP_BELOW_1, 0, 0, 0]), 0)).toBe(true);
    expect(isLegalVertex(vertex([1, 0, 0, 0], [1 + ULP_ABOVE_1, 0, 0, 0]), 0)).toBe(true);
    expect(isLegalVertex(vertex([1, 0, 0, 0], [1 + 2 * ULP_ABOVE_1, 0, 0, 0]), 0)).toBe(false);
    expect(isLegalVertex(vertex([1, 0, 0, 0], [1 - 4 * ULP_BELOW_1, 0, 0, 0]), 0)).toBe(false); // 2.38e-7
    // Two weights: 4e-7 allowed. 0.5 + (0.5 + 3 ulp(0.5)) = 1 + 1.79e-7, rounds to 1 + 2.38e-7: legal.
    const w = Math.fround(0.5 + 3 * 2 ** -24);
    expect(validatorWeightSum([1, 2], [0.5, w], 0, 2)).toBe(Math.fround(0.5 + w));
    expect(isLegalVertex(vertex([2, 1, 0, 0], [w, 0.5, 0, 0]), 0)).toBe(true);
    const w2 = Math.fround(0.5 + 8 * 2 ** -24); // sum 1 + 4.77e-7 > 4e-7
    expect(isLegalVertex(vertex([2, 1, 0, 0], [w2, 0.5, 0, 0]), 0)).toBe(false);
  });

  it('sums in float32, in the validator order (component c of every set first)', () => {
    // In float64 these sum to exactly 1 - 2^-25 + ...; in float32 each add rounds.
    const a = Math.fround(1 - 2 ** -24);
    const tiny = 2 ** -26;
    // float32: (a + tiny) rounds back to a (tiny is a quarter ulp); so tiny terms are lost.
    expect(validatorWeightSum([1, 2, 3, 4], [a, tiny, tiny, tiny], 0, 4)).toBe(a);
    // K = 8: visiting order is slot 0, 4, 1, 5, 2, 6, 3, 7.
    const w = [0.5, 0.125, 0.0625, 0, 0.25, 0.0625, 0, 0];
    const j = [1, 3, 5, 0, 2, 4, 0, 0];
    let expected = 0;
    for (const i of [0, 4, 1, 5, 2, 6, 3, 7]) if (w[i]) expected = Math.fround(expected + w[i]);
    expect(validatorWeightSum(j, w, 0, 8)).toBe(expected);
    expect(isUnitWeightSum(j, w, 0, 8)).toBe(true);
  });

  it('findInvariantViolations lists failing vertices up to the limit', () => {
    const sw = new SkinWeights(5, 4);
    for (let v = 0; v < 5; v++) sw.weights[v * 4] = v % 2 ? 1 : 0.5;
    expect(findInvariantViolations(sw)).toEqual([
      { vertex: 0, reason: 'sum' },
      { vertex: 2, reason: 'sum' },
      { vertex: 4, reason: 'sum' },
    ]);
    expect(findInvariantViolations(sw, { limit: 2 })).toHaveLength(2);
  });
});

/** Vertices whose weights sum to within a few float32 ulps of 1, laid out canonically. */
const nearUnitVertices = fc
  .record({ K: fc.constantFrom(4, 8), jointCount: fc.integer({ min: 8, max: 40 }) })
  .chain(({ K, jointCount }) =>
    fc
      .array(
        fc.record({
          n: fc.integer({ min: 1, max: K }),
          raw: fc.array(fc.float({ min: Math.fround(0.001), max: 1, noNaN: true }), {
            minLength: K,
            maxLength: K,
          }),
          joints: fc.uniqueArray(fc.integer({ min: 0, max: jointCount - 1 }), { minLength: K, maxLength: K }),
          nudge: fc.array(fc.integer({ min: -12, max: 12 }), { minLength: K, maxLength: K }),
        }),
        { minLength: 1, maxLength: 64 },
      )
      .map((vs) => {
        const joints = new Uint16Array(vs.length * K);
        const weights = new Float32Array(vs.length * K);
        vs.forEach(({ n, raw, joints: js, nudge }, v) => {
          const w = raw.slice(0, n).sort((a, b) => b - a);
          const total = w.reduce((a, b) => a + b, 0);
          for (let i = 0; i < n; i++) {
            const x = Math.fround(w[i] / total);
            weights[v * K + i] = Math.fround(x + nudge[i] * 2 ** -24);
            joints[v * K + i] = js[i];
          }
        });
        return { K, jointCount, joints, weights, vertexCount: vs.length };
      }),
  );

describe('agreement with the Khronos glTF-Validator', () => {
  it('isUnitWeightSum fails exactly the vertices the validator reports (float weights)', async () => {
    const seen = [0, 0];
    await fc.assert(
      fc.asyncProperty(nearUnitVertices, async ({ K, jointCount, joints, weights, vertexCount }) => {
        const { nonNormalized } = await validatorSumFailures(joints, weights, vertexCount, K, jointCount);
        for (let v = 0; v < vertexCount; v++) {
          const ours = isUnitWeightSum(joints, weights, v * K, K);
          expect(ours, `vertex ${v}`).toBe(!nonNormalized.has(v));
          expect(isUnitWeightSumUnique(weights, v * K, K)).toBe(ours);
          seen[ours ? 1 : 0]++;
        }
      }),
      { numRuns: runs(40) },
    );
    // The generator must exercise both sides of the tolerance.
    expect(seen[0]).toBeGreaterThan(20);
    expect(seen[1]).toBeGreaterThan(20);
  });
});
