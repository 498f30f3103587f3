/**
 * Property tests of the brushes on a body of several skins (parts that number their joints
 * differently, welded where they touch): after random strokes, random locks and the mirror,
 * invariants 1–3 hold in every part, locked joints (by node) are bit-for-bit unchanged, every
 * vertex of a node has the same weights by joint — across parts and skins (invariant 4: the
 * hem never opens) — vertices outside the brush are untouched, a vertex whose skin lacks the
 * painted joint keeps its weights, and undoing every step restores the start exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlendMode } from '../../src/brush/blend.ts';
import type { PaintSample, StrokeConfig } from '../../src/brush/painter.ts';
import { applyWeightPatch, type WeightPatch } from '../../src/history/weight-patch.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { runs } from '../support/property-runs.ts';
import {
  buildPartsScene,
  type PartsScene,
  sameBits,
  sample,
  sceneParams,
  snapshot,
  vec,
} from './random-scene.ts';

interface Stroke {
  kind: StrokeConfig['kind'];
  blend: BlendMode;
  weight: number;
  strength: number;
  radius: number;
  connectedOnly: boolean;
  mirror: boolean;
  accumulate: boolean;
  joint: number;
  locks: boolean[];
  samples: PaintSample[];
}

const stroke: fc.Arbitrary<Stroke> = fc.record({
  kind: fc.constantFrom<StrokeConfig['kind']>('blend', 'smooth', 'smear'),
  blend: fc.constantFrom<BlendMode>('mix', 'add', 'subtract', 'multiply', 'lighten', 'darken'),
  weight: fc.oneof(fc.constantFrom(0, 1), vec(0, 1)),
  strength: fc.oneof(fc.constant(1), vec(0, 1)),
  radius: vec(0.05, 0.9),
  connectedOnly: fc.boolean(),
  mirror: fc.boolean(),
  accumulate: fc.boolean(),
  joint: fc.nat(),
  locks: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
  samples: fc.array(sample, { minLength: 1, maxLength: 5 }),
});

/** The surface joint of part `p`'s skin joint `j`. */
function surfaceJoint(scene: PartsScene, p: number, j: number): number {
  const global = scene.skins.global[p];
  return global ? global[j] : j;
}

/** A vertex's weights by surface joint, as `joint:bits` strings in slot order. */
function byJoint(scene: PartsScene, weights: SkinWeights[], p: number, v: number): string {
  const sw = weights[p];
  const K = sw.influences;
  const bits = new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length);
  const out: string[] = [];
  for (let i = 0; i < K; i++) {
    const w = sw.weights[v * K + i];
    out.push(`${w === 0 ? 0 : surfaceJoint(scene, p, sw.joints[v * K + i])}:${bits[v * K + i]}`);
  }
  return out.join(' ');
}

function check(
  scene: PartsScene,
  before: SkinWeights[],
  locked: Uint8Array,
  joint: number,
  near: (g: number) => boolean,
) {
  const s = scene.surface;
  scene.weights.forEach((sw, p) => {
    const local = scene.skins.local[p];
    expect(
      findInvariantViolations(sw, { jointCount: local ? scene.skins.global[p]!.length : scene.jointCount }),
    ).toEqual([]);
    for (let v = 0; v < sw.vertexCount; v++) {
      for (let j = 0; j < scene.jointCount; j++) {
        const lj = local ? local[j] : j;
        if (locked[j] && lj >= 0) expect(Object.is(sw.weightOf(v, lj), before[p].weightOf(v, lj))).toBe(true);
      }
      // A skin without the painted joint: nothing to paint there.
      if (local && local[joint] < 0)
        expect(byJoint(scene, scene.weights, p, v)).toBe(byJoint(scene, before, p, v));
    }
  });
  for (let g = 0; g < s.nodeCount; g++) {
    const rep = s.members[s.nodeStart[g]];
    const rp = s.vertexPart[rep];
    const first = byJoint(scene, scene.weights, rp, rep - s.vertexOffset[rp]);
    for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
      const q = s.vertexPart[s.members[k]];
      const u = s.members[k] - s.vertexOffset[q];
      expect(byJoint(scene, scene.weights, q, u)).toBe(first); // invariant 4, across parts
      if (!near(g)) expect(byJoint(scene, scene.weights, q, u)).toBe(byJoint(scene, before, q, u));
    }
  }
}

function distanceToPath(p: ArrayLike<number>, samples: PaintSample[]): number {
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

describe('brushes across parts and skins (random bodies, strokes, locks, mirror)', () => {
  it('keep the invariants, the hem welded, the locks and what lies outside; undo and redo are exact', () => {
    fc.assert(
      fc.property(sceneParams, fc.array(stroke, { minLength: 1, maxLength: 4 }), (params, strokes) => {
        const scene = buildPartsScene(params);
        const start = snapshot(scene);
        const steps: WeightPatch[][] = [];
        const P = scene.surface.restPositions;
        for (const spec of strokes) {
          const before = snapshot(scene);
          const joint = spec.joint % scene.jointCount;
          const locked = new Uint8Array(scene.jointCount);
          for (let j = 0; j < scene.jointCount; j++)
            if (j !== joint && spec.locks[j] && spec.locks[(j + 4) % 9]) locked[j] = 1;
          const config: StrokeConfig = {
            kind: spec.kind,
            blend: spec.blend,
            weight: spec.weight,
            strength: spec.strength,
            radius: spec.radius,
            falloff: 'smooth',
            spacing: 0.2,
            pressureStrength: false,
            pressureRadius: false,
            accumulate: spec.accumulate,
            frontFacesOnly: false,
            connectedOnly: spec.connectedOnly,
            mirror: spec.mirror ? 'x' : null,
            joint,
            mirrorJoint: scene.jointMirror[joint],
            locked,
          };
          scene.painter.begin(config, spec.samples[0]);
          for (const x of spec.samples.slice(1)) scene.painter.moveTo(x);
          steps.push(scene.painter.end());
          const r = spec.radius * (1 + 1e-6) + 1e-6;
          const near = (g: number) => {
            const at = [P[g * 3], P[g * 3 + 1], P[g * 3 + 2]];
            return (
              distanceToPath(at, spec.samples) <= r ||
              (config.mirror !== null && distanceToPath([-at[0], at[1], at[2]], spec.samples) <= r)
            );
          };
          // A part whose skin lacks the painted joint keeps its weights (-1: the mirror's joint
          // may be in it, so that clause is skipped).
          check(scene, before, locked, config.mirror ? -1 : joint, near);
        }
        const end = snapshot(scene);
        for (const patches of [...steps].reverse())
          for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'before');
        expect(scene.weights.every((w, p) => sameBits(w, start[p]))).toBe(true);
        for (const patches of steps)
          for (const patch of patches) applyWeightPatch(patch, scene.weights[patch.primitive], 'after');
        expect(scene.weights.every((w, p) => sameBits(w, end[p]))).toBe(true);
      }),
      { numRuns: runs(100) },
    );
  });

  it('a dab over the hem changes both halves, which number their joints differently', () => {
    const scene = buildPartsScene({ seed: 7, cols: 8, rows: 6, jointCount: 5, influences: 4 });
    const before = snapshot(scene);
    // The halves meet on the row y = 1 (rows 0..3 and 3..6 of 6, y = 2j / rows).
    scene.painter.begin(
      {
        kind: 'blend',
        blend: 'mix',
        weight: 1,
        strength: 1,
        radius: 0.5,
        falloff: 'smooth',
        spacing: 0.1,
        pressureStrength: false,
        pressureRadius: false,
        accumulate: false,
        frontFacesOnly: false,
        connectedOnly: true,
        mirror: null,
        joint: 1,
        mirrorJoint: 2,
        locked: null,
      },
      { point: [0, 1, 0] },
    );
    const patches = scene.painter.end();
    expect(new Set(patches.map((p) => p.primitive))).toEqual(new Set([0, 1]));
    expect(sameBits(scene.weights[0], before[0])).toBe(false);
    expect(sameBits(scene.weights[1], before[1])).toBe(false);
    expect(sameBits(scene.weights[2], before[2])).toBe(true); // the detached patch: not connected
  });
});
