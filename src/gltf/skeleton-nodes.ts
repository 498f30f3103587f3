/**
 * Reading a skeleton out of a plain node hierarchy, for files that have a mesh and bones but no
 * skin: which node the user means, which nodes become joints, which meshes get skinned, and
 * which nodes look like a skeleton root (the default the app offers, the list the CLI prints).
 */
import type { Document, Node } from '@gltf-transform/core';

/** A node picked by index (glTF node id) or by name; throws a message for the user otherwise. */
export function resolveNode(document: Document, node: number | string): number {
  const nodes = document.getRoot().listNodes();
  if (typeof node === 'number') {
    if (!Number.isInteger(node) || node < 0 || node >= nodes.length)
      throw new Error(`No node with id ${node} (the file has ${nodes.length} nodes).`);
    return node;
  }
  const matches = nodes.flatMap((n, i) => (n.getName() === node ? [i] : []));
  if (matches.length === 1) return matches[0];
  if (matches.length > 1)
    throw new Error(
      `${matches.length} nodes are named "${node}" (ids ${matches.join(', ')}): pick one by id.`,
    );
  const candidates = skeletonRootCandidates(document).map((c) => c.name);
  throw new Error(
    `No node named "${node}".${candidates.length ? ` Nodes that could be the skeleton root: ${candidates.join(', ')}.` : ''}`,
  );
}

/**
 * The joints of a skeleton rooted at `root`: the root and every node below it that holds no
 * mesh, depth first in child order (parents before children, the same order every time).
 * Mesh nodes are props, not bones; nodes below a prop still count (a socket under a sword).
 */
export function skeletonJoints(root: Node): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    if (!node.getMesh()) out.push(node);
    for (const child of node.listChildren()) visit(child);
  };
  visit(root);
  return out;
}

/**
 * The mesh nodes a new skin over `joints` goes on by default: every mesh node without a skin
 * that is outside the skeleton, counting a mesh directly under the root as outside (Blender's
 * Armature → Body layout). Meshes hanging from another joint are rigid props and stay as they are.
 */
export function meshesOutsideSkeleton(document: Document, root: Node, joints: readonly Node[]): Node[] {
  const isJoint = new Set(joints);
  return document
    .getRoot()
    .listNodes()
    .filter((node) => {
      if (!node.getMesh() || node.getSkin()) return false;
      let p = node.getParentNode();
      while (p && !isJoint.has(p)) p = p.getParentNode();
      return p === null || p === root;
    });
}

/** A node that could be a skeleton root, for pickers and messages. */
export interface SkeletonRootCandidate {
  id: number;
  name: string;
  /** Joints a skin from this root would have. */
  joints: number;
  /** Longest chain of joints below it (0: the root alone). */
  depth: number;
}

const HIPS = /hips|pelvis/i;
const CONTAINER = /armature|skeleton|^(root|rig)$/i;

/**
 * Whether a node's name says it holds a skeleton rather than being a bone (Blender's Armature,
 * a "root" at the feet): as a skin's root it should get no weight.
 */
export function looksLikeSkeletonContainer(name: string): boolean {
  return CONTAINER.test(name);
}

/** Depth of the longest chain of mesh-free nodes below `node`. */
function jointDepth(node: Node): number {
  let best = 0;
  for (const child of node.listChildren()) if (!child.getMesh()) best = Math.max(best, 1 + jointDepth(child));
  return best;
}

/**
 * Nodes that look like a skeleton root, best first: a node named like the hips or pelvis, then
 * one named like an armature or skeleton, then top-level mesh-free nodes by the length of the
 * mesh-free chain below them (a bone hierarchy is the deepest one). A node that is an ancestor
 * of every mesh of the file (a scene wrapper) is listed last.
 */
export function skeletonRootCandidates(document: Document): SkeletonRootCandidate[] {
  const nodes = document.getRoot().listNodes();
  const meshNodes = nodes.filter((n) => n.getMesh());
  const wraps = (node: Node) =>
    meshNodes.length > 0 &&
    meshNodes.every((m) => {
      for (let p = m.getParentNode(); p; p = p.getParentNode()) if (p === node) return true;
      return false;
    });
  const scored = nodes.flatMap((node, id) => {
    if (node.getMesh()) return [];
    const name = node.getName();
    const named = HIPS.test(name) ? 2 : CONTAINER.test(name) ? 1 : 0;
    const top = !node.getParentNode();
    const depth = jointDepth(node);
    if (!named && !(top && depth > 0)) return [];
    const candidate: SkeletonRootCandidate = {
      id,
      name: name || `node ${id}`,
      joints: skeletonJoints(node).length,
      depth,
    };
    return [{ candidate, score: wraps(node) ? -1 : named }];
  });
  scored.sort(
    (a, b) => b.score - a.score || b.candidate.depth - a.candidate.depth || a.candidate.id - b.candidate.id,
  );
  return scored.map((s) => s.candidate);
}
