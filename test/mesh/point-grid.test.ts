import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PointGrid } from '../../src/mesh/point-grid.ts';
import { runs } from '../support/property-runs.ts';

const coord = fc.integer({ min: -1000, max: 1000 }).map((n) => n / 500);
const cloud = fc.array(fc.tuple(coord, coord, coord), { minLength: 1, maxLength: 300 }).chain((pts) =>
  // Some clouds are flat (z = 0) or hold duplicates: both occur on real meshes.
  fc.constantFrom('as-is', 'flat', 'duplicates').map((kind) => {
    const list = kind === 'duplicates' ? [...pts, ...pts.slice(0, 20)] : pts;
    return Float32Array.from(list.flatMap(([x, y, z]) => [x, y, kind === 'flat' ? 0 : z]));
  }),
);

function brute(pos: Float32Array, x: number, y: number, z: number, r: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < pos.length / 3; i++) {
    const d2 = (pos[i * 3] - x) ** 2 + (pos[i * 3 + 1] - y) ** 2 + (pos[i * 3 + 2] - z) ** 2;
    if (d2 <= r * r) out.push(i);
  }
  return out;
}

describe('PointGrid', () => {
  it('querySphere finds exactly the points within the radius', () => {
    fc.assert(
      fc.property(
        cloud,
        fc.tuple(coord, coord, coord),
        fc.integer({ min: 0, max: 1500 }),
        (pos, [x, y, z], rr) => {
          const r = rr / 1000;
          const grid = new PointGrid(pos);
          const ids = new Uint32Array(grid.count);
          const d2 = new Float32Array(grid.count);
          const n = grid.querySphere(x, y, z, r, ids, d2);
          const found = Array.from(ids.subarray(0, n)).sort((a, b) => a - b);
          // Float32 vs float64 distance rounding may differ exactly on the rim: allow only rim points.
          const inner = brute(pos, x, y, z, r * (1 - 1e-6));
          const outer = brute(pos, x, y, z, r * (1 + 1e-6) + 1e-9);
          for (const i of inner) expect(found).toContain(i);
          for (const i of found) expect(outer).toContain(i);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('nearest returns the closest point within the limit (ties: lowest id)', () => {
    fc.assert(
      fc.property(
        cloud,
        fc.tuple(coord, coord, coord),
        fc.integer({ min: 0, max: 3000 }),
        (pos, [x, y, z], mm) => {
          const max = mm / 1000;
          const grid = new PointGrid(pos);
          let best = -1;
          let bestD = max * max;
          for (let i = 0; i < pos.length / 3; i++) {
            const d = (pos[i * 3] - x) ** 2 + (pos[i * 3 + 1] - y) ** 2 + (pos[i * 3 + 2] - z) ** 2;
            if (d < bestD || (d === bestD && best < 0)) {
              best = i;
              bestD = d;
            }
          }
          const got = grid.nearest(x, y, z, max);
          if (best < 0) expect(got).toBe(-1);
          else {
            expect(got).toBeGreaterThanOrEqual(0);
            const dg = (pos[got * 3] - x) ** 2 + (pos[got * 3 + 1] - y) ** 2 + (pos[got * 3 + 2] - z) ** 2;
            expect(dg).toBe(bestD);
          }
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('rebuild follows moved points', () => {
    const pos = Float32Array.from([0, 0, 0, 1, 0, 0, 2, 0, 0]);
    const grid = new PointGrid(pos);
    const ids = new Uint32Array(3);
    const d2 = new Float32Array(3);
    expect(grid.querySphere(2, 0, 0, 0.1, ids, d2)).toBe(1);
    pos[6] = 5;
    grid.rebuild(pos);
    expect(grid.querySphere(2, 0, 0, 0.1, ids, d2)).toBe(0);
    expect(grid.querySphere(5, 0, 0, 0.1, ids, d2)).toBe(1);
    expect(ids[0]).toBe(2);
  });

  it('handles empty and single-point sets', () => {
    const empty = new PointGrid(new Float32Array(0));
    expect(empty.nearest(0, 0, 0, 10)).toBe(-1);
    expect(empty.querySphere(0, 0, 0, 1, new Uint32Array(1), new Float32Array(1))).toBe(0);
    const one = new PointGrid(Float32Array.from([3, 4, 5]));
    expect(one.nearest(0, 0, 0, 100)).toBe(0);
    expect(one.nearest(0, 0, 0, 1)).toBe(-1);
  });
});
