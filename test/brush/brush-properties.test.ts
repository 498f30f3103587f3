/**
 * Property tests of every brush and of flood: after random strokes on random meshes
 * with random locks, invariants 1–4 hold, locked joints and vertices outside the brush are
 * bit-for-bit unchanged, and undoing every step restores the start exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlendMode } from '../../src/brush/blend.ts';
import type { FalloffCurve } from '../../src/brush/falloff.ts';
import type { PaintSample, StrokeConfig } from '../../src/brush/painter.ts';
import { applyWeightPatch, type WeightPatch } from '../../src/history/weight-patch.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import { buildScene, type Scene, sameBits, sample, sceneParams, snapshot, vec } from './random-scene.ts';

interface StrokeSpec {
  kind: StrokeConfig['kind'];
  blend: BlendMode;
  weight: number;
  strength: number;
  radius: number;
  falloff: FalloffCurve;
  spacing: number;
  pressureStrength: boolean;
  pressureRadius: boolean;
  accumulate: boolean;
  view: [number, number, number] | null;
  connectedOnly: boolean;
  mirror: boolean;
  joint: number;
  locks: boolean[];
  samples: PaintSample[];
  cancel: boolean;
}

const strokeSpec = (kinds: StrokeConfig['kind'][]): fc.Arbitrary<StrokeSpec> =>
  fc.record({
    kind: fc.constantFrom(...kinds),
    blend: fc.constantFrom<BlendMode>('mix', 'add', 'subtract', 'multiply', 'lighten', 'darken'),
    weight: fc.oneof(fc.constantFrom(0, 1), vec(0, 1)),
    strength: fc.oneof(fc.constant(1), vec(0, 1)),
    radius: vec(0.05, 0.9),
    falloff: fc.constantFrom<FalloffCurve>('smooth', 'sphere', 'linear', 'sharp', 'constant'),
    spacing: fc.oneof(fc.constant(0), vec(0.05, 1)),
    pressureStrength: fc.boolean(),
    pressureRadius: fc.boolean(),
    accumulate: fc.boolean(),
    view: fc.option(fc.tuple(vec(-1, 1), vec(-1, 1), vec(-1, 1)), { nil: null }),
    connectedOnly: fc.boolean(),
    mirror: fc.boolean(),
    joint: fc.nat(),
    locks: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
    samples: fc.array(sample, { minLength: 1, maxLength: 6 }),
    cancel: fc.boolean(),
  });

/** Random locks (about one joint in three), never on the painted joint. */
function lockMask(scene: Scene, locks: boolean[], joint: number): Uint8Array {
  const mask = new Uint8Array(scene.jointCount);
  for (let j = 0; j < scene.jointCount; j++) if (j !== joint && locks[j] && locks[(j + 4) % 9]) mask[j] = 1;
  return mask;
}

function configOf(scene: Scene, s: StrokeSpec): StrokeConfig {
  const joint = s.joint % scene.jointCount;
  return {
    kind: s.kind,
    blend: s.blend,
    weight: s.weight,
    strength: s.strength,
    radius: s.radius,
    falloff: s.falloff,
    spacing: s.spacing,
    pressureStrength: s.pressureStrength,
    pressureRadius: s.pressureRadius,
    accumulate: s.accumulate,
    frontFacesOnly: s.view !== null,
    connectedOnly: s.connectedOnly,
    mirror: s.mirror ? 'x' : null,
    joint,
    mirrorJoint: scene.jointMirror[joint],
    locked: lockMask(scene, s.locks, joint),
  };
}

/** Distance from p to the polyline through the samples. */
function polylineDistance(p: ArrayLike<number>, samples: PaintSample[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < samples.length; i++) {
    const a = samples[i].point;
    const b = samples[Math.min(i + 1, samples.length - 1)].point;
    const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
    let t = len2 > 0 ? ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] + (p[2] - a[2]) * d[2]) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    best = Math.min(best, Math.hypot(p[0] - a[0] - t * d[0], p[1] - a[1] - t * d[1], p[2] - a[2] - t * d[2]));
  }
  return best;
}

function vertexBits(sw: SkinWeights, v: number): string {
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  return `${Array.from(sw.joints.subarray(v * K, v * K + K))}|${Array.from(bits.subarray(v * K, v * K + K))}`;
}

/** Invariants 1–4 and the locked / untouched checks of one step, from `before` to now. */
function checkStep(
  scene: Scene,
  before: SkinWeights[],
  locked: Uint8Array,
  untouched: (node: number) => boolean,
): void {
  const s = scene.surface;
  scene.weights.forEach((sw, p) => {
    expect(findInvariantViolations(sw, { jointCount: scene.jointCount })).toEqual([]);
    for (let v = 0; v < sw.vertexCount; v++) {
      for (let j = 0; j < scene.jointCount; j++) {
        if (locked[j]) expect(Object.is(sw.weightOf(v, j), before[p].weightOf(v, j))).toBe(true);
      }
    }
  });
  for (let g = 0; g < s.nodeCount; g++) {
    const p = s.nodePart[g];
    const sw = scene.weights[p];
    const v0 = s.vertexOffset[p];
    const rep = vertexBits(sw, s.nodeVertex[g]);
    for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
      const v = s.members[k] - v0;
      expect(vertexBits(sw, v)).toBe(rep); // invariant 4 (the scene starts welded-equal)
      if (untouched(g)) expect(vertexBits(sw, v)).toBe(vertexBits(before[p], v));
    }
  }
}

function undoAll(scene: Scene, steps: WeightPatch[][]): void {
  for (const patches of [...steps].reverse()) {
    for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'before');
  }
}

function runStrokes(kinds: StrokeConfig['kind'][]) {
  fc.assert(
    fc.property(
      sceneParams,
      fc.array(strokeSpec(kinds), { minLength: 1, maxLength: 4 }),
      (params, strokes) => {
        const scene = buildScene(params);
        const start = snapshot(scene);
        const steps: WeightPatch[][] = [];
        const s = scene.surface;
        for (const spec of strokes) {
          const before = snapshot(scene);
          const config = configOf(scene, spec);
          const samples = spec.samples.map((x) => ({ ...x, viewDir: spec.view ?? undefined }));
          scene.painter.begin(config, samples[0]);
          for (const x of samples.slice(1)) scene.painter.moveTo(x);
          const mirrored = config.mirror !== null && !config.locked![config.mirrorJoint];
          const untouched = (g: number) => {
            const P = s.restPositions;
            const d = polylineDistance([P[g * 3], P[g * 3 + 1], P[g * 3 + 2]], samples);
            const dm = polylineDistance([-P[g * 3], P[g * 3 + 1], P[g * 3 + 2]], samples);
            const r = config.radius * (1 + 1e-6) + 1e-6;
            return d > r && (!mirrored || dm > r);
          };
          if (spec.cancel) {
            scene.painter.cancel();
            expect(scene.weights.every((w, p) => sameBits(w, before[p]))).toBe(true);
            continue;
          }
          steps.push(scene.painter.end());
          checkStep(scene, before, config.locked!, untouched);
        }
        const end = snapshot(scene);
        undoAll(scene, steps);
        expect(scene.weights.every((w, p) => sameBits(w, start[p]))).toBe(true);
        for (const patches of steps)
          for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'after');
        expect(scene.weights.every((w, p) => sameBits(w, end[p]))).toBe(true);
      },
    ),
    { numRuns: runs(100) },
  );
}

describe('brush properties (random meshes, strokes, locks)', () => {
  it('Draw / Add / Subtract and the other blend modes', () => runStrokes(['blend']));
  it('Smooth', () => runStrokes(['smooth']));
  it('Smear', () => runStrokes(['smear']));
  it('mixed strokes, undone and redone', () => runStrokes(['blend', 'smooth', 'smear']));

  it('Flood (all or a mask, mirror, locks)', () => {
    fc.assert(
      fc.property(
        sceneParams,
        fc.array(
          fc.record({
            value: fc.oneof(fc.constantFrom(0, 1), vec(0, 1)),
            joint: fc.nat(),
            locks: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
            masked: fc.boolean(),
            maskSeed: fc.nat(),
            mirror: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (params, floods) => {
          const scene = buildScene(params);
          const start = snapshot(scene);
          const steps: WeightPatch[][] = [];
          const G = scene.surface.nodeCount;
          for (const f of floods) {
            const before = snapshot(scene);
            const joint = f.joint % scene.jointCount;
            const locked = lockMask(scene, f.locks, joint);
            const mask = f.masked
              ? Uint8Array.from({ length: G }, (_, g) => ((g * 2654435761 + f.maskSeed) >>> 7) & 1)
              : null;
            const mirrorJoint = scene.jointMirror[joint];
            const partner = scene.surface.mirror('x').partner;
            const mirrored = new Uint8Array(G);
            if (mask && f.mirror && !locked[mirrorJoint])
              for (let g = 0; g < G; g++) if (mask[g] && partner[g] >= 0) mirrored[partner[g]] = 1;
            steps.push(scene.painter.flood(joint, f.value, locked, mask, f.mirror ? 'x' : null, mirrorJoint));
            checkStep(scene, before, locked, (g) => mask !== null && !mask[g] && !mirrored[g]);
            if (!mask && !locked.some((x) => x)) {
              // Every vertex that could take the value has it.
              scene.weights.forEach((sw) => {
                for (let v = 0; v < sw.vertexCount; v++)
                  expect(sw.weightOf(v, joint)).toBe(Math.fround(f.value));
              });
            }
          }
          undoAll(scene, steps);
          expect(scene.weights.every((w, p) => sameBits(w, start[p]))).toBe(true);
        },
      ),
      { numRuns: runs(60) },
    );
  });
});
