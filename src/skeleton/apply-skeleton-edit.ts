/**
 * applySkeletonEdit: one SkeletonEdit on a model, in place on its document and weights, returning
 * the model rebuilt over the edited document and what was done. The editor applies edits to a
 * copy (so undo keeps the file as it was, bit for bit); the CLI to the file it read.
 */
import type { Node } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { addJoint } from './add-joint.ts';
import { makeBindPose } from './bind-pose.ts';
import { deleteJoint } from './delete-joint.ts';
import { addEditNotes } from './edit-notes.ts';
import type { Quat, Vec3 } from './frames.ts';
import { moveJoint } from './move-joint.ts';
import { orientJoint } from './orient-joint.ts';
import { rebuildModel } from './rebuild-model.ts';
import { renameJoint } from './rename-joint.ts';
import { reparentJoint } from './reparent-joint.ts';
import type { EditOutcome } from './skeleton-checks.ts';
import type { JointRef, SkeletonEdit, SkeletonOp } from './skeleton-edit.ts';
import { SkeletonEditError } from './skeleton-edit-error.ts';
import { splitBone } from './split-bone.ts';

/** A joint reference → node id in the model's document now; throws a SkeletonEditError. */
export type JointResolver = (ref: JointRef, what: string) => number;

/**
 * Resolves names (the node with that name; a joint first when several share it), `#N` and node
 * indices. With `inputNodes` (the nodes of the file as read), `#N` means node N of that file
 * wherever it is now, so edits after a deletion still name the same nodes.
 */
export function jointResolver(model: SkinnedModel, inputNodes?: readonly Node[]): JointResolver {
  return (ref, what) => {
    const nodes = model.document.getRoot().listNodes();
    let index: number;
    if (typeof ref === 'number' || /^#\d+$/.test(ref)) {
      const n = typeof ref === 'number' ? ref : Number(ref.slice(1));
      const label = typeof ref === 'number' ? `node ${n}` : ref;
      if (inputNodes && typeof ref === 'string') {
        const node = inputNodes[n];
        if (!node)
          throw new SkeletonEditError(
            `${what}: the file has no node ${label} (it has ${inputNodes.length}).`,
          );
        index = nodes.indexOf(node);
        if (index < 0) throw new SkeletonEditError(`${what}: ${label} was deleted by an earlier edit.`);
      } else {
        if (!nodes[n])
          throw new SkeletonEditError(`${what}: there is no ${label} (the file has ${nodes.length} nodes).`);
        index = n;
      }
      return index;
    }
    const named = nodes.flatMap((node, i) => (node.getName() === ref ? [i] : []));
    const joints = named.filter((i) => model.joints.has(i));
    const pick = joints.length === 1 ? joints : named;
    if (pick.length === 1) return pick[0];
    if (pick.length === 0) throw new SkeletonEditError(`${what}: no joint named "${ref}".`);
    throw new SkeletonEditError(
      `${what}: ${pick.length} nodes are named "${ref}" (${pick.map((i) => `#${i}`).join(', ')}): use #N.`,
    );
  };
}

/** A joint as reports name it. */
export interface JointName {
  id: number;
  name: string;
}

/** What one edit did. */
export interface SkeletonEditReport {
  op: SkeletonOp;
  /** The joint edited (id and name after the edit; for delete, the receiver of its weights or null). */
  joint: JointName | null;
  /** False when the edit changed nothing (a move to where the joint is, a rename to its name). */
  changed: boolean;
  created: JointName[];
  /** Joints removed (their ids before the edit). */
  removed: JointName[];
  /** Vertices whose weights moved (delete, split with spread). */
  movedVertices: number;
  notes: string[];
  /** What the rigger must hear now, not only in the export report (a delete that moved the mesh at rest). */
  warnings: string[];
}

/** The result of {@link applySkeletonEdit}. */
export interface AppliedSkeletonEdit {
  /** The model rebuilt over the edited document (a new object; weights carried). */
  model: SkinnedModel;
  report: SkeletonEditReport;
  /** Node id before → after (-1 removed), when the edit renumbered nodes; else null. */
  remap: ((id: number) => number) | null;
  /** The edit's weight change per primitive, to replay on weight layers (see EditOutcome). */
  weightEdits: NonNullable<EditOutcome['weightEdits']>;
}

/** Options of {@link applySkeletonEdit}. */
export interface ApplySkeletonEditOptions {
  resolve?: JointResolver;
  /** Locked joints (node ids): delete refuses them, split does not spread them. */
  locked?: ReadonlySet<number>;
}

function countMoved(before: SkinnedModel, run: () => EditOutcome): { outcome: EditOutcome; moved: number } {
  const copies = before.primitives.map((p) => p.weights.clone());
  const outcome = run();
  let moved = 0;
  before.primitives.forEach((p, i) => {
    const K = p.weights.influences;
    const a = copies[i];
    for (let v = 0; v < p.weights.vertexCount; v++) {
      for (let k = v * K; k < v * K + K; k++) {
        if (a.joints[k] !== p.weights.joints[k] || a.weights[k] !== p.weights.weights[k]) {
          moved++;
          break;
        }
      }
    }
  });
  return { outcome, moved };
}

/** Applies `edit` to `model` in place (see the module comment). Throws SkeletonEditError with nothing changed for bad input. */
export function applySkeletonEdit(
  model: SkinnedModel,
  edit: SkeletonEdit,
  options: ApplySkeletonEditOptions = {},
): AppliedSkeletonEdit {
  const resolve = options.resolve ?? jointResolver(model);
  const locked = options.locked ?? new Set<number>();
  const nodes = model.document.getRoot().listNodes();
  const nameOf = (id: number) => nodes[id]?.getName() ?? `node ${id}`;
  let outcome: EditOutcome;
  let subject: number | null = null;
  let removed: JointName[] = [];
  let remap: ((id: number) => number) | null = null;
  let moved = 0;
  const warnings: string[] = [];
  switch (edit.op) {
    case 'move':
      subject = resolve(edit.joint, 'move');
      outcome = moveJoint(model, subject, edit.to, { children: edit.children });
      break;
    case 'orient':
      subject = resolve(edit.joint, 'orient');
      outcome = orientJoint(model, subject, edit.rotation);
      break;
    case 'add': {
      const r = addJoint(model, resolve(edit.parent, 'add'), edit.at, edit.name);
      outcome = r;
      subject = r.id;
      break;
    }
    case 'split': {
      subject = resolve(edit.joint, 'split');
      const j = subject;
      const child = edit.child === undefined ? undefined : resolve(edit.child, 'split: child');
      const r = countMoved(model, () =>
        splitBone(model, j, edit.count, { child, weights: edit.weights, names: edit.names, locked }),
      );
      outcome = r.outcome;
      moved = r.moved;
      break;
    }
    case 'delete': {
      const id = resolve(edit.joint, 'delete');
      const to =
        edit.weightsTo === undefined || edit.weightsTo === 'parent'
          ? 'parent'
          : resolve(edit.weightsTo, 'delete: weightsTo');
      removed = [{ id, name: nameOf(id) }];
      const r = deleteJoint(model, id, { weightsTo: to, locked });
      outcome = r;
      remap = r.remap;
      moved = r.movedVertices;
      subject = r.receiver >= 0 ? r.receiver : null;
      if (r.restShift.vertices > 0) warnings.push(...r.notes.filter((n) => n.includes('at the rest pose')));
      break;
    }
    case 'rename':
      subject = resolve(edit.joint, 'rename');
      outcome = renameJoint(model, subject, edit.to);
      break;
    case 'reparent':
      subject = resolve(edit.joint, 'reparent');
      outcome = reparentJoint(model, subject, resolve(edit.parent, 'reparent: parent'));
      break;
    case 'bindPose': {
      const rotations = new Map<number, Quat>();
      for (const [ref, q] of Object.entries(edit.rotations)) rotations.set(resolve(ref, 'bindPose'), q);
      const translations = new Map<number, Vec3>();
      for (const [ref, t] of Object.entries(edit.translations ?? {}))
        translations.set(resolve(ref, 'bindPose'), t);
      outcome = makeBindPose(model, { rotations, translations });
      break;
    }
  }
  addEditNotes(model.document, outcome.notes);
  const next = outcome.changed ? rebuildModel(model) : model;
  const after = next.document.getRoot().listNodes();
  const name = (id: number) => ({ id, name: after[id]?.getName() ?? `node ${id}` });
  return {
    model: next,
    remap,
    weightEdits: outcome.weightEdits ?? [],
    report: {
      op: edit.op,
      joint: subject === null ? null : name(subject),
      changed: outcome.changed,
      created: outcome.created.map(name),
      removed,
      movedVertices: moved,
      notes: outcome.notes,
      warnings,
    },
  };
}
