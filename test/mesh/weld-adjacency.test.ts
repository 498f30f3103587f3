import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAdjacency, connectedComponents } from '../../src/mesh/adjacency.ts';
import { buildWeldMap } from '../../src/mesh/weld-map.ts';

describe('buildWeldMap', () => {
  it('groups exactly the vertices that share a position', () => {
    const pick = fc.constantFrom(0, 0.5, -0.5, 1, -0, 0.1);
    fc.assert(
      fc.property(fc.array(fc.tuple(pick, pick, pick), { minLength: 1, maxLength: 200 }), (pts) => {
        const pos = Float32Array.from(pts.flat());
        const w = buildWeldMap(pos);
        const key = (i: number) => `${pos[i * 3] + 0},${pos[i * 3 + 1] + 0},${pos[i * 3 + 2] + 0}`; // -0 welds with 0
        for (let a = 0; a < pts.length; a++) {
          for (let b = 0; b < pts.length; b++) expect(w.groupOf[a] === w.groupOf[b]).toBe(key(a) === key(b));
        }
        // CSR: members of each group ascending, the representative first and lowest.
        expect(w.groupStart[w.groupCount]).toBe(pts.length);
        for (let g = 0; g < w.groupCount; g++) {
          const m = Array.from(w.members.subarray(w.groupStart[g], w.groupStart[g + 1]));
          expect(m).toEqual([...m].sort((x, y) => x - y));
          for (const v of m) expect(w.groupOf[v]).toBe(g);
        }
      }),
    );
  });

  it('with a tolerance, welds positions in the same cell', () => {
    const pos = Float32Array.from([0, 0, 0, 0.0004, 0, 0, 1, 1, 1]);
    expect(buildWeldMap(pos).groupCount).toBe(3);
    expect(buildWeldMap(pos, 3, { tolerance: 0.001 }).groupCount).toBe(2);
  });
});

describe('buildAdjacency', () => {
  // A 3×3 vertex grid, two triangles per cell.
  const grid = Uint32Array.from([0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4, 3, 4, 7, 3, 7, 6, 4, 5, 8, 4, 8, 7]);

  it('lists each neighbour once, symmetrically', () => {
    const a = buildAdjacency(9, grid);
    const nb = (n: number) =>
      Array.from(a.neighbors.subarray(a.start[n], a.start[n + 1])).sort((x, y) => x - y);
    expect(nb(4)).toEqual([0, 1, 3, 5, 7, 8]);
    expect(nb(0)).toEqual([1, 3, 4]);
    for (let n = 0; n < 9; n++) for (const m of nb(n)) expect(nb(m)).toContain(n);
  });

  it('skips degenerate edges and labels components', () => {
    const corners = Uint32Array.from([0, 1, 2, 3, 4, 4, 5, 6, 7]);
    const a = buildAdjacency(9, corners);
    expect(a.start[4] - a.start[3]).toBe(1); // 3–4 only, not 4–4
    const c = connectedComponents(a);
    expect(c.count).toBe(4); // {0,1,2}, {3,4}, {5,6,7}, {8}
    expect(c.ids[0]).toBe(c.ids[2]);
    expect(c.ids[3]).not.toBe(c.ids[0]);
    expect(c.ids[8]).toBe(3);
  });
});
