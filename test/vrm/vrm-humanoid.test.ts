/**
 * The humanoid map is used (issue 30 item 4): on a VRM whose joints are called bone_000…, mirror
 * pairs, test poses' roles and the joint tree's badges come from the VRM's human bones, where
 * names alone find nothing.
 */
import { describe, expect, it } from 'vitest';
import { jointRows } from '../../app/skeleton/joint-rows.ts';
import { humanBonesOf } from '../../app/vrm/HumanBoneBadge.tsx';
import { Editor } from '../../src/editor/editor.ts';
import { mirrorJoints } from '../../src/mesh/joint-mirror.ts';
import { resolveHumanoid } from '../../src/pose/humanoid.ts';
import { Skeleton } from '../../src/pose/skeleton.ts';
import { anonymousNames, mannequinVrm, renamedVrm } from '../support/vrm-fixtures.ts';

async function anonymous(version: '1.0' | '0.x') {
  const named = await mannequinVrm({ version, targetVertices: 1500 });
  // The original names by node index, to say which joint a role found.
  const original = new Editor();
  await original.load({ name: 'named.vrm', bytes: named });
  const nameOf = (id: number) => original.model!.joints.get(id)?.name;
  const editor = new Editor();
  await editor.load({ name: 'anon.vrm', bytes: renamedVrm(named, anonymousNames) });
  return { editor, nameOf };
}

describe.each(['1.0', '0.x'] as const)('VRM %s with joints named bone_NNN', (version) => {
  it('test poses find every limb and the spine from the humanoid map; names alone find none', async () => {
    const { editor, nameOf } = await anonymous(version);
    const skeleton = new Skeleton(editor.model!);
    const h = resolveHumanoid(skeleton);
    const name = (slot: number) => (slot < 0 ? null : nameOf(skeleton.nodeIds[slot]));
    expect(Object.fromEntries(Object.entries(h.left).map(([r, s]) => [r, name(s)]))).toEqual({
      upperArm: 'LeftArm',
      foreArm: 'LeftForeArm',
      hand: 'LeftHand',
      upperLeg: 'LeftUpLeg',
      lowerLeg: 'LeftLeg',
      foot: 'LeftFoot',
    });
    expect(name(h.right.foreArm)).toBe('RightForeArm');
    expect(h.spine.map(name)).toEqual(['Hips', 'Spine', 'Spine1', 'Spine2']);
    const byName = resolveHumanoid(skeleton, new Map());
    expect(Object.values(byName.left).every((s) => s < 0)).toBe(true);
    // The presets pose every limb.
    for (const preset of ['arms-up', 'squat'] as const)
      expect(editor.pose.applyPreset(preset).missing, preset).toEqual([]);
  });

  it('mirror pairs come from the humanoid map', async () => {
    const { editor, nameOf } = await anonymous(version);
    const id = (name: string) => [...editor.model!.joints.keys()].find((k) => nameOf(k) === name)!;
    for (const [a, b] of [
      ['LeftHand', 'RightHand'],
      ['LeftHandIndex2', 'RightHandIndex2'],
      ['LeftUpLeg', 'RightUpLeg'],
    ])
      expect(nameOf(editor.surfaces.mirrorJoint(id(a))), a).toBe(b);
    const ids = [...editor.model!.joints.keys()]; // the order jointMirror lists joints in
    const pairs = editor.surfaces.jointMirror();
    expect(pairs.source[ids.indexOf(id('LeftForeArm'))]).toBe('humanoid');
  });

  it('the joint tree badges each mapped joint with its human bone, and its filter finds them', async () => {
    const { editor, nameOf } = await anonymous(version);
    const bones = humanBonesOf(editor.vrm);
    const rows = jointRows(editor.model!, new Set(), '', bones);
    const badge = (name: string) => rows.find((r) => nameOf(r.id) === name)?.humanBone;
    expect(badge('LeftArm')).toBe('leftUpperArm');
    expect(badge('Hips')).toBe('hips');
    expect(badge('Hair1')).toBeUndefined();
    const found = jointRows(editor.model!, new Set(), 'rightlowerleg', bones);
    expect(found.at(-1)!.humanBone).toBe('rightLowerLeg');
    expect(nameOf(found.at(-1)!.id)).toBe('RightLeg');
  });
});

describe('mirrorJoints with a humanoid map', () => {
  it('pairs human bones before names and positions, even where positions would pair otherwise', () => {
    // a and c sit at mirrored places; the map says a and b are the two upper arms.
    const joints = [
      { name: 'a', position: [0.3, 1.4, 0] as const, humanBone: 'leftUpperArm' },
      { name: 'b', position: [-0.3, 1.2, 0] as const, humanBone: 'rightUpperArm' },
      { name: 'c', position: [-0.3, 1.4, 0] as const, humanBone: null },
    ];
    const m = mirrorJoints(joints);
    expect([...m.mirror]).toEqual([1, 0, 2]);
    expect(m.source).toEqual(['humanoid', 'humanoid', 'none']);
    expect([...mirrorJoints(joints.map((j) => ({ ...j, humanBone: null }))).mirror]).toEqual([2, 1, 0]);
  });
});
