/**
 * Small skinned Documents built in code: a strip of quads along +Y bound to a chain of joints,
 * with up to 8 influences per vertex (no shared model has more than 4).
 */
import { Document } from '@gltf-transform/core';

export interface FixtureOptions {
  /** Quads along the strip (vertices = 2 * (rows + 1)). */
  rows?: number;
  joints?: number;
  /** Non-zero influences per vertex (1..8); more than 4 writes JOINTS_1/WEIGHTS_1. */
  influences?: number;
  /** Write inverseBindMatrices (glTF allows leaving them out: identity). */
  inverseBindMatrices?: boolean;
  /** Add a translation animation of the second joint. */
  animation?: boolean;
}

export const FIXTURE_DEFAULTS: Required<FixtureOptions> = {
  rows: 8,
  joints: 10,
  influences: 8,
  inverseBindMatrices: true,
  animation: true,
};

/**
 * Vertex v's influence i: joint (v + i) % joints, with weights decreasing in i and varying by
 * vertex, so every slot matters and "the 4 strongest" is well defined.
 */
export function fixtureInfluence(v: number, i: number, joints: number): { joint: number; weight: number } {
  return { joint: (v + i) % joints, weight: (8 - i) * (1 + 0.01 * (v % 7)) + 0.001 * i * (v % 3) };
}

export function makeSkinnedDocument(options: FixtureOptions = {}): Document {
  const o = { ...FIXTURE_DEFAULTS, ...options };
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  const root = doc.createNode('Armature');
  scene.addChild(root);

  const jointNodes = [];
  let parent = root;
  for (let j = 0; j < o.joints; j++) {
    const node = doc.createNode(`joint${j}`).setTranslation([0, j === 0 ? 0 : 1, 0]);
    parent.addChild(node);
    jointNodes.push(node);
    parent = node;
  }
  const skin = doc.createSkin('Skin');
  for (const n of jointNodes) skin.addJoint(n);
  if (o.inverseBindMatrices) {
    const ibm = new Float32Array(o.joints * 16);
    for (let j = 0; j < o.joints; j++) ibm.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -j, 0, 1], j * 16);
    skin.setInverseBindMatrices(doc.createAccessor('IBM', buffer).setType('MAT4').setArray(ibm));
  }

  const count = 2 * (o.rows + 1);
  const positions = new Float32Array(count * 3);
  for (let r = 0; r <= o.rows; r++) {
    positions.set([-0.5, (r * (o.joints - 1)) / o.rows, 0, 0.5, (r * (o.joints - 1)) / o.rows, 0], r * 6);
  }
  const indices = new Uint16Array(o.rows * 6);
  for (let r = 0; r < o.rows; r++)
    indices.set([2 * r, 2 * r + 1, 2 * r + 3, 2 * r, 2 * r + 3, 2 * r + 2], r * 6);

  const sets = o.influences > 4 ? 2 : 1;
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', doc.createAccessor('position', buffer).setType('VEC3').setArray(positions))
    .setIndices(doc.createAccessor('indices', buffer).setType('SCALAR').setArray(indices))
    .setMaterial(doc.createMaterial('Skin material').setBaseColorFactor([0.8, 0.6, 0.5, 1]));
  for (let s = 0; s < sets; s++) {
    const joints = new Uint16Array(count * 4);
    const weights = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      let total = 0;
      for (let i = 0; i < o.influences; i++) total += fixtureInfluence(v, i, o.joints).weight;
      for (let c = 0; c < 4; c++) {
        const i = s * 4 + c;
        if (i >= o.influences) continue;
        const { joint, weight } = fixtureInfluence(v, i, o.joints);
        joints[v * 4 + c] = joint;
        weights[v * 4 + c] = weight / total;
      }
    }
    prim.setAttribute(
      `JOINTS_${s}`,
      doc.createAccessor(`joints${s}`, buffer).setType('VEC4').setArray(joints),
    );
    prim.setAttribute(
      `WEIGHTS_${s}`,
      doc.createAccessor(`weights${s}`, buffer).setType('VEC4').setArray(weights),
    );
  }
  const mesh = doc.createMesh('Strip').addPrimitive(prim);
  root.addChild(doc.createNode('StripMesh').setMesh(mesh).setSkin(skin));

  if (o.animation) {
    const times = doc
      .createAccessor('times', buffer)
      .setType('SCALAR')
      .setArray(new Float32Array([0, 1, 2]));
    const values = doc
      .createAccessor('values', buffer)
      .setType('VEC3')
      .setArray(new Float32Array([0, 1, 0, 0.5, 1, 0, 0, 1, 0]));
    const sampler = doc.createAnimationSampler().setInput(times).setOutput(values).setInterpolation('LINEAR');
    const channel = doc.createAnimationChannel().setTargetNode(jointNodes[1]).setTargetPath('translation');
    doc.createAnimation('Sway').addSampler(sampler).addChannel(channel.setSampler(sampler));
  }
  return doc;
}
