/**
 * Welding across parts: nodes of different parts within the tolerance become one (transitively,
 * the earliest node the root), nodes of one part never merge with each other directly, and the
 * grid's cell borders lose no pair — checked against a brute-force union over random clouds of
 * near-coincident points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partWeldRoots } from '../../src/mesh/part-weld.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { runs } from '../support/property-runs.ts';

/** The roots a brute-force union gives (null when nothing merges). */
function bruteRoots(rest: Float32Array, part: Uint16Array, tolerance: number): Int32Array | null {
  const n = part.length;
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (g: number): number => (root[g] === g ? g : (root[g] = find(root[g])));
  let merged = false;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++) {
      if (part[a] === part[b]) continue;
      const d = Math.hypot(
        rest[a * 3] - rest[b * 3],
        rest[a * 3 + 1] - rest[b * 3 + 1],
        rest[a * 3 + 2] - rest[b * 3 + 2],
      );
      if (d > tolerance) continue;
      const x = find(a);
      const y = find(b);
      if (x !== y) {
        root[Math.max(x, y)] = Math.min(x, y);
        merged = true;
      }
    }
  if (!merged) return null;
  for (let g = 0; g < n; g++) root[g] = find(g);
  return root;
}

describe('partWeldRoots', () => {
  it('merges nodes of different parts within the tolerance, never two of one part by themselves', () => {
    // Part 0: nodes 0, 1 (1 µm apart); part 1: node 2 on node 0, node 3 far away.
    const rest = Float32Array.from([0, 0, 0, 1e-6, 0, 0, 0, 0, 0, 1, 1, 1]);
    const part = Uint16Array.from([0, 0, 1, 1]);
    const roots = partWeldRoots(rest, 4, part, 1e-7)!;
    expect(Array.from(roots)).toEqual([0, 1, 0, 3]);
    // With a larger tolerance node 2 reaches both: all three are one (transitively).
    expect(Array.from(partWeldRoots(rest, 4, part, 2e-6)!)).toEqual([0, 0, 0, 3]);
    // One part only, or nothing near: null.
    expect(partWeldRoots(rest, 4, new Uint16Array(4), 1)).toBeNull();
    expect(partWeldRoots(Float32Array.from([0, 0, 0, 1, 0, 0]), 2, Uint16Array.from([0, 1]), 0.1)).toBeNull();
  });

  it('equals the brute-force union on random clouds of near-coincident points (cell borders included)', () => {
    const tolerance = 0.02;
    const offset = fc.integer({ min: -1000, max: 1000 }).map((n) => (n / 1000) * 0.7 * tolerance);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            at: fc.tuple(fc.nat(100_000), fc.nat(100_000), fc.nat(100_000)),
            copies: fc.array(fc.record({ d: fc.tuple(offset, offset, offset), part: fc.nat(2) }), {
              minLength: 1,
              maxLength: 4,
            }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        (clusters) => {
          // Clusters of points a fraction of the tolerance apart, anywhere (so across cell borders).
          const points = clusters.flatMap(({ at, copies }) =>
            copies.map(({ d, part }) => ({ p: at.map((c, k) => c / 100_000 + d[k]), part })),
          );
          points.sort((a, b) => a.part - b.part);
          const rest = Float32Array.from(points.flatMap((q) => q.p));
          const part = Uint16Array.from(points, (q) => q.part);
          const got = partWeldRoots(rest, part.length, part, tolerance);
          const want = bruteRoots(rest, part, tolerance);
          expect(got === null ? null : Array.from(got)).toEqual(want === null ? null : Array.from(want));
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

describe('SkinSurface with weldParts', () => {
  it('one node where two primitives touch: members in both, adjacency and components across', () => {
    // Two quads side by side, sharing the edge x = 1 (written into each).
    const a = {
      primitive: 0,
      positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
      indices: Uint32Array.from([0, 1, 2, 0, 2, 3]),
    };
    const b = {
      primitive: 1,
      positions: Float32Array.from([1, 0, 0, 2, 0, 0, 2, 1, 0, 1, 1, 0]),
      indices: Uint32Array.from([0, 1, 2, 0, 2, 3]),
    };
    const apart = new SkinSurface([a, b]);
    expect(apart.nodeCount).toBe(8);
    expect(apart.components.count).toBe(2);
    const welded = new SkinSurface([a, b], { weldParts: true });
    expect(welded.nodeCount).toBe(6);
    expect(welded.components.count).toBe(1);
    expect(welded.maxMembers).toBe(2);
    // Node of b's vertex 0 is a's vertex 1: same node, represented by a's.
    const g = welded.nodeOf[welded.vertexOffset[1] + 0];
    expect(g).toBe(welded.nodeOf[1]);
    expect(welded.nodePart[g]).toBe(0);
    expect(Array.from(welded.members.subarray(welded.nodeStart[g], welded.nodeStart[g + 1]))).toEqual([1, 4]);
    // Part 1's own nodes are only the two it does not share.
    expect(welded.nodeOffset[2] - welded.nodeOffset[1]).toBe(2);
    expect(Array.from(welded.vertexPositions(1)!)).toEqual(Array.from(b.positions));
  });
});
