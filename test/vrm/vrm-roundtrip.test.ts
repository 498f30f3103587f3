/**
 * VRM avatars through Skinsmith (issue 30): opened, painted, their skeletons edited and exported,
 * every VRM extension the editor did not touch comes back byte for byte, the ones a skeleton edit
 * touched come back renumbered and consistent (checkVrm), and a required human bone cannot be
 * deleted. VRM 1.0 and 0.x mannequins made in code (test/support/vrm-fixtures.ts).
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { SkeletonEditError } from '../../src/skeleton/skeleton-edit-error.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { mannequinVrm } from '../support/vrm-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

function glbJson(bytes: Uint8Array): Json {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + view.getUint32(12, true))));
}

async function open(version: '1.0' | '0.x') {
  const bytes = await mannequinVrm({ version });
  const editor = new Editor();
  await editor.load({ name: `Mannequin${version}.vrm`, bytes });
  return { editor, bytes, source: glbJson(bytes) };
}

async function exported(editor: Editor, bytes: Uint8Array) {
  const result = await exportAndValidate(editor.model!, { sourceName: 'M.vrm' }, { name: 'M.vrm', bytes });
  return { result, json: glbJson(result.bytes!) };
}

describe.each(['1.0', '0.x'] as const)('VRM %s', (version) => {
  it('the fixture is a consistent VRM', async () => {
    const { source } = await open(version);
    expect(checkVrm(source)).toEqual([]);
    const info = readVrm(source)!;
    expect(info.version).toBe(version);
    expect(info.humanBones.size).toBeGreaterThan(40);
  });

  it('an export without edits writes every VRM extension back byte for byte, morph targets and names too', async () => {
    const { editor, bytes, source } = await open(version);
    const { result, json } = await exported(editor, bytes);
    expect(result.validation.newErrors).toBe(0);
    // The validator knows no VRM: it says so (unsupported extensions), and nothing new besides.
    const newWarnings = result.validation.messages.filter(
      (m) => m.origin === 'new' && (m.severity === 'error' || m.severity === 'warning'),
    );
    expect(newWarnings.map((m) => m.code)).toEqual([]);
    expect(result.extensions.dropped).toEqual([]);
    expect(JSON.stringify(json.extensions)).toBe(JSON.stringify(source.extensions));
    const nodeExt = (j: Json) => j.nodes.map((n: Json) => JSON.stringify(n.extensions ?? null));
    expect(nodeExt(json)).toEqual(nodeExt(source));
    expect(JSON.stringify(json.materials[0].extensions)).toBe(JSON.stringify(source.materials[0].extensions));
    // Textures the extensions name by index are where they were (MToon's matcap is used by MToon alone).
    expect(json.textures.map((t: Json) => [t.source, t.name])).toEqual(
      source.textures.map((t: Json) => [t.source, t.name]),
    );
    expect(json.images.map((i: Json) => i.name)).toEqual(source.images.map((i: Json) => i.name));
    expect(json.meshes[0].extras).toEqual({ targetNames: ['aa', 'blink'] });
    expect(json.meshes[0].primitives[0].targets).toHaveLength(2);
    expect(checkVrm(json)).toEqual([]);
  });

  it('a brush stroke changes weights and nothing of the VRM', async () => {
    const { editor, bytes, source } = await open(version);
    editor.selectJoint('LeftForeArm');
    const prim = editor.model!.primitives[0];
    const v = Array.from({ length: prim.weights.vertexCount }, (_, i) => i).find(
      (i) => prim.positions[i * 3] > 0.45 && prim.positions[i * 3 + 1] > 1.3,
    )!;
    editor.setInfluence(0, v, 'LeftForeArm', 0.5);
    const { json } = await exported(editor, bytes);
    expect(JSON.stringify(json.extensions)).toBe(JSON.stringify(source.extensions));
    expect(checkVrm(json)).toEqual([]);
  });

  it('deleting an optional finger joint removes it from the map, renumbers the rest; undo gives it back', async () => {
    const { editor, bytes, source } = await open(version);
    const before = readVrm(source)!;
    editor.skeleton.delete('LeftHandPinky3');
    const { result, json } = await exported(editor, bytes);
    expect(result.validation.newErrors).toBe(0);
    expect(checkVrm(json)).toEqual([]);
    const after = readVrm(json)!;
    expect(after.humanBones.has('leftLittleDistal')).toBe(false);
    // Every other bone still names the node of the same name.
    const names = (j: Json) => (i: number) => j.nodes[i].name;
    for (const [bone, node] of before.humanBones) {
      if (bone === 'leftLittleDistal') continue;
      expect(names(json)(after.humanBones.get(bone)!), bone).toBe(names(source)(node));
    }
    editor.undo();
    const back = await exported(editor, bytes);
    expect(JSON.stringify(back.json.extensions)).toBe(JSON.stringify(source.extensions));
  });

  it('deleting a required human bone is refused with the reason, and nothing changes', async () => {
    const { editor, bytes, source } = await open(version);
    for (const joint of ['LeftHand', 'Head', 'Spine', 'RightLeg']) {
      expect(() => editor.skeleton.delete(joint)).toThrow(SkeletonEditError);
      expect(() => editor.skeleton.delete(joint)).toThrow(/every VRM must have/);
    }
    expect(editor.history.canUndo).toBe(false);
    const { json } = await exported(editor, bytes);
    expect(JSON.stringify(json.extensions)).toBe(JSON.stringify(source.extensions));
  });

  it('deleting a spring joint takes it out of its chain and says so; the rest stays consistent', async () => {
    const { editor, bytes } = await open(version);
    const reports = editor.skeleton.delete('Hair1');
    expect(reports.flatMap((r) => r.notes).join('\n')).toMatch(/VRM spring bones/);
    const { json } = await exported(editor, bytes);
    expect(checkVrm(json)).toEqual([]);
    const name = (i: number) => json.nodes[i].name;
    if (version === '1.0') {
      const joints = json.extensions.VRMC_springBone.springs[0].joints.map((j: Json) => name(j.node));
      expect(joints).toEqual(['Hair2', 'Hair3']);
    } else {
      // 0.x lists the roots of chains: Hair1's child roots it now.
      expect(json.extensions.VRM.secondaryAnimation.boneGroups[0].bones.map(name)).toEqual(['Hair2']);
    }
  });

  it('adding and re-parenting joints keep every index right', async () => {
    const { editor, bytes, source } = await open(version);
    editor.skeleton.add('Head', [0, 1.8, 0.1], 'HatTip');
    editor.skeleton.reparent('Hair3', 'Hair1');
    const { json } = await exported(editor, bytes);
    expect(checkVrm(json)).toEqual([]);
    const byName = (j: Json) =>
      Object.fromEntries([...readVrm(j)!.humanBones].map(([b, n]) => [b, j.nodes[n].name]));
    expect(byName(json)).toEqual(byName(source));
  });
});

describe('VRM 1.0: what only 1.0 holds', () => {
  it("deleting a constraint's source removes the constraint, and says so", async () => {
    const { editor, bytes } = await open('1.0');
    const reports = editor.skeleton.delete('Hair2');
    expect(reports.flatMap((r) => r.notes).join('\n')).toMatch(
      /constraint on .*source was the deleted joint/,
    );
    const { json } = await exported(editor, bytes);
    const hair3 = json.nodes.find((n: Json) => n.name === 'Hair3');
    expect(hair3.extensions?.VRMC_node_constraint).toBeUndefined();
    // The forearm twist's constraint (its source the hand) is untouched, and renumbered.
    const twist = json.nodes.find((n: Json) => n.name === 'LeftForeArmTwist');
    expect(json.nodes[twist.extensions.VRMC_node_constraint.constraint.roll.source].name).toBe('LeftHand');
    expect(checkVrm(json)).toEqual([]);
  });

  it('deleting the node of a collider removes the collider, its emptied group, and renumbers the springs', async () => {
    const { editor, bytes } = await open('1.0');
    const reports = editor.skeleton.delete('LeftHandMiddle1');
    expect(reports.flatMap((r) => r.notes).join('\n')).toMatch(/collider 1 was on the deleted joint/);
    const { json } = await exported(editor, bytes);
    const springs = json.extensions.VRMC_springBone;
    expect(springs.colliders.map((c: Json) => json.nodes[c.node].name)).toEqual(['Head']);
    expect(springs.colliderGroups.map((g: Json) => g.name)).toEqual(['Head']);
    expect(springs.springs[0].colliderGroups).toEqual([0]);
    expect(checkVrm(json)).toEqual([]);
  });
});
