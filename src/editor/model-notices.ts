/**
 * Notices about one state of the file: "X has no skinned mesh" is true of the static mesh, not of
 * the rig made from it; "Rigged with 25 joints" is true of the rig, not of the mesh after its
 * undo. A structure step (a rig, a skin created) swaps models without opening a file, so the
 * editor's notices would otherwise go on saying what stopped being true. A notice tagged with
 * `aboutModel` is shown only while its model is the editor's: a swap parks it, and the swap back
 * (undo, redo) brings it back. Untagged notices (repairs, refusals) stay until the next file.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { Notice } from './notices.ts';

// Weak: a notice or model dropped with the history takes its entry with it; and the notice
// stays a plain object (scripts and the CLI serialise it).
const about = new WeakMap<Notice, SkinnedModel>();
const parked = new WeakMap<SkinnedModel, Notice[]>();

/** Tags `notice` as true of `model` only; returns it. */
export function aboutModel(notice: Notice, model: SkinnedModel): Notice {
  about.set(notice, model);
  return notice;
}

/**
 * The notices once `next` is installed in a structure step: those about another model are
 * parked with it, those parked with `next` come back (after the others: they are news again).
 */
export function swapModelNotices(notices: readonly Notice[], next: SkinnedModel): Notice[] {
  const kept: Notice[] = [];
  for (const n of notices) {
    const model = about.get(n);
    if (!model || model === next) kept.push(n);
    else parked.set(model, [...(parked.get(model) ?? []), n]);
  }
  const back = parked.get(next) ?? [];
  parked.delete(next);
  return [...kept, ...back];
}
