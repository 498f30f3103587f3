/**
 * The edits of one skeleton step, run on a copy of the model (the editor's own stays as it is for
 * undo): each edit after the other (with its X partner's when mirrored), joint names kept across
 * renumbering, the weight layers' data edited alike, and the editor's state carried to the result.
 */
import type { Node } from '@gltf-transform/core';
import {
  type AppliedSkeletonEdit,
  applySkeletonEdit,
  jointResolver,
  type SkeletonEditReport,
} from '../skeleton/apply-skeleton-edit.ts';
import { copyModel } from '../skeleton/copy-model.ts';
import { NodeWorlds } from '../skeleton/frames.ts';
import { mirrorEdit } from '../skeleton/mirror-edit.ts';
import { type Quat, type SkeletonEdit, type Vec3, withNodeRefs } from '../skeleton/skeleton-edit.ts';
import { writeWeightsToDocument } from '../skeleton/write-weights.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import type { Editor } from './editor.ts';
import { carrySlot, type SkeletonSlot } from './skeleton-slots.ts';

/**
 * Runs `list` on a copy of `before.model` (`partner`: the X-mirror pairing, or null). Returns the
 * slot to install and a report per edit applied, or null when none changed anything. Throws a
 * SkeletonEditError (nothing changed) for an edit that is refused.
 */
export function runSkeletonEdits(
  editor: Editor,
  before: SkeletonSlot,
  list: readonly SkeletonEdit[],
  partner: ((id: number) => number) | null,
): { slot: SkeletonSlot; reports: SkeletonEditReport[] } | null {
  let work = copyModel(before.model);
  // Joints are named by what they are at the start ('#N' of the copy's nodes), so a mirrored or
  // later edit still finds them after a deletion renumbers the nodes.
  const start: readonly Node[] = work.document.getRoot().listNodes();
  const worlds = new NodeWorlds(work.document);
  const expanded = list.flatMap((edit) => {
    const mirrored = partner ? mirrorEdit(edit, partner, worlds) : null;
    return mirrored ? [edit, mirrored] : [edit];
  });
  let layers = before.model === editor.model ? editor.layers.snapshot() : null;
  let remap = (id: number) => id;
  let locked = new Set(before.locks);
  const reports: SkeletonEditReport[] = [];
  let changed = false;
  let weightsMoved = false;
  for (const edit of expanded) {
    const applied: AppliedSkeletonEdit = applySkeletonEdit(work, withNodeRefs(edit), {
      resolve: jointResolver(work, start),
      locked,
    });
    work = applied.model;
    reports.push(applied.report);
    changed ||= applied.report.changed;
    weightsMoved ||= applied.weightEdits.length > 0;
    if (layers && applied.weightEdits.length) layers = replayOnLayers(layers, work, applied);
    const step = applied.remap;
    if (step) {
      const prev = remap;
      remap = (id) => {
        const m = prev(id);
        return m < 0 ? -1 : step(m);
      };
      locked = new Set([...locked].map(step).filter((id) => id >= 0));
    }
  }
  if (!changed) return null;
  if (weightsMoved) writeWeightsToDocument(work);
  if (layers) editor.layers.seed(work, layers);
  const last = [...reports].reverse().find((r) => r.joint !== null)?.joint?.id;
  return { slot: carrySlot(before, work, remap, last ?? undefined), reports };
}

/** The pose shown now as absolute local rotations (and clip translations) by joint ('#id'). */
export function shownPose(editor: Editor): {
  rotations: Record<string, Quat>;
  translations: Record<string, Vec3>;
} {
  const pose = editor.pose;
  const rotations: Record<string, Quat> = {};
  const translations: Record<string, Vec3> = {};
  if (pose.shown === 'rest') return { rotations, translations };
  const { nodeIds, trs } = pose.nodeTransforms();
  const model = editor.requireModel();
  nodeIds.forEach((id, s) => {
    if (!model.joints.has(id)) return;
    const node = model.joints.get(id)!.node;
    const r = [trs[s * 10 + 3], trs[s * 10 + 4], trs[s * 10 + 5], trs[s * 10 + 6]] as Quat;
    const t = [trs[s * 10], trs[s * 10 + 1], trs[s * 10 + 2]] as Vec3;
    if (r.some((v, k) => v !== node.getRotation()[k])) rotations[`#${id}`] = r;
    if (t.some((v, k) => v !== node.getTranslation()[k])) translations[`#${id}`] = t;
  });
  return { rotations, translations };
}

/** The edit's weight change replayed on the base and every layer of a saved stack (copies). */
function replayOnLayers(
  saved: NonNullable<ReturnType<Editor['layers']['snapshot']>>,
  model: { primitives: { weights: SkinWeights }[] },
  applied: AppliedSkeletonEdit,
) {
  const wrap = (p: number, part: { joints: Uint16Array; weights: Float32Array }) => {
    const like = model.primitives[p].weights;
    return new SkinWeights(like.vertexCount, like.influences, part.joints, part.weights);
  };
  for (const { primitive, apply } of applied.weightEdits) {
    apply(wrap(primitive, saved.base[primitive]));
    for (const layer of saved.layers) apply(wrap(primitive, layer.parts[primitive]));
  }
  return saved;
}
