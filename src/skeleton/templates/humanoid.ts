/**
 * The humanoid template: Mixamo's joint names without a namespace, so clips made for Mixamo
 * skeletons (and retargeters that know Mixamo) find every joint. Parents come before children,
 * in Mixamo's order (spine and head, left arm, right arm, left leg, right leg).
 *
 * Hands come with 0, 1, 3 or 5 fingers of three joints each, plus an end joint at each tip as
 * Mixamo has them: 1 is a mitten (the four fingers as one chain, named Index), 3 is Mixamo's
 * "3 chains" (Thumb, Index, Middle), 5 the whole hand.
 */

/** Fingers per hand the template offers. */
export type FingerCount = 0 | 1 | 3 | 5;

/** The finger counts, for option checks. */
export const FINGER_COUNTS: readonly FingerCount[] = [0, 1, 3, 5];

/** The fingers of each count, thumb side first. */
export const FINGERS_OF: Record<FingerCount, readonly FingerName[]> = {
  0: [],
  1: ['Index'],
  3: ['Thumb', 'Index', 'Middle'],
  5: ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky'],
};

export type FingerName = 'Thumb' | 'Index' | 'Middle' | 'Ring' | 'Pinky';

/** One joint of a template. */
export interface TemplateJoint {
  name: string;
  /** Index of the parent joint, -1 for the root. */
  parent: number;
  /** An end joint marks a tip (HeadTop_End, LeftToe_End, LeftHandIndex4): no weight. */
  end: boolean;
  /** Index of the mirrored joint (itself on the mid-line). */
  mirror: number;
}

function sideJoints(side: 'Left' | 'Right', fingers: FingerCount): [string, string | null][] {
  const s = side;
  const out: [string, string | null][] = [
    [`${s}Shoulder`, 'Spine2'],
    [`${s}Arm`, `${s}Shoulder`],
    [`${s}ForeArm`, `${s}Arm`],
    [`${s}Hand`, `${s}ForeArm`],
  ];
  for (const f of FINGERS_OF[fingers]) {
    for (let i = 1; i <= 4; i++)
      out.push([`${s}Hand${f}${i}`, i === 1 ? `${s}Hand` : `${s}Hand${f}${i - 1}`]);
  }
  return out;
}

function legJoints(side: 'Left' | 'Right'): [string, string | null][] {
  return [
    [`${side}UpLeg`, 'Hips'],
    [`${side}Leg`, `${side}UpLeg`],
    [`${side}Foot`, `${side}Leg`],
    [`${side}ToeBase`, `${side}Foot`],
    [`${side}Toe_End`, `${side}ToeBase`],
  ];
}

const cache = new Map<FingerCount, readonly TemplateJoint[]>();

/** The humanoid template with `fingers` fingers per hand. */
export function humanoidTemplate(fingers: FingerCount = 0): readonly TemplateJoint[] {
  const hit = cache.get(fingers);
  if (hit) return hit;
  const list: [string, string | null][] = [
    ['Hips', null],
    ['Spine', 'Hips'],
    ['Spine1', 'Spine'],
    ['Spine2', 'Spine1'],
    ['Neck', 'Spine2'],
    ['Head', 'Neck'],
    ['HeadTop_End', 'Head'],
    ...sideJoints('Left', fingers),
    ...sideJoints('Right', fingers),
    ...legJoints('Left'),
    ...legJoints('Right'),
  ];
  const index = new Map(list.map(([n], i) => [n, i]));
  const joints = list.map(([name, parent]) => {
    const mirrorName = name.startsWith('Left')
      ? `Right${name.slice(4)}`
      : name.startsWith('Right')
        ? `Left${name.slice(5)}`
        : name;
    return {
      name,
      parent: parent === null ? -1 : index.get(parent)!,
      end: /_End$/.test(name) || /Hand[A-Za-z]+4$/.test(name),
      mirror: index.get(mirrorName)!,
    };
  });
  cache.set(fingers, joints);
  return joints;
}
