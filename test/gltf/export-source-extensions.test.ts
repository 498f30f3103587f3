/**
 * Export keeps what glTF-Transform drops on read: a vendor extension on the root, a node and a
 * material, a KHR_animation_pointer channel's pointer, and the name/extras of textures[] and
 * samplers[]; it says what it could not keep.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { POINTER, sourceGlb } from './support/extension-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON read back, checked by hand
type Json = Record<string, any>;

function glbJson(bytes: Uint8Array): Json {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

describe('export keeps source extensions glTF-Transform does not implement', () => {
  it('writes back vendor extensions, the animation pointer and texture/sampler names; valid', async () => {
    const bytes = await sourceGlb();
    const model = await new Editor().load({ name: 'Ext.glb', bytes });
    const result = await exportAndValidate(model, { sourceName: 'Ext.glb' }, { name: 'Ext.glb', bytes });
    const out = glbJson(result.bytes!);
    expect(out.extensions.EXT_vendor_thing).toEqual({ version: 3 });
    expect(out.nodes[0].extensions.EXT_vendor_thing).toEqual({ tag: 'hero' });
    expect(out.materials[0].extensions.EXT_vendor_thing).toEqual({ shader: 'toon' });
    expect(out.animations.find((a: Json) => a.name === 'Blink').channels[0].target).toEqual({
      path: 'pointer',
      extensions: { KHR_animation_pointer: { pointer: POINTER } },
    });
    expect(out.extensionsUsed).toEqual(expect.arrayContaining(['EXT_vendor_thing', 'KHR_animation_pointer']));
    expect(out.textures[0]).toMatchObject({ name: 'AlbedoTex', extras: { painter: 'ada' } });
    expect(out.samplers[0]).toMatchObject({ name: 'LinearSampler', extras: { note: 'mag only' } });
    expect(out.textures[0].extensions.EXT_vendor_thing).toEqual({ compressedTwin: 'albedo.ktx2' });
    expect(result.extensions.restored).toEqual(['EXT_vendor_thing', 'KHR_animation_pointer']);
    expect(result.extensions.dropped).toEqual([]);
    expect(result.validation.newErrors).toBe(0);
    // A second export starts from the same state.
    const again = await exportAndValidate(model, { sourceName: 'Ext.glb' }, null);
    expect(glbJson(again.bytes!).nodes[0].extensions.EXT_vendor_thing).toEqual({ tag: 'hero' });
  });

  it('says which extensions it cannot write back, and where (an accessor re-laid out)', async () => {
    const bytes = await sourceGlb(true);
    const model = await new Editor().load({ name: 'Ext.glb', bytes });
    const result = await exportAndValidate(model, { sourceName: 'Ext.glb' }, null);
    expect(result.extensions.dropped).toEqual(['EXT_vendor_quantised (accessors[0])']);
    expect(result.extensions.restored).toEqual(['EXT_vendor_thing', 'KHR_animation_pointer']);
    expect(glbJson(result.bytes!).extensionsUsed).not.toContain('EXT_vendor_quantised');
  });
});
