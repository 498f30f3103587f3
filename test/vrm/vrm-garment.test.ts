/**
 * A garment added to a VRM avatar, and weights transferred onto a mesh of the avatar (issue 30
 * item 3): the VRM survives the editor's working copy, and every node and mesh index its
 * extensions hold follows the nodes and meshes skinning adds and removes (create-skin's
 * moveToSceneRoot re-makes an unskinned mesh's node at the scene root and bakes its mesh).
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { buildGarment, garmentToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { mannequinData } from '../support/exporter-fixtures.ts';
import { mannequinVrm } from '../support/vrm-fixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

async function jacketFile() {
  const garment = buildGarment('jacket', mannequinData(3000), { style: 'remeshed', spacing: 0.03 });
  return { name: 'jacket.glb', bytes: await new WebIO().writeBinary(garmentToDocument(garment)) };
}

/** Every node index a VRM names, as the name of the node (what must stay the same). */
function namedIndices(j: Json): unknown {
  const name = (i: number) => j.nodes[i]?.name;
  const ext = j.extensions;
  if (ext.VRMC_vrm) {
    const v = ext.VRMC_vrm;
    const s = ext.VRMC_springBone;
    return {
      bones: Object.fromEntries(
        Object.entries(v.humanoid.humanBones as Record<string, Json>).map(([b, x]: [string, Json]) => [
          b,
          name(x.node),
        ]),
      ),
      annotations: v.firstPerson.meshAnnotations.map((a: Json) => name(a.node)),
      binds: Object.values(v.expressions.preset as Record<string, Json>).map((e: Json) =>
        e.morphTargetBinds?.map((b: Json) => name(b.node)),
      ),
      joints: s.springs.map((sp: Json) => sp.joints.map((x: Json) => name(x.node))),
      colliders: s.colliders.map((c: Json) => name(c.node)),
      constraints: j.nodes.flatMap((n: Json) => {
        const c = n.extensions?.VRMC_node_constraint?.constraint;
        return c ? [[n.name, name((c.roll ?? c.rotation ?? c.aim).source)]] : [];
      }),
    };
  }
  const v = ext.VRM;
  const mesh = (i: number) => j.meshes[i]?.name;
  return {
    bones: v.humanoid.humanBones.map((b: Json) => [b.bone, name(b.node)]),
    firstPerson: name(v.firstPerson.firstPersonBone),
    annotations: v.firstPerson.meshAnnotations.map((a: Json) => mesh(a.mesh)),
    binds: v.blendShapeMaster.blendShapeGroups.map((g: Json) =>
      g.binds.map((b: Json) => [mesh(b.mesh), b.index]),
    ),
    springs: v.secondaryAnimation.boneGroups.map((g: Json) => g.bones.map(name)),
    colliders: v.secondaryAnimation.colliderGroups.map((g: Json) => name(g.node)),
  };
}

async function openVrm(version: '1.0' | '0.x', accessory = false) {
  const bytes = await mannequinVrm({ version, accessory });
  const editor = new Editor();
  await editor.load({ name: 'Avatar.vrm', bytes });
  return { editor, source: readGltfJson('Avatar.vrm', bytes) as Json };
}

async function exportVrm(editor: Editor) {
  const result = await editor.export({ format: 'vrm' });
  expect(result.validation.newErrors).toBe(0);
  return readGltfJson(result.fileName, result.bytes!) as Json;
}

describe.each(['1.0', '0.x'] as const)('VRM %s', (version) => {
  it('Add to this character: the jacket joins the avatar skinned; every VRM extension is written back as it was', async () => {
    const { editor, source } = await openVrm(version);
    const report = await editor.addToCharacter(await jacketFile()).promise;
    expect(report.targets.length).toBeGreaterThan(0);
    const json = await exportVrm(editor);
    expect(checkVrm(json)).toEqual([]);
    // The jacket's nodes and mesh come after the avatar's: nothing the VRM names moved.
    expect(JSON.stringify(json.extensions)).toBe(JSON.stringify(source.extensions));
    expect(json.nodes.some((n: Json) => /jacket/i.test(n.name ?? ''))).toBe(true);
    expect(readVrm(json)!.humanBones).toEqual(readVrm(source)!.humanBones);
    // Undo takes the jacket away and leaves the VRM as it was.
    editor.undo();
    expect(JSON.stringify((await exportVrm(editor)).extensions)).toBe(JSON.stringify(source.extensions));
  });

  it('weights transferred onto the glasses (moved to the scene root): spring joints, constraints and meshes renumbered', async () => {
    const { editor, source } = await openVrm(version, true);
    const glasses = source.nodes.findIndex((n: Json) => n.name === 'Glasses');
    const hair = source.nodes.findIndex((n: Json) => n.name === 'Hair1');
    expect(glasses).toBeLessThan(hair);
    await editor.transferWeights({ targets: ['Glasses'] }).promise;
    const json = await exportVrm(editor);
    // The glasses' node went to the end of nodes[] and its mesh to the end of meshes[]...
    expect(json.nodes.findIndex((n: Json) => n.name === 'Glasses')).toBe(json.nodes.length - 1);
    expect(json.nodes[json.nodes.length - 1].skin).toBeDefined();
    expect(json.meshes.at(-1).name).toBe('Glasses');
    expect(json.nodes.findIndex((n: Json) => n.name === 'Hair1')).toBe(hair - 1);
    // ...and everything the VRM names still names what it named.
    expect(checkVrm(json)).toEqual([]);
    expect(namedIndices(json)).toEqual(namedIndices(source));
  });
});
