import { describe, expect, it } from 'vitest';
import type { StrokeConfig } from '../../src/brush/painter.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { buildScene, sameBits, snapshot } from './random-scene.ts';

const BASE: StrokeConfig = {
  kind: 'blend',
  blend: 'mix',
  weight: 1,
  strength: 0.5,
  radius: 0.5,
  falloff: 'constant',
  spacing: 0.1,
  pressureStrength: true,
  pressureRadius: false,
  accumulate: false,
  frontFacesOnly: false,
  connectedOnly: false,
  mirror: null,
  joint: 1,
  mirrorJoint: 2,
  locked: null,
};

function scene() {
  return buildScene({ seed: 42, cols: 12, rows: 12, jointCount: 5, influences: 4 });
}

/** Joint weights of part 0's nodes, by node. */
function nodeWeights(s: ReturnType<typeof scene>, joint: number): number[] {
  const out: number[] = [];
  for (let g = 0; g < s.surface.nodeCount; g++) out.push(s.painter.writer.nodeWeight(g, joint));
  return out;
}

describe('Painter', () => {
  it('accumulate off: passing over the same spot again in one stroke adds nothing', () => {
    const a = scene();
    a.painter.begin(BASE, { point: [0.2, 1, 0] });
    const once = snapshot(a);
    for (let i = 0; i < 5; i++) a.painter.dabAt({ point: [0.2, 1, 0] });
    a.painter.end();
    expect(a.weights.every((w, p) => sameBits(w, once[p]))).toBe(true);

    const b = scene();
    b.painter.begin({ ...BASE, accumulate: true }, { point: [0.2, 1, 0] });
    for (let i = 0; i < 5; i++) b.painter.dabAt({ point: [0.2, 1, 0] });
    b.painter.end();
    const wa = nodeWeights(a, 1);
    const wb = nodeWeights(b, 1);
    expect(wb.some((w, g) => w > wa[g] + 1e-4)).toBe(true);
    expect(wb.every((w, g) => w >= wa[g] - 1e-6)).toBe(true);
  });

  it('pressure scales strength (and radius when asked)', () => {
    const light = scene();
    const before = nodeWeights(light, 1);
    light.painter.begin(BASE, { point: [0.2, 1, 0], pressure: 0 });
    light.painter.end();
    expect(nodeWeights(light, 1)).toEqual(before);

    const small = scene();
    small.painter.begin(
      { ...BASE, pressureRadius: true, pressureStrength: false },
      { point: [0.2, 1, 0], pressure: 0.3 },
    );
    const full = scene();
    full.painter.begin({ ...BASE, pressureStrength: false }, { point: [0.2, 1, 0], pressure: 0.3 });
    const count = (s: ReturnType<typeof scene>) => s.painter.end().reduce((n, p) => n + p.vertices.length, 0);
    expect(count(small)).toBeLessThan(count(full));
  });

  it('spaces dabs along the path: spacing × radius apart', () => {
    const s = scene();
    s.painter.begin({ ...BASE, radius: 0.2, spacing: 0.25 }, { point: [-0.5, 1, 0] });
    expect(s.painter.moveTo({ point: [0.5, 1, 0] })).toBe(20);
    expect(s.painter.moveTo({ point: [0.52, 1, 0] })).toBe(0);
    expect(s.painter.moveTo({ point: [0.56, 1, 0] })).toBe(1);
    expect(s.painter.dabCount).toBe(22);
    s.painter.end();
  });

  it('a joint that mirrors to itself is painted symmetrically', () => {
    const s = scene();
    // Start symmetric: every vertex fully on joint 0 (the mid-line joint).
    for (const w of s.weights) {
      w.joints.fill(0);
      w.weights.fill(0);
      for (let v = 0; v < w.vertexCount; v++) w.weights[v * 4] = 1;
    }
    s.painter.begin(
      { ...BASE, joint: 0, mirrorJoint: 0, weight: 0.3, mirror: 'x', falloff: 'smooth' },
      { point: [0.37, 0.8, 0] },
    );
    s.painter.moveTo({ point: [0.1, 1.3, 0] });
    s.painter.end();
    const partner = s.surface.mirror('x').partner;
    let touched = 0;
    for (let g = 0; g < s.surface.nodeCount; g++) {
      const w = s.painter.writer.nodeWeight(g, 0);
      if (w < 1) touched++;
      expect(s.painter.writer.nodeWeight(partner[g], 0)).toBe(w);
      // The weight given up went to the nearest side bone: joint 1 on +x, joint 2 on -x (a node
      // on the mid-plane is equally near both: the tie goes to joint 1).
      if (partner[g] !== g)
        expect(s.painter.writer.nodeWeight(partner[g], 2)).toBe(s.painter.writer.nodeWeight(g, 1));
    }
    expect(touched).toBeGreaterThan(4);
  });

  it('smear drags weights along the stroke direction', () => {
    const s = scene();
    const P = s.surface.restPositions;
    // A step: joint 1 = 1 left of x = 0, 0 right of it (joint 3 takes the rest).
    s.weights.forEach((w, p) => {
      for (let v = 0; v < w.vertexCount; v++) {
        const g = s.surface.nodeOf[s.surface.vertexOffset[p] + v];
        w.joints.fill(0, v * 4, v * 4 + 4);
        w.weights.fill(0, v * 4, v * 4 + 4);
        w.joints[v * 4] = P[g * 3] < 0 ? 1 : 3;
        w.weights[v * 4] = 1;
      }
    });
    const before = nodeWeights(s, 1);
    s.painter.begin(
      { ...BASE, kind: 'smear', strength: 1, radius: 0.4, spacing: 0.1 },
      { point: [-0.3, 1, 0] },
    );
    s.painter.moveTo({ point: [0.3, 1, 0] });
    s.painter.end();
    const after = nodeWeights(s, 1);
    let pushed = 0;
    for (let g = 0; g < s.surface.nodeCount; g++) {
      if (P[g * 3] > 0 && after[g] > before[g]) pushed++;
      expect(after[g]).toBeGreaterThanOrEqual(before[g] - 1e-7); // a rightward smear only spreads the 1s
    }
    expect(pushed).toBeGreaterThan(3);
    for (const w of s.weights) expect(findInvariantViolations(w)).toEqual([]);
  });

  it('smooth evens out the painted joint', () => {
    const s = scene();
    const spread = () => {
      const w = nodeWeights(s, 1).filter((_, g) => s.surface.nodePart[g] < 2);
      const mean = w.reduce((a, b) => a + b, 0) / w.length;
      return w.reduce((a, b) => a + (b - mean) ** 2, 0);
    };
    const before = spread();
    s.painter.begin({ ...BASE, kind: 'smooth', strength: 1, radius: 3 }, { point: [0, 1, 0] });
    for (let i = 0; i < 5; i++) s.painter.dabAt({ point: [0, 1, 0] });
    s.painter.end();
    expect(spread()).toBeLessThan(before * 0.5);
  });

  it('connected surface only stays on the surface under the brush centre', () => {
    const through = scene();
    through.painter.begin({ ...BASE, radius: 0.6, weight: 1, strength: 1 }, { point: [0, 1, 0], part: 1 });
    expect(through.painter.end().some((p) => p.primitive === 2)).toBe(true); // reached the detached patch
    const connected = scene();
    connected.painter.begin(
      { ...BASE, radius: 0.6, weight: 1, strength: 1, connectedOnly: true },
      { point: [0, 1, 0], part: 1 },
    );
    const patches = connected.painter.end();
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.some((p) => p.primitive === 2)).toBe(false);
  });

  it('reports the changed vertex ranges of each primitive', () => {
    const s = scene();
    s.painter.begin({ ...BASE, weight: 0, strength: 1 }, { point: [0, 1, 0] });
    const ranges = s.painter.takeRanges();
    const patches = s.painter.end();
    for (const p of patches) {
      const r = ranges.find((x) => x.primitive === p.primitive)!;
      for (const v of p.vertices) expect(v >= r.start && v < r.end).toBe(true);
    }
    expect(s.painter.takeRanges()).toEqual([]);
  });
});
