/**
 * Animation clips sampled into a Pose: STEP, LINEAR (slerp) and CUBICSPLINE on hand-made
 * channels; CesiumMan at t = 0 equals its first keyframes, and its frames match the auto-bind
 * quality metrics' independent NodePoser.
 */
import type { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { readClips } from '../../src/pose/animation.ts';
import { Pose } from '../../src/pose/pose.ts';
import { PoseMatrices } from '../../src/pose/pose-matrices.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { NodePoser } from '../support/node-poser.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from '../support/shared-models.ts';
import { makeRigDocument } from './rig-fixture.ts';

function animatedDocument(): Document {
  const doc = makeRigDocument({
    joints: [
      { name: 'root', parent: -1 },
      { name: 'arm', parent: 0, translation: [1, 0, 0] },
    ],
    positions: [0, 0, 0, 1, 0, 0, 2, 0, 0],
    influences: [[[0, 1]], [[1, 1]], [[1, 1]]],
  });
  const buffer = doc.getRoot().listBuffers()[0];
  const acc = (array: Float32Array, type: 'SCALAR' | 'VEC3' | 'VEC4') =>
    doc.createAccessor().setBuffer(buffer).setType(type).setArray(array);
  const [root, arm] = doc.getRoot().listNodes();
  const anim = doc.createAnimation('Test');
  const channel = (
    node: typeof root,
    path: 'translation' | 'rotation' | 'scale',
    interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE',
    times: number[],
    values: number[],
    type: 'VEC3' | 'VEC4',
  ) => {
    const sampler = doc
      .createAnimationSampler()
      .setInput(acc(new Float32Array(times), 'SCALAR'))
      .setOutput(acc(new Float32Array(values), type))
      .setInterpolation(interpolation);
    anim
      .addSampler(sampler)
      .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  };
  channel(root, 'translation', 'STEP', [0, 1, 2], [0, 0, 0, 5, 0, 0, 9, 0, 0], 'VEC3');
  channel(arm, 'rotation', 'LINEAR', [0, 2], [0, 0, 0, 1, 0, 0, 1, 0], 'VEC4'); // 0° → 180° about Z
  // Cubic: value 0 → 1 on x with zero tangents (smoothstep), [in, value, out] per keyframe.
  channel(
    arm,
    'scale',
    'CUBICSPLINE',
    [0, 2],
    [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0],
    'VEC3',
  );
  return doc;
}

describe('animation clips', () => {
  const doc = animatedDocument();
  const model = buildSkinnedModel(doc);
  const skeleton = skeletonOf(model);
  const clips = readClips(doc, skeleton);
  const pose = new Pose(skeleton.size);
  const matrices = new PoseMatrices(skeleton);
  const trs = new Float64Array(10);
  const at = (t: number, name: string) => {
    clips[0].sample(t, pose);
    matrices.trsOf(pose, skeleton.names.indexOf(name), trs);
    return [...trs];
  };

  it('lists the clip with its name and duration', () => {
    expect(clips.map((c) => [c.name, c.duration, c.start])).toEqual([['Test', 2, 0]]);
  });

  it('STEP holds each keyframe until the next', () => {
    expect(at(0.99, 'root').slice(0, 3)).toEqual([0, 0, 0]);
    expect(at(1, 'root').slice(0, 3)).toEqual([5, 0, 0]);
    expect(at(1.5, 'root').slice(0, 3)).toEqual([5, 0, 0]);
    expect(at(7, 'root').slice(0, 3)).toEqual([9, 0, 0]); // clamped past the end
  });

  it('LINEAR rotations slerp (half-way between 0° and 180° about Z is 90°)', () => {
    const q = at(1, 'arm').slice(3, 7);
    expect(q[2]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(q[3]).toBeCloseTo(Math.SQRT1_2, 6);
    // The arm keeps its rest translation: the clip does not drive it.
    expect(at(1, 'arm').slice(0, 3)).toEqual([1, 0, 0]);
  });

  it('CUBICSPLINE follows the Hermite curve (zero tangents: smoothstep)', () => {
    expect(at(0, 'arm')[7]).toBeCloseTo(1, 9);
    expect(at(1, 'arm')[7]).toBeCloseTo(1.5, 9);
    expect(at(0.5, 'arm')[7]).toBeCloseTo(1 + (3 * 0.25 ** 2 - 2 * 0.25 ** 3), 9);
    expect(at(2, 'arm')[7]).toBeCloseTo(2, 9);
  });
});

if (!HAVE_SHARED_MODELS)
  console.warn('animation tests: ../shared/models is absent; the shared-model cases are skipped.');

describe.skipIf(!HAVE_SHARED_MODELS)('CesiumMan walk (../shared/models)', () => {
  it('at t = 0 every animated node is at its first keyframe; frames match NodePoser', async () => {
    if (!HAVE_SHARED_MODELS) return;
    const document = await readDocument(readSharedModel('CesiumMan/CesiumMan.glb'));
    const model = buildSkinnedModel(document);
    const skeleton = skeletonOf(model);
    const clips = readClips(document, skeleton);
    expect(clips.length).toBe(1);
    expect(clips[0].duration).toBeGreaterThan(1);
    const pose = new Pose(skeleton.size);
    const matrices = new PoseMatrices(skeleton);
    clips[0].sample(0, pose);
    matrices.update(pose);
    const trs = new Float64Array(10);
    for (const ch of clips[0].channels) {
      matrices.trsOf(pose, ch.slot, trs);
      const size = ch.path === 'rotation' ? 4 : 3;
      const off = ch.path === 'translation' ? 0 : ch.path === 'rotation' ? 3 : 7;
      const sign = ch.path === 'rotation' && trs[off + 3] * ch.values[3] < 0 ? -1 : 1;
      for (let c = 0; c < size; c++) expect(trs[off + c] * sign).toBeCloseTo(ch.values[c], 5);
    }
    const poser = new NodePoser(document);
    for (const t of [0, 0.3, 0.77, 1.5, clips[0].duration]) {
      clips[0].sample(t, pose);
      matrices.update(pose);
      const world = poser.pose(0, t);
      for (let s = 0; s < skeleton.size; s++) {
        const id = skeleton.nodeIds[s];
        for (let k = 0; k < 16; k++) expect(matrices.world[s * 16 + k]).toBeCloseTo(world[id * 16 + k], 4);
      }
    }
  });
});
