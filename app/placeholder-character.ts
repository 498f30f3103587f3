import { Document } from '@gltf-transform/core';

/**
 * TEMPORARY stand-in until src/character (the mannequin generator) lands: a skinned tube with
 * three joints, built in code.
 */
export function placeholderDocument(): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const seg = 32;
  const rings = 41;
  const pos: number[] = [];
  const nrm: number[] = [];
  const jnt: number[] = [];
  const wgt: number[] = [];
  const idx: number[] = [];
  for (let r = 0; r < rings; r++) {
    const y = (r / (rings - 1)) * 2;
    const radius = 0.25 + 0.05 * Math.sin(y * 3);
    for (let s = 0; s < seg; s++) {
      const a = (s / seg) * Math.PI * 2;
      pos.push(Math.cos(a) * radius, y, Math.sin(a) * radius);
      nrm.push(Math.cos(a), 0, Math.sin(a));
      const t = Math.min(Math.max((y - 0.7) / 0.6, 0), 1);
      const u = Math.min(Math.max((y - 1.5) / 0.4, 0), 1);
      jnt.push(...(y < 1.3 ? [0, 1, 0, 0] : [1, 2, 0, 0]));
      wgt.push(...(y < 1.3 ? [1 - t, t, 0, 0] : [1 - u, u, 0, 0]));
    }
  }
  for (let r = 0; r < rings - 1; r++) {
    for (let s = 0; s < seg; s++) {
      const a = r * seg + s;
      const b = r * seg + ((s + 1) % seg);
      idx.push(a, a + seg, b, b, a + seg, b + seg);
    }
  }
  const acc = (type: 'VEC3' | 'VEC4' | 'SCALAR', array: Float32Array | Uint16Array | Uint32Array) =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', acc('VEC3', new Float32Array(pos)))
    .setAttribute('NORMAL', acc('VEC3', new Float32Array(nrm)))
    .setAttribute('JOINTS_0', acc('VEC4', new Uint16Array(jnt)))
    .setAttribute('WEIGHTS_0', acc('VEC4', new Float32Array(wgt)))
    .setIndices(acc('SCALAR', new Uint32Array(idx)))
    .setMaterial(doc.createMaterial('Skin').setBaseColorFactor([0.8, 0.7, 0.6, 1]).setRoughnessFactor(0.8));
  const mesh = doc.createMesh('Tube').addPrimitive(prim);
  const j0 = doc.createNode('Root').setTranslation([0, 0, 0]);
  const j1 = doc.createNode('Middle').setTranslation([0, 1, 0]);
  const j2 = doc.createNode('Top').setTranslation([0, 0.8, 0]);
  j0.addChild(j1);
  j1.addChild(j2);
  const ibm = new Float32Array([
    ...[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    ...[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1],
    ...[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1.8, 0, 1],
  ]);
  const skin = doc
    .createSkin('Skin')
    .addJoint(j0)
    .addJoint(j1)
    .addJoint(j2)
    .setInverseBindMatrices(acc('SCALAR', ibm).setType('MAT4'));
  const body = doc.createNode('Body').setMesh(mesh).setSkin(skin);
  doc.createScene('Scene').addChild(j0).addChild(body);
  return doc;
}
