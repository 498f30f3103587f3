/**
 * Export keeps what glTF-Transform drops on read: a vendor extension on the root, a node and a
 * material, a KHR_animation_pointer channel's pointer, and the name/extras of textures[] and
 * samplers[]; it says what it could not keep.
 */
import { Format, WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export-and-validate.ts';
import { packGlb } from '../../src/gltf/write-export.ts';
import { makeSkinnedDocument } from './support/skinned-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand, as a file's author would
type Json = Record<string, any>;

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const POINTER = '/materials/0/pbrMetallicRoughness/baseColorFactor';

async function sourceGlb(): Promise<Uint8Array> {
  const doc = makeSkinnedDocument();
  const root = doc.getRoot();
  const buffer = root.listBuffers()[0];
  const material = doc.createMaterial('Skin');
  for (const prim of root.listMeshes()[0].listPrimitives()) prim.setMaterial(material);
  const texture = doc.createTexture('albedo').setImage(PNG).setMimeType('image/png');
  material.setBaseColorTexture(texture);
  material.getBaseColorTextureInfo()!.setMagFilter(9729);
  // A colour animation, written as a rotation channel and turned into a pointer channel below.
  const times = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  const colors = doc
    .createAccessor()
    .setType('VEC4')
    .setArray(new Float32Array([1, 0, 0, 1, 0, 0, 1, 1]))
    .setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(times).setOutput(colors);
  const channel = doc
    .createAnimationChannel()
    .setTargetNode(root.listNodes()[0])
    .setTargetPath('rotation')
    .setSampler(sampler);
  doc.createAnimation('Blink').addSampler(sampler).addChannel(channel);
  const { json, resources } = await new WebIO().writeJSON(doc, { format: Format.GLB });
  const j = json as Json;
  j.extensionsUsed = [...(j.extensionsUsed ?? []), 'EXT_vendor_thing', 'KHR_animation_pointer'];
  j.extensions = { ...(j.extensions ?? {}), EXT_vendor_thing: { version: 3 } };
  j.nodes[0].extensions = { EXT_vendor_thing: { tag: 'hero' } };
  j.materials[0].extensions = { ...(j.materials[0].extensions ?? {}), EXT_vendor_thing: { shader: 'toon' } };
  j.animations[0].channels[0].target = {
    path: 'pointer',
    extensions: { KHR_animation_pointer: { pointer: POINTER } },
  };
  j.textures[0].name = 'AlbedoTex';
  j.textures[0].extras = { painter: 'ada' };
  j.samplers[0].name = 'LinearSampler';
  j.samplers[0].extras = { note: 'mag only' };
  return packGlb(j as never, Object.values(resources)[0]);
}

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
    expect(out.animations[0].channels[0].target).toEqual({
      path: 'pointer',
      extensions: { KHR_animation_pointer: { pointer: POINTER } },
    });
    expect(out.extensionsUsed).toEqual(expect.arrayContaining(['EXT_vendor_thing', 'KHR_animation_pointer']));
    expect(out.textures[0]).toMatchObject({ name: 'AlbedoTex', extras: { painter: 'ada' } });
    expect(out.samplers[0]).toMatchObject({ name: 'LinearSampler', extras: { note: 'mag only' } });
    expect(result.extensions.restored).toEqual(['EXT_vendor_thing', 'KHR_animation_pointer']);
    expect(result.extensions.dropped).toEqual([]);
    expect(result.validation.newErrors).toBe(0);
    // A second export starts from the same state.
    const again = await exportAndValidate(model, { sourceName: 'Ext.glb' }, null);
    expect(glbJson(again.bytes!).nodes[0].extensions.EXT_vendor_thing).toEqual({ tag: 'hero' });
  });
});
