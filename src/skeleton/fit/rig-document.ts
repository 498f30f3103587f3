/**
 * rigDocument: a fitted skeleton put into a static file, in place on the Document: one node per
 * joint (parents before children, each node's TRS making its world transform the fitted
 * position and frame), the root at the scene root, then one skin over them made by
 * createSkinFromNodes (every mesh of the file skinned, the meshes' placement baked so the file
 * draws as before; inverse bind matrices from the joints as placed: the bind pose is the mesh as
 * given; every vertex on the root until auto-bind weights it).
 */
import type { Document, Node } from '@gltf-transform/core';
import { type CreatedSkin, createSkinFromNodes } from '../../gltf/create-skin.ts';
import { quatMultiply, quatNormalize, quatRotateVector } from '../../pose/quaternion.ts';
import type { FittedSkeleton } from './fit-skeleton.ts';

/** The joints as nodes (not yet in a scene); index i is fitted joint i. */
export function jointNodes(document: Document, fitted: FittedSkeleton): Node[] {
  const nodes = fitted.joints.map((j) => document.createNode(j.name));
  fitted.joints.forEach((j, i) => {
    if (j.parent < 0) {
      nodes[i].setTranslation([...j.position]).setRotation([...j.rotation]);
      return;
    }
    const p = fitted.joints[j.parent];
    // Local = parent⁻¹ · world.
    const inv = [-p.rotation[0], -p.rotation[1], -p.rotation[2], p.rotation[3]];
    const t: [number, number, number] = [0, 0, 0];
    const offset = [
      j.position[0] - p.position[0],
      j.position[1] - p.position[1],
      j.position[2] - p.position[2],
    ];
    quatRotateVector(inv, 0, offset, 0, t, 0);
    const q: [number, number, number, number] = [0, 0, 0, 1];
    quatMultiply(inv, 0, j.rotation, 0, q, 0);
    quatNormalize(q);
    nodes[i].setTranslation(t).setRotation(q);
    nodes[j.parent].addChild(nodes[i]);
  });
  return nodes;
}

/** What {@link rigDocument} made. */
export interface RiggedDocument extends CreatedSkin {
  /** The joint nodes, in fitted order. */
  jointNodes: Node[];
  /** The end joints (tips): auto-bind gives them no weight. */
  endJoints: Node[];
}

/** See the module comment. Throws (a message for the user) where createSkinFromNodes does. */
export function rigDocument(document: Document, fitted: FittedSkeleton): RiggedDocument {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0] ?? document.createScene('Scene');
  if (!root.getDefaultScene()) root.setDefaultScene(scene);
  const nodes = jointNodes(document, fitted);
  const top = nodes[fitted.joints.findIndex((j) => j.parent < 0)];
  scene.addChild(top);
  const created = createSkinFromNodes(document, root.listNodes().indexOf(top), {
    name: `${top.getName()} skin`,
  });
  return { ...created, jointNodes: nodes, endJoints: nodes.filter((_, i) => fitted.joints[i].end) };
}
