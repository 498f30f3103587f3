/**
 * After an edit of the tree, each skin's `skeleton` must still be a common root of its joints
 * (glTF 2.0): one that no longer is (a joint moved out from under it, or the node deleted) becomes
 * the joints' deepest common ancestor, or is unset when they have none.
 */
import type { Document, Node } from '@gltf-transform/core';
import { commonRootOfJoints, isSkeletonValid } from '../gltf/export/fix-skin-skeleton.ts';

/** Fixes the skins whose skeleton is `gone` (about to be deleted) or no longer valid; returns their names. */
export function keepSkinSkeletons(document: Document, gone: Node | null = null): string[] {
  const fixed: string[] = [];
  document
    .getRoot()
    .listSkins()
    .forEach((skin, k) => {
      const skeleton = skin.getSkeleton();
      if (!skeleton || (skeleton !== gone && isSkeletonValid(skin))) return;
      const joints = skin.listJoints().filter((j) => j !== gone);
      skin.setSkeleton(commonRootOfJoints(joints));
      fixed.push(skin.getName() || `skin ${k}`);
    });
  return fixed;
}

/**
 * The names of the skins whose joints would have no common root (glTF requires one:
 * SKIN_NO_COMMON_ROOT) with the tree changed as given: `parents` maps a node to its new parent
 * (null: a scene root), `removed` leaves the skins.
 */
export function skinsLosingCommonRoot(
  document: Document,
  parents: ReadonlyMap<Node, Node | null>,
  removed: Node | null = null,
): string[] {
  const parentOf = (n: Node) => (parents.has(n) ? parents.get(n)! : n.getParentNode());
  const chain = (n: Node) => {
    const out: Node[] = [];
    const seen = new Set<Node>();
    for (let at: Node | null = n; at && !seen.has(at); at = parentOf(at)) {
      seen.add(at);
      out.push(at);
    }
    return out;
  };
  const out: string[] = [];
  document
    .getRoot()
    .listSkins()
    .forEach((skin, k) => {
      const joints = skin.listJoints().filter((j) => j !== removed);
      if (joints.length < 2) return;
      let common = chain(joints[0]);
      for (const j of joints.slice(1)) {
        const set = new Set(chain(j));
        common = common.filter((n) => set.has(n));
        if (common.length === 0) break;
      }
      if (common.length === 0) out.push(skin.getName() || `skin ${k}`);
    });
  return out;
}
