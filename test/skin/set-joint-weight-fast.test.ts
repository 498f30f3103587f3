/**
 * The fused fast path of setJointWeight against the general (reference) path: bit-identical
 * slots, the same outcome and the same fallback calls, over random vertices (K 4 and 8, legal,
 * rough and messy), random locks (none, on other joints only, anywhere) and values at the edges
 * (0, -0, 1, tiny, subnormal, near 1, huge, infinite, NaN, the current weight).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkVertexInvariants } from '../../src/skin/invariants.ts';
import {
  type SetJointWeightOutcome,
  setJointWeight,
  setJointWeightFast,
  setJointWeightGeneral,
} from '../../src/skin/set-joint-weight.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { legalSkinWeights, rawInfluences, rawSkinWeights } from './arbitraries.ts';

const f = Math.fround;

/** float32 weights at the edges: tiny, subnormal, near 1, above 1, huge. */
const EDGE_WEIGHTS = [
  0,
  1,
  0.5,
  1 / 3,
  f(1 - 2 ** -24),
  f(1 - 2 ** -23),
  1e-7,
  2 ** -126,
  2 ** -149,
  1e-30,
  f(1 + 2 ** -23),
  7,
  f(3e38),
];

/** Requested values at the edges (float64: not all are float32). */
const EDGE_VALUES = [
  0,
  -0,
  1,
  0.5,
  1e-300,
  2 ** -149,
  2 ** -150,
  1e-30,
  1e-8,
  1e-7,
  f(1 - 2 ** -24),
  1 - 2 ** -53,
  1 - 1e-9,
  1 + 1e-9,
  -1e-9,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.NaN,
];

/** Distinct joints with weights from the edge list or any float32, normalised or not. */
function edgeVertices(K: number, jointCount: number) {
  const weight = fc.oneof(fc.constantFrom(...EDGE_WEIGHTS), fc.float({ min: 0, max: 1, noNaN: true }));
  return fc
    .record({
      joints: fc.uniqueArray(fc.integer({ min: 0, max: jointCount - 1 }), { minLength: 0, maxLength: K }),
      weights: fc.array(weight, { minLength: K, maxLength: K }),
      normalize: fc.boolean(),
      sorted: fc.boolean(),
    })
    .map(({ joints, weights, normalize, sorted }) => {
      const w = weights.slice(0, joints.length);
      if (sorted) w.sort((a, b) => b - a);
      const total = w.reduce((a, b) => a + b, 0);
      return joints.map((joint, i) => ({ joint, weight: normalize && total > 0 ? w[i] / total : w[i] }));
    });
}

/** A SkinWeights of 1–4 vertices: legal (repaired), rough/messy raw slots, or edge vertices. */
const skinWeights = fc.oneof(
  legalSkinWeights({ maxVertices: 4 }).map(({ sw, raw }) => ({ sw, jointCount: raw.jointCount })),
  rawInfluences({ messy: true, maxVertices: 4 }).map((raw) => ({
    sw: rawSkinWeights(raw),
    jointCount: raw.jointCount,
  })),
  fc
    .record({
      K: fc.constantFrom(4, 8),
      jointCount: fc.integer({ min: 1, max: 12 }),
      n: fc.integer({ min: 1, max: 4 }),
    })
    .chain(({ K, jointCount, n }) =>
      fc.array(edgeVertices(K, jointCount), { minLength: n, maxLength: n }).map((vertices) => {
        const sw = new SkinWeights(n, K);
        vertices.forEach((slots, v) => {
          slots.forEach(({ joint, weight }, i) => {
            sw.joints[v * K + i] = joint;
            sw.weights[v * K + i] = weight;
          });
        });
        return { sw, jointCount };
      }),
    ),
);

/** A whole case: weights, a vertex, a joint (often one already there), a value, locks, a fallback. */
const scenario = skinWeights.chain(({ sw, jointCount }) =>
  fc
    .record({
      v: fc.integer({ min: 0, max: sw.vertexCount - 1 }),
      slot: fc.integer({ min: 0, max: sw.influences - 1 }),
      pickSlot: fc.boolean(),
      joint: fc.integer({ min: 0, max: jointCount + 1 }),
      xKind: fc.constantFrom('any', 'edge', 'current', 'near-current'),
      xAny: fc.double({ min: -0.5, max: 1.5, noNaN: true }),
      xEdge: fc.constantFrom(...EDGE_VALUES),
      ulps: fc.integer({ min: -2, max: 2 }),
      lockKind: fc.constantFrom('null', 'none', 'others', 'any'),
      lockBits: fc.array(fc.boolean(), { minLength: jointCount + 2, maxLength: jointCount + 2 }),
      fb: fc.integer({ min: -1, max: jointCount + 1 }),
    })
    .map((c) => {
      const K = sw.influences;
      const joint = c.pickSlot ? sw.joints[c.v * K + c.slot] : c.joint;
      const current = sw.weightOf(c.v, joint);
      let x = c.xAny;
      if (c.xKind === 'edge') x = c.xEdge;
      else if (c.xKind === 'current') x = current;
      else if (c.xKind === 'near-current') x = current + c.ulps * 2 ** -24 * Math.max(current, 2 ** -126);
      let locked: Uint8Array | null = null;
      if (c.lockKind !== 'null') {
        locked = new Uint8Array(jointCount + 2);
        if (c.lockKind !== 'none') {
          const onVertex = new Set<number>();
          for (let i = 0; i < K; i++) if (sw.weights[c.v * K + i] > 0) onVertex.add(sw.joints[c.v * K + i]);
          c.lockBits.forEach((b, j) => {
            if (b && (c.lockKind === 'any' || (j !== joint && !onVertex.has(j)))) locked![j] = 1;
          });
        }
      }
      return { sw, v: c.v, joint, x, locked, fb: c.fb };
    }),
);

/** Runs `fn` on a copy; returns the copy, the outcome and the fallback calls made. */
function runOn(
  fn: (...args: Parameters<typeof setJointWeight>) => SetJointWeightOutcome | null,
  c: { sw: SkinWeights; v: number; joint: number; x: number; locked: Uint8Array | null; fb: number },
) {
  const sw = c.sw.clone();
  const calls: number[] = [];
  const fallbackJoint = (v: number, exclude: number) => {
    calls.push(v, exclude);
    return c.fb;
  };
  const outcome = fn(sw, c.v, c.joint, c.x, { locked: c.locked, fallbackJoint });
  return { sw, outcome, calls };
}

function weightBits(sw: SkinWeights): Uint32Array {
  return new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
}

describe('setJointWeight fast path', () => {
  it('is bit-identical to the general path (slots, outcome, fallback calls)', () => {
    const taken: Record<string, number> = {};
    let deferred = 0;
    fc.assert(
      fc.property(scenario, (c) => {
        const general = runOn(setJointWeightGeneral, c);
        const public_ = runOn(setJointWeight, c);
        const fast = runOn(setJointWeightFast, c);
        expect(public_.outcome).toBe(general.outcome);
        expect(public_.calls).toEqual(general.calls);
        expect(public_.sw.joints).toEqual(general.sw.joints);
        expect(weightBits(public_.sw)).toEqual(weightBits(general.sw));
        if (fast.outcome === null) {
          // Declined: nothing touched, nothing called.
          deferred++;
          expect(fast.calls).toEqual([]);
          expect(fast.sw.joints).toEqual(c.sw.joints);
          expect(weightBits(fast.sw)).toEqual(weightBits(c.sw));
          return;
        }
        taken[fast.outcome] = (taken[fast.outcome] ?? 0) + 1;
        expect(fast.outcome).toBe(general.outcome);
        expect(fast.calls).toEqual(general.calls);
        expect(fast.sw.joints).toEqual(general.sw.joints);
        expect(weightBits(fast.sw)).toEqual(weightBits(general.sw));
        if (fast.outcome === 'changed') expect(checkVertexInvariants(fast.sw, c.v)).toBeNull();
      }),
      { numRuns: runs(20000) },
    );
    // Both paths get real work: the fast one most cases, the general one the locked/fallback ones.
    expect(taken.changed).toBeGreaterThan(8000);
    expect(taken.unchanged).toBeGreaterThan(200);
    expect(deferred).toBeGreaterThan(2000);
  });

  it('matches the general path over a long stroke on one vertex set (K 4 and 8, no locks)', () => {
    fc.assert(
      fc.property(
        legalSkinWeights({ maxVertices: 6 }).chain(({ sw, raw }) =>
          fc.record({
            sw: fc.constant(sw),
            ops: fc.array(
              fc.record({
                v: fc.integer({ min: 0, max: raw.vertexCount - 1 }),
                joint: fc.integer({ min: 0, max: raw.jointCount - 1 }),
                x: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...EDGE_VALUES)),
              }),
              { maxLength: 300 },
            ),
          }),
        ),
        ({ sw, ops }) => {
          const a = sw.clone();
          const b = sw.clone();
          const fallbackJoint = (_v: number, exclude: number) => (exclude === 0 ? 1 : 0);
          for (const { v, joint, x } of ops) {
            expect(setJointWeight(a, v, joint, x, { fallbackJoint })).toBe(
              setJointWeightGeneral(b, v, joint, x, { fallbackJoint }),
            );
          }
          expect(a.joints).toEqual(b.joints);
          expect(weightBits(a)).toEqual(weightBits(b));
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('declines what it does not handle, leaving the vertex alone', () => {
    const sw = new SkinWeights(1, 4, Uint16Array.from([1, 2, 0, 0]), Float32Array.from([0.75, 0.25, 0, 0]));
    const locks = new Uint8Array(4);
    locks[2] = 1;
    expect(setJointWeightFast(sw, 0, 1, 0.5, { locked: locks })).toBeNull(); // locked influence
    expect(setJointWeightFast(sw, 0, 2, 0.5, { locked: locks })).toBeNull(); // locked joint
    expect(setJointWeightFast(sw, 0, 1, Number.NaN)).toBeNull();
    expect(setJointWeightFast(sw, 0, -1, 0.5)).toBeNull();
    expect(setJointWeightFast(sw, 0, 70000, 0.5)).toBeNull();
    const alone = new SkinWeights(1, 4, Uint16Array.from([1, 0, 0, 0]), Float32Array.from([1, 0, 0, 0]));
    expect(setJointWeightFast(alone, 0, 1, 0.5)).toBeNull(); // needs the fallback joint
    expect(Array.from(sw.weights)).toEqual([0.75, 0.25, 0, 0]);
    expect(Array.from(alone.weights)).toEqual([1, 0, 0, 0]);
    // ...and takes the rest.
    expect(setJointWeightFast(sw, 0, 1, 0.5)).toBe('changed');
    expect(setJointWeightFast(alone, 0, 3, 0)).toBe('unchanged');
    expect(setJointWeightFast(alone, 0, 1, 1)).toBe('unchanged');
  });
});
