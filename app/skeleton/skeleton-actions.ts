import { limbCentreOnModel } from '../../src/editor/skeleton-limb.ts';
import type { LiveDrag } from '../../src/interaction/skeleton-interaction.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { useSkeletonUi } from './skeleton-store.ts';

type V3 = [number, number, number];

/**
 * Runs a skeleton edit through editor.skeleton (each call one undo step); a refusal (a cycle,
 * the only root, a taken name, a locked joint) becomes a toast, never an uncaught error.
 */
function edit<T>(run: () => T): T | null {
  if (!editor.model) return null;
  try {
    // X-mirror is the session's: the toggle is read at each edit.
    editor.skeleton.xMirror = useSkeletonUi.getState().mirror;
    return run();
  } catch (err) {
    useUi.getState().showToast('warning', (err as Error).message);
    return null;
  }
}

const children = () => (useSkeletonUi.getState().childrenFollow ? 'follow' : 'stay');

/** What the panel shows of a joint (read from editor.skeleton, never computed here). */
export interface JointPlacement {
  name: string;
  /** Parent joint id, or -1 for a root. */
  parent: number;
  /** World position as drawn at rest. */
  world: V3;
  /** The node's own translation (its parent node's space). */
  local: V3;
  hasChild: boolean;
}

export function jointPlacement(id: number): JointPlacement | null {
  if (!editor.model?.joints.has(id)) return null;
  const j = editor.skeleton.joint(id);
  return {
    name: j.name,
    parent: j.parent,
    world: j.position,
    local: [...j.local.t] as V3,
    hasChild: j.children.length > 0,
  };
}

/**
 * Joints that may become `id`'s parent (every joint but itself and, unless asked, those below it:
 * a cycle), in tree order; with `includeDescendants`, every other joint (who may receive a deleted
 * joint's weights).
 */
export function parentChoices(
  id: number,
  opts: { includeDescendants?: boolean } = {},
): { id: number; name: string }[] {
  if (!editor.model) return [];
  const list = editor.skeleton.joints();
  const below = new Set<number>([id]);
  if (!opts.includeDescendants) {
    // Parents come before children in joints(): one pass marks the whole branch.
    for (const j of list) if (below.has(j.parent)) below.add(j.id);
  }
  return list.filter((j) => !below.has(j.id)).map((j) => ({ id: j.id, name: j.name }));
}

/** Moves the joint to a typed position, in world space or as its local translation. */
export function moveJoint(id: number, to: V3, space: 'world' | 'local'): void {
  edit(() =>
    space === 'world'
      ? editor.skeleton.move(id, to, { children: children() })
      : editor.skeleton.moveLocal(id, to, { children: children() }),
  );
}

/**
 * A gizmo drag of `joint`: editor.skeleton previews each target (event 'preview', the viewport
 * redraws the joints), release makes the move, one undo step. The mesh does not move when a joint
 * moves. Null when refused.
 */
export function beginMove(joint: number): LiveDrag | null {
  return liveDrag(joint, 'move');
}

/**
 * A rotate-gizmo drag of `joint`: each update is its world rotation (x, y, z, w), previewed live
 * (with children following, its branch swings with it); release makes the orient, one undo step.
 */
export function beginTurn(joint: number): LiveDrag | null {
  return liveDrag(joint, 'orient');
}

/** A drag of `joint` as a move or an orient: an edit refused on the way cancels the drag. */
function liveDrag(joint: number, kind: 'move' | 'orient'): LiveDrag | null {
  const drag = edit(() => editor.skeleton.beginDrag(joint, kind, { children: children() }));
  if (!drag) return null;
  return {
    update: (to) => {
      if (edit(() => drag.update(to)) === null) drag.cancel();
    },
    commit: () => {
      if (edit(() => drag.end()) === null) drag.cancel();
    },
    cancel: () => drag.cancel(),
  };
}

/** The joint's world rotation as drawn now (a drag's preview while one runs), x, y, z, w. */
export function jointFrame(id: number): [number, number, number, number] | null {
  if (!editor.model?.joints.has(id)) return null;
  return editor.skeleton.previewRotation(id);
}

export function aimAtChild(id: number): void {
  edit(() => editor.skeleton.aimAtChild(id));
}

export function rollJoint(id: number, degrees: number): void {
  edit(() => editor.skeleton.roll(id, degrees));
}

export function renameJoint(id: number, name: string): void {
  edit(() => editor.skeleton.rename(id, name));
}

export function reparentJoint(id: number, parent: number): void {
  edit(() => editor.skeleton.reparent(id, parent));
}

/** Inserts `count` twist joints between the joint and its child. */
export function splitJoint(id: number, count: number, weights: 'keep' | 'spread'): void {
  edit(() => editor.skeleton.split(id, count, { weights }));
}

export function deleteJoint(id: number, weightsTo: 'parent' | number): void {
  const reports = edit(() => editor.skeleton.delete(id, { weightsTo }));
  // A delete on a file whose rest pose is not its bind pose moves the deleted joint's vertices:
  // said now (the warning says how to take it back).
  const warnings = reports?.flatMap((r) => r.warnings) ?? [];
  if (warnings.length) useUi.getState().showToast('warning', warnings.join(' '));
}

/** Delete (the key): the selected joint, its weights to its parent. */
export function deleteSelectedJoint(): void {
  const id = editor.selectedJoint;
  if (id !== null) deleteJoint(id, 'parent');
}

/** The pose on screen (in Skeleton mode: the pose kept from Pose mode) becomes the bind pose. */
export function makePoseTheBindPose(): void {
  if (!editor.model) return;
  if (!editor.pose.posed) {
    useUi
      .getState()
      .showToast('warning', 'Pose the character first (Pose mode): that pose becomes the bind pose.');
    return;
  }
  edit(() => editor.skeleton.makeBindPose());
}

/** The limb's centre under a view ray (the editor's geometry over the mesh at rest), or null. */
export function limbCentreUnder(origin: V3, dir: V3): V3 | null {
  if (!editor.model) return null;
  return limbCentreOnModel(editor, origin, dir)?.centre ?? null;
}

/**
 * Placing (E): a click on the mesh adds a child of the selected joint at the limb's centre under
 * the click (it becomes the selected joint), and placing stops. False on a miss (the camera
 * takes the press).
 */
export function placeChild(origin: V3, dir: V3): boolean {
  const parent = editor.selectedJoint;
  const at = limbCentreUnder(origin, dir);
  if (parent === null || !at) return false;
  useSkeletonUi.setState({ placing: null });
  edit(() => editor.skeleton.add(parent, at));
  return true;
}
