import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeWeightHistogram } from '../../src/skin/histogram.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import {
  dequantizeWeights,
  quantizePreview,
  quantizeVertex,
  quantizeWeights,
} from '../../src/skin/quantize.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { legalSkinWeights, slots } from './arbitraries.ts';
import { validatorSumFailures } from './khronos-validator.ts';

function vertex(joints: number[], weights: number[]): SkinWeights {
  return new SkinWeights(1, joints.length, Uint16Array.from(joints), Float32Array.from(weights));
}

describe('quantize', () => {
  it('thirds become 85/85/85 and 21845×3', () => {
    const sw = vertex([1, 2, 3, 0], [1 / 3, 1 / 3, 1 / 3, 0]);
    expect(Array.from(quantizeWeights(sw).weights)).toEqual([85, 85, 85, 0]);
    expect(Array.from(quantizeWeights(sw, { bits: 16 }).weights)).toEqual([21845, 21845, 21845, 0]);
  });

  it('hands the missing units to the largest remainders', () => {
    // 0.5/0.375/0.125 × 255 = 127.5, 95.625, 31.875 → floors sum 253: the two missing units go
    // to the largest remainders (.875, .625), not to the strongest slot
    const sw = vertex([1, 2, 3, 0], [0.5, 0.375, 0.125, 0]);
    expect(Array.from(quantizeWeights(sw).weights)).toEqual([127, 96, 32, 0]);
    // four equal quarters: 63.75 each → 63×4 = 252, three units to the first three
    const q = vertex([4, 5, 6, 7], [0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(quantizeWeights(q).weights)).toEqual([64, 64, 64, 63]);
  });

  it('zeroes the joint of a slot that quantises to 0', () => {
    const sw = vertex([1, 9, 0, 0], [0.999, 0.001, 0, 0]);
    const { weights, joints } = quantizeWeights(sw);
    expect(Array.from(weights)).toEqual([255, 0, 0, 0]);
    expect(Array.from(joints)).toEqual([1, 0, 0, 0]);
  });

  it('dequantize and preview give q / scale in float32', () => {
    expect(Array.from(dequantizeWeights(Uint8Array.from([128, 127])))).toEqual([
      Math.fround(128 / 255),
      Math.fround(127 / 255),
    ]);
    const sw = vertex([1, 2, 0, 0], [0.5, 0.5, 0, 0]);
    const preview = quantizePreview(sw);
    expect(slots(preview, 0).slice(0, 2)).toEqual([
      [1, Math.fround(128 / 255)],
      [2, Math.fround(127 / 255)],
    ]);
    const p16 = quantizePreview(sw, { bits: 16 });
    expect(p16.weights[0]).toBe(Math.fround(32768 / 65535));
  });

  it('property: exact integer sums, each within 1 of round(w·scale), order kept', () => {
    fc.assert(
      fc.property(legalSkinWeights(), fc.constantFrom(8 as const, 16 as const), ({ sw }, bits) => {
        const scale = bits === 8 ? 255 : 65535;
        const { weights: q, joints } = quantizeWeights(sw, { bits });
        const K = sw.influences;
        for (let v = 0; v < sw.vertexCount; v++) {
          let sum = 0;
          for (let i = 0; i < K; i++) {
            const s = v * K + i;
            sum += q[s];
            expect(Math.abs(q[s] - Math.round(sw.weights[s] * scale))).toBeLessThanOrEqual(1);
            if (i > 0) expect(q[s]).toBeLessThanOrEqual(q[s - 1]);
            expect(joints[s]).toBe(q[s] === 0 ? 0 : sw.joints[s]);
          }
          expect(sum).toBe(scale);
        }
      }),
      { numRuns: runs(500) },
    );
  });

  it('property: quantizeVertex into a preview target only touches the listed vertices', () => {
    fc.assert(
      fc.property(legalSkinWeights(), ({ sw }) => {
        const target = quantizePreview(sw);
        const copy = target.clone();
        const v = sw.vertexCount - 1;
        quantizePreview(sw, { vertices: [v] }, target);
        expect(target.weights).toEqual(copy.weights);
        const q = new Uint8Array(sw.influences);
        const j = new Uint16Array(sw.influences);
        quantizeVertex(sw, v, 8, q, j, 0);
        expect(Array.from(j)).toEqual(Array.from(target.joints.subarray(v * sw.influences)));
      }),
      { numRuns: runs(100) },
    );
  });

  it('the Khronos validator accepts quantised unorm8 and unorm16 weights', async () => {
    await fc.assert(
      fc.asyncProperty(
        legalSkinWeights({ maxVertices: 40 }),
        fc.constantFrom(8 as const, 16 as const),
        async ({ sw, raw }, bits) => {
          const { weights: q, joints } = quantizeWeights(sw, { bits });
          const { codes } = await validatorSumFailures(
            joints,
            sw.weights,
            sw.vertexCount,
            sw.influences,
            raw.jointCount,
            q,
          );
          for (const code of codes.keys()) expect(code).not.toMatch(/^ACCESSOR_(WEIGHTS|JOINTS)_/);
        },
      ),
      { numRuns: runs(30) },
    );
  });
});

describe('computeWeightHistogram', () => {
  it('counts influences per vertex and vertices per joint', () => {
    const sw = new SkinWeights(3, 4);
    sw.joints.set([2, 0, 0, 0, 2, 1, 0, 0, 0, 3, 1, 0]);
    sw.weights.set([1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.5, 0.25, 0.25, 0]);
    const h = computeWeightHistogram(sw);
    expect(Array.from(h.influenceCounts)).toEqual([0, 1, 1, 1, 0]);
    expect(Array.from(h.jointVertexCounts)).toEqual([1, 2, 2, 1]);
    expect(computeWeightHistogram(sw, { jointCount: 6 }).jointVertexCounts).toHaveLength(6);
  });

  it('property: histogram totals match', () => {
    fc.assert(
      fc.property(legalSkinWeights(), ({ sw, raw }) => {
        expect(findInvariantViolations(sw)).toEqual([]);
        const h = computeWeightHistogram(sw, { jointCount: raw.jointCount });
        expect(h.influenceCounts.reduce((a, b) => a + b, 0)).toBe(sw.vertexCount);
        const influences = h.influenceCounts.reduce((a, c, n) => a + c * n, 0);
        expect(h.jointVertexCounts.reduce((a, b) => a + b, 0)).toBe(influences);
        expect(h.influenceCounts[0]).toBe(0); // legal vertices always have an influence
      }),
      { numRuns: runs(200) },
    );
  });
});
