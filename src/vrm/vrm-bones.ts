/**
 * The VRM humanoid: its bone names (VRM 1.0 and 0.x), which are required, which bone each must
 * descend from, and how Mixamo-style joint names (the mannequin's, a Mixamo rig's, our rig
 * template's) map onto them.
 */

/** VRM 1.0 human bone names (VRMC_vrm.humanoid.humanBones keys), parents before children. */
export const VRM_BONES = [
  'hips',
  'spine',
  'chest',
  'upperChest',
  'neck',
  'head',
  'leftEye',
  'rightEye',
  'jaw',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'leftToes',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
  'rightToes',
  'leftShoulder',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightShoulder',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
  ...fingerBones('left'),
  ...fingerBones('right'),
] as const;

function fingerBones(side: 'left' | 'right'): string[] {
  return [
    `${side}ThumbMetacarpal`,
    `${side}ThumbProximal`,
    `${side}ThumbDistal`,
    ...['Index', 'Middle', 'Ring', 'Little'].flatMap((f) => [
      `${side}${f}Proximal`,
      `${side}${f}Intermediate`,
      `${side}${f}Distal`,
    ]),
  ];
}

export type VrmBone = (typeof VRM_BONES)[number];

/** The bones every VRM must map (VRM 1.0's `required`; VRM 0.x also chest and neck: {@link REQUIRED_VRM0_BONES}). */
export const REQUIRED_VRM_BONES: ReadonlySet<string> = new Set([
  'hips',
  'spine',
  'head',
  'leftUpperLeg',
  'leftLowerLeg',
  'leftFoot',
  'rightUpperLeg',
  'rightLowerLeg',
  'rightFoot',
  'leftUpperArm',
  'leftLowerArm',
  'leftHand',
  'rightUpperArm',
  'rightLowerArm',
  'rightHand',
]);

/** VRM 0.x requires chest and neck as well (VRM 1.0's humanoid table: "0.X is required"). */
export const REQUIRED_VRM0_BONES: ReadonlySet<string> = new Set([...REQUIRED_VRM_BONES, 'chest', 'neck']);

/** The bones a VRM of `version` must map. */
export function requiredVrmBones(version: '1.0' | '0.x'): ReadonlySet<string> {
  return version === '1.0' ? REQUIRED_VRM_BONES : REQUIRED_VRM0_BONES;
}

/**
 * The bone `bone` cannot be mapped without (VRM 1.0's "Needs Parent Bone": upperChest needs
 * chest, a thumb's proximal its metacarpal, a finger's intermediate its proximal, a distal its
 * intermediate), or null.
 */
export function vrmBoneNeeds(bone: string): string | null {
  if (bone === 'upperChest') return 'chest';
  const m = /^(left|right)(Thumb|Index|Middle|Ring|Little)(Proximal|Intermediate|Distal)$/.exec(bone);
  if (!m) return null;
  const order =
    m[2] === 'Thumb' ? ['Metacarpal', 'Proximal', 'Distal'] : ['Proximal', 'Intermediate', 'Distal'];
  const i = order.indexOf(m[3]);
  return i > 0 ? `${m[1]}${m[2]}${order[i - 1]}` : null;
}

/**
 * The bone each bone's node must descend from (the nearest mapped one of these, in order): VRM's
 * hierarchy (hips → spine → chest → upperChest → neck → head; shoulders under the chest; legs
 * under the hips; each finger chain under the hand).
 */
export function vrmBoneAncestors(bone: string): string[] {
  const side = bone.startsWith('left') ? 'left' : bone.startsWith('right') ? 'right' : '';
  const base = side ? bone.slice(side.length) : bone;
  const s = (b: string) => `${side}${b}`;
  const spine = ['upperChest', 'chest', 'spine', 'hips'];
  switch (base) {
    case 'hips':
      return [];
    case 'spine':
      return ['hips'];
    case 'chest':
      return ['spine'];
    case 'upperChest':
      return ['chest'];
    case 'neck':
      return spine;
    case 'head':
      return ['neck', ...spine];
    case 'Eye':
    case 'jaw':
      return ['head'];
    case 'UpperLeg':
      return ['hips'];
    case 'LowerLeg':
      return [s('UpperLeg')];
    case 'Foot':
      return [s('LowerLeg')];
    case 'Toes':
      return [s('Foot')];
    case 'Shoulder':
      return spine;
    case 'UpperArm':
      return [s('Shoulder'), ...spine];
    case 'LowerArm':
      return [s('UpperArm')];
    case 'Hand':
      return [s('LowerArm')];
    default: {
      // Fingers: each joint under the one before it, the first under the hand.
      const m = /^(Thumb|Index|Middle|Ring|Little)(Metacarpal|Proximal|Intermediate|Distal)$/.exec(base);
      if (!m) return [];
      const order =
        m[1] === 'Thumb' ? ['Metacarpal', 'Proximal', 'Distal'] : ['Proximal', 'Intermediate', 'Distal'];
      const i = order.indexOf(m[2]);
      return i > 0 ? [s(`${m[1]}${order[i - 1]}`)] : [s('Hand')];
    }
  }
}

/** VRM 0.x names the thumb's three bones Proximal, Intermediate, Distal; VRM 1.0 Metacarpal, Proximal, Distal. */
export function vrm0BoneName(bone: string): string {
  return bone.replace(/ThumbProximal$/, 'ThumbIntermediate').replace(/ThumbMetacarpal$/, 'ThumbProximal');
}

/** The VRM 1.0 name of a VRM 0.x bone name. */
export function vrm1BoneName(bone0: string): string {
  return bone0.replace(/ThumbProximal$/, 'ThumbMetacarpal').replace(/ThumbIntermediate$/, 'ThumbProximal');
}

const MIXAMO: Record<string, string> = {
  Hips: 'hips',
  Spine: 'spine',
  Spine1: 'chest',
  Spine2: 'upperChest',
  Neck: 'neck',
  Head: 'head',
};
const MIXAMO_SIDE: Record<string, string> = {
  Shoulder: 'Shoulder',
  Arm: 'UpperArm',
  ForeArm: 'LowerArm',
  Hand: 'Hand',
  UpLeg: 'UpperLeg',
  Leg: 'LowerLeg',
  Foot: 'Foot',
  ToeBase: 'Toes',
  HandThumb1: 'ThumbMetacarpal',
  HandThumb2: 'ThumbProximal',
  HandThumb3: 'ThumbDistal',
};
for (const [mixamo, vrm] of [
  ['Index', 'Index'],
  ['Middle', 'Middle'],
  ['Ring', 'Ring'],
  ['Pinky', 'Little'],
]) {
  MIXAMO_SIDE[`Hand${mixamo}1`] = `${vrm}Proximal`;
  MIXAMO_SIDE[`Hand${mixamo}2`] = `${vrm}Intermediate`;
  MIXAMO_SIDE[`Hand${mixamo}3`] = `${vrm}Distal`;
}

/**
 * The VRM 1.0 bone of a Mixamo-style joint name (any `mixamorig:`-like prefix ignored), or null:
 * Hips, Spine, Spine1 (chest), Spine2 (upperChest), Neck, Head, Left/Right Shoulder, Arm,
 * ForeArm, Hand, UpLeg, Leg, Foot, ToeBase and the fingers' three joints.
 */
export function vrmBoneOfMixamoName(name: string): string | null {
  const bare = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  if (MIXAMO[bare]) return MIXAMO[bare];
  const m = /^(Left|Right)(.+)$/.exec(bare);
  if (!m) return null;
  const base = MIXAMO_SIDE[m[2]];
  return base ? `${m[1] === 'Left' ? 'left' : 'right'}${base}` : null;
}
