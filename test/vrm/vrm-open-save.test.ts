/**
 * A .vrm opened and saved through the editor (what the app's Open, drop and Export dialog call):
 * the editor says which VRM and whose avatar, a .vrm is chosen as the main file among several,
 * export writes `<name>.vrm` (a GLB) with its VRM checked, and a file that is no VRM is refused
 * as .vrm output with a message that says why and what to do.
 */
import { describe, expect, it } from 'vitest';
import { toInputFiles } from '../../app/io/file-input.ts';
import { Editor } from '../../src/editor/editor.ts';
import { exportBaseName } from '../../src/gltf/export/export-document.ts';
import { containerOf, resolveExportOptions } from '../../src/gltf/export/export-options.ts';
import { readGltfJson } from '../../src/gltf/read-document.ts';
import { VrmExportError } from '../../src/vrm/vrm-document.ts';
import { describeVrm, readVrm } from '../../src/vrm/vrm-json.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';
import { mannequinVrm } from '../support/vrm-fixtures.ts';

const named = (name: string, bytes: Uint8Array) => ({ name, bytes: async () => bytes });

describe('a .vrm in the editor', () => {
  it.each([
    ['1.0', 'VRM 1.0 · Skinsmith Mannequin'],
    ['0.x', 'VRM 0.0 (0.x) · Skinsmith Mannequin Zero'],
  ] as const)('VRM %s opens; the editor says which VRM and whose avatar', async (version, label) => {
    const bytes = await mannequinVrm({ version, targetVertices: 1500 });
    const editor = new Editor();
    await editor.load(await toInputFiles([named('notes.png', new Uint8Array([1])), named('Av.vrm', bytes)]));
    expect(editor.fileName).toBe('Av.vrm');
    const vrm = editor.vrm!;
    expect(describeVrm(vrm)).toBe(label);
    // Human bones name joints of the model.
    expect(editor.model!.joints.get(vrm.humanBones.get('leftUpperArm')!)?.name).toBe('LeftArm');
  });

  it('exports <name>.vrm, a GLB whose VRM is read back consistent', async () => {
    const bytes = await mannequinVrm({ version: '1.0', targetVertices: 1500 });
    const editor = new Editor();
    await editor.load({ name: 'Avatar.vrm', bytes });
    const result = await editor.export({ format: 'vrm' });
    expect(result.fileName).toBe('Avatar.vrm');
    expect(result.format).toBe('vrm');
    expect(new TextDecoder().decode(result.bytes!.subarray(0, 4))).toBe('glTF');
    expect(result.validation.newErrors).toBe(0);
    expect(result.vrm).toMatchObject({ version: '1.0', name: 'Skinsmith Mannequin', problems: [] });
    expect(readVrm(readGltfJson('Avatar.vrm', result.bytes!))!.humanBones).toEqual(editor.vrm!.humanBones);
    // As .glb the VRM is kept too (a VRM app reads it renamed), and reported.
    const glb = await editor.export({ format: 'glb' });
    expect(glb.fileName).toBe('Avatar.glb');
    expect(glb.vrm?.problems).toEqual([]);
  });

  it('refuses .vrm output for a file that is no VRM, saying why; other formats of it report no VRM', async () => {
    const editor = new Editor();
    await editor.load({ name: 'Plain.glb', bytes: await exportedGlb('mesh-node-trs', 1500) });
    expect(editor.vrm).toBeNull();
    await expect(editor.export({ format: 'vrm' })).rejects.toThrow(VrmExportError);
    await expect(editor.export({ format: 'vrm' })).rejects.toThrow(
      /only a VRM avatar can be saved as \.vrm: this file has no VRM humanoid map/,
    );
    expect((await editor.export({ format: 'glb' })).vrm).toBeNull();
  });

  it('the format options: vrm is a GLB; names lose .vrm', () => {
    expect(resolveExportOptions({ format: 'vrm' }).format).toBe('vrm');
    expect(() => resolveExportOptions({ format: 'fbx' as never })).toThrow(/must be glb, gltf or vrm/);
    expect(containerOf('vrm')).toBe('glb');
    expect(containerOf('gltf')).toBe('gltf');
    expect(exportBaseName('dir/Alicia.VRM')).toBe('Alicia');
  });
});
