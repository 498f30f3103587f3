/**
 * Humanoid roles for the preset test poses: upper arm, forearm, hand, thigh, shin and foot on each
 * side, plus spine. A VRM avatar says which joint is which in its humanoid map: that comes first,
 * whatever the joints are called. Roles it leaves open are found by name: names are matched after taking off a namespace
 * (`mixamorig:`, `mixamorig1:`…), a side marker (Left/Right, left/right, .L/.R, _l/_r, L_/R_,
 * Biped's ` L `) and separators, against the usual conventions: Mixamo (LeftArm, LeftForeArm),
 * Unreal (upperarm_l, lowerarm_l, thigh_l, calf_l), Blender (upper_arm.L, forearm.L, shin.L,
 * Arm.L), VRM (leftUpperArm, leftLowerLeg) and 3ds Max Biped (Bip01 L UpperArm, Bip01 L Calf).
 * Limbs whose names don't match (numbered chains: arm_joint_L_1, CesiumMan's arm_joint_L__4_…)
 * fall back to the chain: the side's joints naming an arm (or leg), in hierarchy order, are upper
 * arm, forearm, hand.
 */
import { humanBonesByNode } from '../vrm/vrm-document.ts';
import type { Skeleton } from './skeleton.ts';

/** The roles presets use. */
export type HumanoidRole = 'upperArm' | 'foreArm' | 'hand' | 'upperLeg' | 'lowerLeg' | 'foot';

/** Slots by role and side (-1 when not found), and the spine joints (hips up, in order). */
export interface Humanoid {
  left: Record<HumanoidRole, number>;
  right: Record<HumanoidRole, number>;
  spine: number[];
}

const ROLE_NAMES: Record<HumanoidRole, string[]> = {
  upperArm: ['arm', 'upperarm', 'uparm', 'armupper', 'humerus'],
  foreArm: ['forearm', 'lowerarm', 'armlower', 'elbow'],
  hand: ['hand', 'wrist'],
  upperLeg: ['upleg', 'upperleg', 'thigh', 'legupper', 'femur'],
  lowerLeg: ['leg', 'lowerleg', 'leglower', 'calf', 'shin', 'knee'],
  foot: ['foot', 'ankle'],
};
const ARM_CHAIN: HumanoidRole[] = ['upperArm', 'foreArm', 'hand'];
const LEG_CHAIN: HumanoidRole[] = ['upperLeg', 'lowerLeg', 'foot'];
const SPINE = /^(hips|pelvis|spine\d*|chest|upperchest|torso(joint)?\d*|abdomen|waist)$/;
// Rig prefixes that are not part of the bone's name.
const NOISE = /^(bip0*1|bip|def|mch|org|skeleton|armature|ccbase|jnt|mixamorig\d*)(?=[a-z])/;

/** A joint name split into its side and a normalised base name. */
export function splitSide(name: string): { side: 'L' | 'R' | null; base: string } {
  let n = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  let side: 'L' | 'R' | null = null;
  const take = (re: RegExp, group: number) => {
    const m = re.exec(n);
    if (!m) return false;
    side = m[group][0].toUpperCase() === 'L' ? 'L' : 'R';
    n = `${n.slice(0, m.index)}${m[0].replace(m[group], '')}${n.slice(m.index + m[0].length)}`;
    return true;
  };
  // Words first (LeftArm, leftUpperArm, arm_left, ARM_LEFT), then side letters set off by separators.
  take(/(Left|Right)(?![a-z])|(?<![A-Za-z])(left|right)(?![a-z])|(?<![A-Za-z])(LEFT|RIGHT)(?![A-Z])/, 0) ||
    take(/[._\- ]([LRlr])(?:[._\- ]|\d|$)/, 1) ||
    take(/^([LRlr])[._\- ]/, 1);
  let base = n.toLowerCase().replace(/[^a-z0-9]/g, '');
  base = base.replace(NOISE, '');
  return { side, base };
}

const NONE = (): Record<HumanoidRole, number> => ({
  upperArm: -1,
  foreArm: -1,
  hand: -1,
  upperLeg: -1,
  lowerLeg: -1,
  foot: -1,
});

/** The role (and side) of each VRM human bone the presets use. */
const VRM_ROLES: Record<string, [side: 'left' | 'right', role: HumanoidRole]> = {};
for (const side of ['left', 'right'] as const) {
  const s = (b: string) => `${side}${b}`;
  VRM_ROLES[s('UpperArm')] = [side, 'upperArm'];
  VRM_ROLES[s('LowerArm')] = [side, 'foreArm'];
  VRM_ROLES[s('Hand')] = [side, 'hand'];
  VRM_ROLES[s('UpperLeg')] = [side, 'upperLeg'];
  VRM_ROLES[s('LowerLeg')] = [side, 'lowerLeg'];
  VRM_ROLES[s('Foot')] = [side, 'foot'];
}
const VRM_SPINE = new Set(['hips', 'spine', 'chest', 'upperChest']);

/**
 * Finds the humanoid roles among the skeleton's joints: from `humanBones` (joint id → VRM human
 * bone; by default the map of the skeleton's file, if it is a VRM) first, then by name.
 */
export function resolveHumanoid(
  skeleton: Skeleton,
  humanBones: ReadonlyMap<number, string> = humanBonesByNode(skeleton.model.document),
): Humanoid {
  const out: Humanoid = { left: NONE(), right: NONE(), spine: [] };
  // 0. The humanoid map.
  for (const [id, bone] of humanBones) {
    const s = skeleton.slotOf(id);
    if (s < 0 || !skeleton.isJoint[s]) continue;
    if (VRM_SPINE.has(bone)) out.spine.push(s);
    const role = VRM_ROLES[bone];
    if (role) out[role[0]][role[1]] = s;
  }
  const mapped = out.spine.length > 0;
  const split = skeleton.names.map((name, s) =>
    skeleton.isJoint[s] ? splitSide(name) : { side: null, base: '' },
  );
  // 1. Names.
  split.forEach(({ side, base }, s) => {
    if (!skeleton.isJoint[s]) return;
    if (side === null) {
      // A humanoid map names the whole spine: names add nothing to it.
      if (!mapped && SPINE.test(base)) out.spine.push(s);
      return;
    }
    const roles = side === 'L' ? out.left : out.right;
    for (const role of Object.keys(ROLE_NAMES) as HumanoidRole[]) {
      if (roles[role] < 0 && ROLE_NAMES[role].includes(base)) roles[role] = s;
    }
  });
  // 2. Chains for limbs the names left open: the side's arm (leg) joints by depth.
  for (const side of ['L', 'R'] as const) {
    const roles = side === 'L' ? out.left : out.right;
    fillChain(skeleton, split, side, /arm/, ARM_CHAIN, roles);
    fillChain(skeleton, split, side, /leg|thigh|calf|shin/, LEG_CHAIN, roles);
  }
  out.spine.sort((a, b) => skeleton.depth[a] - skeleton.depth[b]);
  return out;
}

function fillChain(
  skeleton: Skeleton,
  split: { side: 'L' | 'R' | null; base: string }[],
  side: 'L' | 'R',
  word: RegExp,
  chain: HumanoidRole[],
  roles: Record<HumanoidRole, number>,
): void {
  if (chain.every((r) => roles[r] >= 0)) return;
  const found = split.flatMap((x, s) =>
    skeleton.isJoint[s] && x.side === side && word.test(x.base) ? [s] : [],
  );
  // Follow the chain from its top: each next link is a descendant of the one before.
  found.sort((a, b) => skeleton.depth[a] - skeleton.depth[b]);
  const links: number[] = [];
  for (const s of found)
    if (links.length === 0 || isAncestor(skeleton, links[links.length - 1], s)) links.push(s);
  // A hand rarely names the arm: the forearm's first joint child is the hand.
  if (links.length === 2 && chain === ARM_CHAIN) {
    const child = skeleton.parent.indexOf(links[1]);
    if (child >= 0 && skeleton.isJoint[child]) links.push(child);
  }
  chain.forEach((role, i) => {
    if (roles[role] < 0 && i < links.length) roles[role] = links[i];
  });
}

/** True when slot a is an ancestor of slot b. */
export function isAncestor(skeleton: Skeleton, a: number, b: number): boolean {
  for (let p = skeleton.parent[b]; p >= 0; p = skeleton.parent[p]) if (p === a) return true;
  return false;
}
