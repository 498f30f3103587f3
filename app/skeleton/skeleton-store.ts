import { create } from 'zustand';

/** What a click on the mesh does in Skeleton mode. */
export type SkeletonPlacing = null | 'add';

/**
 * Skeleton mode's UI state (its edits live in editor.skeleton). `skeletonRev` tells panels to read
 * the skeleton again after an edit, an undo or a redo.
 */
export interface SkeletonUi {
  skeletonRev: number;
  /** Children keep their world placement (off) or ride along with the joint (on). */
  childrenFollow: boolean;
  /** An edit on one side repeats on the partner joint (the pairs the mirror brush finds). */
  mirror: boolean;
  /** The gizmo's centre handle drops the joint at the limb's centre under the pointer. */
  snapToCentre: boolean;
  /** Typed coordinates: world space, or the parent joint's space. */
  space: 'world' | 'local';
  /** A click on the mesh places a new child joint of the selected one (E), or null. */
  placing: SkeletonPlacing;
  /** The gizmo on the selected joint: arrows to move it (G) or rings to turn its frame (R). */
  tool: 'move' | 'rotate';
  /** Counts F2 presses: each one puts the focus in the selected joint's name field (0: none yet). */
  renaming: number;
}

export const SKELETON_UI_DEFAULTS: SkeletonUi = {
  skeletonRev: 0,
  childrenFollow: false,
  mirror: false,
  snapToCentre: false,
  space: 'world',
  placing: null,
  tool: 'move',
  renaming: 0,
};

export const useSkeletonUi = create<SkeletonUi>(() => ({ ...SKELETON_UI_DEFAULTS }));
