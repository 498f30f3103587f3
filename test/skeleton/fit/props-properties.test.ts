/**
 * Properties of the props test (src/skeleton/fit/props.ts; fast-check): the body and the props
 * found split the mesh's triangles, each exactly once, the body's drawn as they were; what is a
 * prop does not depend on how the mesh is turned (quarter turns) or its scale; a long thin rod
 * standing out of the body is one, a stubby piece never.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FitMesh, mergeFitMeshes } from '../../../src/skeleton/fit/fit-mesh.ts';
import { separateProps } from '../../../src/skeleton/fit/props.ts';
import { sphereMesh } from '../../support/assembled-bodies.ts';
import { prismMesh } from '../../support/held-props.ts';
import { runs } from '../../support/property-runs.ts';

type V3 = [number, number, number];

/** A rod: from a point on or near the unit body toward a direction, length and half-thickness. */
const rod = fc.record({
  from: fc.tuple(
    fc.double({ min: -0.9, max: 0.9, noNaN: true }),
    fc.double({ min: -0.9, max: 0.9, noNaN: true }),
    fc.double({ min: -0.9, max: 0.9, noNaN: true }),
  ),
  dir: fc
    .tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    )
    .filter((d) => Math.hypot(...d) > 0.2),
  length: fc.double({ min: 0.1, max: 3, noNaN: true }),
  radius: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
});

type Rod = { from: V3; dir: V3; length: number; radius: number };

function scene(rods: readonly Rod[]): FitMesh {
  const parts = [sphereMesh([0, 0, 0], 1)];
  for (const r of rods) {
    const l = Math.hypot(...r.dir);
    const to: V3 = [0, 1, 2].map((a) => r.from[a] + (r.length * r.dir[a]) / l) as V3;
    parts.push(prismMesh(r.from, to, r.radius, r.radius));
  }
  return mergeFitMeshes(parts);
}

/** The mesh turned by `quarter` quarter turns about y and scaled by `s`. */
function moved(mesh: FitMesh, quarter: number, s: number): FitMesh {
  const P = mesh.positions;
  const out = new Float32Array(P.length);
  for (let i = 0; i < P.length; i += 3) {
    let x = P[i];
    let z = P[i + 2];
    for (let q = 0; q < quarter; q++) [x, z] = [z, -x];
    out[i] = s * x;
    out[i + 1] = s * P[i + 1];
    out[i + 2] = s * z;
  }
  return { positions: out, indices: mesh.indices };
}

/** Each triangle's corners as positions (a key per triangle, in order). */
function triangleKeys(mesh: FitMesh): string[] {
  const out: string[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const c: number[] = [];
    for (let k = 0; k < 3; k++)
      for (let a = 0; a < 3; a++) c.push(mesh.positions[3 * mesh.indices[t + k] + a]);
    out.push(c.join(','));
  }
  return out;
}

describe('props properties', () => {
  it('splits the triangles between the body and the props, each once, the body drawn as it was', () => {
    fc.assert(
      fc.property(fc.array(rod, { maxLength: 3 }), (rods) => {
        const mesh = scene(rods as Rod[]);
        const { body, props } = separateProps(mesh);
        const inProp = new Uint8Array(mesh.positions.length / 3);
        for (const p of props) for (const v of p.vertices) inProp[v] = 1;
        // Every triangle is in a prop (all three corners) or in the body, never both.
        const all = triangleKeys(mesh);
        const kept = new Map<string, number>();
        for (const k of triangleKeys(body)) kept.set(k, (kept.get(k) ?? 0) + 1);
        for (let t = 0; t < mesh.indices.length; t += 3) {
          const corners = [0, 1, 2].map((k) => inProp[mesh.indices[t + k]]);
          expect(corners[0] === corners[1] && corners[1] === corners[2]).toBe(true);
          const key = all[t / 3];
          if (corners[0]) continue;
          expect(kept.get(key) ?? 0).toBeGreaterThan(0);
          kept.set(key, kept.get(key)! - 1);
        }
        expect([...kept.values()].every((n) => n === 0)).toBe(true);
        // The body keeps only the vertices its triangles use.
        const used = new Uint8Array(body.positions.length / 3);
        for (const v of body.indices) used[v] = 1;
        expect(used.every((u) => u === 1)).toBe(true);
      }),
      { numRuns: runs(40) },
    );
  });

  it('finds the same props however the mesh is turned (quarter turns about up) and scaled', () => {
    // Exact in float32: a quarter turn swaps and negates coordinates, a power of two scales them
    // (the test's grid near the body turns and scales with it).
    fc.assert(
      fc.property(
        fc.array(rod, { maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -6, max: 6 }),
        (rods, quarter, power) => {
          const mesh = scene(rods as Rod[]);
          const a = separateProps(mesh).props.map((p) => [...p.vertices].join(','));
          const b = separateProps(moved(mesh, quarter, 2 ** power)).props.map((p) =>
            [...p.vertices].join(','),
          );
          expect(b.sort()).toEqual(a.sort());
        },
      ),
      { numRuns: runs(30) },
    );
  });

  it('takes a long thin rod standing out of the body for a prop, and never a stubby piece', () => {
    fc.assert(
      fc.property(rod, (r) => {
        const l = Math.hypot(...r.dir);
        // A rod from the body's surface outward, twice the body's size long, 1/40 as thick.
        const dir: V3 = [r.dir[0] / l, r.dir[1] / l, r.dir[2] / l];
        const long = { from: [0.9 * dir[0], 0.9 * dir[1], 0.9 * dir[2]] as V3, dir, length: 4, radius: 0.05 };
        expect(separateProps(scene([long])).props).toHaveLength(1);
        // As thick as a third of its length: a limb, not a prop.
        const stubby = { ...(r as Rod), radius: r.length / 3 };
        expect(separateProps(scene([stubby])).props).toHaveLength(0);
      }),
      { numRuns: runs(30) },
    );
  });
});
