/**
 * Properties of the quadruped fit (fast-check) on the dog made in code, turned to any heading
 * and moved anywhere on the floor: the fit turns and moves with the mesh (its joints within 3%
 * of the height of the untouched fit's, turned and moved alike), stays mirror-symmetric, and
 * keeps every joint inside the body.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { runs } from '../../support/property-runs.ts';
import { meshSolid } from '../../support/rig-quality.ts';
import { dogMesh } from '../support/static-dog.ts';

type V3 = [number, number, number];

const dog = dogMesh();
const reference = fitSkeleton(dog.mesh, { template: 'quadruped' });
const H = dog.height;

function place(p: ArrayLike<number>, a: number, t: V3): V3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c * p[0] + s * p[2] + t[0], p[1] + t[1], -s * p[0] + c * p[2] + t[2]];
}

describe('quadruped fit properties', () => {
  it('turns and moves with the mesh, mirror-symmetric, every joint inside', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        (a, tx, tz) => {
          const t: V3 = [tx, 0, tz];
          const positions = new Float32Array(dog.mesh.positions.length);
          for (let i = 0; i < positions.length; i += 3)
            positions.set(place(dog.mesh.positions.subarray(i, i + 3), a, t), i);
          const mesh = { positions, indices: dog.mesh.indices };
          const fitted = fitSkeleton(mesh, { template: 'quadruped' });
          expect(fitted.joints.map((j) => j.name)).toEqual(reference.joints.map((j) => j.name));
          const inside = meshSolid(mesh, 160);
          fitted.joints.forEach((j, i) => {
            const want = place(reference.joints[i].position, a, t);
            const d = Math.hypot(...([0, 1, 2].map((k) => j.position[k] - want[k]) as V3));
            expect(d / H, j.name).toBeLessThan(0.03);
            expect(inside(j.position), j.name).toBe(true);
          });
          expect(fitted.symmetric).toBe(true);
        },
      ),
      { numRuns: runs(6) },
    );
  }, 120_000);
});
