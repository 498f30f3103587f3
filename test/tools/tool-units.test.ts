/**
 * Unit tests of the tools' building blocks and checks on small meshes built in code: the
 * lock-aware assignment, smoothing a hard split, left-side names, influence counts, problems.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PatchRecorder } from '../../src/history/patch-recorder.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { assignInfluences, InfluenceSum } from '../../src/tools/assign-influences.ts';
import { influenceCounts } from '../../src/tools/influence-counts.ts';
import { isLeftName, leftSideSign } from '../../src/tools/mirror-side.ts';
import { smoothTool } from '../../src/tools/smooth-tool.ts';
import type { ToolTarget } from '../../src/tools/tool-target.ts';
import { findWeightProblems } from '../../src/tools/weight-problems.ts';
import { rawInfluences, rawSkinWeights, slots } from '../skin/arbitraries.ts';

/** One vertex's slots from (joint, weight) pairs, K = 4. */
function vertex(...pairs: [number, number][]): SkinWeights {
  const sw = new SkinWeights(1, 4);
  pairs.forEach(([j, w], i) => {
    sw.joints[i] = j;
    sw.weights[i] = w;
  });
  return sw;
}

function sumOf(jointCount: number, ...pairs: [number, number][]): InfluenceSum {
  const sum = new InfluenceSum(jointCount);
  for (const [j, w] of pairs) sum.add(j, w);
  return sum;
}

describe('assignInfluences', () => {
  it('keeps locked weights bit for bit and shares the rest in proportion', () => {
    const sw = vertex([1, 0.6], [2, 0.4]);
    const locked = Uint8Array.of(0, 1, 0, 0, 0);
    expect(assignInfluences(sw, 0, sumOf(5, [1, 0.9], [3, 1], [4, 3]), locked)).toBe('changed');
    const out = slots(sw, 0);
    expect(out.map(([j]) => j)).toEqual([1, 4, 3, 0]);
    expect(out[0][1]).toBe(Math.fround(0.6));
    expect(out[1][1]).toBeCloseTo(0.3, 7);
    expect(out[2][1]).toBeCloseTo(0.1, 7);
    expect(out[3][1]).toBe(0);
  });

  it('keeps the K strongest, leaves an exact match untouched, refuses without room', () => {
    const sw = new SkinWeights(1, 4);
    assignInfluences(sw, 0, sumOf(6, [0, 1], [1, 2], [2, 3], [3, 4], [4, 5]), null);
    expect(slots(sw, 0).map(([j]) => j)).toEqual([4, 3, 2, 1]);
    const same = vertex([2, 0.75], [5, 0.25]);
    expect(assignInfluences(same, 0, sumOf(6, [2, 0.75], [5, 0.25]), null)).toBe('unchanged');
    // Only locked weight (0.5) is left and the sum holds nothing unlocked: no fallback, refused.
    const lockedOnly = vertex([1, 0.5], [2, 0.5]);
    const locked = Uint8Array.of(0, 1, 0);
    expect(assignInfluences(lockedOnly, 0, sumOf(3, [1, 1]), locked)).toBe('refused');
    expect(assignInfluences(lockedOnly, 0, sumOf(3, [1, 1]), locked, () => 0)).toBe('changed');
    expect(slots(lockedOnly, 0)).toEqual([
      [0, 0.5],
      [1, 0.5],
      [0, 0],
      [0, 0],
    ]);
  });
});

/** A strip of `rows` quads along y (2 vertices per row), weights split at half height. */
function strip(rows: number): ToolTarget {
  const positions = new Float32Array((rows + 1) * 6);
  for (let r = 0; r <= rows; r++) positions.set([0, r, 0, 1, r, 0], r * 6);
  const indices: number[] = [];
  for (let r = 0; r < rows; r++) indices.push(2 * r, 2 * r + 1, 2 * r + 3, 2 * r, 2 * r + 3, 2 * r + 2);
  const surface = new SkinSurface([{ primitive: 0, positions, indices: Uint32Array.from(indices) }]);
  const sw = new SkinWeights(positions.length / 3, 4);
  for (let v = 0; v < sw.vertexCount; v++) {
    sw.joints[v * 4] = positions[v * 3 + 1] < rows / 2 ? 0 : 1;
    sw.weights[v * 4] = 1;
  }
  const recorder = new PatchRecorder({
    primitives: [0],
    weights: [sw],
    vertexOffset: surface.vertexOffset,
    vertexPart: surface.vertexPart,
  });
  recorder.begin();
  return { surface, weights: [sw], jointCount: 2, locked: null, nodes: null, recorder, fallback: null };
}

describe('smoothTool', () => {
  it('blends a hard split into a monotone ramp, more with more passes', () => {
    const ramp = (iterations: number) => {
      const t = strip(10);
      smoothTool(t, { iterations, strength: 0.5 });
      return Array.from({ length: 11 }, (_, r) => t.weights[0].weightOf(2 * r, 1));
    };
    const one = ramp(1);
    const many = ramp(20);
    for (const w of [one, many])
      for (let r = 1; r < w.length; r++) expect(w[r]).toBeGreaterThanOrEqual(w[r - 1]);
    const spread = (w: number[]) => w.filter((x) => x > 0.01 && x < 0.99).length;
    expect(spread(one)).toBeGreaterThan(0);
    expect(spread(many)).toBeGreaterThan(spread(one));
  });

  it('does nothing at strength 0 or on an unselected mesh part', () => {
    const t = strip(6);
    const before = t.weights[0].clone();
    expect(smoothTool(t, { strength: 0 }).changed).toBe(0);
    t.nodes = new Uint8Array(t.surface.nodeCount); // a selection that holds nothing
    expect(smoothTool(t, { iterations: 3 }).changed).toBe(0);
    expect(Array.from(t.weights[0].weights)).toEqual(Array.from(before.weights));
  });
});

describe('left side', () => {
  it('reads left names in every convention', () => {
    for (const name of [
      'LeftArm',
      'mixamorig:LeftHand',
      'hand.L',
      'thigh_l',
      'L_foot',
      'ARM_LEFT',
      'Bip01 L Thigh',
      'left_arm',
    ])
      expect(isLeftName(name), name).toBe(true);
    for (const name of ['RightArm', 'hand.R', 'Spine', 'Leftover', 'Bright', 'r_foot'])
      expect(isLeftName(name), name).toBe(false);
  });

  it('finds the side the left joints are on', () => {
    const at = (name: string, x: number) => ({ name, position: [x, 1, 0] as const });
    expect(leftSideSign([at('LeftArm', 0.3), at('RightArm', -0.3)])).toBe(1);
    expect(leftSideSign([at('hand.L', -0.3), at('hand.R', 0.3)])).toBe(-1);
    expect(leftSideSign([at('Spine', 0)])).toBe(1);
  });
});

describe('checks', () => {
  it('counts influences per vertex', () => {
    const sw = new SkinWeights(3, 4);
    sw.joints.set([0, 0, 0, 0, 1, 2, 0, 0, 3, 1, 2, 4]);
    sw.weights.set([1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.4, 0.3, 0.2, 0.1]);
    expect(Array.from(influenceCounts(sw))).toEqual([1, 2, 4]);
  });

  it('recounts only a vertex range, leaving the rest of the array as it was', () => {
    fc.assert(
      fc.property(rawInfluences({ messy: true, maxVertices: 16 }), fc.nat(), fc.nat(), (raw, a, b) => {
        const sw = rawSkinWeights(raw);
        const n = sw.vertexCount;
        const [start, end] = [a % (n + 1), b % (n + 1)].sort((x, y) => x - y);
        const full = influenceCounts(sw);
        const out = new Uint8Array(n).fill(99);
        influenceCounts(sw, out, start, end);
        for (let v = 0; v < n; v++) expect(out[v]).toBe(v >= start && v < end ? full[v] : 99);
      }),
    );
  });

  it('lists light influences, full vertices, unused joints and split seams', () => {
    // A triangle whose corner 0 is split by a seam (vertex 3 at the same place).
    const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0);
    const surface = new SkinSurface([{ primitive: 5, positions, indices: Uint32Array.of(0, 1, 2, 3, 1, 2) }]);
    const sw = new SkinWeights(4, 4);
    sw.joints.set([0, 1, 0, 0, 0, 1, 2, 3, 1, 0, 0, 0, 1, 0, 0, 0]);
    sw.weights.set([0.995, 0.005, 0, 0, 0.4, 0.3, 0.2, 0.1, 1, 0, 0, 0, 1, 0, 0, 0]);
    const found = findWeightProblems({ surface, weights: [sw], jointCount: 6, nodes: null });
    expect(found.counts).toEqual({
      'below-prune': 1,
      'at-limit': 1,
      'unweighted-joint': 2,
      'seam-mismatch': 1,
    });
    expect(found.items).toEqual([
      { kind: 'below-prune', primitive: 5, vertex: 0, joint: 1, value: Math.fround(0.005) },
      { kind: 'at-limit', primitive: 5, vertex: 1, joint: -1, value: 4 },
      { kind: 'unweighted-joint', primitive: -1, vertex: -1, joint: 4, value: 0 },
      { kind: 'unweighted-joint', primitive: -1, vertex: -1, joint: 5, value: 0 },
      { kind: 'seam-mismatch', primitive: 5, vertex: 0, joint: -1, value: 2 },
    ]);
    expect(
      findWeightProblems({ surface, weights: [sw], jointCount: 6, nodes: null }, { limit: 0 }).items,
    ).toEqual([]);
  });
});
