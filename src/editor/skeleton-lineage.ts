/**
 * Which skeleton steps keep the model's shape (src/gltf/model-lineage.ts): those whose every edit
 * leaves the nodes, the skins' joint lists and the bind geometry as they are — move, orient,
 * rename and re-parent, and the aim, roll and gizmo drags built on them. An edit that adds or
 * removes joints or changes the bind geometry (add, split, delete, bind pose) starts a lineage of
 * its own, and the viewport builds its scene anew.
 */
import type { SkeletonEdit, SkeletonOp } from '../skeleton/skeleton-edit.ts';

const SHAPE_KEEPING: ReadonlySet<SkeletonOp> = new Set<SkeletonOp>(['move', 'orient', 'rename', 'reparent']);

/** Whether every edit of a step keeps the model's shape. */
export function keepsShape(edits: readonly SkeletonEdit[]): boolean {
  return edits.every((e) => SHAPE_KEEPING.has(e.op));
}
