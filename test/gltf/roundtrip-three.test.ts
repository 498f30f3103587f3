/**
 * Every export variant of every fixture and shared model, read by three.js's GLTFLoader (in Node):
 * the same nodes, bones, bone inverses, attributes and clips as the source, and the same skinned
 * vertices over a few clip frames (within float round trip, or the weights' quantisation).
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { type Consumer, describeRoundtrip, FIXTURE_CASES } from '../support/consumer-roundtrip.ts';
import { compareViews } from '../support/consumer-view.ts';
import { loadWithThree, threeSkinnedPositions, threeView } from '../support/three-consumer.ts';

const three: Consumer<GLTF> = {
  load: loadWithThree,
  view: threeView,
  skinned: threeSkinnedPositions,
  vectorAttributes: { normal: 3, tangent: 4 },
};

describeRoundtrip('three.js GLTFLoader reads every export as it read the source', three);

describe('the roundtrip comparison', () => {
  it('catches what a broken export would change: a node name, a bone inverse, a normal, a keyframe, a texture name', async () => {
    const [c] = FIXTURE_CASES.filter((f) => f.name === 'extensions');
    const source = await c.source();
    const view = threeView(await loadWithThree(source));
    const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
    const doc = await io.readBinary(source.bytes);
    const root = doc.getRoot();
    root.listNodes()[1].setName('Renamed');
    const ibm = root.listSkins()[0].getInverseBindMatrices()!;
    const m = ibm.getArray()!.slice();
    m[12] += 1e-3;
    ibm.setArray(m);
    const normal = root.listMeshes()[0].listPrimitives()[0].getAttribute('NORMAL');
    if (normal) {
      const n = normal.getArray()!.slice();
      n[0] = -n[0];
      normal.setArray(n);
    }
    const times = root.listAnimations()[0].listSamplers()[0].getInput()!;
    const t = times.getArray()!.slice();
    t[t.length - 1] += 0.5;
    times.setArray(t);
    root.listTextures()[0].setName('Other');
    const broken = threeView(await loadWithThree({ name: 'broken.glb', bytes: await io.writeBinary(doc) }));
    const found = compareViews(view, broken).join('\n');
    expect(found).toMatch(/^nodes:/m);
    expect(found).toMatch(/bone inverse/);
    expect(found).toMatch(/textures:/);
    expect(found).toMatch(/clip 0/);
    if (normal) expect(found).toMatch(/normal/);
    expect(compareViews(view, view)).toEqual([]);
  });
});
