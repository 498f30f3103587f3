/**
 * Where the fitter finds the crotch (body-analysis.ts) and the hips and thighs it places from
 * it, on bodies made in code whose joints are known: garments' fills and shells inside a body
 * both put surfaces inside the volume, and only a garment's hem may move the crotch up.
 */
import { describe, expect, it } from 'vitest';
import { fitSkeleton, prepareBody } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { SPINE_PROPORTIONS } from '../../../src/skeleton/fit/proportions.ts';
import { artistMarkers, jointErrors, mannequinRigCase, type RigCase } from '../../support/rig-quality.ts';
import { jointBallsRigCase } from '../../support/shell-bodies.ts';

const crotchHeight = (c: RigCase) => {
  const { analysis } = prepareBody(c.mesh);
  const { crotch, height } = analysis.landmarks;
  return (crotch![1] - analysis.solid.floor) / height;
};

describe('the crotch and the hips above it', () => {
  it('keeps the crotch of a body built of overlapping shells where the legs meet (X Bot, Y Bot)', () => {
    for (const build of ['thin', 'average', 'heavy'] as const) {
      const variant = { build, pose: 'T' as const };
      const bare = crotchHeight(mannequinRigCase(variant, 6000));
      const c = jointBallsRigCase(variant, 0.04);
      // Before: the balls' enclosed surfaces read as legs inside a garment, and the walk up to
      // the crotch under it ended 10% of the height above the legs' meeting, the hips 9% high.
      expect(Math.abs(crotchHeight(c) - bare), build).toBeLessThan(0.01);
      const e = jointErrors(c, fitSkeleton(c.mesh));
      expect(e.per.hips, build).toBeLessThan(1.5);
      expect(e.per.leftThigh, build).toBeLessThan(2);
    }
  });

  it('still finds the crotch under a skirt and a coat, where the hem is far below it', () => {
    for (const [pose, garment] of [
      ['T', 'skirt'],
      ['A', 'coat'],
    ] as const) {
      const bare = crotchHeight(mannequinRigCase({ build: 'average', pose }));
      const c = mannequinRigCase({ build: 'average', pose }, 8000, garment);
      expect(Math.abs(crotchHeight(c) - bare), garment).toBeLessThan(0.01);
    }
  });
});

describe('a given groin marker', () => {
  const c = mannequinRigCase({ build: 'thin', pose: 'A' }, 6000);
  const markers = artistMarkers(c);
  const y = (fit: ReturnType<typeof fitSkeleton>, name: string) =>
    fit.joints.find((j) => j.name === name)!.position[1];
  // Up the belly (a point below the crotch is in the gap between the legs, on no body).
  const raised = (share: number) => {
    const g = markers.groin;
    return fitSkeleton(c.mesh, { markers: { ...markers, groin: [g[0], g[1] + share * c.height, g[2]] } });
  };
  const base = fitSkeleton(c.mesh, { markers });

  it('is where the legs meet in the bench: below the thighs’ joints, at the crotch the mesh shows', () => {
    const { analysis } = prepareBody(c.mesh);
    const crotch = analysis.landmarks.crotch![1] - analysis.solid.floor;
    const thighs = c.artist.positions[c.anatomical.leftThigh][1];
    // Before: at the thighs' joints, 3.5% of the height above where the legs meet.
    expect(thighs - markers.groin[1]).toBeGreaterThan(0.02 * c.height);
    expect(Math.abs(markers.groin[1] - crotch)).toBeLessThan(0.015 * c.height);
  });

  it('moves the hips and thighs with it when placed below the crotch, and not for a click’s slack', () => {
    // Hips and thighs a share of the groin-to-chin span above the groin: a groin lower by d puts
    // them lower by d less that share of d. Below the crotch the mesh shows, a marker soon says
    // more than the mesh (a tunic hides the crotch, a flap fakes one): before, a marker within
    // 6% of it was ignored.
    const far = raised(-0.06);
    const farther = raised(-0.08);
    const d = 0.02 * c.height;
    for (const [name, share] of [
      ['Hips', SPINE_PROPORTIONS.hips],
      ['LeftUpLeg', SPINE_PROPORTIONS.upLeg],
    ] as const) {
      // (Below the crotch a marker lies between the legs: it is taken to the nearest body, a
      // little off the line.)
      expect(Math.abs(y(far, name) - y(farther, name) - (1 - share) * d), name).toBeLessThan(0.1 * d);
      expect(y(base, name) - y(far, name), name).toBeGreaterThan(0.04 * c.height);
    }
    const near = raised(-0.01);
    expect(Math.abs(y(near, 'Hips') - y(base, 'Hips'))).toBeLessThan(0.002 * c.height);
  });

  it('means where the legs meet when placed above the crotch up to the thighs’ joints, and is taken as placed far above', () => {
    // People mark the groin anywhere from where the legs meet to the hip joints' height (the
    // bench once did, in front of the thighs' joints): those give the same hips.
    for (const share of [0.02, 0.045, 0.06])
      expect(Math.abs(y(raised(share), 'Hips') - y(base, 'Hips')), `${share}`).toBeLessThan(0.002 * c.height);
    const high = raised(0.14);
    expect(y(high, 'Hips') - y(base, 'Hips')).toBeGreaterThan(0.1 * c.height);
  });
});
