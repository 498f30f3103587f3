/**
 * Humanoid joint names and the preset test poses: names resolve across conventions; presets
 * do what they say on the mannequin (arms down and up, elbows and knees bent 120°, wrists
 * twisted 90°, a squat), as mirror images; and they resolve on CesiumMan and RiggedFigure.
 */
import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { resolveHumanoid, splitSide } from '../../src/pose/humanoid.ts';
import { boneDirection } from '../../src/pose/joint-frames.ts';
import { Pose } from '../../src/pose/pose.ts';
import { PoseMatrices } from '../../src/pose/pose-matrices.ts';
import { applyPosePreset, POSE_PRESETS } from '../../src/pose/pose-presets.ts';
import { quatFromMatrix } from '../../src/pose/quaternion.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';

describe('humanoid names', () => {
  it.each([
    ['LeftForeArm', 'L', 'forearm'],
    ['mixamorig:RightArm', 'R', 'arm'],
    ['mixamorig1:LeftUpLeg', 'L', 'upleg'],
    ['upperarm_l', 'L', 'upperarm'],
    ['calf_r', 'R', 'calf'],
    ['upper_arm.L', 'L', 'upperarm'],
    ['DEF-forearm.R', 'R', 'forearm'],
    ['Arm.L', 'L', 'arm'],
    ['leftLowerLeg', 'L', 'lowerleg'],
    ['Bip01 L UpperArm', 'L', 'upperarm'],
    ['arm_joint_L_1', 'L', 'armjoint1'],
    ['Skeleton_arm_joint_R', 'R', 'armjoint'],
    ['Spine1', null, 'spine1'],
    ['Bright', null, 'bright'],
  ])('%s → side %s, base %s', (name, side, base) => {
    expect(splitSide(name)).toEqual({ side, base });
  });
});

describe('presets on the mannequin', () => {
  const model = buildSkinnedModel(mannequinToDocument(buildMannequin({ targetVertices: 2000 })));
  const skeleton = skeletonOf(model);
  const matrices = new PoseMatrices(skeleton);
  const pose = new Pose(skeleton.size);
  const slot = (name: string) => skeleton.names.indexOf(name);
  const dir = (name: string) => {
    const d = [0, 0, 0];
    boneDirection(matrices, slot(name), d);
    return d;
  };
  const pos = (name: string) => [...matrices.world.subarray(slot(name) * 16 + 12, slot(name) * 16 + 15)];
  const angle = (a: number[], b: number[]) =>
    (Math.acos(a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) * 180) / Math.PI;
  const apply = (preset: (typeof POSE_PRESETS)[number]) => {
    const r = applyPosePreset(matrices, pose, preset);
    matrices.update(pose);
    return r;
  };

  it('resolves every role by name', () => {
    const h = resolveHumanoid(skeleton);
    const names = (side: 'left' | 'right') => Object.values(h[side]).map((s) => skeleton.names[s]);
    expect(names('left')).toEqual(['LeftArm', 'LeftForeArm', 'LeftHand', 'LeftUpLeg', 'LeftLeg', 'LeftFoot']);
    expect(names('right')).toEqual([
      'RightArm',
      'RightForeArm',
      'RightHand',
      'RightUpLeg',
      'RightLeg',
      'RightFoot',
    ]);
    expect(h.spine.map((s) => skeleton.names[s])).toEqual(['Hips', 'Spine', 'Spine1', 'Spine2']);
  });

  it('arms down and arms up aim the upper arms down and up, mirrored', () => {
    expect(apply('arms-down').missing).toEqual([]);
    expect(dir('LeftArm')[1]).toBeLessThan(-0.9);
    expect(pos('LeftHand')[1]).toBeLessThan(pos('LeftArm')[1] - 0.4);
    const l = pos('LeftHand');
    const r = pos('RightHand');
    expect(r[0]).toBeCloseTo(-l[0], 6);
    expect(r[1]).toBeCloseTo(l[1], 6);
    expect(r[2]).toBeCloseTo(l[2], 6);
    apply('arms-up');
    expect(dir('RightArm')[1]).toBeGreaterThan(0.9);
  });

  it('elbows and knees bend 120° from where they were, forward and back', () => {
    pose.reset();
    matrices.update(pose);
    const fore0 = dir('LeftForeArm');
    const shin0 = dir('LeftLeg');
    apply('elbows-bent-120');
    expect(angle(fore0, dir('LeftForeArm'))).toBeCloseTo(120, 4);
    expect(angle(dir('LeftArm'), dir('LeftForeArm'))).toBeCloseTo(120, 4); // a straight arm
    expect(dir('LeftForeArm')[2]).toBeGreaterThan(0.8); // toward the front
    expect(pos('RightHand')[0]).toBeCloseTo(-pos('LeftHand')[0], 6);
    apply('knees-bent-120');
    expect(angle(shin0, dir('LeftLeg'))).toBeCloseTo(120, 4);
    expect(pos('LeftFoot')[2]).toBeLessThan(pos('LeftLeg')[2] - 0.3); // the shin swings back
  });

  it('wrists twist 90° about the hand bone, as mirror images', () => {
    apply('wrists-twisted-90');
    const l = [0, 0, 0, 0];
    const r = [0, 0, 0, 0];
    quatFromMatrix(matrices.world, slot('LeftHand') * 16, l, 0);
    quatFromMatrix(matrices.world, slot('RightHand') * 16, r, 0);
    expect((2 * Math.acos(Math.min(1, Math.abs(l[3]))) * 180) / Math.PI).toBeCloseTo(90, 4);
    expect(Math.abs(l[0])).toBeCloseTo(Math.SQRT1_2, 2); // about the hand bone: along the arm (X)
    // Mirrored across x = 0: (x, y, z, w) → (x, −y, −z, w).
    const sign = Math.sign(l[3] * r[3]) || 1;
    [l[0], -l[1], -l[2], l[3]].forEach((c, i) => {
      expect(r[i] * sign).toBeCloseTo(c, 6);
    });
  });

  it('a squat bends hips and knees and leans the spine', () => {
    const r = apply('squat');
    expect(r.posed).toContain('Spine');
    expect(r.posed).not.toContain('Hips');
    expect(dir('LeftUpLeg')[2]).toBeGreaterThan(0.8);
    expect(pos('LeftFoot')[1]).toBeGreaterThan(0.3);
  });
});

if (!HAVE_SHARED_MODELS)
  console.warn('presets tests: ../shared/models is absent; the shared-model cases are skipped.');

describe.skipIf(!HAVE_SHARED_MODELS)('presets on shared models (../shared/models)', () => {
  it.each([
    [
      'CesiumMan/CesiumMan.glb',
      ['Skeleton_arm_joint_L__4_', 'Skeleton_arm_joint_L__3_', 'Skeleton_arm_joint_L__2_'],
    ],
    ['RiggedFigure/RiggedFigure.glb', ['arm_joint_L_1', 'arm_joint_L_2', 'arm_joint_L_3']],
  ])('%s: arms and legs resolve; every preset poses its joints', async (file, leftArm) => {
    const model = buildSkinnedModel(await readDocument(readSharedModel(file)));
    const skeleton = skeletonOf(model);
    const h = resolveHumanoid(skeleton);
    expect([h.left.upperArm, h.left.foreArm, h.left.hand].map((s) => skeleton.names[s])).toEqual(leftArm);
    expect([h.left.upperLeg, h.left.lowerLeg, h.left.foot].map((s) => skeleton.names[s])).toEqual([
      'leg_joint_L_1',
      'leg_joint_L_2',
      'leg_joint_L_3',
    ]);
    for (const side of ['left', 'right'] as const)
      for (const s of Object.values(h[side])) expect(s).toBeGreaterThanOrEqual(0);
    const matrices = new PoseMatrices(skeleton);
    const pose = new Pose(skeleton.size);
    for (const preset of POSE_PRESETS) {
      const result = applyPosePreset(matrices, pose, preset, h);
      expect(result.missing).toEqual([]);
      expect(result.posed.length).toBeGreaterThanOrEqual(2);
    }
    // Elbows bent: 120° between upper arm and forearm on this rig too.
    applyPosePreset(matrices, pose, 'elbows-bent-120', h);
    matrices.update(pose);
    const a = [0, 0, 0];
    const b = [0, 0, 0];
    boneDirection(matrices, h.left.upperArm, a);
    boneDirection(matrices, h.left.foreArm, b);
    const before = new PoseMatrices(skeleton).update(new Pose(skeleton.size));
    const a0 = [0, 0, 0];
    const b0 = [0, 0, 0];
    boneDirection(before, h.left.upperArm, a0);
    boneDirection(before, h.left.foreArm, b0);
    const deg = (u: number[], v: number[]) =>
      (Math.acos(Math.min(1, u[0] * v[0] + u[1] * v[1] + u[2] * v[2])) * 180) / Math.PI;
    expect(deg(b0, b)).toBeCloseTo(120, 0); // the forearm turned 120° about its hinge
  });
});
