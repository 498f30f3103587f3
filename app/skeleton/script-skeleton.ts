import type { SkeletonEditReport, SkeletonJoint } from '../../src/editor/skeleton-session.ts';
import type { ChildrenMode } from '../../src/skeleton/move-joint.ts';
import type { JointRef, Quat, SkeletonEdit, Vec3 } from '../../src/skeleton/skeleton-edit.ts';
import { parseSkeletonEdits } from '../../src/skeleton/skeleton-edit.ts';
import { editor } from '../editor-instance.ts';
import { paintBridge } from '../paint/paint-bridge.ts';
import type { PagePoint } from '../pose/rotate-gizmo.ts';
import { viewport } from '../viewport-bridge.ts';
import { jointMarkersBridge, type MoveGizmoInfo, moveGizmoBridge } from './skeleton-bridge.ts';
import { type SkeletonUi, useSkeletonUi } from './skeleton-store.ts';

type ViewOptions = Pick<SkeletonUi, 'childrenFollow' | 'snapToCentre'>;

/** A joint as scripts read it (plain JSON). */
export interface ScriptJoint {
  id: number;
  name: string;
  parent: number;
  children: number[];
  position: Vec3;
  rotation: Quat;
  /** The node's own translation (in its parent's frame). */
  translation: Vec3;
  mirror: number;
}

/**
 * `skinsmith.skeleton`: skeleton edits for scripts and tests (src/editor/skeleton-session.ts).
 * Each edit is one undo step and resolves, with its reports, once the edited model is drawn.
 */
export interface ScriptSkeleton {
  joints(): ScriptJoint[];
  joint(joint: JointRef): ScriptJoint;
  /** Reads or sets X-mirror (an edit repeated on the joint's X partner). */
  xMirror(on?: boolean): boolean;
  move(joint: JointRef, to: Vec3, options?: { children?: ChildrenMode }): Promise<SkeletonEditReport[]>;
  /** Moves the pivot to a translation in the parent's frame (typed local coordinates). */
  moveLocal(
    joint: JointRef,
    translation: Vec3,
    options?: { children?: ChildrenMode },
  ): Promise<SkeletonEditReport[]>;
  orient(joint: JointRef, rotation: Quat): Promise<SkeletonEditReport[]>;
  aimAtChild(joint: JointRef, child?: JointRef): Promise<SkeletonEditReport[]>;
  roll(joint: JointRef, degrees: number): Promise<SkeletonEditReport[]>;
  add(parent: JointRef, at: Vec3, name?: string): Promise<SkeletonEditReport[]>;
  split(
    joint: JointRef,
    count: number,
    options?: { weights?: 'keep' | 'spread'; child?: JointRef; names?: string[] },
  ): Promise<SkeletonEditReport[]>;
  delete(joint: JointRef, options?: { weightsTo?: 'parent' | JointRef }): Promise<SkeletonEditReport[]>;
  rename(joint: JointRef, name: string): Promise<SkeletonEditReport[]>;
  reparent(joint: JointRef, parent: JointRef): Promise<SkeletonEditReport[]>;
  /** The pose shown now (or the one given: local rotations by joint) becomes the bind pose. */
  makeBindPose(pose?: {
    rotations: Record<string, Quat>;
    translations?: Record<string, Vec3>;
  }): Promise<SkeletonEditReport[]>;
  /** Applies a list of edits as the CLI's --edits file holds them, as ONE undo step. */
  apply(edits: SkeletonEdit[] | unknown): Promise<SkeletonEditReport[]>;
  /** Skeleton mode's translate gizmo on the page (centre, arrows), or null when none shows. */
  gizmo(): MoveGizmoInfo | null;
  /** Where a joint's ball is drawn on the page, or null (not Skeleton mode, no such joint). */
  jointPoint(joint: JointRef): PagePoint | null;
  /** Reads, or changes then reads, the Skeleton panel's toggles (X-mirror is `xMirror`). */
  options(options?: Partial<ViewOptions>): Promise<ViewOptions>;
}

const plain = (j: SkeletonJoint): ScriptJoint => ({
  id: j.id,
  name: j.name,
  parent: j.parent,
  children: j.children,
  position: j.position,
  rotation: j.rotation,
  translation: j.local.t,
  mirror: j.mirror,
});

async function drawn(reports: SkeletonEditReport[]): Promise<SkeletonEditReport[]> {
  if (editor.model) await viewport.whenDrawn(editor.model);
  return reports;
}

const s = () => editor.skeleton;

export const scriptSkeleton: ScriptSkeleton = {
  joints: () => s().joints().map(plain),
  joint: (joint) => plain(s().joint(joint)),
  xMirror: (on) => {
    if (on !== undefined) s().xMirror = on;
    return s().xMirror;
  },
  move: async (joint, to, options) => drawn(s().move(joint, to, options)),
  moveLocal: async (joint, translation, options) => drawn(s().moveLocal(joint, translation, options)),
  orient: async (joint, rotation) => drawn(s().orient(joint, rotation)),
  aimAtChild: async (joint, child) => drawn(s().aimAtChild(joint, child)),
  roll: async (joint, degrees) => drawn(s().roll(joint, degrees)),
  add: async (parent, at, name) => drawn(s().add(parent, at, name)),
  split: async (joint, count, options) => drawn(s().split(joint, count, options)),
  delete: async (joint, options) => drawn(s().delete(joint, options)),
  rename: async (joint, name) => drawn(s().rename(joint, name)),
  reparent: async (joint, parent) => drawn(s().reparent(joint, parent)),
  makeBindPose: async (pose) => drawn(s().makeBindPose(pose)),
  apply: async (edits) => drawn(s().apply(parseSkeletonEdits(edits))),
  gizmo: () => moveGizmoBridge.info(),
  jointPoint: (joint) => {
    if (!editor.model) return null;
    const id = s().joint(joint).id;
    const marker = jointMarkersBridge.list().find((m) => m.owner === id);
    return marker ? paintBridge.require().toPage(marker.at.toArray()) : null;
  },
  options: async (options) => {
    if (options) {
      useSkeletonUi.setState(options);
      await viewport.nextFrame();
    }
    const { childrenFollow, snapToCentre } = useSkeletonUi.getState();
    return { childrenFollow, snapToCentre };
  },
};
