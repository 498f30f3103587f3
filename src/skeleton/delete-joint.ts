/**
 * deleteJoint: a joint leaves the file. Its weight goes exactly to the receiving joint (its parent
 * joint, or one the user names): per vertex the receiving weight is the sum of the two and every
 * other weight keeps its bits. Its children (whatever receives the weights) go to its parent node
 * keeping their world placement, their keys re-expressed in every clip (the deleted joint's own
 * motion folded into them). Its channels are dropped (and said so), every skin that listed it
 * lists the receiving joint instead where it had weights there, `skin.skeleton` follows, and the
 * nodes after it are renumbered, in the kept source JSON too (node-remap.ts).
 *
 * Refused: the only root joint; a joint holding a mesh; a locked joint or a locked receiver (the
 * weights would change); no receiver for a root joint that has weight.
 */
import type { Node } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { channelsOf, listNodeChannels, removeAnimation, removeChannel } from './clip-keys.ts';
import { NodeWorlds } from './frames.ts';
import { keepSkinning, readInverseBinds, writeInverseBinds } from './inverse-binds.ts';
import { mergeJointWeights } from './joint-weights.ts';
import { nodeRemovalRefusal, remapSourceNodes } from './node-remap.ts';
import { reparentNode } from './reparent-node.ts';
import { restShift } from './rest-shift.ts';
import { type EditOutcome, requireJoint, requireOwnWeights } from './skeleton-checks.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';
import { keepSkinSkeletons, skinsLosingCommonRoot } from './skin-skeletons.ts';

export interface DeleteJointOptions {
  /** The joint (node id) that takes the weights; default the deleted joint's parent joint. */
  weightsTo?: number | 'parent';
  /** Locked joints (node ids): neither the deleted joint nor the receiver may be one. */
  locked?: ReadonlySet<number>;
}

/** What a deletion did besides the common outcome. */
export interface DeleteJointOutcome extends EditOutcome {
  /** Node id before → after (-1 for the deleted joint). */
  remap: (id: number) => number;
  /** The joint that took the weights (node id after the deletion), or -1 when there was none. */
  receiver: number;
  /** Vertices whose weight moved. */
  movedVertices: number;
  /** Vertices that moved at the rest pose (a rest pose that is not the bind pose) and how far. */
  restShift: { vertices: number; max: number };
}

/** Total weight of joint index j over every primitive of `skin` (model.skins index). */
function hasWeight(model: SkinnedModel, skin: number, j: number): boolean {
  for (const prim of model.primitives) {
    if (prim.skins[0] !== skin) continue;
    const { joints, weights } = prim.weights;
    for (let i = 0; i < joints.length; i++) if (joints[i] === j && weights[i] > 0) return true;
  }
  return false;
}

/** Deletes joint `joint` (node id) of `model`, in place (weights in `model.primitives` too). */
export function deleteJoint(
  model: SkinnedModel,
  joint: number,
  options: DeleteJointOptions = {},
): DeleteJointOutcome {
  const doc = model.document;
  const info = requireJoint(model, joint);
  const node = info.node;
  const name = info.name;
  if (model.rootJoints.length === 1 && model.rootJoints[0] === joint)
    throw new SkeletonEditError(`"${name}" is the only root joint: it cannot be deleted.`);
  if (node.getMesh()) throw new SkeletonEditError(`"${name}" holds a mesh: delete or move the mesh first.`);
  const guarded = nodeRemovalRefusal(doc, joint);
  if (guarded) throw new SkeletonEditError(guarded);
  requireOwnWeights(model, joint, 'deleting it');
  const locked = options.locked ?? new Set<number>();
  if (locked.has(joint)) throw new SkeletonEditError(`"${name}" is locked: unlock it to delete it.`);
  const want = options.weightsTo ?? 'parent';
  const receiverId = want === 'parent' ? info.parent : want;
  const weighted = model.skins.some((s) => {
    const j = s.joints.indexOf(joint);
    return j >= 0 && hasWeight(model, s.index, j);
  });
  let receiver: Node | null = null;
  if (receiverId === joint) throw new SkeletonEditError(`"${name}" cannot take its own weights.`);
  if (receiverId >= 0) {
    const r = requireJoint(model, receiverId);
    if (locked.has(receiverId) && weighted)
      throw new SkeletonEditError(`"${r.name}" is locked: it cannot take the weights of "${name}".`);
    receiver = r.node;
  } else if (weighted)
    throw new SkeletonEditError(`"${name}" has no parent joint: name the joint that takes its weights.`);

  const parentNode = node.getParentNode();
  const broken = skinsLosingCommonRoot(doc, new Map(node.listChildren().map((c) => [c, parentNode])), node);
  if (broken.length)
    throw new SkeletonEditError(
      `Without "${name}", the joints of ${broken.slice(0, 3).join(', ')}${broken.length > 3 ? '…' : ''} would have no common root (glTF requires one).`,
    );
  const before = new NodeWorlds(doc);
  const id = before.index;
  const childrenBefore = new Set(node.listChildren());
  const all = listNodeChannels(doc);
  const notes: string[] = [];
  const skins = doc.getRoot().listSkins();

  // 1. Weights: each skin listing the joint lists the receiver too, then the joint's index goes.
  let movedVertices = 0;
  const rest = { vertices: 0, max: 0 };
  const weightEdits: NonNullable<EditOutcome['weightEdits']> = [];
  skins.forEach((skin, s) => {
    const joints = skin.listJoints();
    const j = joints.indexOf(node);
    if (j < 0) return;
    let ibm = readInverseBinds(skin);
    let r = receiver ? joints.indexOf(receiver) : -1;
    if (receiver && r < 0 && hasWeight(model, s, j)) {
      // The receiver's IBM from a skin that lists it: the same skinning matrix as there.
      const home = skins.find((k) => k.listJoints().includes(receiver!))!;
      const hi = home.listJoints().indexOf(receiver);
      const next = new Float64Array(ibm.length + 16);
      next.set(ibm);
      next.set(readInverseBinds(home).subarray(hi * 16, hi * 16 + 16), ibm.length);
      ibm = next;
      skin.addJoint(receiver);
      r = joints.length;
    }
    const to = Math.max(r, 0);
    if (receiver && r >= 0) {
      const shift = restShift(
        model,
        s,
        { node, ibm: ibm.subarray(j * 16, j * 16 + 16), slot: j },
        { node: receiver, ibm: ibm.subarray(r * 16, r * 16 + 16) },
        before,
      );
      rest.vertices += shift.vertices;
      rest.max = Math.max(rest.max, shift.max);
    }
    for (const prim of model.primitives) {
      if (prim.skins[0] !== s) continue;
      movedVertices += mergeJointWeights(prim.weights, j, to);
      weightEdits.push({ primitive: prim.id, apply: (w) => mergeJointWeights(w, j, to) });
    }
    skin.removeJoint(node);
    const kept = new Float64Array(ibm.length - 16);
    kept.set(ibm.subarray(0, j * 16));
    kept.set(ibm.subarray(j * 16 + 16), j * 16);
    writeInverseBinds(doc, skin, kept);
  });

  if (rest.vertices > 0)
    notes.push(
      `${rest.vertices} vertices of "${name}" moved up to ${formatLength(rest.max)} at the rest pose: this file's rest pose is not its bind pose, and "${receiver?.getName() ?? ''}" rests turned otherwise than "${name}". To delete without the jump, make the rest pose the bind pose first (Ctrl+Z in the app undoes this delete)`,
    );

  // 2. Children go to the joint's parent node (or the scenes' top level), keeping their world.
  const parent = node.getParentNode();
  const scenes = doc
    .getRoot()
    .listScenes()
    .filter((scene) => scene.listChildren().includes(node));
  for (const child of node.listChildren()) reparentNode(doc, child, parent ?? { scenes }, before, all, notes);

  // 3. Its channels go, and the report says which.
  for (const nc of channelsOf(all, node)) {
    notes.push(
      `animation "${nc.animation.getName() || 'unnamed'}" lost the ${nc.path} channel of deleted joint "${name}"`,
    );
    removeChannel(doc, nc);
  }

  // An animation that only moved the deleted joint is left with nothing: it goes too.
  doc
    .getRoot()
    .listAnimations()
    .forEach((animation, a) => {
      if (
        animation.listChannels().length > 0 ||
        !channelsOf(all, node).some((c) => c.animation === animation)
      )
        return;
      notes.push(`animation "${animation.getName() || 'unnamed'}" only moved "${name}": it was removed`);
      removeAnimation(doc, animation, a);
    });

  // 4. Skin roots, the kept source JSON's node indices, then the node itself.
  const fixed = keepSkinSkeletons(doc, node);
  if (fixed.length) notes.push(`skin root (skeleton) updated in ${fixed.join(', ')}`);
  const removed = id.get(node)!;
  const remap = (i: number) => (i < removed ? i : i === removed ? -1 : i - 1);
  // Its children (re-parented by now) stand in for it where a format names chain roots (VRM 0.x springs).
  const heirs = [...childrenBefore].map((c) => remap(id.get(c)!));
  notes.push(...remapSourceNodes(doc, remap, (i) => (i === removed ? heirs : [])));
  node.dispose();
  keepSkinning(doc, before, new NodeWorlds(doc));
  const receiverAfter = receiver ? doc.getRoot().listNodes().indexOf(receiver) : -1;
  return {
    changed: true,
    created: [],
    notes,
    remap,
    receiver: receiverAfter,
    movedVertices,
    weightEdits,
    restShift: rest,
  };
}

/** A length for a message: metres as cm or mm where that reads better (files are in metres). */
function formatLength(m: number): string {
  if (m >= 1) return `${m.toFixed(2)} m`;
  if (m >= 0.01) return `${(m * 100).toFixed(1)} cm`;
  return `${(m * 1000).toFixed(m >= 0.001 ? 1 : 3)} mm`;
}
