/**
 * The mannequin placed the way real exporters write characters, so tests meet what riggers'
 * files look like and not only our identity-transform mannequin. Each convention keeps the
 * drawn rest pose the upright mannequin (metres, Y up, feet on y = 0) — what three.js shows for
 * the file — while the stored data (POSITION, node transforms, IBMs) is laid out as that
 * exporter does:
 *
 * - `mesh-node-trs` (Blender): the skinned mesh node has its own translation, rotation and scale,
 *   which glTF tells engines to ignore (validator: NODE_SKINNED_MESH_LOCAL_TRANSFORMS).
 * - `z-up-root` (FBX2glTF, Blender Z-up): POSITION and the joints in Z-up, under a root rotated
 *   −90° about X; the IBMs are in the root's space, so the rest pose is not the bind pose.
 * - `scaled-armature` (FBX2glTF, Mixamo): an armature node scaled ×0.01 over joints and POSITION
 *   in centimetres, the mesh node under it scaled ×100, `mixamorig:` joint names.
 * - `no-ibm`: the skin has no inverseBindMatrices (identity per the spec); POSITION is stored
 *   relative to the joints so the rest pose still draws the mannequin.
 * - `ibm-placement` (Maya): the mesh node is placed (T·R·S) and the IBMs include that placement,
 *   POSITION in the mesh's own space.
 * - `multi-skin` (modular characters): four meshes, each with its own skin over the same joint
 *   nodes (every skin lists them in another order).
 * - `mesh-under-joint`: the skinned mesh node is a child of a joint, with its own transform.
 * - `garment-parts` (clothed characters): body, shirt and trousers as three meshes with three
 *   skins over one skeleton (each listing its own joints in its own order), touching at the hem
 *   (./skinned-parts.ts).
 */
import { type Accessor, type Document, type Node, NodeIO } from '@gltf-transform/core';
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { garmentPartSpecs, replaceWithParts } from './skinned-parts.ts';

export const EXPORTER_CONVENTIONS = [
  'mesh-node-trs',
  'z-up-root',
  'scaled-armature',
  'no-ibm',
  'ibm-placement',
  'multi-skin',
  'mesh-under-joint',
  'garment-parts',
] as const;
export type ExporterConvention = (typeof EXPORTER_CONVENTIONS)[number];

const cache = new Map<number, MannequinData>();

/** The mannequin (cached per vertex count). */
export function mannequinData(targetVertices = 3000): MannequinData {
  let data = cache.get(targetVertices);
  if (!data) cache.set(targetVertices, (data = buildMannequin({ targetVertices })));
  return data;
}

/** The mannequin as `convention` exports it (a fresh Document). */
export function exportedAs(convention: ExporterConvention, targetVertices = 3000): Document {
  const shared = mannequinData(targetVertices);
  // The Document takes the arrays as they are and the shapers rewrite them: give it copies.
  const data = {
    ...shared,
    positions: shared.positions.slice(),
    normals: shared.normals.slice(),
    joints: shared.joints.slice(),
    weights: shared.weights.slice(),
  };
  const doc = mannequinToDocument(data);
  doc.getRoot().getAsset().generator = `Skinsmith fixture: ${convention}`;
  SHAPERS[convention](doc, data);
  addWaveClip(doc);
  return doc;
}

/**
 * A one-second clip, as exporters bake them: the left forearm and the spine turn and back (LINEAR
 * rotations, absolute: rest rotation · turn), and the hips move up a little (translation).
 */
function addWaveClip(doc: Document): void {
  const r = doc.getRoot();
  const buffer = r.listBuffers()[0];
  const joints = r.listSkins()[0].listJoints();
  const find = (suffix: string) => joints.find((j) => j.getName().endsWith(suffix));
  const times = doc
    .createAccessor('wave_times')
    .setType('SCALAR')
    .setArray(new Float32Array([0, 0.5, 1]))
    .setBuffer(buffer);
  const animation = doc.createAnimation('Wave');
  const turn = (node: Node, axis: Vector3, angle: number) => {
    const rest = new Quaternion().fromArray(node.getRotation());
    const keys = [0, angle, 0].flatMap((a) =>
      rest.clone().multiply(new Quaternion().setFromAxisAngle(axis, a)).toArray(),
    );
    const output = doc
      .createAccessor(`wave_${node.getName()}`)
      .setType('VEC4')
      .setArray(new Float32Array(keys))
      .setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(times).setOutput(output).setInterpolation('LINEAR');
    animation
      .addSampler(sampler)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler),
      );
  };
  const forearm = find('LeftForeArm');
  const spine = find('Spine');
  if (forearm) turn(forearm, new Vector3(0, 0, 1), 1.1);
  if (spine) turn(spine, new Vector3(1, 0, 0), 0.4);
  const hips = find('Hips');
  if (hips) {
    const t = hips.getTranslation();
    const up = (k: number) => [t[0], t[1] + k * Math.abs(t[1] || 1) * 0.05, t[2]];
    const output = doc
      .createAccessor('wave_hips')
      .setType('VEC3')
      .setArray(new Float32Array([...up(0), ...up(1), ...up(0)]))
      .setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(times).setOutput(output).setInterpolation('LINEAR');
    animation
      .addSampler(sampler)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(hips).setTargetPath('translation').setSampler(sampler),
      );
  }
}

/** The same as a GLB. */
export async function exportedGlb(
  convention: ExporterConvention,
  targetVertices = 3000,
): Promise<Uint8Array> {
  return new NodeIO().writeBinary(exportedAs(convention, targetVertices));
}

// --- helpers -----------------------------------------------------------------------------------

interface Parts {
  body: Node;
  root: Node;
  joints: Node[];
  position: Accessor;
  normal: Accessor;
  ibm: Accessor;
}

function parts(doc: Document): Parts {
  const r = doc.getRoot();
  const body = r.listNodes().find((n) => n.getMesh())!;
  const root = r.listNodes().find((n) => n.getName() === 'Mannequin')!;
  const skin = r.listSkins()[0];
  const prim = body.getMesh()!.listPrimitives()[0];
  return {
    body,
    root,
    joints: skin.listJoints(),
    position: prim.getAttribute('POSITION')!,
    normal: prim.getAttribute('NORMAL')!,
    ibm: skin.getInverseBindMatrices()!,
  };
}

/** Applies an affine matrix to POSITION and its linear part (inverse transpose) to NORMAL. */
function transformVertices(p: Parts, m: Matrix4): void {
  const pos = p.position.getArray() as Float32Array;
  const v = new Vector3();
  for (let i = 0; i < pos.length; i += 3) v.fromArray(pos, i).applyMatrix4(m).toArray(pos, i);
  const nm = new Matrix3().getNormalMatrix(m);
  const nor = p.normal.getArray() as Float32Array;
  for (let i = 0; i < nor.length; i += 3) v.fromArray(nor, i).applyMatrix3(nm).normalize().toArray(nor, i);
  p.position.setArray(pos);
  p.normal.setArray(nor);
}

/** Each joint's rest world matrix from the Document's node transforms (what engines compute). */
function worldOf(node: Node): Matrix4 {
  return new Matrix4().fromArray(node.getWorldMatrix());
}

/** IBM_j = world_j^-1 · extra for every joint (`extra`: the mesh placement the IBMs include). */
function setIbms(p: Parts, extra = new Matrix4()): void {
  const out = new Float32Array(p.joints.length * 16);
  p.joints.forEach((joint, j) => {
    worldOf(joint)
      .invert()
      .multiply(extra)
      .toArray(out, j * 16);
  });
  p.ibm.setArray(out);
}

function trs(node: Node, t: number[], q: Quaternion, s: number[]): Node {
  return node
    .setTranslation(t as [number, number, number])
    .setRotation(q.toArray() as [number, number, number, number])
    .setScale(s as [number, number, number]);
}

const Y = new Vector3(0, 1, 0);
const X = new Vector3(1, 0, 0);

// --- the conventions ---------------------------------------------------------------------------

const SHAPERS: Record<ExporterConvention, (doc: Document, data: MannequinData) => void> = {
  'mesh-node-trs'(doc) {
    const p = parts(doc);
    trs(p.body, [0.4, 0.15, -0.3], new Quaternion().setFromAxisAngle(Y, 0.6), [1.3, 1.3, 1.3]);
  },

  'z-up-root'(doc) {
    const p = parts(doc);
    const up = new Quaternion().setFromAxisAngle(X, -Math.PI / 2); // Z-up data → Y-up world
    const toZUp = new Matrix4().makeRotationFromQuaternion(up.clone().invert());
    // Joint translations and POSITION stored in Z-up; the root turns them upright.
    for (const joint of p.joints) {
      const t = new Vector3().fromArray(joint.getTranslation()).applyMatrix4(toZUp);
      joint.setTranslation(t.toArray() as [number, number, number]);
    }
    transformVertices(p, toZUp);
    trs(p.root, [0, 0, 0], up, [1, 1, 1]).setName('RootNode');
    // The mesh node sits under the rotated root (NODE_SKINNED_MESH_NON_ROOT), as FBX2glTF writes it.
    for (const scene of doc.getRoot().listScenes()) scene.removeChild(p.body);
    p.root.addChild(p.body);
    // IBMs in the root's space (Z-up): world_j without the root rotation. (root⁻¹·world_j)⁻¹ = world_j⁻¹·root.
    setIbms(p, worldOf(p.root));
  },

  'scaled-armature'(doc) {
    const p = parts(doc);
    for (const joint of p.joints) {
      joint.setName(`mixamorig:${joint.getName()}`);
      const t = joint.getTranslation();
      joint.setTranslation([t[0] * 100, t[1] * 100, t[2] * 100]);
    }
    transformVertices(p, new Matrix4().makeScale(100, 100, 100));
    p.root.setName('Armature').setScale([0.01, 0.01, 0.01]);
    for (const scene of doc.getRoot().listScenes()) scene.removeChild(p.body);
    p.root.addChild(p.body);
    p.body.setScale([100, 100, 100]);
    // IBMs in centimetres (the armature's space), as FBX2glTF writes them. (root⁻¹·world_j)⁻¹ = world_j⁻¹·root.
    setIbms(p, worldOf(p.root));
  },

  'no-ibm'(doc, data) {
    const p = parts(doc);
    // Identity IBMs skin by M_j alone: store each vertex less its joints' weighted rest position,
    // so that Σ w_j · M_j · v (joints translate only) is the mannequin again.
    const pos = p.position.getArray() as Float32Array;
    const worlds = p.joints.map((j) => new Vector3().setFromMatrixPosition(worldOf(j)));
    for (let v = 0; v < pos.length / 3; v++) {
      for (let k = 0; k < 4; k++) {
        const w = data.weights[v * 4 + k];
        if (!w) continue;
        const at = worlds[data.joints[v * 4 + k]];
        pos[v * 3] -= w * at.x;
        pos[v * 3 + 1] -= w * at.y;
        pos[v * 3 + 2] -= w * at.z;
      }
    }
    p.position.setArray(pos);
    doc.getRoot().listSkins()[0].setInverseBindMatrices(null);
    p.ibm.dispose();
  },

  'ibm-placement'(doc) {
    const p = parts(doc);
    const q = new Quaternion().setFromAxisAngle(Y, -0.7);
    const t = [0.6, 0.2, 0.25];
    const s = [1.25, 1.25, 1.25];
    trs(p.body, t, q, s);
    const placement = new Matrix4().compose(new Vector3().fromArray(t), q, new Vector3().fromArray(s));
    // POSITION in the mesh's own space; the IBMs carry the placement (Maya's bind pre-matrix).
    transformVertices(p, placement.clone().invert());
    setIbms(p, placement);
  },

  'multi-skin'(doc, data) {
    const p = parts(doc);
    const prim = p.body.getMesh()!.listPrimitives()[0];
    const tris = prim.getIndices()!.getArray()!;
    const names = data.jointNames;
    // Four parts by the strongest joint of a triangle's first vertex.
    const region = (j: number): number => {
      const n = names[j];
      if (/Left(Shoulder|Arm|ForeArm|Hand)/.test(n)) return 1;
      if (/Right(Shoulder|Arm|ForeArm|Hand)/.test(n)) return 2;
      if (/(Up)?Leg|Foot|Toe|Hips/.test(n)) return 3;
      return 0;
    };
    // A triangle goes to an arm if any corner is an arm's, else to the legs if any is, else the
    // trunk: symmetric in the corners, so the trunk and legs parts are their own mirror images.
    const partTris: number[][] = [[], [], [], []];
    for (let t = 0; t < tris.length; t += 3) {
      const r = [0, 1, 2].map((c) => region(data.joints[tris[t + c] * 4]));
      const k = r.includes(1) ? 1 : r.includes(2) ? 2 : r.includes(3) ? 3 : 0;
      partTris[k].push(t);
    }
    const J = p.joints.length;
    replaceWithParts(
      doc,
      data,
      p.body,
      p.joints,
      // Each skin's joint order: all joints, rotated by 7·k (JOINTS_0 values follow it).
      partTris.map((triangles, k) => ({
        name: `Part${k}`,
        triangles,
        joints: Array.from({ length: J }, (_, i) => (i + 7 * k) % J),
        skin: `PartSkin${k}`,
      })),
    );
  },

  'garment-parts'(doc, data) {
    const p = parts(doc);
    replaceWithParts(doc, data, p.body, p.joints, garmentPartSpecs(doc, data));
  },

  'mesh-under-joint'(doc) {
    const p = parts(doc);
    for (const scene of doc.getRoot().listScenes()) scene.removeChild(p.body);
    const spine = p.joints.find((j) => j.getName() === 'Spine') ?? p.joints[0];
    spine.addChild(p.body);
    trs(p.body, [0, -0.4, 0.1], new Quaternion().setFromAxisAngle(X, 0.3), [1, 1, 1]);
  },
};
