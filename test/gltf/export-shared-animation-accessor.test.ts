/**
 * A malformed source whose animation sampler reads an accessor that is also a vertex attribute:
 * glTF-Transform writes vertex attributes in strided views, so the export would gain a new
 * ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE error. Export gives the sampler its own copy.
 */
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportAndValidate } from '../../src/gltf/export/export-and-validate.ts';
import { makeSkinnedDocument } from './support/skinned-fixture.ts';

async function sharedAccessorGlb(): Promise<Uint8Array> {
  const doc = makeSkinnedDocument();
  const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
  const n = prim.getAttribute('POSITION')!.getCount();
  const times = new Float32Array(n).map((_, i) => i / 10);
  const buffer = doc.getRoot().listBuffers()[0];
  const time = doc.createAccessor('time').setType('SCALAR').setArray(times).setBuffer(buffer);
  prim.setAttribute('_TIME', time);
  const rotations = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) rotations[i * 4 + 3] = 1;
  const output = doc.createAccessor('rot').setType('VEC4').setArray(rotations).setBuffer(buffer);
  const joint = doc.getRoot().listSkins()[0].listJoints()[1];
  const sampler = doc.createAnimationSampler().setInput(time).setOutput(output);
  const channel = doc
    .createAnimationChannel()
    .setTargetNode(joint)
    .setTargetPath('rotation')
    .setSampler(sampler);
  doc.createAnimation('Shared').addSampler(sampler).addChannel(channel);
  return new WebIO().writeBinary(doc);
}

describe('an animation sampler sharing a vertex attribute accessor', () => {
  it('exports without a new error, and the document is as before', async () => {
    const bytes = await sharedAccessorGlb();
    const model = await new Editor().load({ name: 'Shared.glb', bytes });
    const sampler = model.document.getRoot().listAnimations()[0].listSamplers()[0];
    const input = sampler.getInput();
    const result = await exportAndValidate(
      model,
      { sourceName: 'Shared.glb' },
      { name: 'Shared.glb', bytes },
    );
    const codes = result.validation.messages?.map((m: { code: string }) => m.code) ?? [];
    expect(codes).not.toContain('ANIMATION_SAMPLER_ACCESSOR_WITH_BYTESTRIDE');
    expect(result.validation.newErrors).toBe(0);
    expect(sampler.getInput()).toBe(input);
  });
});
