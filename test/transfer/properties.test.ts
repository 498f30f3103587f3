/**
 * Property tests of weight transfer against DESIGN.md's invariants, on random scenes: the
 * source is a random weighted strip scene, the target a jittered, partly displaced copy of it
 * plus a far-off piece, with random existing weights and locks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { type SourcePart, transferWeights } from '../../src/transfer/index.ts';
import { buildScene, rng, sceneParams } from '../brush/random-scene.ts';
import { PROPERTY_SEED, runs } from '../support/property-runs.ts';

const caseArb = fc.record({
  scene: sceneParams,
  jitter: fc.integer({ min: 0, max: 100 }).map((n) => n / 1000),
  lift: fc.integer({ min: 0, max: 300 }).map((n) => n / 100),
  angle: fc.integer({ min: 0, max: 180 }),
  distance: fc.integer({ min: 0, max: 20 }).map((n) => n / 100),
  withExisting: fc.boolean(),
  lockMask: fc.integer({ min: 0, max: 511 }),
  mode: fc.constantFrom('robust' as const, 'closest' as const),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function run(c: Case) {
  const scene = buildScene(c.scene);
  const random = rng(c.scene.seed ^ 0x5eed);
  const parts: SourcePart[] = scene.surface.parts.map((p, i) => ({
    positions: p.positions,
    indices: p.indices,
    weights: scene.weights[i],
  }));
  // Target: part 0 jittered, and part 2 (the patch) lifted far away as a second piece.
  const a = scene.surface.parts[0];
  const b = scene.surface.parts[2];
  const na = a.positions.length / 3;
  const positions = new Float32Array(a.positions.length + b.positions.length);
  for (let i = 0; i < a.positions.length; i++) positions[i] = a.positions[i] + (random() - 0.5) * c.jitter;
  for (let i = 0; i < b.positions.length; i++)
    positions[a.positions.length + i] = b.positions[i] + (i % 3 === 2 ? c.lift : 0);
  const indices = new Uint32Array([...(a.indices ?? []), ...Array.from(b.indices ?? [], (v) => v + na)]);
  const n = positions.length / 3;
  const locked = new Uint8Array(scene.jointCount);
  for (let j = 0; j < scene.jointCount; j++) locked[j] = (c.lockMask >> j) & 1;
  const K = c.scene.influences;
  const existing = c.withExisting
    ? (() => {
        const sw = scene.weights[0];
        const out = new SkinWeights(n, K);
        out.joints.set(sw.joints.subarray(0, na * K));
        out.weights.set(sw.weights.subarray(0, na * K));
        for (let v = na; v < n; v++) out.weights[v * K] = 1;
        return out;
      })()
    : null;
  const before = existing?.clone() ?? null;
  const r = transferWeights(
    parts,
    { positions, indices },
    {
      jointCount: scene.jointCount,
      influences: K,
      angle: c.angle,
      distance: c.distance,
      mode: c.mode,
      existing,
      locked: c.withExisting ? locked : null,
    },
  );
  return { r, n, before, locked, scene, positions, indices };
}

describe('weight transfer properties', () => {
  it('every target vertex ends legal (invariants 1–2), with weights, and its status set', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { r, n, scene } = run(c);
        expect(findInvariantViolations(r.weights, { jointCount: scene.jointCount })).toEqual([]);
        for (let v = 0; v < n; v++) {
          expect(r.status[v]).toBeGreaterThan(0);
          expect(r.weights.weights[v * r.weights.influences]).toBeGreaterThan(0);
        }
        expect(r.matched + r.inpainted + r.seeded).toBe(n);
      }),
      { seed: PROPERTY_SEED, numRuns: runs(60) },
    );
  });

  it('locked joints keep their weights bit for bit (invariant 3)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { r, n, before, locked } = run({ ...c, withExisting: true });
        const K = r.weights.influences;
        for (let v = 0; v < n; v++) {
          for (let i = 0; i < K; i++) {
            const j = before!.joints[v * K + i];
            const w = before!.weights[v * K + i];
            if (w > 0 && locked[j]) expect(r.weights.weightOf(v, j)).toBe(w);
          }
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(60) },
    );
  });

  it('vertices sharing a position get identical weights (invariant 4)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { r, n, positions } = run({ ...c, withExisting: false });
        const K = r.weights.influences;
        const seen = new Map<string, number>();
        for (let v = 0; v < n; v++) {
          const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
          const u = seen.get(key);
          if (u === undefined) {
            seen.set(key, v);
            continue;
          }
          for (let i = 0; i < K; i++) {
            expect(r.weights.joints[v * K + i]).toBe(r.weights.joints[u * K + i]);
            expect(r.weights.weights[v * K + i]).toBe(r.weights.weights[u * K + i]);
          }
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(60) },
    );
  });

  it('a target identical to the source gets the source weights back (matched everywhere)', () => {
    fc.assert(
      fc.property(sceneParams, (p) => {
        const scene = buildScene(p);
        const part = scene.surface.parts[0];
        const src = scene.weights[0];
        const r = transferWeights(
          [{ positions: part.positions, indices: part.indices, weights: src }],
          part,
          {
            jointCount: scene.jointCount,
            influences: p.influences,
            angle: 10,
          },
        );
        expect(r.matched).toBe(src.vertexCount);
        for (let v = 0; v < src.vertexCount; v++) {
          for (const { joint, weight } of src.influencesOf(v)) {
            expect(Math.abs(r.weights.weightOf(v, joint) - weight)).toBeLessThan(1e-6);
          }
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(40) },
    );
  });
});
