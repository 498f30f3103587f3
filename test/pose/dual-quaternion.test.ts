/**
 * Dual quaternion skinning (the preview toggle): equal to linear blend for rigid (one-joint)
 * vertices, exact in the bind pose, and free of linear blend's candy wrapper on a twist.
 */
import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { Pose } from '../../src/pose/pose.ts';
import { posePositions } from '../../src/pose/posed-mesh.ts';
import { quatFromAxisAngle } from '../../src/pose/quaternion.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { makeRig, type Q4, type V3 } from './rig-fixture.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const randomQuat = (r: () => number): Q4 => {
  const q = new Quaternion().setFromAxisAngle(
    new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize(),
    (r() - 0.5) * 2 * Math.PI,
  );
  return [q.x, q.y, q.z, q.w];
};

/** A two-joint bar along +X (joint 0 at 0, joint 1 at 1), with a ring of 16 vertices at x = 1, radius 1. */
function twistBar(weights: [number, number]) {
  const positions: number[] = [];
  const influences: [number, number][][] = [];
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * 2 * Math.PI;
    positions.push(1, Math.cos(a), Math.sin(a));
    influences.push([
      [0, weights[0]],
      [1, weights[1]],
    ]);
  }
  return makeRig({
    joints: [
      { name: 'a', parent: -1 },
      { name: 'b', parent: 0, translation: [1, 0, 0] },
    ],
    positions,
    influences,
  });
}

function radii(p: Float32Array): number[] {
  const out: number[] = [];
  for (let v = 0; v < p.length / 3; v++) out.push(Math.hypot(p[v * 3 + 1], p[v * 3 + 2]));
  return out;
}

describe('dual quaternion skinning', () => {
  it('equals linear blend for vertices bound to one joint (random rigs, scaled joints included)', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const r = rng(seed);
      const n = 5;
      const joints = Array.from({ length: n }, (_, i) => ({
        name: `j${i}`,
        parent: i - 1,
        translation: [r() - 0.5, 0.5 + r(), r() - 0.5] as V3,
        rotation: randomQuat(r),
        scale: (seed % 2 ? [1, 1, 1] : [0.7 + r() * 0.6, 0.7 + r() * 0.6, 0.7 + r() * 0.6]) as V3,
      }));
      const positions: number[] = [];
      const influences: [number, number][][] = [];
      for (let v = 0; v < 30; v++) {
        positions.push(r() * 2 - 1, r() * 3, r() * 2 - 1);
        influences.push([[v % n, 1]]);
      }
      const model = makeRig({ joints, positions, influences });
      const pose = new Pose(skeletonOf(model).size);
      for (let s = 0; s < n; s++) pose.rotations.set(randomQuat(r), s * 4);
      const lbs = posePositions(model, pose, { mode: 'linear' })[0];
      const dqs = posePositions(model, pose, { mode: 'dual-quaternion' })[0];
      for (let k = 0; k < lbs.length; k++) expect(dqs[k]).toBeCloseTo(lbs[k], 4);
    }
  });

  it('gives the stored positions back exactly in the bind pose', () => {
    const model = twistBar([0.5, 0.5]);
    const pose = new Pose(skeletonOf(model).size);
    expect(posePositions(model, pose, { mode: 'dual-quaternion' })[0]).toEqual(model.primitives[0].positions);
  });

  it('keeps the volume of a 170° twist where linear blend collapses it (candy wrapper)', () => {
    const model = twistBar([0.5, 0.5]);
    const pose = new Pose(skeletonOf(model).size);
    quatFromAxisAngle(1, 0, 0, (170 * Math.PI) / 180, pose.rotations, 4);
    const lbs = radii(posePositions(model, pose, { mode: 'linear' })[0]);
    const dqs = radii(posePositions(model, pose, { mode: 'dual-quaternion' })[0]);
    for (const r of lbs) expect(r).toBeLessThan(0.1); // cos(85°) ≈ 0.087
    for (const r of dqs) expect(r).toBeCloseTo(1, 5);
  });

  it('blends rotations on one hemisphere: +179° and −179° average to 180°, not to 0°', () => {
    const model = twistBar([0.5, 0.5]);
    const pose = new Pose(skeletonOf(model).size);
    quatFromAxisAngle(1, 0, 0, (179 * Math.PI) / 180, pose.rotations, 0);
    // Joint b's world turn is a's then its own: −358° in total, i.e. −179° + (−179°)… so turn b by
    // −358° relative to a, landing it at −179° in the world.
    quatFromAxisAngle(1, 0, 0, (-358 * Math.PI) / 180, pose.rotations, 4);
    const out = posePositions(model, pose, { mode: 'dual-quaternion' })[0];
    // Vertex 0 starts at (1, 1, 0): half-way between ±179° is 180°, so it lands at (1, −1, 0).
    expect(out[0]).toBeCloseTo(1, 5);
    expect(out[1]).toBeCloseTo(-1, 5);
    expect(out[2]).toBeCloseTo(0, 5);
  });
});
