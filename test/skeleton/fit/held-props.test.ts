/**
 * Props held in the hands (src/skeleton/fit/props.ts): a sword's blade and a spear's shaft,
 * separate pieces through the hand, are left out of the body the humanoid is fitted to.
 */
import { describe, expect, it } from 'vitest';
import { fitSkeleton } from '../../../src/skeleton/fit/fit-skeleton.ts';
import { separateProps } from '../../../src/skeleton/fit/props.ts';
import { capedRigCase, jointedRigCase, longHairRigCase } from '../../support/assembled-bodies.ts';
import { heldPropRigCase } from '../../support/held-props.ts';
import { jointErrors, mannequinRigCase } from '../../support/rig-quality.ts';

describe('props held in the hands', () => {
  it('puts the wrist on the hand of a chibi holding a sword forward, not along the blade', () => {
    const c = heldPropRigCase('sword');
    // Before: the hand's farthest point was the blade's tip (right wrist 35% off, elbow 10%).
    const e = jointErrors(c, fitSkeleton(c.mesh));
    for (const j of ['rightWrist', 'rightElbow', 'rightArm'] as const) expect(e.per[j], j).toBeLessThan(3);
    expect(e.mean).toBeLessThan(2);
  });

  it('reads the legs of a body holding a spear that stands on the floor beside its foot', () => {
    const c = heldPropRigCase('spear');
    // Before: the shaft read as the right leg (thigh, knee and ankle ~28% off) and the wrist 22%.
    const e = jointErrors(c, fitSkeleton(c.mesh));
    for (const j of ['rightThigh', 'rightKnee', 'rightAnkle', 'rightWrist', 'rightElbow'] as const)
      expect(e.per[j], j).toBeLessThan(3);
    expect(e.mean).toBeLessThan(2);
  });

  it('finds the prop with its grip, guard and head, and leaves the body whole', () => {
    for (const prop of ['sword', 'spear'] as const) {
      const c = heldPropRigCase(prop);
      const { body, props } = separateProps(c.mesh);
      expect(props, prop).toHaveLength(1);
      // Every triangle left is the body's: the prop's pieces (48 triangles each) are all out.
      const pieces = prop === 'sword' ? 3 : 2;
      expect(body.indices.length / 3, prop).toBe(c.mesh.indices.length / 3 - pieces * 48);
      // The prop runs through the hand.
      const hand = c.artist.positions[c.artist.names.indexOf('RightHand')];
      const [a, b] = props[0].ends;
      const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const t =
        ((hand[0] - a[0]) * d[0] + (hand[1] - a[1]) * d[1] + (hand[2] - a[2]) * d[2]) /
        (d[0] ** 2 + d[1] ** 2 + d[2] ** 2);
      const q = [a[0] + t * d[0] - hand[0], a[1] + t * d[1] - hand[1], a[2] + t * d[2] - hand[2]];
      expect(Math.hypot(q[0], q[1], q[2]) / c.height, prop).toBeLessThan(0.06);
    }
  });

  it('takes no piece of a body without props for one: limbs, a cape, long hair, joint balls', () => {
    for (const c of [
      jointedRigCase(),
      capedRigCase(),
      capedRigCase({ body: 'adult', hem: 0.08, flare: 0.12 }),
      longHairRigCase('thin'),
      mannequinRigCase({ build: 'thin', pose: 'T' }, 6000, 'skirt'),
    ])
      expect(separateProps(c.mesh).props, c.name).toEqual([]);
  });

  it('keeps the prop for the chain template (a rope or a tail is what it fits)', () => {
    const c = heldPropRigCase('spear');
    const [a, b] = separateProps(c.mesh).props[0].ends;
    // Along the shaft, which a humanoid's body leaves out.
    const fit = fitSkeleton(c.mesh, { template: 'chain', chain: { from: a, to: b, joints: 4 } });
    const last = fit.joints[fit.joints.length - 1].position;
    const top = a[1] > b[1] ? a : b;
    expect(Math.hypot(last[0] - top[0], last[1] - top[1], last[2] - top[2]) / c.height).toBeLessThan(0.05);
  });
});
