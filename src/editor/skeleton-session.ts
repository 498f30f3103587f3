/**
 * SkeletonSession: editing the skeleton of a bound character (`editor.skeleton`) — the API the
 * Skeleton mode, scripts and tests call. Move a joint's pivot, turn its frame, add, split,
 * delete, rename and re-parent joints, and make the current pose the bind pose, with the mesh
 * staying where it is (src/skeleton has the math; DESIGN.md, "Editing the skeleton").
 *
 * Every call is ONE undo step that swaps models: the edit runs on a copy of the document
 * (src/skeleton/copy-model.ts), the copy becomes the editor's model, and undo puts back the model
 * it came from — the file as it was, bit for bit — with the locks, excluded joints, selection,
 * pose, named poses and mirror pairs it had. A gizmo drag is one step too: `beginDrag` previews
 * the joints' new frames without touching the file (`previewWorld`, event 'preview'), `end`
 * makes the step. With `xMirror` on, each edit is repeated on the joint's X partner.
 *
 * Joints are node ids (the editor's joint ids) or names. Positions and rotations are world space
 * of the file's rest pose, as drawn. A refused edit (unknown joint, a cycle, the only root…)
 * throws a SkeletonEditError and changes nothing.
 */

import { sameLineage, sameShape } from '../gltf/model-lineage.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { jointResolver, type SkeletonEditReport } from '../skeleton/apply-skeleton-edit.ts';
import { decompose, type Mat4, NodeWorlds, type TRS, transformPoint } from '../skeleton/frames.ts';
import type { ChildrenMode } from '../skeleton/move-joint.ts';
import type { JointRef, Quat, SkeletonEdit, Vec3 } from '../skeleton/skeleton-edit.ts';
import type { Editor } from './editor.ts';
import { Emitter } from './emitter.ts';
import { runSkeletonEdits, shownPose } from './skeleton-batch.ts';
import { SkeletonDrag } from './skeleton-drag.ts';
import { aimRotation, rollRotation } from './skeleton-frames.ts';
import { keepsShape } from './skeleton-lineage.ts';
import { captureSlot, installSlot } from './skeleton-slots.ts';

export type { SkeletonEditReport } from '../skeleton/apply-skeleton-edit.ts';
export type { SkeletonEdit } from '../skeleton/skeleton-edit.ts';
export { SkeletonEditError } from '../skeleton/skeleton-edit-error.ts';
export type { SkeletonDrag } from './skeleton-drag.ts';

/** What SkeletonSession tells the viewport and panels. */
export type SkeletonEvents = {
  /** A drag's preview changed: the joints (ids) whose frames differ now; read `previewWorld`. */
  preview: { joints: number[] };
  /**
   * A skeleton edit became an undo step (the editor's 'model' event came first: the model is the
   * edited one). Undo and redo of it are the editor's 'committed' events.
   */
  edited: { label: string; reports: SkeletonEditReport[] };
};

/** A joint as Skeleton mode shows it. */
export interface SkeletonJoint {
  id: number;
  name: string;
  /** Parent joint id, or -1. */
  parent: number;
  children: number[];
  /** World position and rotation (x, y, z, w) in the file's rest pose, as drawn. */
  position: Vec3;
  rotation: Quat;
  /** World matrix, column-major. */
  world: Mat4;
  /** The node's own transform (local to its parent node). */
  local: TRS;
  /** The parent node's world matrix (identity at the top): local = parentWorld⁻¹ · world. */
  parentWorld: Mat4;
  /** The X-mirror partner's id (the joint itself when it has none). */
  mirror: number;
}

const LABELS: Record<SkeletonEdit['op'], string> = {
  move: 'Move joint',
  orient: 'Orient joint',
  add: 'Add joint',
  split: 'Split bone',
  delete: 'Delete joint',
  rename: 'Rename joint',
  reparent: 'Re-parent joint',
  bindPose: 'Make pose the bind pose',
};

export class SkeletonSession {
  readonly events = new Emitter<SkeletonEvents>();
  /** Repeat every edit on the joint's X partner (Blender's X-axis mirror). */
  xMirror = false;
  private drag: SkeletonDrag | null = null;
  private worldsCache: { model: unknown; worlds: NodeWorlds } | null = null;

  constructor(private readonly editor: Editor) {
    editor.events.on('model', () => {
      this.drag?.cancel();
    });
  }

  // --- Reading ---

  /** The rest-pose worlds of the loaded model's nodes (cached per model). */
  worlds(): NodeWorlds {
    const model = this.editor.requireModel();
    if (this.worldsCache?.model !== model)
      this.worldsCache = { model, worlds: new NodeWorlds(model.document) };
    return this.worldsCache.worlds;
  }

  /** Every joint of every skin, parents before children. */
  joints(): SkeletonJoint[] {
    const model = this.editor.requireModel();
    const out: SkeletonJoint[] = [];
    const visit = (id: number) => {
      out.push(this.joint(id));
      for (const c of model.joints.get(id)!.children) visit(c);
    };
    for (const id of model.rootJoints) visit(id);
    return out;
  }

  /** One joint (id or name). */
  joint(ref: JointRef): SkeletonJoint {
    const id = this.editor.resolveJoint(ref);
    const info = this.editor.requireModel().joints.get(id)!;
    const world = this.worlds().world(id).slice();
    const { t, r } = decompose(world);
    return {
      id,
      name: info.name,
      parent: info.parent,
      children: [...info.children],
      position: t,
      rotation: r,
      world,
      local: { t: info.node.getTranslation(), r: info.node.getRotation(), s: info.node.getScale() },
      parentWorld: this.worlds().parentWorld(info.node).slice(),
      mirror: this.partner(id),
    };
  }

  /** A joint's X-mirror partner (itself when none), as the mirror brush pairs them. */
  partner(id: number): number {
    return this.editor.surfaces.mirrorJoint(id, 'x');
  }

  /**
   * A joint's world matrix as shown now: the drag's preview while one runs, else the rest pose.
   * The viewport draws joint handles from it.
   */
  previewWorld(joint: number): Mat4 {
    return (this.drag?.preview.get(joint) ?? this.worlds().world(joint)).slice();
  }

  /** A joint's world rotation (x, y, z, w) as shown now: the drag's preview while one runs, else the rest pose. */
  previewRotation(joint: number): Quat {
    return decompose(this.previewWorld(joint)).r;
  }

  /**
   * True when model `b` differs from `a` only in its joints' transforms, inverse bind matrices,
   * names and parents (skeleton edits that keep every node and vertex, their undo and redo): the
   * viewport then updates the scene it draws instead of building a new one.
   */
  sameShape(a: SkinnedModel, b: SkinnedModel): boolean {
    return sameShape(a, b);
  }

  /** True while a gizmo drag runs. */
  get dragging(): boolean {
    return this.drag !== null;
  }

  // --- Edits (each one undo step) ---

  /** Moves a joint's pivot to world point `to`; its children stay (default) or follow. */
  move(joint: JointRef, to: Vec3, options: { children?: ChildrenMode } = {}): SkeletonEditReport[] {
    return this.apply({ op: 'move', joint: this.id(joint), to, ...options });
  }

  /**
   * Moves a joint's pivot to `translation` in its parent's frame (the node's own translation: typed
   * local coordinates); otherwise as {@link move}.
   */
  moveLocal(
    joint: JointRef,
    translation: Vec3,
    options: { children?: ChildrenMode } = {},
  ): SkeletonEditReport[] {
    const j = this.joint(joint);
    return this.move(j.id, transformPoint(j.parentWorld, translation), options);
  }

  /** Turns a joint's frame to world rotation `rotation` (x, y, z, w); its children stay. */
  orient(joint: JointRef, rotation: Quat): SkeletonEditReport[] {
    return this.apply({ op: 'orient', joint: this.id(joint), rotation });
  }

  /**
   * Turns a joint so its bone axis points at a child joint (default its main child): the local
   * axis (±X, ±Y or ±Z) that points most along the bone now is aimed exactly, by the smallest turn.
   */
  aimAtChild(joint: JointRef, child?: JointRef): SkeletonEditReport[] {
    const id = this.id(joint);
    return this.orient(
      id,
      aimRotation(
        this.editor.requireModel(),
        this.worlds(),
        id,
        child === undefined ? undefined : this.id(child),
      ),
    );
  }

  /** Rolls a joint about its bone axis (toward its main child) by `degrees`. */
  roll(joint: JointRef, degrees: number): SkeletonEditReport[] {
    const id = this.id(joint);
    return this.orient(id, rollRotation(this.editor.requireModel(), this.worlds(), id, degrees));
  }

  /** Adds a joint under `parent` at world point `at` (no weights); it becomes the selected joint. */
  add(parent: JointRef, at: Vec3, name?: string): SkeletonEditReport[] {
    return this.apply({ op: 'add', parent: this.id(parent), at, ...(name !== undefined && { name }) });
  }

  /** Inserts `count` joints evenly between a joint and its child (default its main child). */
  split(
    joint: JointRef,
    count: number,
    options: { weights?: 'keep' | 'spread'; child?: JointRef; names?: string[] } = {},
  ): SkeletonEditReport[] {
    const child = options.child === undefined ? undefined : this.id(options.child);
    return this.apply({
      op: 'split',
      joint: this.id(joint),
      count,
      ...(options.weights && { weights: options.weights }),
      ...(child !== undefined && { child }),
      ...(options.names && { names: options.names }),
    });
  }

  /** Deletes a joint: its weights go exactly to its parent joint (default) or to `weightsTo`. */
  delete(joint: JointRef, options: { weightsTo?: 'parent' | JointRef } = {}): SkeletonEditReport[] {
    const to =
      options.weightsTo === undefined || options.weightsTo === 'parent'
        ? 'parent'
        : this.id(options.weightsTo);
    return this.apply({ op: 'delete', joint: this.id(joint), weightsTo: to });
  }

  rename(joint: JointRef, name: string): SkeletonEditReport[] {
    return this.apply({ op: 'rename', joint: this.id(joint), to: name });
  }

  /** Puts a joint under another joint (or node id), keeping its world placement. */
  reparent(joint: JointRef, parent: JointRef): SkeletonEditReport[] {
    const p =
      typeof parent === 'number' ? parent : jointResolver(this.editor.requireModel())(parent, 'reparent');
    return this.apply({ op: 'reparent', joint: this.id(joint), parent: p });
  }

  /**
   * Makes a pose the bind pose: by default the pose shown now (editor.pose: its joints' local
   * rotations, and a clip frame's translations); the mesh as posed becomes the bind geometry.
   * The pose then reads as the rest pose.
   */
  makeBindPose(pose?: {
    rotations: Record<string, Quat>;
    translations?: Record<string, Vec3>;
  }): SkeletonEditReport[] {
    return this.apply({ op: 'bindPose', ...(pose ?? shownPose(this.editor)) }, undefined, true);
  }

  /**
   * Applies edits (SkeletonEdit data, as the CLI's --edits file takes them) in order as ONE undo
   * step. Joint ids in them are the current model's; a later edit may name a joint an earlier one
   * created by its name. Returns a report per edit applied (mirrored edits included).
   */
  apply(
    edits: SkeletonEdit | readonly SkeletonEdit[],
    label?: string,
    resetPose = false,
  ): SkeletonEditReport[] {
    if (this.drag) throw new Error('A joint drag is in progress: end or cancel it first.');
    const list: readonly SkeletonEdit[] = Array.isArray(edits)
      ? (edits as readonly SkeletonEdit[])
      : [edits as SkeletonEdit];
    this.editor.paintSessionEnd();
    const before = captureSlot(this.editor);
    const result = runSkeletonEdits(
      this.editor,
      before,
      list,
      this.xMirror ? (id) => this.partner(id) : null,
    );
    if (!result) return [];
    const { slot, reports } = result;
    if (resetPose) slot.pose = {};
    if (keepsShape(list)) sameLineage(before.model, slot.model);
    installSlot(this.editor, slot);
    const bytes = before.model.document
      .getRoot()
      .listAccessors()
      .reduce((n, a) => n + (a.getArray()?.byteLength ?? 0), 0);
    const name = label ?? LABELS[list[0]?.op ?? 'move'];
    this.editor.commitStep(name, [], null, {
      undo: () => installSlot(this.editor, before),
      redo: () => installSlot(this.editor, slot),
      bytes,
    });
    this.events.emit('edited', { label: name, reports });
    return reports;
  }

  /**
   * Starts a gizmo drag of a joint: 'move' (its pivot; `children` stay or follow) or 'orient' (its
   * world rotation). `update` previews, `end` makes one undo step, `cancel` leaves the file as it was.
   */
  beginDrag(
    joint: JointRef,
    kind: 'move' | 'orient',
    options: { children?: ChildrenMode } = {},
  ): SkeletonDrag {
    if (this.drag) throw new Error('A joint drag is already in progress.');
    const id = this.id(joint);
    const model = this.editor.requireModel();
    const partner = this.xMirror ? this.partner(id) : id;
    this.drag = new SkeletonDrag(model, this.worlds(), id, partner, kind, options.children ?? 'stay', {
      preview: (joints) => this.events.emit('preview', { joints }),
      end: (edit) => {
        this.drag = null;
        return edit ? this.apply(edit) : [];
      },
      cancel: () => {
        this.drag = null;
      },
    });
    return this.drag;
  }

  // --- Internals ---

  private id(joint: JointRef): number {
    if (typeof joint === 'string' && /^#\d+$/.test(joint))
      return this.editor.resolveJoint(Number(joint.slice(1)));
    return this.editor.resolveJoint(joint);
  }
}
