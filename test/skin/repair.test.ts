import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSlotInvariants,
  findInvariantViolations,
  isLegalSlots4,
  isUnitWeightSum,
} from '../../src/skin/invariants.ts';
import { repairImportedWeights } from '../../src/skin/repair.ts';
import { runs } from '../support/property-runs.ts';
import { rawInfluences, slots, toSets } from './arbitraries.ts';
import { validatorSumFailures } from './khronos-validator.ts';

function repair1(joints: number[], weights: number[], jointCount = 10, K = 4, fallbackJoint?: () => number) {
  const sets = Math.ceil(joints.length / 4);
  const j = Array.from({ length: sets }, (_, s) => joints.slice(s * 4, s * 4 + 4));
  const w = Array.from({ length: sets }, (_, s) => Float32Array.from(weights.slice(s * 4, s * 4 + 4)));
  const { weights: sw, report } = repairImportedWeights(j, w, 1, jointCount, K, { fallbackJoint });
  return { slots: slots(sw, 0), report };
}

const f = Math.fround;

describe('repairImportedWeights: hand-made cases', () => {
  it('keeps a legal vertex as it is', () => {
    const { slots, report } = repair1([4, 2, 0, 0], [0.75, 0.25, 0, 0]);
    expect(slots).toEqual([
      [4, 0.75],
      [2, 0.25],
      [0, 0],
      [0, 0],
    ]);
    expect(report).toMatchObject({ repairedVertices: 0, reordered: 0 });
  });

  it('sorts and resets unused joints without calling it a repair', () => {
    const { slots, report } = repair1([2, 4, 7, 0], [0.25, 0.75, 0, 0]);
    expect(slots).toEqual([
      [4, 0.75],
      [2, 0.25],
      [0, 0],
      [0, 0],
    ]);
    expect(report.repairedVertices).toBe(0);
    expect(report.reordered).toBe(1);
  });

  it('renormalises a bad sum', () => {
    const { slots, report } = repair1([1, 2, 3, 0], [0.5, 0.5, 0.5, 0]);
    expect(slots.map(([j, w]) => [j, w])).toEqual([
      [1, f(1 / 3)],
      [2, f(1 / 3)],
      [3, f(1 / 3)],
      [0, 0],
    ]);
    expect(report.byReason.sum).toBe(1);
    expect(report.repairedVertices).toBe(1);
  });

  it('drops NaN, negative and out-of-range influences, merges duplicates', () => {
    expect(repair1([1, 2, 3, 0], [Number.NaN, 0.5, 0.5, 0]).report.byReason).toMatchObject({
      nan: 1,
      sum: 0,
    });
    expect(repair1([1, 2, 3, 0], [-0.5, 0.5, 0.5, 0]).slots[0]).toEqual([2, 0.5]);
    const oob = repair1([12, 2, 3, 0], [0.5, 0.25, 0.25, 0]);
    expect(oob.slots.slice(0, 2)).toEqual([
      [2, 0.5],
      [3, 0.5],
    ]);
    expect(oob.report.byReason).toMatchObject({ 'joint-out-of-range': 1, sum: 1 });
    const dup = repair1([5, 5, 3, 0], [0.25, 0.25, 0.5, 0]);
    expect(dup.slots.slice(0, 2)).toEqual([
      [3, 0.5],
      [5, 0.5],
    ]);
    expect(dup.report.byReason).toMatchObject({ 'duplicate-joint': 1, sum: 0 });
  });

  it('binds an all-zero vertex to the fallback joint, else joint 0', () => {
    expect(repair1([3, 4, 0, 0], [0, 0, 0, 0]).slots[0]).toEqual([0, 1]);
    const r = repair1([3, 4, 0, 0], [0, Number.NaN, 0, 0], 10, 4, () => 6);
    expect(r.slots[0]).toEqual([6, 1]);
    expect(r.report.byReason).toMatchObject({ 'all-zero': 1, nan: 1 });
  });

  it('keeps the K strongest of two sets when K = 4', () => {
    const { slots, report } = repair1([1, 2, 3, 4, 5, 6, 0, 0], [0.3, 0.05, 0.2, 0.1, 0.25, 0.1, 0, 0]);
    expect(slots.map(([j]) => j)).toEqual([1, 5, 3, 4]);
    expect(report.byReason['too-many-influences']).toBe(1);
    expect(
      isUnitWeightSum(
        slots.map(([j]) => j),
        slots.map(([, w]) => w),
        0,
        4,
      ),
    ).toBe(true);
    // Two sets holding ≤ 4 influences fit K = 4 with no repair.
    const fits = repair1([1, 0, 0, 0, 2, 0, 0, 0], [0.5, 0, 0, 0, 0.5, 0, 0, 0]);
    expect(fits.slots.slice(0, 2)).toEqual([
      [1, 0.5],
      [2, 0.5],
    ]);
    expect(fits.report).toMatchObject({ repairedVertices: 0, reordered: 1 });
  });

  it('rounds decoded unorm weights to float32 without calling that a repair', () => {
    const q = [128, 64, 63, 0];
    const w = q.map((x) => x / 255);
    const { weights, report } = repairImportedWeights([[1, 2, 3, 0]], [w], 1, 4, 4);
    expect(Array.from(weights.weights)).toEqual(w.map((x) => f(x)));
    expect(report).toMatchObject({ repairedVertices: 0, reordered: 0 });
  });
});

describe('repairImportedWeights: properties', () => {
  it('always yields legal weights; legal input comes out bit-identical', () => {
    let legalSeen = 0;
    fc.assert(
      fc.property(rawInfluences(), fc.constantFrom(4, 8), (raw, K) => {
        const { joints, weights } = toSets(raw);
        const { weights: sw, report } = repairImportedWeights(
          joints,
          weights,
          raw.vertexCount,
          raw.jointCount,
          K,
        );
        expect(sw.influences).toBe(K);
        expect(findInvariantViolations(sw, { jointCount: raw.jointCount })).toEqual([]);
        let legal = 0;
        for (let v = 0; v < raw.vertexCount; v++) {
          if (K < raw.K && raw.weights.subarray(v * raw.K + K, (v + 1) * raw.K).some((w) => w !== 0))
            continue;
          if (checkSlotInvariants(raw.joints, raw.weights, v * raw.K, Math.min(K, raw.K), raw.jointCount))
            continue;
          legal++;
          const n = Math.min(K, raw.K);
          for (let i = 0; i < n; i++) {
            expect(sw.joints[v * K + i]).toBe(raw.joints[v * raw.K + i]);
            expect(Object.is(sw.weights[v * K + i], raw.weights[v * raw.K + i] || 0)).toBe(true);
          }
        }
        legalSeen += legal;
        expect(report.repairedVertices + report.reordered).toBeLessThanOrEqual(raw.vertexCount - legal);
        const reasons = Object.values(report.byReason);
        expect(Math.max(0, ...reasons)).toBeLessThanOrEqual(report.repairedVertices);
        if (report.repairedVertices > 0) expect(reasons.some((n) => n > 0)).toBe(true);
      }),
      { numRuns: runs(400) },
    );
    expect(legalSeen).toBeGreaterThan(100);
  });

  it('the Khronos validator finds no sum errors in repaired output', async () => {
    await fc.assert(
      fc.asyncProperty(rawInfluences({ maxVertices: 40 }), async (raw) => {
        const { joints, weights } = toSets(raw);
        const { weights: sw } = repairImportedWeights(
          joints,
          weights,
          raw.vertexCount,
          raw.jointCount,
          raw.K,
        );
        const { codes } = await validatorSumFailures(
          sw.joints,
          sw.weights,
          raw.vertexCount,
          raw.K,
          raw.jointCount,
        );
        for (const code of codes.keys()) expect(code).not.toMatch(/^ACCESSOR_(WEIGHTS|JOINTS)_/);
      }),
      { numRuns: runs(30) },
    );
  });
});

describe('repairImportedWeights: the bulk path of one legal set', () => {
  it('isLegalSlots4 agrees with checkSlotInvariants on messy slots', () => {
    fc.assert(
      fc.property(rawInfluences(), (raw) => {
        if (raw.K !== 4) return;
        for (let v = 0; v < raw.vertexCount; v++) {
          const expected = checkSlotInvariants(raw.joints, raw.weights, v * 4, 4, raw.jointCount) === null;
          expect(isLegalSlots4(raw.joints, raw.weights, v * 4, raw.jointCount)).toBe(expected);
        }
      }),
    );
  });

  it('typed arrays (copied in bulk) give what plain arrays (vertex by vertex) give, bit for bit', () => {
    fc.assert(
      fc.property(rawInfluences(), (raw) => {
        if (raw.K !== 4) return;
        const { joints, weights } = toSets(raw);
        const bulk = repairImportedWeights(joints, weights, raw.vertexCount, raw.jointCount, 4);
        const plain = repairImportedWeights(
          [[...joints[0]]],
          [[...weights[0]]],
          raw.vertexCount,
          raw.jointCount,
          4,
        );
        expect(bulk.report).toEqual(plain.report);
        expect(bulk.weights.joints).toEqual(plain.weights.joints);
        for (let i = 0; i < bulk.weights.weights.length; i++)
          expect(Object.is(bulk.weights.weights[i], plain.weights.weights[i])).toBe(true);
      }),
    );
  });

  it('a file -0 in an unused slot is written +0', () => {
    const { weights } = repairImportedWeights(
      [Uint16Array.of(3, 0, 0, 0)],
      [Float32Array.of(1, -0, -0, 0)],
      1,
      4,
      4,
    );
    expect([...weights.weights].every((w) => !Object.is(w, -0))).toBe(true);
  });
});
