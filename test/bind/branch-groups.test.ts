/**
 * Several skeletons in one skin (LittlestTokyo's koi: branches of one root joint, overlapping in
 * the bind pose): auto-bind binds each object only to its own branch's joints.
 */
import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { bindGroupsOfModel } from '../../src/bind/model-input.ts';
import { Editor } from '../../src/editor/editor.ts';
import { tube } from './fixtures.ts';

/** Two fish (tubes along x, the second 0.05 above the first), one skin: root → A1 → A2, root → B1 → B2. */
function twoFish(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const root = doc.createNode('root');
  const a1 = doc.createNode('A1').setTranslation([0, 0, 0]);
  const a2 = doc.createNode('A2').setTranslation([1, 0, 0]);
  const b1 = doc.createNode('B1').setTranslation([0, 0.05, 0]);
  const b2 = doc.createNode('B2').setTranslation([1, 0, 0]);
  root.addChild(a1).addChild(b1);
  a1.addChild(a2);
  b1.addChild(b2);
  const joints = [root, a1, a2, b1, b2];
  const world = [
    [0, 0, 0],
    [0, 0, 0],
    [1, 0, 0],
    [0, 0.05, 0],
    [1, 0.05, 0],
  ];
  const ibm = new Float32Array(joints.length * 16);
  world.forEach((p, j) => {
    ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -p[0], -p[1], -p[2], 1], j * 16);
  });
  const skin = doc
    .createSkin('fish')
    .setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(ibm).setBuffer(buffer));
  for (const j of joints) skin.addJoint(j);
  const scene = doc.createScene().addChild(root);
  for (const [k, y] of [
    [1, 0],
    [3, 0.05],
  ] as const) {
    const m = tube([-0.1, y, 0], [1.3, y, 0], 0.1, { rings: 12, caps: true });
    const n = m.positions.length / 3;
    const jointsAttr = new Uint16Array(n * 4);
    const weights = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) {
      jointsAttr[v * 4] = k; // the artist's weights: the fish's own first joint
      weights[v * 4] = 1;
    }
    const prim = doc
      .createPrimitive()
      .setAttribute(
        'POSITION',
        doc.createAccessor().setType('VEC3').setArray(new Float32Array(m.positions)).setBuffer(buffer),
      )
      .setAttribute('JOINTS_0', doc.createAccessor().setType('VEC4').setArray(jointsAttr).setBuffer(buffer))
      .setAttribute('WEIGHTS_0', doc.createAccessor().setType('VEC4').setArray(weights).setBuffer(buffer))
      .setIndices(
        doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(m.indices)).setBuffer(buffer),
      );
    scene.addChild(
      doc
        .createNode(`fish${k}`)
        .setMesh(doc.createMesh(`fish${k}`).addPrimitive(prim))
        .setSkin(skin),
    );
  }
  return doc;
}

describe('auto-bind with several skeletons in one skin', () => {
  it('groups each object with its own branch, the other branch left out', () => {
    const editor = new Editor();
    const model = editor.loadDocument(twoFish(), 'fish.glb');
    const groups = bindGroupsOfModel(model);
    expect(groups).toHaveLength(2);
    for (const g of groups) {
      const allowed = g.input.joints.flatMap((j, i) =>
        j.excluded ? [] : [model.joints.get(g.jointIds[i])!.name],
      );
      const own = model.primitives[g.primitives[0]].name === 'fish1' ? ['A1', 'A2'] : ['B1', 'B2'];
      expect(allowed.sort()).toEqual(own);
    }
  });

  it("binds no vertex to the other fish's joints", async () => {
    const editor = new Editor();
    const model = editor.loadDocument(twoFish(), 'fish.glb');
    await editor.autobind({ method: 'closest' }).promise;
    for (const prim of model.primitives) {
      const other = prim.name === 'fish1' ? ['B1', 'B2'] : ['A1', 'A2'];
      const names = model.skins[prim.skins[0]].joints.map((id) => model.joints.get(id)!.name);
      const w = prim.weights;
      for (let i = 0; i < w.weights.length; i++)
        if (w.weights[i] > 0) expect(other).not.toContain(names[w.joints[i]]);
      // …and the tail joint gets the far end.
      let tail = 0;
      for (let i = 0; i < w.weights.length; i++) if (/2$/.test(names[w.joints[i]])) tail += w.weights[i];
      expect(tail).toBeGreaterThan(1);
    }
  });

  it('keeps one group when the branches are nested (a head mesh weighted under the body)', () => {
    const doc = twoFish();
    // Re-weight fish3 to A2 (inside fish1's branch A1): nested, one group.
    const prim = doc.getRoot().listMeshes()[1].listPrimitives()[0];
    const j = prim.getAttribute('JOINTS_0')!;
    const arr = j.getArray() as Uint16Array;
    for (let v = 0; v < arr.length; v += 4) arr[v] = 2;
    j.setArray(arr);
    const model = new Editor().loadDocument(doc, 'fish.glb');
    expect(bindGroupsOfModel(model)).toHaveLength(1);
  });
});
