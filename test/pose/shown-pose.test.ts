import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';

async function open(convention: Parameters<typeof exportedGlb>[0]) {
  const editor = new Editor();
  await editor.load({ name: `${convention}.glb`, bytes: await exportedGlb(convention) });
  return editor;
}

describe('what the status bar says about the shown pose', () => {
  it('a file whose rest pose is not its bind pose says the mesh is drawn as engines draw it', async () => {
    const editor = await open('z-up-root');
    const r = editor.pose.describeShown();
    expect(r.shown).toBe('rest');
    expect(r.restDiffersFromBind).toBe(true);
    expect(r.label).toBe('Rest pose · drawn as engines draw it');
    expect(r.detail).toMatch(/rest pose .* is not its bind pose/);
    editor.pose.resetAll('bind');
    expect(editor.pose.describeShown().label).toBe('Bind pose (as the IBMs say)');
    editor.pose.setJointRotation('LeftArm', [0, 0, 30]);
    expect(editor.pose.describeShown().shown).toBe('posed');
  });

  it('names skinned mesh nodes whose transform engines ignore', async () => {
    const r = (await open('mesh-node-trs')).pose.describeShown();
    expect(r.restDiffersFromBind).toBe(false);
    expect(r.ignoredMeshTransforms).toEqual(['MannequinBody']);
    expect(r.detail).toMatch(/MannequinBody carries a transform that glTF tells engines to ignore/);
  });

  it('says nothing special for a file whose rest pose is its bind pose', async () => {
    const r = (await open('multi-skin')).pose.describeShown();
    expect(r.restDiffersFromBind).toBe(false);
    expect(r.ignoredMeshTransforms).toEqual([]);
    expect(r.label).toBe('Rest pose');
  });
});
