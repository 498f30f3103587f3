/**
 * Property tests of "only where matched" and the coverage preview (src/transfer/matched-only.ts,
 * transferCoverage) against DESIGN.md's invariants, on random scenes: the source a random
 * weighted strip scene, the target a jittered, partly displaced copy of it plus a far-off piece,
 * with random existing weights and locks (as test/transfer/properties.test.ts builds them).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import {
  buildTargetGraph,
  type SourcePart,
  TransferStatus,
  transferWeights,
} from '../../src/transfer/index.ts';
import { transferredShare } from '../../src/transfer/matched-only.ts';
import { transferCoverage } from '../../src/transfer/transfer-weights.ts';
import { buildScene, rng, sceneParams } from '../brush/random-scene.ts';
import { PROPERTY_SEED, runs } from '../support/property-runs.ts';

const caseArb = fc.record({
  scene: sceneParams,
  jitter: fc.integer({ min: 0, max: 100 }).map((n) => n / 1000),
  lift: fc.integer({ min: 0, max: 300 }).map((n) => n / 100),
  angle: fc.integer({ min: 0, max: 180 }),
  distance: fc.integer({ min: 0, max: 20 }).map((n) => n / 100),
  lockMask: fc.integer({ min: 0, max: 511 }),
  border: fc.integer({ min: 0, max: 4 }),
  mode: fc.constantFrom('robust' as const, 'closest' as const),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function scene(c: Case) {
  const s = buildScene(c.scene);
  const random = rng(c.scene.seed ^ 0x5eed);
  const parts: SourcePart[] = s.surface.parts.map((p, i) => ({
    positions: p.positions,
    indices: p.indices,
    weights: s.weights[i],
  }));
  const a = s.surface.parts[0];
  const b = s.surface.parts[2];
  const na = a.positions.length / 3;
  const positions = new Float32Array(a.positions.length + b.positions.length);
  for (let i = 0; i < a.positions.length; i++) positions[i] = a.positions[i] + (random() - 0.5) * c.jitter;
  for (let i = 0; i < b.positions.length; i++)
    positions[a.positions.length + i] = b.positions[i] + (i % 3 === 2 ? c.lift : 0);
  const indices = new Uint32Array([...(a.indices ?? []), ...Array.from(b.indices ?? [], (v) => v + na)]);
  const n = positions.length / 3;
  const K = c.scene.influences;
  // Existing weights unlike the source's: every vertex on one joint (rotating), with a second.
  const existing = new SkinWeights(n, K);
  for (let v = 0; v < n; v++) {
    existing.joints[v * K] = v % s.jointCount;
    existing.weights[v * K] = 0.75;
    existing.joints[v * K + 1] = (v + 1) % s.jointCount;
    existing.weights[v * K + 1] = 0.25;
    if (existing.joints[v * K] === existing.joints[v * K + 1]) {
      existing.weights[v * K] = 1;
      existing.weights[v * K + 1] = 0;
      existing.joints[v * K + 1] = 0;
    }
  }
  const locked = new Uint8Array(s.jointCount);
  for (let j = 0; j < s.jointCount; j++) locked[j] = (c.lockMask >> j) & 1;
  const options = {
    jointCount: s.jointCount,
    influences: K,
    angle: c.angle,
    distance: c.distance,
    mode: c.mode,
    locked,
    border: c.border,
  };
  return { parts, target: { positions, indices }, n, existing, locked, options, jointCount: s.jointCount };
}

describe('only where matched', () => {
  it('keeps every unreached vertex bit for bit, ends every vertex legal, keeps locks (invariants 1–3)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { parts, target, n, existing, locked, options, jointCount } = scene(c);
        const before = existing.clone();
        const r = transferWeights(parts, target, { ...options, existing, onlyMatched: true });
        expect(findInvariantViolations(r.weights, { jointCount })).toEqual([]);
        expect(r.matched + r.kept).toBe(n);
        expect(r.inpainted + r.seeded).toBe(0);
        const K = r.weights.influences;
        for (let v = 0; v < n; v++) {
          if (r.status[v] === TransferStatus.kept) {
            for (let i = v * K; i < v * K + K; i++) {
              expect(r.weights.joints[i]).toBe(before.joints[i]);
              expect(Object.is(r.weights.weights[i], before.weights[i])).toBe(true);
            }
          } else {
            expect(r.status[v]).toBe(TransferStatus.matched);
          }
          for (let i = 0; i < K; i++) {
            const j = before.joints[v * K + i];
            const w = before.weights[v * K + i];
            if (w > 0 && locked[j]) expect(r.weights.weightOf(v, j)).toBe(w);
          }
        }
        // The input is not written.
        expect(existing.weights).toEqual(before.weights);
      }),
      { seed: PROPERTY_SEED, numRuns: runs(60) },
    );
  });

  it('the coverage preview counts exactly what the transfer then does', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { parts, target, existing, options } = scene(c);
        const preview = transferCoverage(parts, target, { ...options, existing });
        const full = transferWeights(parts, target, { ...options, existing });
        const only = transferWeights(parts, target, { ...options, existing, onlyMatched: true });
        expect(preview.matched).toBe(only.matched);
        expect(preview.inpainted + preview.seeded).toBe(only.kept);
        // Inpainting may also seed a region no matched vertex reaches; matched ones agree exactly.
        expect(preview.matched).toBe(full.matched);
        for (let v = 0; v < only.status.length; v++) {
          if (only.status[v] === TransferStatus.kept)
            expect(preview.status[v]).not.toBe(TransferStatus.matched);
          else expect(preview.status[v]).toBe(TransferStatus.matched);
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(40) },
    );
  });

  // Without locks: a locked joint keeps each copy's own weight, which the file may have split.
  it('copies of a welded vertex that take weights take the same (invariant 4)', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { parts, target, n, existing, options } = scene({ ...c, lockMask: 0 });
        const r = transferWeights(parts, target, { ...options, existing, onlyMatched: true });
        const K = r.weights.influences;
        const P = target.positions;
        const first = new Map<string, number>();
        for (let v = 0; v < n; v++) {
          if (r.status[v] !== TransferStatus.matched) continue;
          const key = `${P[v * 3]},${P[v * 3 + 1]},${P[v * 3 + 2]}`;
          const u = first.get(key);
          if (u === undefined) {
            first.set(key, v);
            continue;
          }
          expect(r.weights.joints.subarray(v * K, v * K + K)).toEqual(
            r.weights.joints.subarray(u * K, u * K + K),
          );
          expect(r.weights.weights.subarray(v * K, v * K + K)).toEqual(
            r.weights.weights.subarray(u * K, u * K + K),
          );
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(40) },
    );
  });

  it('with the whole target matched, it is the full transfer, bit for bit', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { parts, target, existing, options } = scene({ ...c, mode: 'closest' });
        const full = transferWeights(parts, target, { ...options, existing });
        const only = transferWeights(parts, target, { ...options, existing, onlyMatched: true });
        expect(only.kept).toBe(0);
        expect(only.weights.joints).toEqual(full.weights.joints);
        expect(only.weights.weights).toEqual(full.weights.weights);
      }),
      { seed: PROPERTY_SEED, numRuns: runs(30) },
    );
  });

  it('the border ramp is 0 on kept vertices, climbs by at most 1 / (rings + 1) per edge, and is 1 farther in', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { target } = scene(c);
        const graph = buildTargetGraph(target.positions, target.indices);
        const random = rng(c.scene.seed ^ 0xb0de);
        const matched = Uint8Array.from({ length: graph.count }, () => (random() < 0.7 ? 1 : 0));
        const share = transferredShare(graph, matched, c.border);
        const step = 1 / (c.border + 1);
        for (let u = 0; u < graph.count; u++) {
          expect(share[u] >= 0 && share[u] <= 1).toBe(true);
          if (!matched[u]) expect(share[u]).toBe(0);
          else expect(share[u]).toBeGreaterThan(0);
          for (let k = graph.offsets[u]; k < graph.offsets[u + 1]; k++)
            expect(Math.abs(share[u] - share[graph.adjacency[k]])).toBeLessThanOrEqual(step + 1e-6);
        }
      }),
      { seed: PROPERTY_SEED, numRuns: runs(40) },
    );
  });
});
