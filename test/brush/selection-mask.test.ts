/**
 * Property tests of vertex selection masking: with a node mask on the stroke, every
 * brush (and its mirrored dab) changes only the selected nodes — unselected vertices stay bit
 * for bit, seams stay welded, locks hold, sums stay 1 — undo restores the start exactly, and a
 * mask selecting everything paints exactly what no mask paints.
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
import { buildScene, rng, type Scene, sameBits, sample, sceneParams, snapshot, vec } from './random-scene.ts';

interface MaskedStroke {
  kind: StrokeConfig['kind'];
  blend: BlendMode;
  weight: number;
  strength: number;
  radius: number;
  falloff: FalloffCurve;
  spacing: number;
  accumulate: boolean;
  connectedOnly: boolean;
  mirror: boolean;
  joint: number;
  locks: number;
  samples: PaintSample[];
  cancel: boolean;
}

const maskedStroke: fc.Arbitrary<MaskedStroke> = fc.record({
  kind: fc.constantFrom<StrokeConfig['kind']>('blend', 'smooth', 'smear'),
  blend: fc.constantFrom<BlendMode>('mix', 'add', 'subtract', 'multiply', 'lighten', 'darken'),
  weight: fc.oneof(fc.constantFrom(0, 1), vec(0, 1)),
  strength: fc.oneof(fc.constant(1), vec(0, 1)),
  radius: vec(0.1, 1.2),
  falloff: fc.constantFrom<FalloffCurve>('smooth', 'sphere', 'linear', 'sharp', 'constant'),
  spacing: fc.oneof(fc.constant(0), vec(0.05, 1)),
  accumulate: fc.boolean(),
  connectedOnly: fc.boolean(),
  mirror: fc.boolean(),
  joint: fc.nat(),
  locks: fc.nat(),
  samples: fc.array(sample, { minLength: 1, maxLength: 6 }),
  cancel: fc.boolean(),
});

/** A random selection: seed-chosen nodes (about `density` of them). */
function randomMask(scene: Scene, seed: number, density: number): Uint8Array {
  const random = rng(seed);
  return Uint8Array.from({ length: scene.surface.nodeCount }, () => (random() < density ? 1 : 0));
}

/** Random locks (bits of `bits`), never on the painted joint. */
function lockMask(scene: Scene, bits: number, joint: number): Uint8Array {
  const mask = new Uint8Array(scene.jointCount);
  for (let j = 0; j < scene.jointCount; j++)
    if (j !== joint && (bits >> j) & 1 && (bits >> (j + 9)) & 1) mask[j] = 1;
  return mask;
}

function configOf(scene: Scene, s: MaskedStroke, mask: Uint8Array | null): StrokeConfig {
  const joint = s.joint % scene.jointCount;
  return {
    kind: s.kind,
    blend: s.blend,
    weight: s.weight,
    strength: s.strength,
    radius: s.radius,
    falloff: s.falloff,
    spacing: s.spacing,
    pressureStrength: true,
    pressureRadius: false,
    accumulate: s.accumulate,
    frontFacesOnly: false,
    connectedOnly: s.connectedOnly,
    mirror: s.mirror ? 'x' : null,
    joint,
    mirrorJoint: scene.jointMirror[joint],
    locked: lockMask(scene, s.locks, joint),
    mask,
  };
}

function paint(scene: Scene, config: StrokeConfig, samples: PaintSample[]): void {
  scene.painter.begin(config, samples[0]);
  for (const x of samples.slice(1)) scene.painter.moveTo(x);
}

/** The slots of vertex `v` as a string of joints and weight bits. */
function vertexBits(sw: SkinWeights, v: number): string {
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  return `${Array.from(sw.joints.subarray(v * K, v * K + K))}|${Array.from(bits.subarray(v * K, v * K + K))}`;
}

describe('vertex selection masks the brush', () => {
  it('every brush, mirrored or not, changes only selected vertices; invariants, locks and undo hold', () => {
    fc.assert(
      fc.property(
        sceneParams,
        fc.nat(),
        fc.constantFrom(0.1, 0.5, 0.9),
        fc.array(maskedStroke, { minLength: 1, maxLength: 4 }),
        (params, maskSeed, density, strokes) => {
          const scene = buildScene(params);
          const s = scene.surface;
          const mask = randomMask(scene, maskSeed, density);
          const start = snapshot(scene);
          const steps: WeightPatch[][] = [];
          for (const spec of strokes) {
            const before = snapshot(scene);
            const config = configOf(scene, spec, mask);
            paint(scene, config, spec.samples);
            if (spec.cancel) {
              scene.painter.cancel();
              expect(scene.weights.every((w, p) => sameBits(w, before[p]))).toBe(true);
              continue;
            }
            steps.push(scene.painter.end());
            scene.weights.forEach((sw, p) => {
              expect(findInvariantViolations(sw, { jointCount: scene.jointCount })).toEqual([]);
              for (let v = 0; v < sw.vertexCount; v++)
                for (let j = 0; j < scene.jointCount; j++)
                  if (config.locked![j])
                    expect(Object.is(sw.weightOf(v, j), before[p].weightOf(v, j))).toBe(true);
            });
            for (let g = 0; g < s.nodeCount; g++) {
              const p = s.nodePart[g];
              const v0 = s.vertexOffset[p];
              const rep = vertexBits(scene.weights[p], s.nodeVertex[g]);
              for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
                const v = s.members[k] - v0;
                expect(vertexBits(scene.weights[p], v)).toBe(rep); // seams stay welded
                if (!mask[g]) expect(vertexBits(scene.weights[p], v)).toBe(vertexBits(before[p], v));
              }
            }
          }
          const end = snapshot(scene);
          for (const patches of [...steps].reverse())
            for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'before');
          expect(scene.weights.every((w, p) => sameBits(w, start[p]))).toBe(true);
          for (const patches of steps)
            for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'after');
          expect(scene.weights.every((w, p) => sameBits(w, end[p]))).toBe(true);
        },
      ),
      { numRuns: runs(80) },
    );
  });

  it('inside the selection a masked stroke paints exactly what an unmasked one does (Draw)', () => {
    // Draw reads only the node it writes, so on selected nodes masking must change nothing.
    fc.assert(
      fc.property(sceneParams, fc.nat(), maskedStroke, (params, maskSeed, spec) => {
        const stroke = { ...spec, kind: 'blend' as const };
        const free = buildScene(params);
        const masked = buildScene(params);
        const mask = randomMask(masked, maskSeed, 0.5);
        paint(free, configOf(free, stroke, null), stroke.samples);
        free.painter.end();
        paint(masked, configOf(masked, stroke, mask), stroke.samples);
        masked.painter.end();
        const s = masked.surface;
        for (let g = 0; g < s.nodeCount; g++) {
          const p = s.nodePart[g];
          const v = s.nodeVertex[g];
          const want = mask[g] ? free.weights[p] : buildScene(params).weights[p];
          expect(vertexBits(masked.weights[p], v)).toBe(vertexBits(want, v));
        }
      }),
      { numRuns: runs(40) },
    );
  });

  it('a selection of every vertex paints bit for bit what no selection paints', () => {
    fc.assert(
      fc.property(sceneParams, fc.array(maskedStroke, { minLength: 1, maxLength: 3 }), (params, strokes) => {
        const free = buildScene(params);
        const all = buildScene(params);
        const every = new Uint8Array(all.surface.nodeCount).fill(1);
        for (const spec of strokes) {
          paint(free, configOf(free, spec, null), spec.samples);
          free.painter.end();
          paint(all, configOf(all, spec, every), spec.samples);
          all.painter.end();
        }
        expect(free.weights.every((w, p) => sameBits(w, all.weights[p]))).toBe(true);
      }),
      { numRuns: runs(40) },
    );
  });

  it('the mirrored dab paints the mirror side only where it is selected', () => {
    // A Draw to 1 at full strength on a mid-line joint, mirrored, selection on the right half:
    // the left side stays as it was though the stroke is on it; its mirror (right) is painted.
    const scene = buildScene({ seed: 7, cols: 8, rows: 6, jointCount: 5, influences: 4 });
    const s = scene.surface;
    const P = s.restPositions;
    const mask = Uint8Array.from({ length: s.nodeCount }, (_, g) => (P[g * 3] > 0.01 ? 1 : 0));
    const before = snapshot(scene);
    const config: StrokeConfig = {
      ...configOf(scene, { ...baseStroke, joint: 1 }, mask),
      mirror: 'x',
      mirrorJoint: scene.jointMirror[1],
    };
    paint(scene, config, [{ point: [-0.5, 1, 0] }]);
    scene.painter.end();
    let paintedRight = 0;
    for (let g = 0; g < s.nodeCount; g++) {
      const p = s.nodePart[g];
      const v = s.nodeVertex[g];
      const changed = vertexBits(scene.weights[p], v) !== vertexBits(before[p], v);
      if (!mask[g]) expect(changed).toBe(false);
      else if (changed) {
        paintedRight++;
        expect(P[g * 3]).toBeGreaterThan(0);
      }
    }
    expect(paintedRight).toBeGreaterThan(0);
  });
});

const baseStroke: MaskedStroke = {
  kind: 'blend',
  blend: 'mix',
  weight: 1,
  strength: 1,
  radius: 0.4,
  falloff: 'constant',
  spacing: 0,
  accumulate: false,
  connectedOnly: false,
  mirror: true,
  joint: 1,
  locks: 0,
  samples: [],
  cancel: false,
};
