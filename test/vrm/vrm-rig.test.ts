/**
 * The rig of a static mesh written as a VRM avatar (issue 30 item 4): `skinsmith rig IN -o
 * OUT.vrm` and `editor.rig.rig({ vrm })` write a minimal valid VRMC_vrm (meta with name, authors
 * and licenseUrl; the humanoid map from the template's Mixamo names), checkVrm clean, and the
 * avatar then saves as .vrm like one opened from a file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { REQUIRED_VRM_BONES } from '../../src/vrm/vrm-bones.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';
import { readVrm } from '../../src/vrm/vrm-json.ts';
import { staticMannequin } from '../skeleton/support/static-fixture.ts';
import { runCli as run } from '../support/run-cli.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

let dir: string;
let input: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'skinsmith-vrm-rig-'));
  input = join(dir, 'Static.glb');
  writeFileSync(input, await new WebIO().writeBinary(staticMannequin({ build: 'average', pose: 'A' }, 2500)));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every human bone names the template joint of its Mixamo name. */
function expectMixamoMap(json: Json) {
  const vrm = readVrm(json)!;
  const named = Object.fromEntries([...vrm.humanBones].map(([b, n]) => [b, json.nodes[n].name]));
  for (const bone of REQUIRED_VRM_BONES) expect(named[bone], bone).toBeDefined();
  expect(named).toMatchObject({
    hips: 'Hips',
    chest: 'Spine1',
    upperChest: 'Spine2',
    leftUpperArm: 'LeftArm',
    rightLowerLeg: 'RightLeg',
    leftToes: 'LeftToeBase',
  });
  return vrm;
}

describe('skinsmith rig -o OUT.vrm', () => {
  it('writes a VRM 1.0 avatar: meta, the humanoid map of the rig, checkVrm clean, validate clean', async () => {
    const out = join(dir, 'Robin.vrm');
    const r = await run('rig', input, '-o', out, '--fingers', '5', '--vrm-author', 'A. Rigger');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).vrm).toMatchObject({ version: '1.0', name: 'Robin', problems: [] });
    const json = readGltfJson(out, new Uint8Array(readFileSync(out))) as Json;
    expect(json.extensionsUsed).toContain('VRMC_vrm');
    expect(json.extensions.VRMC_vrm.meta).toEqual({
      name: 'Robin',
      authors: ['A. Rigger'],
      licenseUrl: 'https://vrm.dev/licenses/1.0/',
    });
    const vrm = expectMixamoMap(json);
    expect(json.nodes[vrm.humanBones.get('leftIndexIntermediate')!].name).toBe('LeftHandIndex2');
    expect(checkVrm(json)).toEqual([]);
    const v = await run('validate', out);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.stdout).vrm.problems).toEqual([]);
  });

  it('-o OUT.glb writes no VRM; --vrm-name names the avatar', async () => {
    const glb = join(dir, 'plain.glb');
    expect((await run('rig', input, '-o', glb)).code).toBe(0);
    expect(readVrm(readGltfJson(glb, new Uint8Array(readFileSync(glb))))).toBeNull();
    const out = join(dir, 'x.vrm');
    expect((await run('rig', input, '-o', out, '--vrm-name', 'Kit')).code).toBe(0);
    expect(readVrm(readGltfJson(out, new Uint8Array(readFileSync(out))))?.name).toBe('Kit');
  });
});

describe('editor.rig.rig({ vrm })', () => {
  it('makes the file a VRM avatar (one undo step) that exports as .vrm; undo takes the map away', async () => {
    const editor = new Editor();
    editor.loadDocument(staticMannequin({ build: 'average', pose: 'A' }, 2500), 'Static.glb');
    await editor.rig.rig({ method: 'closest', resolution: 48, vrm: true }).promise;
    expect(editor.vrm).toMatchObject({ version: '1.0', name: 'Static' });
    const result = await editor.export({ format: 'vrm' });
    expect(result.fileName).toBe('Static.vrm');
    expect(result.vrm?.problems).toEqual([]);
    expectMixamoMap(readGltfJson('Static.vrm', result.bytes!) as Json);
    editor.undo();
    expect(editor.vrm).toBeNull();
    await expect(editor.rig.rig({ template: 'chain', vrm: true }).promise).rejects.toThrow(
      /humanoid template/,
    );
  });
});
