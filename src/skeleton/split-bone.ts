/**
 * splitBone: `count` new joints evenly between a joint and its child (twist joints), chained
 * joint → N1 → … → Nn → child, each oriented like the joint (identity local rotation) and added
 * to every skin that lists it with the joint's skinning matrix (see addToParentSkins). The child
 * keeps its world placement under Nn (its keys re-expressed: the new joints never animate, so
 * exactly). Weights: kept (the new joints get none, the mesh is unchanged) or spread along the
 * bone (each vertex's weight on the joint shared with the new joints by where it lies along the
 * bone, its sum kept; a locked joint keeps its weights).
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { mainChild } from '../pose/joint-frames.ts';
import { restPositions } from '../pose/rest-positions.ts';
import { skeletonOf } from '../pose/skeleton.ts';
import { addToParentSkins } from './add-joint.ts';
import { listNodeChannels } from './clip-keys.ts';
import { invert, type Mat4, mul, NodeWorlds, originOf, transformPoint, translation } from './frames.ts';
import { keepSkinning } from './inverse-binds.ts';
import { spreadAlongBone } from './joint-weights.ts';
import { reparentNode } from './reparent-node.ts';
import {
  type EditOutcome,
  freeName,
  requireFreeName,
  requireJoint,
  requireOwnWeights,
} from './skeleton-checks.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';

export interface SplitBoneOptions {
  /** The child joint the bone runs to (node id); default the joint's main child. */
  child?: number;
  /** 'keep' (default): the new joints get no weight; 'spread': the joint's weight spreads along the bone. */
  weights?: 'keep' | 'spread';
  /** Names of the new joints (default `<joint>_split1`, `_split2`…). */
  names?: readonly string[];
  /** Locked joints (node ids): a locked joint's weights are not spread. */
  locked?: ReadonlySet<number>;
}

/** Most joints one split inserts. */
export const MAX_SPLIT = 32;

/** Splits the bone from `joint` to its child into count + 1 segments, in place. */
export function splitBone(
  model: SkinnedModel,
  joint: number,
  count: number,
  options: SplitBoneOptions = {},
): EditOutcome {
  const info = requireJoint(model, joint);
  if (!Number.isInteger(count) || count < 1 || count > MAX_SPLIT)
    throw new SkeletonEditError(
      `The count of joints to insert must be a whole number from 1 to ${MAX_SPLIT}.`,
    );
  let childId = options.child;
  if (childId === undefined) {
    const skeleton = skeletonOf(model);
    const c = mainChild(skeleton, skeleton.slotOf(joint));
    childId = c >= 0 ? skeleton.nodeIds[c] : -1;
    if (childId < 0)
      throw new SkeletonEditError(`"${info.name}" has no child joint: there is no bone to split.`);
  }
  const child = requireJoint(model, childId);
  if (child.parent !== joint)
    throw new SkeletonEditError(`"${child.name}" is not a child joint of "${info.name}".`);
  if (options.names && options.names.length !== count)
    throw new SkeletonEditError(
      `${count} names are needed for ${count} new joints (got ${options.names.length}).`,
    );
  const names = Array.from({ length: count }, (_, k) =>
    options.names ? requireFreeName(model, options.names[k]) : freeName(model, `${info.name}_split${k + 1}`),
  );
  if (new Set(names).size !== names.length)
    throw new SkeletonEditError('The new joints need different names.');
  const spread = options.weights === 'spread';
  if (options.weights !== undefined && options.weights !== 'keep' && !spread)
    throw new SkeletonEditError(`weights must be "keep" or "spread" (got ${String(options.weights)}).`);
  if (spread) requireOwnWeights(model, joint, 'spreading its weights');
  // Where each vertex lies along the bone, as drawn at rest (before anything changes).
  const rest = spread ? restPositions(model) : null;

  const doc = model.document;
  const before = new NodeWorlds(doc);
  const all = listNodeChannels(doc);
  const a = originOf(before.world(joint));
  const c = originOf(before.world(childId));
  const notes: string[] = [];
  let prev = info.node;
  let W: Mat4 = before.world(joint);
  const created = names.map((name, k) => {
    const f = (k + 1) / (count + 1);
    const at = [a[0] + f * (c[0] - a[0]), a[1] + f * (c[1] - a[1]), a[2] + f * (c[2] - a[2])];
    const local = transformPoint(invert(W), at);
    const node = doc.createNode(name).setTranslation(local);
    prev.addChild(node);
    W = mul(W, translation(local));
    prev = node;
    return node;
  });
  const mid = new NodeWorlds(doc);
  reparentNode(doc, child.node, prev, mid, all, notes);
  const placed = new NodeWorlds(doc);
  for (const node of created) addToParentSkins(model, info.node, node, placed);

  let weightEdits: EditOutcome['weightEdits'] = [];
  if (spread && rest) {
    if (options.locked?.has(joint)) notes.push(`"${info.name}" is locked: its weights were kept`);
    else weightEdits = spreadWeights(model, joint, created, rest, a, c);
  }
  keepSkinning(doc, before, new NodeWorlds(doc), new Set(created));
  const nodes = doc.getRoot().listNodes();
  return { changed: true, created: created.map((n) => nodes.indexOf(n)), notes, weightEdits };
}

function spreadWeights(
  model: SkinnedModel,
  joint: number,
  created: readonly import('@gltf-transform/core').Node[],
  rest: Float32Array[],
  a: readonly number[],
  c: readonly number[],
): NonNullable<EditOutcome['weightEdits']> {
  const edits: NonNullable<EditOutcome['weightEdits']> = [];
  const d = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const len2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] || 1;
  const skins = model.document.getRoot().listSkins();
  const node = model.joints.get(joint)!.node;
  for (const prim of model.primitives) {
    const skinJoints = skins[prim.skins[0]].listJoints();
    const from = skinJoints.indexOf(node);
    if (from < 0) continue;
    const along = created.map((n) => skinJoints.indexOf(n));
    const p = rest[prim.id];
    const u = new Float32Array(prim.weights.vertexCount);
    for (let v = 0; v < u.length; v++)
      u[v] = ((p[v * 3] - a[0]) * d[0] + (p[v * 3 + 1] - a[1]) * d[1] + (p[v * 3 + 2] - a[2]) * d[2]) / len2;
    spreadAlongBone(prim.weights, from, along, u);
    edits.push({ primitive: prim.id, apply: (w) => spreadAlongBone(w, from, along, u) });
  }
  return edits;
}
