import { describe, expect, it } from 'vitest';
import { buildGarment } from '../../src/character/index.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { TransferCancelled, TransferStatus, transferWeights } from '../../src/transfer/index.ts';
import { bleedCount, mannequinSource } from './fixtures.ts';

const { body, surface } = mannequinSource();
const J = body.jointNames.length;
const headJoints = new Set(['Head', 'Neck', 'HeadTop_End'].map((n) => body.jointNames.indexOf(n)));

function l1(a: SkinWeights, v: number, b: SkinWeights, u: number): number {
  const ja = new Map<number, number>();
  for (const { joint, weight } of a.influencesOf(v)) ja.set(joint, weight);
  for (const { joint, weight } of b.influencesOf(u)) ja.set(joint, (ja.get(joint) ?? 0) - weight);
  let s = 0;
  for (const d of ja.values()) s += Math.abs(d);
  return s;
}

describe('transferWeights on the mannequin', () => {
  it('matches every vertex of an offset shirt to the weights of the body vertex it came from', () => {
    const g = buildGarment('shirt', body, { style: 'offset' });
    const r = transferWeights(surface, g, { jointCount: J });
    expect(r.matched).toBe(g.positions.length / 3);
    expect(findInvariantViolations(r.weights, { jointCount: J })).toEqual([]);
    const src = mannequinSource().part.weights;
    let total = 0;
    for (let v = 0; v < r.weights.vertexCount; v++) total += l1(r.weights, v, src, g.bodyVertex[v]);
    expect(total / r.weights.vertexCount).toBeLessThan(0.05);
  });

  it('gives trousers and skirts no weight from the other leg, in both styles', () => {
    for (const style of ['offset', 'remeshed'] as const) {
      for (const kind of ['trousers', 'skirt'] as const) {
        const g = buildGarment(kind, body, { style });
        const r = transferWeights(surface, g, { jointCount: J });
        expect(findInvariantViolations(r.weights, { jointCount: J }), `${style} ${kind}`).toEqual([]);
        expect(bleedCount(g.positions, r.weights, body.jointNames), `${style} ${kind}`).toBe(0);
      }
    }
  });

  it('rejects a match whose normal faces away, where closest-point copy bleeds', () => {
    // Trousers 3 cm off the body: between the thighs a trouser vertex can lie nearer the other
    // thigh, whose normal faces it head-on. The robust transfer rejects those matches (so some
    // vertices are inpainted) and never bleeds more than closest-point copy.
    const g = buildGarment('trousers', body, { style: 'offset', offset: 0.03 });
    const robust = transferWeights(surface, g, { jointCount: J });
    const closest = transferWeights(surface, g, { jointCount: J, mode: 'closest' });
    expect(bleedCount(g.positions, robust.weights, body.jointNames)).toBeLessThanOrEqual(
      bleedCount(g.positions, closest.weights, body.jointNames),
    );
    expect(robust.inpainted).toBeGreaterThan(0);
  });

  it('weights a hood standing off the head from the head, and leaves no vertex unweighted', () => {
    const g = buildGarment('coat', body, { style: 'remeshed', spacing: 0.03 });
    const r = transferWeights(surface, g, { jointCount: J });
    expect(findInvariantViolations(r.weights, { jointCount: J })).toEqual([]);
    expect(r.inpainted).toBeGreaterThan(0);
    let hood = 0;
    let onHead = 0;
    for (let v = 0; v < r.weights.vertexCount; v++) {
      if (g.positions[v * 3 + 1] < 1.6) continue;
      hood++;
      if (headJoints.has(r.weights.joints[v * 4])) onHead++;
    }
    expect(hood).toBeGreaterThan(20);
    expect(onHead / hood).toBeGreaterThan(0.95);
  });

  it('flips a garment wound inside-out before matching', () => {
    const g = buildGarment('shirt', body, { style: 'remeshed', spacing: 0.03 });
    const flipped = g.indices.slice();
    for (let t = 0; t < flipped.length; t += 3)
      [flipped[t + 1], flipped[t + 2]] = [flipped[t + 2], flipped[t + 1]];
    const a = transferWeights(surface, g, { jointCount: J });
    const b = transferWeights(surface, { positions: g.positions, indices: flipped }, { jointCount: J });
    expect(b.matched).toBe(a.matched);
    expect(Array.from(b.weights.weights)).toEqual(Array.from(a.weights.weights));
  });

  it('seeds a piece far from the body from its nearest vertices instead of leaving it empty', () => {
    // A hat floating 30 cm above the head: beyond the match distance everywhere.
    const g = buildGarment('shirt', body, { style: 'remeshed', spacing: 0.04 });
    const lifted = g.positions.slice();
    for (let i = 1; i < lifted.length; i += 3) lifted[i] += 0.9;
    const r = transferWeights(surface, { positions: lifted, indices: g.indices }, { jointCount: J });
    expect(r.matched).toBe(0);
    expect(r.seeded).toBeGreaterThan(0);
    expect(r.seeded + r.inpainted).toBe(r.weights.vertexCount);
    expect(findInvariantViolations(r.weights, { jointCount: J })).toEqual([]);
  });

  it('keeps locked joints of a target that has weights, bit for bit', () => {
    const g = buildGarment('jacket', body, { style: 'offset' });
    const n = g.positions.length / 3;
    const spine = body.jointNames.indexOf('Spine2');
    const hips = body.jointNames.indexOf('Hips');
    const existing = new SkinWeights(n, 4);
    for (let v = 0; v < n; v++) {
      existing.joints[v * 4] = spine;
      existing.weights[v * 4] = 0.75;
      existing.joints[v * 4 + 1] = hips;
      existing.weights[v * 4 + 1] = 0.25;
    }
    const locked = new Uint8Array(J);
    locked[hips] = 1;
    const r = transferWeights(surface, g, { jointCount: J, existing, locked });
    for (let v = 0; v < n; v++) expect(r.weights.weightOf(v, hips)).toBe(0.25);
    expect(findInvariantViolations(r.weights, { jointCount: J })).toEqual([]);
    expect(existing.weights[0]).toBe(0.75); // the input is not touched
  });

  it('gives both copies of a seam vertex the same weights', () => {
    const g = buildGarment('jacket', body, { style: 'remeshed', spacing: 0.03 });
    // Split every vertex of the first 200 triangles into its own copy (a UV seam everywhere there).
    const n = g.positions.length / 3;
    const extra: number[] = [];
    const indices = g.indices.slice();
    for (let c = 0; c < 600; c++) {
      extra.push(
        g.positions[indices[c] * 3],
        g.positions[indices[c] * 3 + 1],
        g.positions[indices[c] * 3 + 2],
      );
      indices[c] = n + c;
    }
    const positions = new Float32Array([...g.positions, ...extra]);
    const r = transferWeights(surface, { positions, indices }, { jointCount: J });
    for (let c = 0; c < 600; c++) {
      expect(l1(r.weights, n + c, r.weights, g.indices[c])).toBe(0);
    }
  });

  it('marks every vertex matched, inpainted or seeded, and counts them', () => {
    const g = buildGarment('coat', body, { style: 'offset' });
    const r = transferWeights(surface, g, { jointCount: J });
    const counts = [0, 0, 0, 0];
    for (const s of r.status) counts[s]++;
    expect(counts[TransferStatus.none]).toBe(0);
    expect([counts[1], counts[2], counts[3]]).toEqual([r.matched, r.inpainted, r.seeded]);
  });

  it('stops with TransferCancelled when its signal is raised, and reports progress', () => {
    const g = buildGarment('jacket', body, { style: 'offset' });
    const signal = { aborted: false };
    const seen: number[] = [];
    expect(() =>
      transferWeights(surface, g, {
        jointCount: J,
        signal,
        onProgress: (f) => {
          seen.push(f);
          signal.aborted = true;
        },
      }),
    ).toThrow(TransferCancelled);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('closest mode copies the closest point whatever its distance or normal', () => {
    const g = buildGarment('coat', body, { style: 'offset' });
    const r = transferWeights(surface, g, { jointCount: J, mode: 'closest' });
    expect(r.matched).toBe(r.weights.vertexCount);
    expect(r.inpainted).toBe(0);
  });

  it('refuses a skin with no joints and weights of the wrong size', () => {
    const g = buildGarment('shirt', body, { style: 'offset' });
    expect(() => transferWeights(surface, g, { jointCount: 0 })).toThrow(/no joints/);
    expect(() => transferWeights(surface, g, { jointCount: J, existing: new SkinWeights(3, 4) })).toThrow(
      /hold 3/,
    );
  });
});

describe('contact: a layer at one offset matches where its normals disagree', () => {
  // A 1 × 1 two-joint plane (normal +z) under a strip: five flat rows at 0.5% of the diagonal,
  // then a part tilted 60° rising to 4.5% (rows at 1.5%, 3% and 4.5%): the tilted rows' normals
  // are 60° off the plane's, the coarse-mesh corner case where `angle` (45°) alone refuses.
  const plane = {
    positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
    indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
    weights: new SkinWeights(
      4,
      4,
      new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
      new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
    ),
  };
  const diagonal = Math.SQRT2;
  const heights = [0.5, 0.5, 0.5, 0.5, 0.5, 1.5, 3, 4.5].map((h) => (h / 100) * diagonal);
  const positions: number[] = [];
  heights.forEach((z, r) => {
    const y = r < 5 ? 0.3 + 0.02 * r : 0.38 + (z - heights[4]) / Math.tan(Math.PI / 3);
    positions.push(0.45, y, z, 0.47, y, z);
  });
  const indices: number[] = [];
  for (let r = 0; r < heights.length - 1; r++)
    indices.push(r * 2, r * 2 + 1, r * 2 + 3, r * 2, r * 2 + 3, r * 2 + 2);
  const strip = { positions: new Float32Array(positions), indices: new Uint32Array(indices) };

  it('copies the tilted row in contact with the body and inpaints the rows across the gap', () => {
    const r = transferWeights([plane], strip, { jointCount: 2 });
    expect(r.status[5 * 2]).toBe(TransferStatus.matched);
    expect(r.status[6 * 2]).toBe(TransferStatus.inpainted);
    expect(r.status[7 * 2]).toBe(TransferStatus.inpainted);
    expect(findInvariantViolations(r.weights, { jointCount: 2 })).toEqual([]);
  });

  it('without contact, the angle alone decides for the tilted row', () => {
    const r = transferWeights([plane], strip, { jointCount: 2, contact: 0 });
    expect(r.status[0]).toBe(TransferStatus.matched);
    expect(r.status[5 * 2]).toBe(TransferStatus.inpainted);
  });
});
