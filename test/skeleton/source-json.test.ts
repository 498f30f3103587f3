/**
 * What glTF-Transform does not model follows the skeleton's edits: KHR_animation_pointer channels
 * that animate a joint (their keys re-expressed like a regular channel's, their node index
 * renumbered after a delete, dropped with their joint) and vendor extensions on nodes (moved with
 * their node, reported when they may name nodes by index).
 */
import { Format, WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { exportDocument } from '../../src/gltf/export/export-document.ts';
import { packGlb } from '../../src/gltf/export/write-export.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { applySkeletonEdit } from '../../src/skeleton/apply-skeleton-edit.ts';
import { makeSkinnedDocument } from '../gltf/support/skinned-fixture.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand, as a file's author would
type Json = Record<string, any>;

/** The strip (Armature 0, joint0…joint9 = nodes 1…10) with a pointer channel on joint4's translation and a vendor extension on joint6. */
async function source(): Promise<Uint8Array> {
  const doc = makeSkinnedDocument({ animation: false });
  const root = doc.getRoot();
  const buffer = root.listBuffers()[0];
  const joint4 = root.listNodes().find((n) => n.getName() === 'joint4')!;
  const times = doc
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  const values = doc
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 1, 0, 0, 2, 0]))
    .setBuffer(buffer);
  const sampler = doc.createAnimationSampler().setInput(times).setOutput(values);
  const channel = doc
    .createAnimationChannel()
    .setTargetNode(joint4)
    .setTargetPath('translation')
    .setSampler(sampler);
  doc.createAnimation('Stretch').addSampler(sampler).addChannel(channel);
  const { json, resources } = await new WebIO().writeJSON(doc, { format: Format.GLB });
  const j = json as Json;
  const index = j.nodes.findIndex((n: Json) => n.name === 'joint4');
  j.extensionsUsed = ['KHR_animation_pointer', 'EXT_vendor_thing'];
  j.animations[0].channels[0].target = {
    path: 'pointer',
    extensions: { KHR_animation_pointer: { pointer: `/nodes/${index}/translation` } },
  };
  j.nodes.find((n: Json) => n.name === 'joint6').extensions = { EXT_vendor_thing: { tag: 'six' } };
  return packGlb(j as never, Object.values(resources)[0]);
}

async function open(bytes: Uint8Array) {
  return buildSkinnedModel(await readDocument({ name: 'strip.glb', bytes }));
}

function parseGlbJson(bytes: Uint8Array): Json {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const length = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

describe('source JSON under skeleton edits', () => {
  it('a pointer channel on a moved joint has its keys re-expressed like a regular one', async () => {
    const model = await open(await source());
    const joint4 = model.document
      .getRoot()
      .listNodes()
      .findIndex((n) => n.getName() === 'joint4');
    const p = model.joints.get(joint4)!.restPosition;
    const applied = applySkeletonEdit(model, { op: 'move', joint: 'joint4', to: [p[0] + 0.5, p[1], p[2]] });
    const channel = applied.model.document.getRoot().listAnimations()[0].listChannels()[0];
    expect(channel.getTargetPath()).toBe('pointer');
    expect(Array.from(channel.getSampler()!.getOutput()!.getArray()!)).toEqual([0.5, 1, 0, 0.5, 2, 0]);
  });

  it('a delete renumbers pointers and node extensions, and says what it could not check', async () => {
    const model = await open(await source());
    const nodes = model.document.getRoot().listNodes();
    const joint4 = nodes.findIndex((n) => n.getName() === 'joint4');
    const joint6 = nodes.findIndex((n) => n.getName() === 'joint6');
    const applied = applySkeletonEdit(model, { op: 'delete', joint: 'joint2' });
    expect(applied.report.notes.join('\n')).toMatch(/EXT_vendor_thing.*not renumbered/);
    const out = await exportDocument(applied.model, { format: 'glb' });
    expect(out.extensions.dropped).toEqual([]);
    const json = parseGlbJson(out.bytes!);
    expect(json.animations[0].channels[0].target.extensions.KHR_animation_pointer.pointer).toBe(
      `/nodes/${joint4 - 1}/translation`,
    );
    expect(json.nodes[joint4 - 1].name).toBe('joint4');
    expect(json.nodes[joint6 - 1].extensions.EXT_vendor_thing).toEqual({ tag: 'six' });
    expect(out.editNotes.join('\n')).toMatch(/EXT_vendor_thing/);
  });

  it("deleting the pointer's joint drops its channel, says so, and folds its motion into the child", async () => {
    const model = await open(await source());
    const applied = applySkeletonEdit(model, { op: 'delete', joint: 'joint4' });
    expect(applied.report.notes.join('\n')).toMatch(/lost the translation channel of deleted joint "joint4"/);
    const out = await exportDocument(applied.model, { format: 'glb' });
    const json = parseGlbJson(out.bytes!);
    // joint5 (now under joint3) takes joint4's stretch as keys of its own; no pointer is left.
    const channels = json.animations[0].channels;
    expect(channels).toHaveLength(1);
    expect(json.nodes[channels[0].target.node].name).toBe('joint5');
    expect(channels[0].target.path).toBe('translation');
    expect(channels[0].target.extensions).toBeUndefined();
    expect(out.extensions.dropped).toEqual([]);
  });
});
