/**
 * Mirroring a pose: on a symmetric skeleton whose left and right joints have unrelated local
 * frames (as exported rigs often do), copying the left side's pose to the right gives the right
 * side's vertices exactly the mirror image of the left's; 'swap' flips the whole pose.
 */
import { Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { mirrorJoints } from '../../src/mesh/joint-mirror.ts';
import { mirrorPose } from '../../src/pose/mirror-pose.ts';
import { Pose } from '../../src/pose/pose.ts';
import { posePositions } from '../../src/pose/posed-mesh.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { makeRig, type Q4, type RigJoint, type V3 } from './rig-fixture.ts';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Hips on the plane, a three-joint chain per side; every joint's world rotation is random. */
function asymmetricFrames(seed: number) {
  const r = rng(seed);
  const worldPos: V3[] = [
    [0, 1, 0],
    [0.2, 1.4, 0],
    [0.5, 1.35, 0.05],
    [0.8, 1.45, 0.1],
  ];
  const specs = [{ name: 'Hips', parent: -1, at: worldPos[0] }];
  for (const side of ['Left', 'Right']) {
    const sign = side === 'Left' ? 1 : -1;
    ['A', 'B', 'C'].forEach((n, i) => {
      const p = worldPos[i + 1];
      specs.push({
        name: `${side}${n}`,
        parent: i === 0 ? 0 : specs.length - 1,
        at: [sign * p[0], p[1], p[2]],
      });
    });
  }
  const worlds = specs.map((s) =>
    new Matrix4().compose(new Vector3(...s.at), new Quaternion().random(), new Vector3(1, 1, 1)),
  );
  void r;
  const joints: RigJoint[] = specs.map((s, i) => {
    const local = s.parent < 0 ? worlds[i].clone() : worlds[s.parent].clone().invert().multiply(worlds[i]);
    const t = new Vector3();
    const q = new Quaternion();
    const sc = new Vector3();
    local.decompose(t, q, sc);
    return { name: s.name, parent: s.parent, translation: t.toArray() as V3, rotation: q.toArray() as Q4 };
  });
  // Vertex pairs: a few points around each side joint, bound rigidly; mirrored on the right.
  const positions: number[] = [];
  const influences: [number, number][][] = [];
  for (let k = 0; k < 3; k++) {
    for (const off of [
      [0.05, 0.03, 0.02],
      [0.1, -0.04, 0.03],
    ]) {
      const p = worldPos[k + 1];
      positions.push(p[0] + off[0], p[1] + off[1], p[2] + off[2]);
      influences.push([[1 + k, 1]]);
      positions.push(-(p[0] + off[0]), p[1] + off[1], p[2] + off[2]);
      influences.push([[4 + k, 1]]);
    }
  }
  return makeRig({ joints, positions, influences });
}

describe('mirror pose', () => {
  it('copies the left side to the right as a mirror image, whatever the joints’ local frames', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const model = asymmetricFrames(seed);
      const skeleton = skeletonOf(model);
      const r = rng(seed * 13);
      const pose = new Pose(skeleton.size);
      for (const name of ['LeftA', 'LeftB', 'LeftC']) {
        const q = new Quaternion().setFromAxisAngle(
          new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize(),
          r() * 2,
        );
        pose.rotations.set(q.toArray(), skeleton.names.indexOf(name) * 4);
      }
      const pairs = mirrorJoints(
        skeleton.names.map((name, s) => ({
          name,
          position: [...skeleton.bind.world.subarray(s * 16 + 12, s * 16 + 15)] as V3,
        })),
      );
      const changed = mirrorPose(skeleton, pose, pairs.mirror, { mode: 'positive-to-negative' });
      expect(changed.map((s) => skeleton.names[s]).sort()).toEqual(['RightA', 'RightB', 'RightC']);
      const p = posePositions(model, pose)[0];
      for (let v = 0; v < p.length / 3; v += 2) {
        expect(p[v * 3 + 3]).toBeCloseTo(-p[v * 3], 5);
        expect(p[v * 3 + 4]).toBeCloseTo(p[v * 3 + 1], 5);
        expect(p[v * 3 + 5]).toBeCloseTo(p[v * 3 + 2], 5);
      }
      // Swapping twice gives the pose back.
      const before = pose.rotations.slice();
      mirrorPose(skeleton, pose, pairs.mirror, { mode: 'swap' });
      mirrorPose(skeleton, pose, pairs.mirror, { mode: 'swap' });
      for (let k = 0; k < before.length; k += 4) {
        const sign = Math.sign(before[k + 3] * pose.rotations[k + 3]) || 1;
        for (let c = 0; c < 4; c++) expect(pose.rotations[k + c] * sign).toBeCloseTo(before[k + c], 9);
      }
    }
  });

  it('swap flips the whole pose: a posed left side moves to the right, the right to the left', () => {
    const model = asymmetricFrames(3);
    const skeleton = skeletonOf(model);
    const pose = new Pose(skeleton.size);
    pose.rotations.set([0, 0, Math.sin(0.4), Math.cos(0.4)], skeleton.names.indexOf('LeftA') * 4);
    const posedLeft = posePositions(model, pose)[0];
    const pairs = mirrorJoints(
      skeleton.names.map((name, s) => ({
        name,
        position: [...skeleton.bind.world.subarray(s * 16 + 12, s * 16 + 15)] as V3,
      })),
    );
    mirrorPose(skeleton, pose, pairs.mirror, { mode: 'swap' });
    expect(pose.isPosed(skeleton.names.indexOf('LeftA'))).toBe(false);
    const flipped = posePositions(model, pose)[0];
    for (let v = 0; v < flipped.length / 3; v += 2) {
      expect(flipped[v * 3 + 3]).toBeCloseTo(-posedLeft[v * 3], 5);
      expect(flipped[v * 3 + 4]).toBeCloseTo(posedLeft[v * 3 + 1], 5);
      expect(flipped[v * 3]).toBeCloseTo(model.primitives[0].positions[v * 3], 6);
    }
  });
});
