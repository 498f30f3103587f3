/**
 * A body saved posed with its hands pressed together in front, off the mid-plane, turned a
 * little and standing 4 units off the world origin (test/support/posed-bodies.ts; after
 * Mixamo's Y Bot): the body frame's left is the character's own, a marker mirrors onto the
 * partner limb, each hand's joint stays in its own hand, and each upper arm's joint in its own
 * shoulder.
 */
import { describe, expect, it } from 'vitest';
import { mirrorWorldPoint, toCanonical } from '../../../src/skeleton/fit/body-frame.ts';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { handsTogetherRigCase } from '../../support/posed-bodies.ts';
import { artistMarkers, jointErrors, jointsOutside } from '../../support/rig-quality.ts';

type Vec3 = [number, number, number];
const c = handsTogetherRigCase();
const artist = (name: string): Vec3 => c.artist.positions[c.artist.names.indexOf(name)];
const dist = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('a body posed with its hands together, off the origin', () => {
  const fit = fitSkeleton(c.mesh, { markers: artistMarkers(c) });
  const joint = (name: string) => fit.joints.find((j) => j.name === name)!.position;

  it('finds the character’s own left (+X turned 6°, as it faces +Z turned 6°) and mirrors a marker onto the partner limb', () => {
    const left = toCanonical(fit.frame, artist('LeftUpLeg'));
    const right = toCanonical(fit.frame, artist('RightUpLeg'));
    expect(left[0]).toBeGreaterThan(0.05);
    expect(right[0]).toBeLessThan(-0.05);
    expect(fit.frame.left[0]).toBeGreaterThan(0.99);
    // Placed on the left shoulder, elbow or knee, a marker's mirror lands on the right one.
    for (const [l, r] of [
      ['LeftArm', 'RightArm'],
      ['LeftForeArm', 'RightForeArm'],
      ['LeftLeg', 'RightLeg'],
    ])
      expect(dist(mirrorWorldPoint(fit.frame, artist(l)), artist(r)), l).toBeLessThan(0.01 * c.height);
  });

  it('keeps each hand’s joint in its own hand where the hands meet left of the mid-plane', () => {
    // Before: the section across one wrist took in the other hand; the two joints swapped hands.
    for (const [own, other] of [
      ['LeftHand', 'RightHand'],
      ['RightHand', 'LeftHand'],
    ]) {
      expect(dist(joint(own), artist(own)), own).toBeLessThan(dist(joint(own), artist(other)));
      expect(dist(joint(own), artist(own)), own).toBeLessThan(0.015 * c.height);
    }
    const l = toCanonical(fit.frame, joint('LeftHand'));
    const r = toCanonical(fit.frame, joint('RightHand'));
    expect(l[0]).toBeGreaterThan(r[0]);
    // Both on the left half of the body, as the artist's are.
    expect(r[0]).toBeGreaterThan(0);
  });

  it('points each hand along itself, not across into the other hand (auto-bind reads the axis)', () => {
    // Before: the hand read from the voxels past the wrist took in the other hand, and the right
    // hand's axis ran across into the left one (0.38 along the character's left): its bone,
    // stretched through the solid, took the left hand's vertices.
    for (const [own, other] of [
      ['LeftHand', 'RightHand'],
      ['RightHand', 'LeftHand'],
    ]) {
      const [x, y, z, w] = fit.joints.find((j) => j.name === own)!.rotation;
      const axis = [2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x)];
      const toward = [0, 1, 2].map((k) => artist(other)[k] - artist(own)[k]);
      const across = (axis[0] * toward[0] + axis[2] * toward[2]) / Math.hypot(toward[0], toward[2]);
      expect(across, own).toBeLessThan(0.25);
    }
  });

  it('puts each upper arm’s joint in its own shoulder, inside the mesh', () => {
    // Before: the arms held forward are foreshortened seen from the front; the shoulders were
    // read down the forearms, near the mid-plane (15% of the height off), or past the corner.
    const e = jointErrors(c, fit);
    expect(e.per.leftArm).toBeLessThan(2);
    expect(e.per.rightArm).toBeLessThan(2);
    expect(toCanonical(fit.frame, joint('RightArm'))[0]).toBeLessThan(-0.1);
    expect(toCanonical(fit.frame, joint('LeftArm'))[0]).toBeGreaterThan(0.1);
    expect(jointsOutside(c, fit)).toEqual([]);
  });

  it('without markers asks for the arms (nothing reaches out beside the chest) and finds the rest', () => {
    expect(() => fitSkeleton(c.mesh)).toThrow(/found no arms.*place the left wrist, left elbow/);
  });
});
