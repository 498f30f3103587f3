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
import type { FittedSkeleton } from './fit-skeleton.ts';
import type { Quat } from './joint-orientation.ts';

function conjugate(q: Quat): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

function multiply(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

/** v rotated by unit quaternion q. */
function rotate(q: Quat, v: readonly number[]): [number, number, number] {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
}

/** The joints as nodes (not yet in a scene); index i is fitted joint i. */
export function jointNodes(document: Document, fitted: FittedSkeleton): Node[] {
  const nodes = fitted.joints.map((j) => document.createNode(j.name));
  fitted.joints.forEach((j, i) => {
    if (j.parent < 0) {
      nodes[i].setTranslation([...j.position]).setRotation([...j.rotation]);
      return;
    }
    const p = fitted.joints[j.parent];
    const inv = conjugate(p.rotation);
    const t = rotate(inv, [
      j.position[0] - p.position[0],
      j.position[1] - p.position[1],
      j.position[2] - p.position[2],
    ]);
    const q = multiply(inv, j.rotation);
    const l = Math.hypot(q[0], q[1], q[2], q[3]);
    nodes[i].setTranslation(t).setRotation([q[0] / l, q[1] / l, q[2] / l, q[3] / l]);
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
