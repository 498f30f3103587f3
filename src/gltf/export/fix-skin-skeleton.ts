import type { Document, Node, Skin } from '@gltf-transform/core';
import type { ExportStage } from './export-stage.ts';

/** True when `ancestor` is `node` or one of its ancestors. */
function isAncestorOrSelf(ancestor: Node, node: Node): boolean {
  const seen = new Set<Node>();
  for (let n: Node | null = node; n && !seen.has(n); n = n.getParentNode()) {
    if (n === ancestor) return true;
    seen.add(n);
  }
  return false;
}

/** `node` and its ancestors, root last. */
function pathToRoot(node: Node): Node[] {
  const path: Node[] = [];
  const seen = new Set<Node>();
  for (let n: Node | null = node; n && !seen.has(n); n = n.getParentNode()) {
    seen.add(n);
    path.push(n);
  }
  return path;
}

/** The deepest node that is an ancestor-or-self of every joint of the skin, or null. */
export function commonRootOfJoints(joints: Node[]): Node | null {
  if (joints.length === 0) return null;
  let candidates = pathToRoot(joints[0]);
  for (let i = 1; i < joints.length && candidates.length > 0; i++) {
    const onPath = new Set(pathToRoot(joints[i]));
    candidates = candidates.filter((n) => onPath.has(n));
  }
  return candidates[0] ?? null;
}

/** True when the skin's `skeleton` is absent or an ancestor-or-self of all its joints (glTF 2.0 §5.24). */
export function isSkeletonValid(skin: Skin): boolean {
  const skeleton = skin.getSkeleton();
  return !skeleton || skin.listJoints().every((joint) => isAncestorOrSelf(skeleton, joint));
}

/**
 * Skins are the editor's to write, so an invalid `skin.skeleton` (glTF-Validator
 * SKIN_SKELETON_INVALID, e.g. QuaterniusWolf's, which names a joint that is not above all the
 * others) is replaced by the joints' deepest common root, or cleared when they have none
 * (`skeleton` is optional). Undone by the stage. Returns how many skins were fixed.
 */
export function stageSkinSkeletons(stage: ExportStage, document: Document): number {
  let fixed = 0;
  for (const skin of document.getRoot().listSkins()) {
    if (isSkeletonValid(skin)) continue;
    const before = skin.getSkeleton();
    skin.setSkeleton(commonRootOfJoints(skin.listJoints()));
    stage.onRestore(() => skin.setSkeleton(before));
    fixed++;
  }
  return fixed;
}
