/**
 * Given markers say more than where one joint goes: a knee placed off the leg's middle carries
 * the leg's line (thigh and ankle with it), and a chin placed off the jaw line says where the
 * head turns.
 */
import { describe, expect, it } from 'vitest';
import { fitHumanoid } from '../../../src/skeleton/fit/fit-humanoid.ts';
import { fitSkeleton, prepareBody } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { guessSomeMarkers, type HumanoidMarkers, readLimbs } from '../../../src/skeleton/fit/markers.ts';
import { SPINE_PROPORTIONS } from '../../../src/skeleton/fit/proportions.ts';
import { humanoidTemplate } from '../../../src/skeleton/templates/humanoid.ts';
import {
  artistMarkers,
  frontSurfacePoint,
  mannequinRigCase,
  shapedRigCase,
} from '../../support/rig-quality.ts';

const at = (fit: ReturnType<typeof fitSkeleton>, name: string) =>
  fit.joints.find((j) => j.name === name)!.position;

describe('given markers carry the lines they imply', () => {
  it('moves the thigh and ankle across with a knee placed off the leg’s middle (the leg’s line through the knee)', () => {
    // On the markers as the fit takes them (canonical, carried into the limb): a knee marker on
    // a leg whose section is no limb's (a stubby cartoon leg wider than a limb, a garment) keeps
    // its place across, as a user put it.
    const c = mannequinRigCase({ build: 'average', pose: 'T' }, 6000);
    const body = prepareBody(c.mesh);
    const limbs = readLimbs(body.analysis);
    const guess = guessSomeMarkers(body.analysis, limbs);
    expect(guess.problems).toEqual([]);
    const markers = guess.markers as HumanoidMarkers;
    const H = body.analysis.landmarks.height;
    const d = 0.02 * H;
    const shifted: HumanoidMarkers = {
      ...markers,
      leftKnee: [markers.leftKnee[0] + d, markers.leftKnee[1], markers.leftKnee[2]],
      rightKnee: [markers.rightKnee[0] - d, markers.rightKnee[1], markers.rightKnee[2]],
    };
    const template = humanoidTemplate(0);
    const index = (name: string) => template.findIndex((j) => j.name === name);
    const before = fitHumanoid(body.analysis, markers, limbs, 0).positions;
    const after = fitHumanoid(body.analysis, shifted, limbs, 0).positions;
    // Canonical +x is the character's left.
    const moved = (name: string) => after[index(name)][0] - before[index(name)][0];
    expect(moved('LeftLeg')).toBeCloseTo(d, 6);
    // Before: the ankle stayed on the shin's middle and the thigh's joint swung the other way
    // (the line from the knee through the thigh's middle, carried on up). Now both move across
    // with the knee, less the voxel the front view cannot resolve.
    const h = body.analysis.solid.h;
    for (const [name, sign] of [
      ['LeftFoot', 1],
      ['LeftUpLeg', 1],
      ['RightFoot', -1],
      ['RightUpLeg', -1],
    ] as const) {
      expect(sign * moved(name), name).toBeGreaterThan(d - 1.5 * h);
      expect(sign * moved(name), name).toBeLessThan(d + 1.5 * h);
    }
  });

  it('puts the head’s joint just above a chin marker placed off the jaw line, not a share of a big head above it', () => {
    // A head three times the mannequin's: its joint's share of the head's size is about 1.8 %
    // of the height, against 1 % of the torso's span.
    const c = shapedRigCase('huge head', { armDrop: 45, headScale: 3 }, 6000);
    const markers = artistMarkers(c);
    const head = c.artist.positions[c.anatomical.head];
    // Up the face, well above the jaw line: taken as placed, not as the jaw.
    const chin = frontSurfacePoint(c.mesh, [0, head[1] + 0.05 * c.height, head[2]], [0, 0, 1]);
    const fit = fitSkeleton(c.mesh, { markers: { ...markers, chin } });
    expect(fit.markersFrom.chin).toBe('given');
    const above = at(fit, 'Head')[1] - chin[1];
    const share = SPINE_PROPORTIONS.head * (chin[1] - markers.groin[1]);
    // (The groin marker, where the legs meet, snaps to the crotch the mesh shows.) Before: 1.6
    // shares above.
    expect(above).toBeGreaterThan(0.8 * share);
    expect(above).toBeLessThan(1.25 * share);
  });
});
