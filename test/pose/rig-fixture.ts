/**
 * Hand-made skinned Documents for the pose tests: joints with any TRS (optionally under a
 * non-joint ancestor), inverse bind matrices from the rest pose or given, and vertices with
 * explicit influences.
 */
import { Document, type Node } from '@gltf-transform/core';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { matCompose, matInvert } from '../../src/pose/matrix.ts';
import { multiplyInto } from '../../src/pose/skinning.ts';

export type V3 = [number, number, number];
export type Q4 = [number, number, number, number];

export interface RigJoint {
  name: string;
  /** Index of the parent joint, -1 for a child of the ancestor (or a root). */
  parent: number;
  translation?: V3;
  rotation?: Q4;
  scale?: V3;
}

export interface RigOptions {
  joints: RigJoint[];
  /** Transform of a non-joint node above the joints (an "Armature"); none when absent. */
  ancestor?: { translation?: V3; rotation?: Q4; scale?: V3 };
  /** Transform of the skinned mesh node (glTF ignores it for skinning). */
  meshNode?: { translation?: V3; rotation?: Q4 };
  /** Inverse bind matrices, 16 per joint; default: the inverse of each joint's rest world matrix. */
  inverseBindMatrices?: Float32Array;
  positions: number[];
  /** Per vertex: [joint, weight] pairs (≤ 4). */
  influences: [number, number][][];
  indices?: number[];
}

/** The world matrices of the rest pose (float64), 16 per joint. */
export function restWorld(options: RigOptions): Float64Array {
  const n = options.joints.length;
  const world = new Float64Array(n * 16);
  const anc = new Float64Array(16);
  const a = options.ancestor;
  matCompose(
    a?.translation ?? [0, 0, 0],
    0,
    a?.rotation ?? [0, 0, 0, 1],
    0,
    a?.scale ?? [1, 1, 1],
    0,
    anc,
    0,
  );
  const local = new Float64Array(16);
  options.joints.forEach((j, i) => {
    matCompose(
      j.translation ?? [0, 0, 0],
      0,
      j.rotation ?? [0, 0, 0, 1],
      0,
      j.scale ?? [1, 1, 1],
      0,
      local,
      0,
    );
    if (j.parent >= 0) multiplyInto(world, j.parent * 16, local, 0, world, i * 16);
    else multiplyInto(anc, 0, local, 0, world, i * 16);
  });
  return world;
}

export function makeRigDocument(options: RigOptions): Document {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  const ancestor = options.ancestor
    ? doc
        .createNode('Armature')
        .setTranslation(options.ancestor.translation ?? [0, 0, 0])
        .setRotation(options.ancestor.rotation ?? [0, 0, 0, 1])
        .setScale(options.ancestor.scale ?? [1, 1, 1])
    : null;
  if (ancestor) scene.addChild(ancestor);
  const nodes: Node[] = options.joints.map((j) =>
    doc
      .createNode(j.name)
      .setTranslation(j.translation ?? [0, 0, 0])
      .setRotation(j.rotation ?? [0, 0, 0, 1])
      .setScale(j.scale ?? [1, 1, 1]),
  );
  options.joints.forEach((j, i) => {
    if (j.parent >= 0) nodes[j.parent].addChild(nodes[i]);
    else if (ancestor) ancestor.addChild(nodes[i]);
    else scene.addChild(nodes[i]);
  });
  let ibm = options.inverseBindMatrices;
  if (!ibm) {
    const world = restWorld(options);
    const inv = new Float64Array(16);
    ibm = new Float32Array(nodes.length * 16);
    for (let i = 0; i < nodes.length; i++) {
      matInvert(world, i * 16, inv, 0);
      ibm.set(inv, i * 16);
    }
  }
  const skin = doc
    .createSkin('Skin')
    .setInverseBindMatrices(doc.createAccessor('IBM', buffer).setType('MAT4').setArray(ibm));
  for (const n of nodes) skin.addJoint(n);

  const count = options.positions.length / 3;
  const joints = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  options.influences.forEach((list, v) => {
    list.forEach(([j, w], i) => {
      joints[v * 4 + i] = j;
      weights[v * 4 + i] = w;
    });
  });
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor('POSITION', buffer).setType('VEC3').setArray(new Float32Array(options.positions)),
    )
    .setAttribute('JOINTS_0', doc.createAccessor('JOINTS_0', buffer).setType('VEC4').setArray(joints))
    .setAttribute('WEIGHTS_0', doc.createAccessor('WEIGHTS_0', buffer).setType('VEC4').setArray(weights));
  if (options.indices)
    prim.setIndices(
      doc.createAccessor('indices', buffer).setType('SCALAR').setArray(new Uint32Array(options.indices)),
    );
  const mesh = doc.createMesh('Body').addPrimitive(prim);
  const meshNode = doc
    .createNode('Body')
    .setMesh(mesh)
    .setSkin(skin)
    .setTranslation(options.meshNode?.translation ?? [0, 0, 0])
    .setRotation(options.meshNode?.rotation ?? [0, 0, 0, 1]);
  scene.addChild(meshNode);
  return doc;
}

export function makeRig(options: RigOptions): SkinnedModel {
  return buildSkinnedModel(makeRigDocument(options));
}

/** Reference LBS in float64: v' = Σ w_j M_j B_j^-1 v from the joints' world matrices. */
export function referenceSkin(
  positions: ArrayLike<number>,
  influences: [number, number][][],
  world: ArrayLike<number>,
  ibm: ArrayLike<number>,
): number[] {
  const out: number[] = [];
  const S = new Float64Array(16);
  for (let v = 0; v < positions.length / 3; v++) {
    const [x, y, z] = [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
    const acc = [0, 0, 0];
    for (const [j, w] of influences[v]) {
      multiplyInto(world, j * 16, ibm, j * 16, S, 0);
      for (let r = 0; r < 3; r++) acc[r] += w * (S[r] * x + S[4 + r] * y + S[8 + r] * z + S[12 + r]);
    }
    out.push(...acc);
  }
  return out;
}
