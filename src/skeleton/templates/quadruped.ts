/**
 * The quadruped template: the humanoid's Mixamo-style names for the body (Hips, Spine, Spine1,
 * Spine2, Neck, Head) and, for the legs, the same names with Front or Hind after the side, as
 * game-engine quadruped rigs name them (LeftFrontUpLeg, LeftFrontLeg, LeftFrontFoot,
 * LeftFrontToeBase, LeftFrontToe_End; LeftHindUpLeg …). Each leg has the four bones of Blender's
 * quadruped meta-rig (Rigify's thigh, shin, foot, toe; upper_arm, forearm, hand, f_toe): UpLeg at
 * the hip or shoulder, Leg at the knee (stifle) or elbow, Foot at the hock or wrist, ToeBase at
 * the ball of the paw, Toe_End at its tip. The head bone points to the snout (Head_End); the tail
 * (when the animal has one) is Tail1 … Tail4 and Tail_End at its tip.
 *
 * Parents come before children: body, front legs (on Spine2), hind legs (on Hips), tail (on Hips).
 */
import type { TemplateJoint } from './humanoid.ts';

/** Joints of one leg, root to tip. */
export const LEG_PARTS = ['UpLeg', 'Leg', 'Foot', 'ToeBase', 'Toe_End'] as const;

/** Bending joints of the tail (Tail_End comes on top). */
export const TAIL_JOINTS = 4;

/** The four legs, as named (side then Front/Hind). */
export const QUADRUPED_LEGS = ['LeftFront', 'RightFront', 'LeftHind', 'RightHind'] as const;
export type QuadrupedLeg = (typeof QUADRUPED_LEGS)[number];

const cache = new Map<boolean, readonly TemplateJoint[]>();

/** The quadruped template, with or without a tail. */
export function quadrupedTemplate(tail = true): readonly TemplateJoint[] {
  const hit = cache.get(tail);
  if (hit) return hit;
  const list: [string, string | null, boolean][] = [
    ['Hips', null, false],
    ['Spine', 'Hips', false],
    ['Spine1', 'Spine', false],
    ['Spine2', 'Spine1', false],
    ['Neck', 'Spine2', false],
    ['Head', 'Neck', false],
    ['Head_End', 'Head', true],
  ];
  for (const leg of QUADRUPED_LEGS)
    LEG_PARTS.forEach((part, i) => {
      const parent = i === 0 ? (leg.endsWith('Front') ? 'Spine2' : 'Hips') : `${leg}${LEG_PARTS[i - 1]}`;
      list.push([`${leg}${part}`, parent, part === 'Toe_End']);
    });
  if (tail) {
    for (let i = 1; i <= TAIL_JOINTS; i++) list.push([`Tail${i}`, i === 1 ? 'Hips' : `Tail${i - 1}`, false]);
    list.push(['Tail_End', `Tail${TAIL_JOINTS}`, true]);
  }
  const names = list.map(([n]) => n);
  const mirrorName = (n: string) =>
    n.startsWith('Left') ? `Right${n.slice(4)}` : n.startsWith('Right') ? `Left${n.slice(5)}` : n;
  const out: TemplateJoint[] = list.map(([name, parent, end]) => ({
    name,
    parent: parent === null ? -1 : names.indexOf(parent),
    end,
    mirror: names.indexOf(mirrorName(name)),
  }));
  cache.set(tail, out);
  return out;
}
