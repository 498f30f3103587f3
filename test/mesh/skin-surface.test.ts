import { describe, expect, it } from 'vitest';
import { raycastTriangles } from '../../src/mesh/raycast.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { TRIANGLE_FAN, TRIANGLE_STRIP, triangleCorners } from '../../src/mesh/triangles.ts';

// A unit quad in z = 0 split along its diagonal with the diagonal's vertices duplicated (a seam).
const quad = {
  primitive: 7,
  positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0]),
  indices: Uint32Array.from([0, 1, 2, 3, 4, 5]),
};
// A second primitive sharing the quad's corner (1, 1, 0): not welded (different primitive).
const tri = {
  primitive: 9,
  positions: Float32Array.from([1, 1, 0, 2, 1, 0, 2, 2, 0]),
  indices: null,
};

describe('SkinSurface', () => {
  const s = new SkinSurface([quad, tri]);

  it('welds seams within a primitive, not across primitives', () => {
    expect(s.vertexCount).toBe(9);
    expect(s.nodeCount).toBe(4 + 3);
    expect(s.nodeOf[0]).toBe(s.nodeOf[3]);
    expect(s.nodeOf[2]).toBe(s.nodeOf[4]);
    expect(s.nodeOf[6]).not.toBe(s.nodeOf[2]);
    expect(s.maxMembers).toBe(2);
    expect(s.partOf(9)).toBe(1);
    expect(s.nodeVertex[s.nodeOf[4]]).toBe(2); // the representative is the lowest vertex
  });

  it('joins the seam in the adjacency and keeps primitives apart', () => {
    const a = s.adjacency;
    const nb = (g: number) => Array.from(a.neighbors.subarray(a.start[g], a.start[g + 1])).sort();
    expect(nb(s.nodeOf[0])).toHaveLength(3); // 1, 2 and (via the seam) 5
    expect(s.components.count).toBe(2);
  });

  it('computes normals and follows new positions', () => {
    expect(Array.from(s.normals.subarray(0, 3))).toEqual([0, 0, 1]);
    const ids = new Uint32Array(s.nodeCount);
    const d2 = new Float32Array(s.nodeCount);
    expect(s.grid.querySphere(0, 0, 5, 0.1, ids, d2)).toBe(0);
    const lifted = quad.positions.slice();
    for (let i = 2; i < lifted.length; i += 3) lifted[i] = 5;
    s.setPartPositions(0, lifted);
    expect(s.grid.querySphere(0, 0, 5, 0.1, ids, d2)).toBe(1);
    // The mirror map still comes from the bind pose.
    expect(s.mirror('z').partner[0]).toBe(0);
    s.resetPositions();
    expect(s.grid.querySphere(0, 0, 5, 0.1, ids, d2)).toBe(0);
  });
});

describe('SkinSurface with broken input', () => {
  it('drops triangles whose indices point past the vertices', () => {
    const s = new SkinSurface([
      { primitive: 0, positions: quad.positions, indices: Uint32Array.from([0, 1, 2, 3, 4, 99]) },
    ]);
    expect(s.corners.length).toBe(3);
    expect(s.adjacency.neighbors.length).toBe(6);
  });
});

describe('triangleCorners and raycastTriangles', () => {
  it('unrolls strips and fans', () => {
    expect(Array.from(triangleCorners(null, 4, TRIANGLE_STRIP))).toEqual([0, 1, 2, 1, 3, 2]);
    expect(Array.from(triangleCorners(Uint32Array.from([5, 6, 7, 8]), 9, TRIANGLE_FAN))).toEqual([
      5, 6, 7, 5, 7, 8,
    ]);
    expect(triangleCorners(null, 4, 1).length).toBe(0); // lines: no triangles
  });

  it('hits the nearest triangle with a normal facing the ray', () => {
    const pos = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, -1, 1, 0, -1, 0, 1, -1]);
    const hit = raycastTriangles(pos, [0, 1, 2, 3, 4, 5], [0.25, 0.25, 3], [0, 0, -1])!;
    expect(hit.triangle).toBe(0);
    expect(hit.distance).toBeCloseTo(3);
    expect(hit.point[2]).toBeCloseTo(0);
    expect(hit.normal).toEqual([0, 0, 1]);
    expect(raycastTriangles(pos, [0, 1, 2], [2, 2, 3], [0, 0, -1])).toBeNull();
  });
});

describe('SkinSurface on a shown rest shape that differs from the stored one', () => {
  // A strip symmetric about x = 0 as stored; drawn with its right half raised (an asymmetric rest pose).
  const stored = Float32Array.from([
    -2, 0, 0, -1, 0, 0, 1, 0, 0, 2, 0, 0, -2, 1, 0, -1, 1, 0, 1, 1, 0, 2, 1, 0,
  ]);
  const shown = stored.slice();
  for (let v = 0; v < 8; v++) if (shown[v * 3] > 0) shown[v * 3 + 1] += 0.5;
  const indices = Uint32Array.from([0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6]);
  const s = new SkinSurface([{ primitive: 0, positions: stored, shown, indices }]);

  it('starts on the shown shape and welds on the stored one', () => {
    expect(Array.from(s.positions)).toEqual(Array.from(shown));
    expect(Array.from(s.restPositions)).toEqual(Array.from(shown));
    expect(s.nodeCount).toBe(8);
  });

  it('pairs mirror partners where the mesh is symmetric (here: as stored), and says so', () => {
    const map = s.mirror('x');
    expect(map.unmatched).toBe(0);
    expect(map.partner[0]).toBe(3);
    expect(map.partner[5]).toBe(6);
    expect(s.mirrorSpace('x')).not.toBe(s.restPositions);
  });

  it('keeps the shown shape when that one is the symmetric one', () => {
    const t = new SkinSurface([{ primitive: 0, positions: shown, shown: stored, indices }]);
    expect(t.mirror('x').unmatched).toBe(0);
    expect(t.mirrorSpace('x')).toBe(t.restPositions);
  });
});
