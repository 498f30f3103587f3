/**
 * VRM's rules on which human bones go together, through skeleton edits: a bone VRM cannot map
 * without another (a finger's distal without its intermediate, upperChest without chest) leaves
 * the map with it, with a note; VRM 0.x requires chest and neck too (deleting them is refused);
 * checkVrm reports both rules.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { SkeletonEditError } from '../../src/skeleton/skeleton-edit-error.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { mannequinVrm } from '../support/vrm-fixtures.ts';

async function open(version: '1.0' | '0.x') {
  const editor = new Editor();
  await editor.load({ name: 'M.vrm', bytes: await mannequinVrm({ version, targetVertices: 1500 }) });
  return editor;
}

async function written(editor: Editor) {
  const r = await editor.export({ format: 'vrm' });
  return readGltfJson(r.fileName, r.bytes!);
}

describe.each(['1.0', '0.x'] as const)('VRM %s', (version) => {
  it("deleting a finger's middle joint unmaps its tip too (a distal needs its intermediate), and says so", async () => {
    const editor = await open(version);
    const notes = editor.skeleton.delete('LeftHandIndex2').flatMap((r) => r.notes);
    expect(notes.join('\n')).toMatch(/leftIndexDistal bone needs leftIndexIntermediate/);
    const json = await written(editor);
    expect(checkVrm(json)).toEqual([]);
    const bones = readVrm(json)!.humanBones;
    expect(bones.has('leftIndexIntermediate')).toBe(false);
    expect(bones.has('leftIndexDistal')).toBe(false);
    expect(bones.has('leftIndexProximal')).toBe(true);
    expect(bones.has('rightIndexDistal')).toBe(true);
  });
});

describe('what each version requires', () => {
  it('VRM 1.0: deleting the chest unmaps upperChest with it; the rest stays consistent', async () => {
    const editor = await open('1.0');
    editor.skeleton.delete('Spine1');
    const json = await written(editor);
    expect(checkVrm(json)).toEqual([]);
    const bones = readVrm(json)!.humanBones;
    expect(bones.has('chest') || bones.has('upperChest')).toBe(false);
  });

  it('VRM 0.x: chest and neck are required, so deleting them is refused', async () => {
    const editor = await open('0.x');
    for (const joint of ['Spine1', 'Neck']) {
      expect(() => editor.skeleton.delete(joint)).toThrow(SkeletonEditError);
      expect(() => editor.skeleton.delete(joint)).toThrow(/every VRM must have/);
    }
    expect(editor.history.canUndo).toBe(false);
  });

  it('checkVrm: a bone mapped without the one it needs, and a 0.x file without a neck, are problems', async () => {
    const one = readGltfJson('a.vrm', await mannequinVrm({ version: '1.0', targetVertices: 1500 }));
    // biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand
    const bones = (one.extensions as any).VRMC_vrm.humanoid.humanBones;
    delete bones.chest;
    delete bones.rightThumbProximal;
    expect(checkVrm(one)).toEqual([
      'VRM humanoid: upperChest is mapped without chest, which it needs',
      'VRM humanoid: rightThumbDistal is mapped without rightThumbProximal, which it needs',
    ]);
    const zero = readGltfJson('b.vrm', await mannequinVrm({ version: '0.x', targetVertices: 1500 }));
    // biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand
    const humanoid = (zero.extensions as any).VRM.humanoid;
    humanoid.humanBones = humanoid.humanBones.filter((b: { bone: string }) => b.bone !== 'neck');
    expect(checkVrm(zero)).toEqual(['VRM humanoid: the required neck bone is not mapped']);
  });
});
