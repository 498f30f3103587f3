/**
 * X-mirror for skeleton edits: the same edit on the joint's partner across the X = 0 plane (the
 * pairs the mirror brush uses: names, then positions, then the user's overrides). A move or turn
 * is mirrored as a change (the partner moves by the mirrored offset, turns by the mirrored turn,
 * as Blender's X-axis mirror does), so each side keeps its own frame convention; an added joint
 * goes under the partner of its parent at the mirrored point, with the other side's name.
 */
import { flipSideName } from '../mesh/joint-mirror.ts';
import { quatMultiply } from '../pose/quaternion.ts';
import { decompose, type NodeWorlds, originOf, type Quat } from './frames.ts';
import type { SkeletonEdit, Vec3 } from './skeleton-edit.ts';

/** Reflects a world rotation across the X = 0 plane: M·R·M with M = diag(−1, 1, 1). */
export function mirrorRotation(q: readonly number[]): Quat {
  return [q[0], -q[1], -q[2], q[3]];
}

/**
 * The partner's edit for `edit` (joints given as node ids), or null when the joint is its own
 * partner (on the plane, unpaired) or the edit has no mirror (bindPose, a rename to a name with no
 * side). `partner` maps a joint id to its partner (itself when none); `worlds` are the rest-pose
 * worlds before the edit.
 */
export function mirrorEdit(
  edit: SkeletonEdit,
  partner: (id: number) => number,
  worlds: NodeWorlds,
): SkeletonEdit | null {
  const other = (ref: number | string | undefined) => {
    if (typeof ref !== 'number') return null;
    const p = partner(ref);
    return p === ref ? null : p;
  };
  switch (edit.op) {
    case 'move': {
      const p = other(edit.joint);
      if (p === null) return null;
      const from = originOf(worlds.world(edit.joint as number));
      const at = originOf(worlds.world(p));
      const to: Vec3 = [
        at[0] - (edit.to[0] - from[0]),
        at[1] + (edit.to[1] - from[1]),
        at[2] + (edit.to[2] - from[2]),
      ];
      return { ...edit, joint: p, to };
    }
    case 'orient': {
      const p = other(edit.joint);
      if (p === null) return null;
      const old = decompose(worlds.world(edit.joint as number)).r;
      const turn: Quat = [0, 0, 0, 1];
      quatMultiply(edit.rotation, 0, [-old[0], -old[1], -old[2], old[3]], 0, turn, 0);
      const rotation: Quat = [0, 0, 0, 1];
      quatMultiply(mirrorRotation(turn), 0, decompose(worlds.world(p)).r, 0, rotation, 0);
      return { ...edit, joint: p, rotation };
    }
    case 'add': {
      const p = other(edit.parent);
      if (p === null) return null;
      const name = edit.name === undefined ? undefined : (flipSideName(edit.name) ?? `${edit.name}_mirror`);
      return { op: 'add', parent: p, at: [-edit.at[0], edit.at[1], edit.at[2]], ...(name && { name }) };
    }
    case 'split': {
      const p = other(edit.joint);
      if (p === null) return null;
      const child = edit.child === undefined ? undefined : (other(edit.child) ?? undefined);
      const names = edit.names?.map((n) => flipSideName(n) ?? `${n}_mirror`);
      return { ...edit, joint: p, ...(child !== undefined && { child }), ...(names && { names }) };
    }
    case 'delete': {
      const p = other(edit.joint);
      if (p === null) return null;
      const to = typeof edit.weightsTo === 'number' ? partner(edit.weightsTo) : edit.weightsTo;
      return { ...edit, joint: p, ...(to !== undefined && { weightsTo: to }) };
    }
    case 'rename': {
      const p = other(edit.joint);
      const name = flipSideName(edit.to);
      if (p === null || !name) return null;
      return { op: 'rename', joint: p, to: name };
    }
    case 'reparent': {
      const p = other(edit.joint);
      if (p === null) return null;
      return {
        op: 'reparent',
        joint: p,
        parent: typeof edit.parent === 'number' ? partner(edit.parent) : edit.parent,
      };
    }
    case 'bindPose':
      return null;
  }
}
