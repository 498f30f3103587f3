/**
 * reparentJoint: a joint goes under another node keeping its world placement (so the mesh does
 * not move and its IBMs stay), with its keys re-expressed in every clip (see reparent-node.ts).
 * A node cannot go under itself or its own descendants.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { listNodeChannels } from './clip-keys.ts';
import { NodeWorlds } from './frames.ts';
import { keepSkinning } from './inverse-binds.ts';
import { reparentNode } from './reparent-node.ts';
import { type EditOutcome, isUnder, requireJoint } from './skeleton-checks.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';
import { keepSkinSkeletons, skinsLosingCommonRoot } from './skin-skeletons.ts';

/** Puts joint `joint` under node `parent` (node id), keeping its world placement. */
export function reparentJoint(model: SkinnedModel, joint: number, parent: number): EditOutcome {
  const doc = model.document;
  const node = requireJoint(model, joint).node;
  const target = doc.getRoot().listNodes()[parent];
  if (!target) throw new SkeletonEditError(`There is no node ${parent}.`);
  if (isUnder(target, node))
    throw new SkeletonEditError(
      target === node
        ? `"${node.getName()}" cannot be its own parent.`
        : `"${target.getName()}" is below "${node.getName()}": making it the parent would make a cycle.`,
    );
  if (node.getParentNode() === target) return { changed: false, created: [], notes: [] };
  if (target.getSkin())
    throw new SkeletonEditError(`"${target.getName()}" holds a skinned mesh: a joint cannot go under it.`);
  const broken = skinsLosingCommonRoot(doc, new Map([[node, target]]));
  if (broken.length)
    throw new SkeletonEditError(
      `Under ${target.getName() ? `"${target.getName()}"` : `node ${parent}`}, the joints of ${broken.slice(0, 3).join(', ')}${broken.length > 3 ? '…' : ''} would have no common root (glTF requires one).`,
    );
  const before = new NodeWorlds(doc);
  const notes: string[] = [];
  reparentNode(doc, node, target, before, listNodeChannels(doc), notes);
  keepSkinning(doc, before, new NodeWorlds(doc));
  const fixed = keepSkinSkeletons(doc);
  if (fixed.length) notes.push(`skin root (skeleton) updated in ${fixed.join(', ')}`);
  return { changed: true, created: [], notes };
}
