/**
 * Properties of the fit (fast-check): markers moved a little move the joints a little; markers
 * placed on one side and mirrored give a mirror-symmetric skeleton on a symmetric body; every
 * joint but the end joints stays inside the volume wherever the markers are put near their
 * limbs; and the fit moves and scales with the mesh.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHAPED_MANNEQUINS } from '../../../src/character/shaped.ts';
import { mirrorWorldPoint, toCanonical } from '../../../src/skeleton/fit/body-frame.ts';
import type { FitMesh } from '../../../src/skeleton/fit/fit-mesh.ts';
import { fitHumanoidSkeleton, fitSkeleton, prepareBody } from '../../../src/skeleton/fit/fit-skeleton.ts';
import {
  type HumanoidMarkers,
  MARKER_NAMES,
  mirrorMarkerName,
  NotAHumanoidError,
} from '../../../src/skeleton/fit/markers.ts';
import { humanoidTemplate } from '../../../src/skeleton/templates/humanoid.ts';
import { runs } from '../../support/property-runs.ts';
import { artistMarkers, shapedRigCase } from '../../support/rig-quality.ts';
import { mannequinCase } from '../support/static-fixture.ts';

type V3 = [number, number, number];
const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

const symmetric = mannequinCase({ build: 'average', pose: 'A' }, 3000);
const body = prepareBody(symmetric.mesh);
const guessed = fitHumanoidSkeleton(body);
const H = symmetric.height;

/** An offset of at most `r` (world units) per axis. */
const offset = (r: number) =>
  fc.tuple(
    fc.double({ min: -r, max: r, noNaN: true }),
    fc.double({ min: -r, max: r, noNaN: true }),
    fc.double({ min: -r, max: r, noNaN: true }),
  );

const moved = (p: V3, d: V3): V3 => [p[0] + d[0], p[1] + d[1], p[2] + d[2]];

describe('fit properties', () => {
  it('moves no joint more than 3% of the height when every marker moves by up to 0.5%', () => {
    const base = fitHumanoidSkeleton(body, { markers: guessed.markers! });
    fc.assert(
      fc.property(fc.array(offset(0.005 * H), { minLength: 8, maxLength: 8 }), (offsets) => {
        const markers = {} as HumanoidMarkers;
        MARKER_NAMES.forEach((n, i) => {
          markers[n] = moved(guessed.markers![n], offsets[i] as V3);
        });
        const fit = fitHumanoidSkeleton(body, { markers });
        fit.joints.forEach((j, i) => {
          expect(dist(j.position, base.joints[i].position)).toBeLessThan(0.03 * H);
        });
      }),
      { numRuns: runs(12) },
    );
  });

  it('is mirror-symmetric when the markers are placed on one side and mirrored across the body', () => {
    const template = humanoidTemplate(0);
    fc.assert(
      fc.property(fc.array(offset(0.004 * H), { minLength: 5, maxLength: 5 }), (offsets) => {
        const markers = {} as HumanoidMarkers;
        (['chin', 'groin', 'leftWrist', 'leftElbow', 'leftKnee'] as const).forEach((n, i) => {
          const p = moved(guessed.markers![n], offsets[i] as V3);
          markers[n] = p;
          if (n !== 'chin' && n !== 'groin') markers[mirrorMarkerName(n)] = mirrorWorldPoint(body.frame, p);
        });
        const fit = fitHumanoidSkeleton(body, { markers });
        expect(fit.symmetric).toBe(true);
        template.forEach((j, i) => {
          expect(
            dist(mirrorWorldPoint(body.frame, fit.joints[i].position), fit.joints[j.mirror].position),
          ).toBeLessThan(1e-5);
        });
      }),
      { numRuns: runs(10) },
    );
  });

  it('keeps every joint but the end joints inside the solid for markers anywhere near their limbs', () => {
    const { solid } = body.analysis;
    fc.assert(
      fc.property(
        fc.array(offset(0.015 * H), { minLength: 8, maxLength: 8 }),
        fc.constantFrom(0, 1, 3, 5),
        (offsets, fingers) => {
          const markers = {} as HumanoidMarkers;
          MARKER_NAMES.forEach((n, i) => {
            markers[n] = moved(guessed.markers![n], offsets[i] as V3);
          });
          const fit = fitHumanoidSkeleton(body, { markers, fingers: fingers as 0 | 1 | 3 | 5 });
          for (const j of fit.joints) {
            if (j.end) continue;
            expect(solid.isSolidAt(toCanonical(body.frame, j.position)), j.name).toBe(true);
          }
        },
      ),
      { numRuns: runs(10) },
    );
  });

  it('moves and scales with the mesh', () => {
    const small = mannequinCase({ build: 'thin', pose: 'T' }, 2500);
    const base = fitSkeleton(small.mesh);
    fc.assert(
      fc.property(offset(5), fc.double({ min: 0.01, max: 100, noNaN: true }), (shift, scale) => {
        const p = new Float32Array(small.mesh.positions.length);
        for (let i = 0; i < p.length; i++) p[i] = small.mesh.positions[i] * scale + shift[i % 3];
        const mesh: FitMesh = { positions: p, indices: small.mesh.indices };
        const fit = fitSkeleton(mesh);
        fit.joints.forEach((j, i) => {
          const q = base.joints[i].position;
          const expected = [q[0] * scale + shift[0], q[1] * scale + shift[1], q[2] * scale + shift[2]];
          // Within a voxel and a half of the body's grid, which is laid anew.
          expect(dist(j.position, expected) / scale).toBeLessThan(0.02 * small.height);
        });
      }),
      { numRuns: runs(4) },
    );
  });

  it('asks for exactly the arm markers neither given nor mirrored from a given partner, and rigs once none is left', () => {
    // Arms lowered and swung ahead: the guess finds no arms (test/skeleton/fit/missing-markers.test.ts).
    const ahead = shapedRigCase('arms forward', SHAPED_MANNEQUINS['arms forward'], 4000);
    const prepared = prepareBody(ahead.mesh);
    const front = artistMarkers(ahead);
    const arms = ['leftWrist', 'leftElbow', 'rightWrist', 'rightElbow'] as const;
    fc.assert(
      fc.property(fc.subarray([...arms]), (chosen) => {
        const markers: Partial<HumanoidMarkers> = {};
        for (const n of chosen) markers[n] = front[n];
        const expected = arms.filter(
          (n) => !chosen.includes(n) && !chosen.includes(mirrorMarkerName(n) as (typeof arms)[number]),
        );
        let missing: readonly string[] = [];
        try {
          const fit = fitHumanoidSkeleton(prepared, { markers });
          expect(fit.joints).toHaveLength(humanoidTemplate(0).length);
          for (const n of arms) expect(fit.markersFrom[n]).toBe('given');
        } catch (e) {
          expect(e).toBeInstanceOf(NotAHumanoidError);
          missing = (e as NotAHumanoidError).missing;
        }
        expect([...missing].sort()).toEqual([...expected].sort());
      }),
      { numRuns: runs(8) },
    );
  });
});
