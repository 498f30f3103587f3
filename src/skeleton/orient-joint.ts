/**
 * orientJoint: a joint's frame turns to a world rotation about its own origin, the mesh staying
 * where it is. Its children keep their world placement, and its clips and its children's are
 * re-expressed (the joint's rotation keys turned by the same local rotation, each child's
 * keys by its inverse), so every clip poses the mesh exactly as before (uniform scales).
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { quatMultiply } from '../pose/quaternion.ts';
import { channelsOf, listNodeChannels, rightMultiplyRotationKeys } from './clip-keys.ts';
import { compose, decompose, invert, mul, NodeWorlds, nodeTRS, originOf, type Quat } from './frames.ts';
import { keepSkinning } from './inverse-binds.ts';
import { premultiplyNode } from './premultiply-node.ts';
import { type EditOutcome, requireJoint, requireRotation } from './skeleton-checks.ts';

/** The joint's world rotation (x, y, z, w) in the file's rest pose: its world matrix's rotation. */
export function worldRotation(worlds: NodeWorlds, joint: number): Quat {
  return decompose(worlds.world(joint)).r;
}

/** Turns joint `joint` so that its world rotation is `rotation` (x, y, z, w), in place. */
export function orientJoint(model: SkinnedModel, joint: number, rotation: readonly number[]): EditOutcome {
  const q = requireRotation(rotation, 'The rotation');
  const doc = model.document;
  const node = requireJoint(model, joint).node;
  const before = new NodeWorlds(doc);
  const W = before.world(joint);
  const { s } = decompose(W);
  const target = compose({ t: originOf(W), r: q, s });
  const rest = nodeTRS(node);
  const r = decompose(mul(invert(before.parentWorld(node)), target)).r;
  const dot = r[0] * rest.r[0] + r[1] * rest.r[1] + r[2] * rest.r[2] + r[3] * rest.r[3];
  if (Math.abs(dot) >= 1 - 1e-15) return { changed: false, created: [], notes: [] };
  // x = r_old⁻¹ · r_new: the turn in the joint's own frame.
  const x: Quat = [0, 0, 0, 1];
  quatMultiply([-rest.r[0], -rest.r[1], -rest.r[2], rest.r[3]], 0, r, 0, x, 0);
  const all = listNodeChannels(doc);
  const oldLocal = compose(rest);
  node.setRotation(r);
  rightMultiplyRotationKeys(doc, channelsOf(all, node), x);
  const C = mul(invert(compose(nodeTRS(node))), oldLocal);
  for (const child of node.listChildren()) premultiplyNode(doc, all, child, C);
  keepSkinning(doc, before, new NodeWorlds(doc));
  return { changed: true, created: [], notes: [] };
}
