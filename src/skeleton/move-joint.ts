/**
 * moveJoint: a joint's pivot moves to a world point, its world rotation kept, the mesh staying
 * where it is (DESIGN.md, "Editing the skeleton"). Its children stay where they are (their locals
 * absorb the move) or follow it (their whole subtree moves by the same offset, and every joint in
 * it gets the IBM that keeps its skinning matrix). Clips: the joint's translation keys shift by the
 * move in its parent's frame and, with children staying, the children's by its opposite in the
 * joint's frame, so each clip turns the limb about the new pivot.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { listNodeChannels } from './clip-keys.ts';
import { invert, NodeWorlds, originOf, transformVector, translation, type Vec3 } from './frames.ts';
import { keepSkinning } from './inverse-binds.ts';
import { premultiplyNode } from './premultiply-node.ts';
import { type EditOutcome, requireFinite, requireJoint } from './skeleton-checks.ts';

/** Whether a moved joint's children keep their world placement ('stay') or move with it ('follow'). */
export type ChildrenMode = 'stay' | 'follow';

export interface MoveJointOptions {
  children?: ChildrenMode;
}

export const MOVE_JOINT_DEFAULTS: Required<MoveJointOptions> = { children: 'stay' };

/** Moves joint `joint` (node id) of `model`'s document to world point `to`, in place. */
export function moveJoint(
  model: SkinnedModel,
  joint: number,
  to: readonly number[],
  options: MoveJointOptions = {},
): EditOutcome {
  // An explicit `children: undefined` (an edit that left it out) means the default too.
  const children = options.children ?? MOVE_JOINT_DEFAULTS.children;
  requireFinite(to, 3, 'the position');
  const doc = model.document;
  const info = requireJoint(model, joint);
  const before = new NodeWorlds(doc);
  const W = before.world(joint);
  const from = originOf(W);
  const delta: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  if (delta.every((d) => d === 0)) return { changed: false, created: [], notes: [] };
  const node = info.node;
  const all = listNodeChannels(doc);
  const notes: string[] = [];
  // In the parent's frame: W' = P · T(e) · L has its origin moved by P_lin · e = delta.
  const e = transformVector(invert(before.parentWorld(node)), delta);
  premultiplyNode(doc, all, node, translation(e));
  if (children === 'stay') {
    // In the joint's frame: W' · T(d) = W, so each child keeps its world matrix.
    const d = transformVector(invert(W), [-delta[0], -delta[1], -delta[2]]);
    for (const child of node.listChildren()) premultiplyNode(doc, all, child, translation(d));
  }
  keepSkinning(doc, before, new NodeWorlds(doc));
  return { changed: true, created: [], notes };
}
