/**
 * createSkinFromNodes: turns a file with meshes and a node hierarchy but no skin into a skinned
 * one, in place on the Document.
 *
 * 1. The joints are the picked root and every mesh-free node below it (skeleton-nodes.ts).
 * 2. Inverse bind matrices are the inverses of the joints' world matrices as the file places
 *    them now: that pose is the bind pose.
 * 3. Each mesh to skin goes on a node at the scene root with no transform, with its world
 *    placement baked into its vertices (glTF ignores a skinned node's transform, so this is
 *    what keeps the character where it was): in place when its node already is such a node,
 *    else on a new node named like the old one (the old node stays when it still holds
 *    children, and is removed when nothing is left on it, with any group above it that the move
 *    left empty: prune-emptied-nodes.ts).
 * 4. Its primitives get JOINTS_0/WEIGHTS_0 with every vertex on the root joint: valid weights
 *    that auto-bind then replaces.
 */
import type { Document, Mesh, Node, Skin } from '@gltf-transform/core';
import { matInvert, matIsIdentity } from '../pose/matrix.ts';
import { addEditNotes } from '../skeleton/edit-notes.ts';
import { bakeWorldTransform } from './bake-world-transform.ts';
import { disposeIfUnused, disposeMeshIfUnused } from './dispose-unused.ts';
import { followElementChanges, listElements } from './follow-node-changes.ts';
import { pruneEmptiedNodes } from './prune-emptied-nodes.ts';
import { repairZeroNormals } from './repair-normals.ts';
import {
  meshesOutsideSkeleton,
  resolveNode,
  skeletonJoints,
  skeletonRootCandidates,
} from './skeleton-nodes.ts';

/** Options of {@link createSkinFromNodes}. */
export interface CreateSkinOptions {
  /** The mesh nodes to skin (ids or names); default: every mesh outside the skeleton. */
  meshes?: readonly (number | string)[];
  /** Name of the new skin; default "<root name> skin". */
  name?: string;
}

/** What {@link createSkinFromNodes} made. */
export interface CreatedSkin {
  skin: Skin;
  root: Node;
  /** In skin order: JOINTS_0 values index this list. */
  joints: Node[];
  /** The nodes that now hold the skinned meshes. */
  skinnedNodes: Node[];
  /** Meshes whose node placed them: their vertices now carry that placement. */
  bakedMeshes: number;
}

/** Most joints a JOINTS_n accessor (unsigned short) can name. */
const MAX_JOINTS = 65536;

/** The mesh nodes to skin, checked. */
function targetMeshNodes(
  document: Document,
  root: Node,
  joints: Node[],
  meshes?: readonly (number | string)[],
) {
  const nodes = document.getRoot().listNodes();
  if (!meshes) {
    const found = meshesOutsideSkeleton(document, root, joints);
    if (found.length === 0) {
      throw new Error(
        `No mesh outside the skeleton under "${root.getName()}": every mesh of the file hangs from one of its joints. Pick a root lower in the hierarchy, or name the meshes to skin.`,
      );
    }
    return found;
  }
  if (meshes.length === 0) throw new Error('Name at least one mesh to skin.');
  return meshes.map((m) => {
    const node = nodes[resolveNode(document, m)];
    if (!node.getMesh()) throw new Error(`"${node.getName()}" holds no mesh.`);
    if (node.getSkin()) throw new Error(`"${node.getName()}" is already skinned.`);
    return node;
  });
}

/** Inverse world matrix of every joint, as glTF stores it (float32, column-major). */
function inverseBindMatrices(joints: Node[]): Float32Array {
  const out = new Float64Array(joints.length * 16);
  joints.forEach((joint, j) => {
    if (!matInvert(joint.getWorldMatrix(), 0, out, j * 16)) {
      throw new Error(
        `Joint "${joint.getName()}" has a zero scale in its world transform: it cannot be a bone. Fix its scale (or its parents') and try again.`,
      );
    }
  });
  return Float32Array.from(out);
}

/** The scenes a node is in (through its top ancestor). */
function scenesOf(document: Document, node: Node) {
  let top = node;
  for (let p = node.getParentNode(); p; p = p.getParentNode()) top = p;
  const scenes = document
    .getRoot()
    .listScenes()
    .filter((s) => s.listChildren().includes(top));
  if (scenes.length) return scenes;
  const fallback = document.getRoot().getDefaultScene() ?? document.getRoot().listScenes()[0];
  return fallback ? [fallback] : [];
}

/**
 * Puts the mesh of `node` on a root node with identity transform, baked to world space, skinned
 * with `skin` (in place when it already is such a node and its mesh is its own). Weights are the
 * caller's to write.
 */
export function attachMeshToSkin(document: Document, node: Node, skin: Skin): Node {
  const mesh = node.getMesh()!;
  const users = mesh.listParents().filter((p) => p !== document.getRoot()).length;
  const skinned =
    !node.getParentNode() && matIsIdentity(node.getMatrix()) && users === 1
      ? node.setSkin(skin)
      : moveToSceneRoot(document, node, skin);
  for (const primitive of skinned.getMesh()!.listPrimitives()) repairZeroNormals(primitive);
  return skinned;
}

/**
 * Puts the mesh of `node` on a root node with identity transform, baked to world space. The old
 * node and mesh may go: what the source JSON names by index (a VRM's bones, blend shapes) follows.
 */
function moveToSceneRoot(document: Document, node: Node, skin: Skin): Node {
  const before = listElements(document);
  const mesh = node.getMesh()!;
  const baked = bakeWorldTransform(document, mesh, node.getWorldMatrix());
  const skinned = document.createNode(node.getName()).setMesh(baked).setSkin(skin);
  for (const scene of scenesOf(document, node)) scene.addChild(skinned);
  node.setMesh(null);
  disposeMeshIfUnused(mesh);
  // The node, and a group above it whose every mesh moved, would stay empty (NODE_EMPTY).
  pruneEmptiedNodes(document, [node]);
  const replaced = new Map<Node | Mesh, Node | Mesh>([
    [node, skinned],
    [mesh, baked],
  ]);
  addEditNotes(document, followElementChanges(document, before, replaced));
  return skinned;
}

/** Every vertex fully on joint 0 (the root), in JOINTS_0/WEIGHTS_0; other sets removed. */
function rootWeights(document: Document, node: Node): void {
  for (const primitive of node.getMesh()!.listPrimitives()) {
    const position = primitive.getAttribute('POSITION');
    const count = position?.getCount() ?? 0;
    for (const semantic of primitive.listSemantics()) {
      if (!/^(JOINTS|WEIGHTS)_\d+$/.test(semantic)) continue;
      const stale = primitive.getAttribute(semantic)!;
      primitive.setAttribute(semantic, null);
      disposeIfUnused(stale);
    }
    const weights = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) weights[v * 4] = 1;
    const buffer = position?.getBuffer() ?? null;
    primitive.setAttribute(
      'JOINTS_0',
      document
        .createAccessor('JOINTS_0')
        .setType('VEC4')
        .setArray(new Uint16Array(count * 4))
        .setBuffer(buffer),
    );
    primitive.setAttribute(
      'WEIGHTS_0',
      document.createAccessor('WEIGHTS_0').setType('VEC4').setArray(weights).setBuffer(buffer),
    );
  }
}

/** What a skin from `root` would be made of, as node ids of the document it was planned on. */
export interface SkinPlan {
  root: number;
  joints: number[];
  /** The mesh nodes to skin. */
  meshes: number[];
}

/**
 * Checks that a skin can be made from `rootNode` and says what it would hold, without changing
 * the document. Throws an Error with a message for the user when it cannot.
 */
export function planSkin(
  document: Document,
  rootNode: number | string,
  options: CreateSkinOptions = {},
): SkinPlan {
  const skins = document.getRoot().listSkins();
  if (skins.length > 0) {
    throw new Error(
      `The file already has ${skins.length === 1 ? 'a skin' : `${skins.length} skins`} (${skins.map((s) => s.getName() || 'unnamed').join(', ')}): Auto-bind rebinds its joints. Creating a skin is for files without one.`,
    );
  }
  const nodes = document.getRoot().listNodes();
  const rootId = resolveNode(document, rootNode);
  const root = nodes[rootId];
  if (root.getMesh()) {
    const candidates = skeletonRootCandidates(document).map((c) => c.name);
    throw new Error(
      `"${root.getName()}" holds a mesh: pick the top node of the skeleton${candidates.length ? ` (${candidates.join(', ')})` : ''}.`,
    );
  }
  const joints = skeletonJoints(root);
  if (joints.length > MAX_JOINTS)
    throw new Error(
      `"${root.getName()}" has ${joints.length} nodes below it; a skin holds at most ${MAX_JOINTS}.`,
    );
  const targets = targetMeshNodes(document, root, joints, options.meshes);
  inverseBindMatrices(joints); // a zero-scale joint fails here, before anything changes
  const index = new Map(nodes.map((n, i) => [n, i]));
  return {
    root: rootId,
    joints: joints.map((j) => index.get(j)!),
    meshes: targets.map((t) => index.get(t)!),
  };
}

/** See the module comment. Throws an Error with a message for the user when it cannot. */
export function createSkinFromNodes(
  document: Document,
  rootNode: number | string,
  options: CreateSkinOptions = {},
): CreatedSkin {
  const plan = planSkin(document, rootNode, options);
  const nodes = document.getRoot().listNodes();
  const root = nodes[plan.root];
  const joints = plan.joints.map((id) => nodes[id]);
  const targets = plan.meshes.map((id) => nodes[id]);
  const ibm = inverseBindMatrices(joints);

  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const skin = document
    .createSkin(options.name ?? `${root.getName() || 'Skeleton'} skin`)
    .setSkeleton(root)
    .setInverseBindMatrices(
      document.createAccessor('inverseBindMatrices').setType('MAT4').setArray(ibm).setBuffer(buffer),
    );
  for (const joint of joints) skin.addJoint(joint);

  let bakedMeshes = 0;
  const skinnedNodes = targets.map((node) => {
    const mesh = node.getMesh()!;
    const users = mesh.listParents().filter((p) => p !== document.getRoot()).length;
    // glTF ignores a skinned node's transform and parents: in place only where they are identity.
    const inPlace = !node.getParentNode() && matIsIdentity(node.getMatrix()) && users === 1;
    if (inPlace) {
      node.setSkin(skin);
      return node;
    }
    bakedMeshes++;
    return moveToSceneRoot(document, node, skin);
  });
  for (const node of skinnedNodes) rootWeights(document, node);
  return { skin, root, joints, skinnedNodes, bakedMeshes };
}
