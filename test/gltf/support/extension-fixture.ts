/**
 * A skinned GLB carrying what glTF-Transform does not keep on read: vendor extensions on the root,
 * a node, a material and a texture, a KHR_animation_pointer channel, named textures and samplers.
 */
import { Format, WebIO } from '@gltf-transform/core';
import { packGlb } from '../../../src/gltf/export/write-export.ts';
import { makeSkinnedDocument } from './skinned-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand, as a file's author would
type Json = Record<string, any>;

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
export const POINTER = '/materials/0/pbrMetallicRoughness/baseColorFactor';

/** The source; `lossy` adds a vendor extension on an accessor (export re-lays accessors out). */
export async function sourceGlb(lossy = false): Promise<Uint8Array> {
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
  // The colour animation (the skinned strip's own clip comes first).
  j.animations.find((a: Json) => a.name === 'Blink').channels[0].target = {
    path: 'pointer',
    extensions: { KHR_animation_pointer: { pointer: POINTER } },
  };
  j.textures[0].name = 'AlbedoTex';
  j.textures[0].extras = { painter: 'ada' };
  j.samplers[0].name = 'LinearSampler';
  j.samplers[0].extras = { note: 'mag only' };
  j.textures[0].extensions = { EXT_vendor_thing: { compressedTwin: 'albedo.ktx2' } };
  if (lossy) j.accessors[0].extensions = { EXT_vendor_quantised: { bits: 11 } };
  if (lossy) j.extensionsUsed.push('EXT_vendor_quantised');
  return packGlb(j as never, Object.values(resources)[0]);
}
