/**
 * leftSideSign: which side of the symmetry plane is the character's left, read from its joint
 * names (LeftArm, hand.L, arm_left…) and bind positions, so "left → right" means what the rigger
 * sees whichever way the character faces.
 */
import { flipSideName } from '../mesh/joint-mirror.ts';
import { axisIndex, type MirrorAxis } from '../mesh/mirror-map.ts';

/** A joint as {@link leftSideSign} needs it. */
export interface SideJoint {
  name: string;
  position: readonly [number, number, number];
}

/**
 * True when `name` names a left-side joint: it has an other-side name (see `flipSideName`) and,
 * where the two first differ, it reads L / l (Left, left, LEFT, .L, _l, `Bip01 L Thigh`).
 */
export function isLeftName(name: string): boolean {
  const other = flipSideName(name);
  if (other === null) return false;
  let i = 0;
  while (i < name.length && name[i] === other[i]) i++;
  return name[i] === 'L' || name[i] === 'l';
}

/**
 * +1 when the left-named joints lie on the positive side of `axis` (a character facing +Z, Y up,
 * has its left at +X), -1 when on the negative side; +1 when the names don't say (no side names,
 * or the left joints sit on the plane).
 */
export function leftSideSign(joints: readonly SideJoint[], axis: MirrorAxis = 'x'): 1 | -1 {
  const a = axisIndex(axis);
  let sum = 0;
  for (const j of joints) if (isLeftName(j.name)) sum += Math.sign(j.position[a]);
  return sum < 0 ? -1 : 1;
}
