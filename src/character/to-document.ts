/**
 * Writes a built mannequin as a glTF-Transform Document: one scene with a root node "Mannequin"
 * holding the joint hierarchy (translations only) and, beside it, the skinned mesh node
 * "MannequinBody".
 */
import { Document, type TypedArray } from '@gltf-transform/core';
import type { MannequinData } from './index.ts';

/** Options of {@link mannequinToDocument}. */
export interface MannequinToDocumentOptions {
  /** Base colour (linear RGB). */
  color?: readonly [number, number, number];
}

/** Defaults of {@link MannequinToDocumentOptions}: a neutral light grey. */
export const MANNEQUIN_TO_DOCUMENT_DEFAULTS: Required<MannequinToDocumentOptions> = {
  color: [0.75, 0.75, 0.75],
};

/**
 * Builds a Document holding the mannequin: POSITION, NORMAL, JOINTS_0 (unsigned short),
 * WEIGHTS_0 (float), indices (uint16 below 65536 vertices, else uint32), a grey PBR material,
 * and a skin whose inverse bind matrices undo each joint's bind translation; skeleton = Hips.
 * Every accessor lives in the one buffer.
 */
export function mannequinToDocument(data: MannequinData, options: MannequinToDocumentOptions = {}): Document {
  const { color } = { ...MANNEQUIN_TO_DOCUMENT_DEFAULTS, ...options };
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'Skinsmith mannequin';
  const buffer = doc.createBuffer('MannequinBuffer');
  const accessor = (name: string, type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: TypedArray) =>
    doc.createAccessor(name).setType(type).setArray(array).setBuffer(buffer);

  const vertexCount = data.positions.length / 3;
  const indices = vertexCount < 65536 ? new Uint16Array(data.indices) : data.indices;
  const material = doc
    .createMaterial('MannequinGrey')
    .setBaseColorFactor([color[0], color[1], color[2], 1])
    .setRoughnessFactor(0.6)
    .setMetallicFactor(0);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('POSITION', 'VEC3', data.positions))
    .setAttribute('NORMAL', accessor('NORMAL', 'VEC3', data.normals))
    .setAttribute('JOINTS_0', accessor('JOINTS_0', 'VEC4', data.joints))
    .setAttribute('WEIGHTS_0', accessor('WEIGHTS_0', 'VEC4', data.weights))
    .setIndices(accessor('indices', 'SCALAR', indices))
    .setMaterial(material);
  const mesh = doc.createMesh('MannequinBody').addPrimitive(primitive);

  // Joints: local translation = own world position - parent's (bind rotations are identity).
  const P = data.jointPositions;
  const nodes = data.jointNames.map((name, j) => {
    const p = data.jointParents[j];
    const t: [number, number, number] = [P[3 * j], P[3 * j + 1], P[3 * j + 2]];
    if (p >= 0) for (let c = 0; c < 3; c++) t[c] -= P[3 * p + c];
    return doc.createNode(name).setTranslation(t);
  });
  nodes.forEach((node, j) => {
    const p = data.jointParents[j];
    if (p >= 0) nodes[p].addChild(node);
  });

  // Inverse bind matrices: the inverse of a translation T(p) is T(-p) (column-major MAT4).
  const ibm = new Float32Array(16 * nodes.length);
  for (let j = 0; j < nodes.length; j++) {
    const o = 16 * j;
    ibm[o] = ibm[o + 5] = ibm[o + 10] = ibm[o + 15] = 1;
    ibm[o + 12] = -P[3 * j];
    ibm[o + 13] = -P[3 * j + 1];
    ibm[o + 14] = -P[3 * j + 2];
  }
  const skin = doc
    .createSkin('MannequinSkin')
    .setInverseBindMatrices(accessor('inverseBindMatrices', 'MAT4', ibm))
    .setSkeleton(nodes[0]);
  for (const node of nodes) skin.addJoint(node);

  // The skinned mesh node sits at the scene root: glTF ignores its parents' transforms anyway,
  // and the validator warns when it has any.
  const body = doc.createNode('MannequinBody').setMesh(mesh).setSkin(skin);
  const root = doc.createNode('Mannequin').addChild(nodes[0]);
  doc.createScene('Scene').addChild(root).addChild(body);
  doc.getRoot().setDefaultScene(doc.getRoot().listScenes()[0]);
  return doc;
}
