/**
 * Auto-bind's normals weighted by corner angle: a vertex on a box's edge points the same way
 * however the faces around it were cut into triangles (summing unit face normals leans it
 * toward whichever side has more triangles).
 */
import { describe, expect, it } from 'vitest';
import { weldedNormals } from '../../src/mesh/oriented-normals.ts';

/** A unit cube, outward-wound, its top face cut into `topCuts` fan triangles around its edge midpoint. */
function cube(topCuts: number): { positions: Float32Array; indices: Uint32Array } {
  const p: number[] = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
  const idx: number[] = [
    0,
    2,
    1,
    0,
    3,
    2, // z = 0
    0,
    1,
    5,
    0,
    5,
    4, // y = 0
    1,
    2,
    6,
    1,
    6,
    5, // x = 1
    2,
    3,
    7,
    2,
    7,
    6, // y = 1
    3,
    0,
    4,
    3,
    4,
    7, // x = 0
  ];
  // The top (z = 1): a fan from vertex 4 over points along the far edges 5→6→7.
  const ring = [5];
  for (let k = 1; k < topCuts; k++) {
    const t = k / topCuts;
    const x = t < 0.5 ? 1 : 1 - (t - 0.5) * 2;
    const y = t < 0.5 ? t * 2 : 1;
    p.push(x, y, 1);
    ring.push(p.length / 3 - 1);
  }
  ring.push(7);
  for (let k = 0; k + 1 < ring.length; k++) idx.push(4, ring[k], ring[k + 1]);
  return { positions: new Float32Array(p), indices: new Uint32Array(idx) };
}

describe('weldedNormals', () => {
  it("'angle': an edge vertex's normal does not depend on the triangulation", () => {
    const normalOf4 = (cuts: number, weighting: 'unit' | 'angle') => {
      const { positions, indices } = cube(cuts);
      return Array.from(weldedNormals([positions], [indices], undefined, weighting)[0].subarray(12, 15));
    };
    const coarse = normalOf4(2, 'angle');
    const fine = normalOf4(8, 'angle');
    for (let c = 0; c < 3; c++) expect(fine[c]).toBeCloseTo(coarse[c], 5);
    // The corner of a cube: the diagonal, whatever the cut.
    for (let c = 0; c < 3; c++) expect(Math.abs(coarse[c])).toBeCloseTo(1 / Math.sqrt(3), 5);
    // Unit weights lean toward the finely cut top.
    expect(normalOf4(8, 'unit')[2]).toBeGreaterThan(normalOf4(2, 'unit')[2] + 0.05);
  });

  it('orients an open piece far from the origin outward (its volume taken about its own centre)', () => {
    // A tube capped at the bottom and open at the top, 5 units up (a forearm cut where a sleeve
    // covers it, in a scene whose origin is at the feet), wound outward. About the origin its
    // signed volume is negative (the missing cap faces away from it): its normals were flipped
    // inward, and auto-bind's facing test then turned the forearm away from its own bone.
    const segments = 16;
    const rings = [5, 5.15, 5.3];
    const positions: number[] = [];
    const indices: number[] = [];
    for (const y of rings)
      for (let s = 0; s < segments; s++) {
        const a = (2 * Math.PI * s) / segments;
        positions.push(0.03 * Math.cos(a), y, 0.03 * Math.sin(a));
      }
    for (let r = 0; r + 1 < rings.length; r++)
      for (let s = 0; s < segments; s++) {
        const a = r * segments + s;
        const b = r * segments + ((s + 1) % segments);
        indices.push(a, b + segments, b, a, a + segments, b + segments);
      }
    // The bottom cap, facing down.
    const centre = positions.length / 3;
    positions.push(0, 5, 0);
    for (let s = 0; s < segments; s++) indices.push(centre, s, (s + 1) % segments);
    const normals = weldedNormals([Float32Array.from(positions)], [Uint32Array.from(indices)])[0];
    // A side vertex of the middle ring looks away from the axis.
    const v = segments + 3;
    const out = [positions[v * 3], 0, positions[v * 3 + 2]];
    const l = Math.hypot(out[0], out[2]);
    expect((normals[v * 3] * out[0] + normals[v * 3 + 2] * out[2]) / l).toBeGreaterThan(0.9);
  });
});
