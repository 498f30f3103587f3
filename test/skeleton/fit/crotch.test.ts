/**
 * Where the fitter finds the crotch (body-analysis.ts) and the hips and thighs it places from
 * it, on bodies made in code whose joints are known: garments' fills and shells inside a body
 * both put surfaces inside the volume, and only a garment's hem may move the crotch up.
 */
import { describe, expect, it } from 'vitest';
import { fitSkeleton, prepareBody } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { jointErrors, mannequinRigCase, type RigCase } from '../../support/rig-quality.ts';
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
