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
