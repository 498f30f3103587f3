/**
 * Helpers that turn a joint's frame by a rule rather than by a typed rotation: aim its bone axis
 * at a child, roll it about its bone. Both return the world rotation `SkeletonSession.orient` takes.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { mainChild } from '../pose/joint-frames.ts';
import {
  quatFromAxisAngle,
  quatFromUnitVectors,
  quatMultiply,
  quatRotateVector,
} from '../pose/quaternion.ts';
import { skeletonOf } from '../pose/skeleton.ts';
import { decompose, type NodeWorlds, originOf, type Quat } from '../skeleton/frames.ts';
import { SkeletonEditError } from '../skeleton/skeleton-edit-error.ts';

const AXES = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

/** The joint's main child (id), or -1 for a leaf. */
function childOf(model: SkinnedModel, id: number): number {
  const skeleton = skeletonOf(model);
  const c = mainChild(skeleton, skeleton.slotOf(id));
  return c >= 0 ? skeleton.nodeIds[c] : -1;
}

/** Unit world direction of the joint's bone: toward `child` (default its main child), else from its parent. */
function boneAxis(model: SkinnedModel, worlds: NodeWorlds, id: number, child = childOf(model, id)): number[] {
  const parent = model.joints.get(id)?.parent ?? -1;
  const [from, to] = child >= 0 ? [id, child] : [parent, id];
  if (from < 0)
    throw new SkeletonEditError(`"${model.joints.get(id)?.name}" has no bone (no child, no parent joint).`);
  const a = originOf(worlds.world(from));
  const b = originOf(worlds.world(to));
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const n = Math.hypot(d[0], d[1], d[2]);
  if (!(n > 0)) throw new SkeletonEditError(`The bone of "${model.joints.get(id)?.name}" has no length.`);
  return d.map((v) => v / n);
}

/**
 * The world rotation that aims the joint's bone axis at `child` (default its main child): of its
 * six local axes, the one pointing most along the bone now is turned onto it by the smallest turn.
 */
export function aimRotation(model: SkinnedModel, worlds: NodeWorlds, id: number, child?: number): Quat {
  const c = child ?? childOf(model, id);
  if (c < 0) throw new SkeletonEditError(`"${model.joints.get(id)?.name}" has no child joint to aim at.`);
  const dir = boneAxis(model, worlds, id, c);
  const q = decompose(worlds.world(id)).r;
  let best = AXES[0];
  let bestDot = -Infinity;
  const w = [0, 0, 0];
  for (const axis of AXES) {
    quatRotateVector(q, 0, axis, 0, w, 0);
    const dot = w[0] * dir[0] + w[1] * dir[1] + w[2] * dir[2];
    if (dot > bestDot) {
      bestDot = dot;
      best = [...w];
    }
  }
  const turn: Quat = [0, 0, 0, 1];
  quatFromUnitVectors(best, dir, turn, 0);
  const out: Quat = [0, 0, 0, 1];
  quatMultiply(turn, 0, q, 0, out, 0);
  return out;
}

/** The world rotation of the joint rolled by `degrees` about its bone axis. */
export function rollRotation(model: SkinnedModel, worlds: NodeWorlds, id: number, degrees: number): Quat {
  if (!Number.isFinite(degrees)) throw new SkeletonEditError('The roll must be a finite number of degrees.');
  const axis = boneAxis(model, worlds, id);
  const turn: Quat = [0, 0, 0, 1];
  quatFromAxisAngle(axis[0], axis[1], axis[2], (degrees * Math.PI) / 180, turn, 0);
  const out: Quat = [0, 0, 0, 1];
  quatMultiply(turn, 0, decompose(worlds.world(id)).r, 0, out, 0);
  return out;
}
