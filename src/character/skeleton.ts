/**
 * The mannequin's skeleton: Mixamo-style joint names (no prefix), Y up, facing +Z, the
 * character's left on +X. Joints carry only translations in the bind pose, so a joint's world
 * matrix is a pure translation to its position.
 */
import type { Vec3 } from './sdf.ts';

/** One joint of the skeleton, as the weighting and the document writer need it. */
export interface MannequinJoint {
  readonly name: string;
  /** Index of the parent joint, -1 for the root. */
  readonly parent: number;
  /** Bind-pose world position (metres). */
  readonly position: Vec3;
  /** Where the joint's bone starts for weighting: the joint, or lower for the Hips (pelvis). */
  readonly boneStart: Vec3;
  /** Where the joint's bone ends for weighting: its main child, or an explicit tip for leaves. */
  readonly tail: Vec3;
  /** Envelope radii at the joint and at the tail: how far the bone's influence reaches. */
  readonly radii: readonly [number, number];
  /** False for `_End` joints, which mark tips and get no weight. */
  readonly deforms: boolean;
  /** Index of the mirrored joint (itself on the mid-plane). */
  readonly mirror: number;
}

interface JointSpec {
  name: string;
  parent: string | null;
  at: Vec3;
  /** Bone tip for joints without a main child. */
  tip?: Vec3;
  /** Main child, when the joint has several (the chain the bone follows). */
  main?: string;
  /** Start of the bone for weighting, when not the joint itself. */
  from?: Vec3;
  radii?: [number, number];
}

// The left and centre halves; the right side is mirrored from the left.
const CENTRE: JointSpec[] = [
  // The pelvis hangs below the Hips joint: its bone starts at the crotch.
  { name: 'Hips', parent: null, at: [0, 0.98, 0], from: [0, 0.9, 0], main: 'Spine', radii: [0.15, 0.13] },
  { name: 'Spine', parent: 'Hips', at: [0, 1.08, 0], radii: [0.13, 0.13] },
  { name: 'Spine1', parent: 'Spine', at: [0, 1.2, 0], radii: [0.13, 0.15] },
  { name: 'Spine2', parent: 'Spine1', at: [0, 1.32, 0], main: 'Neck', radii: [0.15, 0.075] },
  { name: 'Neck', parent: 'Spine2', at: [0, 1.47, -0.01], radii: [0.055, 0.05] },
  { name: 'Head', parent: 'Neck', at: [0, 1.6, 0], radii: [0.065, 0.1] },
  { name: 'HeadTop_End', parent: 'Head', at: [0, 1.8, 0] },
];
const ARM: JointSpec[] = [
  { name: 'LeftShoulder', parent: 'Spine2', at: [0.045, 1.44, -0.01], radii: [0.06, 0.06] },
  { name: 'LeftArm', parent: 'LeftShoulder', at: [0.19, 1.435, 0], radii: [0.055, 0.042] },
  { name: 'LeftForeArm', parent: 'LeftArm', at: [0.455, 1.435, 0], radii: [0.042, 0.03] },
  {
    name: 'LeftHand',
    parent: 'LeftForeArm',
    at: [0.715, 1.435, 0],
    main: 'LeftHandMiddle1',
    radii: [0.03, 0.03],
  },
  {
    name: 'LeftHandThumb1',
    parent: 'LeftHand',
    at: [0.74, 1.43, 0.03],
    tip: [0.8, 1.425, 0.072],
    radii: [0.016, 0.013],
  },
  {
    name: 'LeftHandMiddle1',
    parent: 'LeftHand',
    at: [0.81, 1.432, 0],
    tip: [0.9, 1.432, 0],
    radii: [0.02, 0.016],
  },
];
const LEG: JointSpec[] = [
  { name: 'LeftUpLeg', parent: 'Hips', at: [0.09, 0.93, 0], radii: [0.085, 0.055] },
  { name: 'LeftLeg', parent: 'LeftUpLeg', at: [0.095, 0.5, 0.005], radii: [0.05, 0.035] },
  { name: 'LeftFoot', parent: 'LeftLeg', at: [0.095, 0.09, -0.02], radii: [0.045, 0.035] },
  { name: 'LeftToeBase', parent: 'LeftFoot', at: [0.1, 0.03, 0.125], radii: [0.028, 0.024] },
  { name: 'LeftToe_End', parent: 'LeftToeBase', at: [0.1, 0.03, 0.185] },
];

function mirrorSpec(s: JointSpec): JointSpec {
  const swap = (n: string) => n.replace(/^Left/, 'Right');
  const flip = (v: Vec3): Vec3 => [-v[0], v[1], v[2]];
  return {
    ...s,
    name: swap(s.name),
    parent: s.parent && swap(s.parent),
    at: flip(s.at),
    tip: s.tip && flip(s.tip),
    from: s.from && flip(s.from),
    main: s.main && swap(s.main),
  };
}

/**
 * Where each left finger of the fingered hand runs, knuckle to tip, and how thick it is: straight
 * in the T-pose, fanned out so the gaps between fingers only widen towards the tips (fingers that
 * met again past a gap would mesh as a handle). Shared with body.ts, so bones run down the
 * middle of the finger capsules.
 */
export const LEFT_FINGERS: readonly {
  readonly name: string;
  readonly knuckle: Vec3;
  readonly tip: Vec3;
  /** Where the 2nd and 3rd joints sit along knuckle→tip, as fractions. */
  readonly joints: readonly [number, number];
  /** Radius at the knuckle and at the tip. */
  readonly radii: readonly [number, number];
}[] = [
  {
    name: 'Thumb',
    knuckle: [0.735, 1.43, 0.022],
    tip: [0.805, 1.424, 0.082],
    joints: [0.4, 0.72],
    radii: [0.0125, 0.01],
  },
  {
    name: 'Index',
    knuckle: [0.8, 1.433, 0.026],
    tip: [0.888, 1.431, 0.048],
    joints: [0.45, 0.73],
    radii: [0.01, 0.0085],
  },
  {
    name: 'Middle',
    knuckle: [0.805, 1.433, 0.008],
    tip: [0.902, 1.431, 0.013],
    joints: [0.45, 0.73],
    radii: [0.0105, 0.0085],
  },
  {
    name: 'Ring',
    knuckle: [0.8, 1.433, -0.01],
    tip: [0.89, 1.431, -0.02],
    joints: [0.45, 0.73],
    radii: [0.01, 0.0085],
  },
  {
    name: 'Pinky',
    knuckle: [0.79, 1.433, -0.027],
    tip: [0.86, 1.431, -0.054],
    joints: [0.45, 0.73],
    radii: [0.009, 0.0075],
  },
];

const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** The left hand's finger joints, Mixamo names: three per finger and an end joint at the tip. */
function fingerSpecs(): JointSpec[] {
  return LEFT_FINGERS.flatMap((f) => {
    const at = [0, f.joints[0], f.joints[1], 1].map((t) => lerp(f.knuckle, f.tip, t));
    // Envelope radius a little past the surface, tapering with the finger.
    const r = (t: number) => 1.15 * (f.radii[0] + (f.radii[1] - f.radii[0]) * t);
    const name = (i: number) => `LeftHand${f.name}${i}`;
    return [
      { name: name(1), parent: 'LeftHand', at: at[0], radii: [r(0), r(f.joints[0])] },
      { name: name(2), parent: name(1), at: at[1], radii: [r(f.joints[0]), r(f.joints[1])] },
      { name: name(3), parent: name(2), at: at[2], radii: [r(f.joints[1]), r(1)] },
      { name: name(4), parent: name(3), at: at[3] },
    ];
  });
}

/** The left arm with five three-joint fingers in place of the default hand's thumb and mitten. */
function fingeredArm(): JointSpec[] {
  const arm = ARM.filter((s) => s.parent !== 'LeftHand');
  return [...arm, ...fingerSpecs()];
}

function buildJoints(fingers: boolean): MannequinJoint[] {
  const arm = fingers ? fingeredArm() : ARM;
  // Mixamo order: spine and head, left arm, right arm, left leg, right leg.
  const specs = [...CENTRE, ...arm, ...arm.map(mirrorSpec), ...LEG, ...LEG.map(mirrorSpec)];
  const index = new Map(specs.map((s, i) => [s.name, i]));
  return specs.map((s) => {
    const children = specs.filter((c) => c.parent === s.name);
    const main = s.main ? specs[index.get(s.main)!] : children.length === 1 ? children[0] : undefined;
    const tail = main?.at ?? s.tip;
    if (!tail && s.radii) throw new Error(`joint ${s.name} deforms but has no bone tip`);
    const mirrorName = s.name.startsWith('Left')
      ? s.name.replace(/^Left/, 'Right')
      : s.name.replace(/^Right/, 'Left');
    return {
      name: s.name,
      parent: s.parent === null ? -1 : index.get(s.parent)!,
      position: s.at,
      boneStart: s.from ?? s.at,
      tail: tail ?? s.at,
      radii: s.radii ?? [0, 0],
      deforms: s.radii !== undefined,
      mirror: index.get(mirrorName)!,
    };
  });
}

/** The mannequin's joints, parents before children, in Mixamo order. */
export const MANNEQUIN_JOINTS: readonly MannequinJoint[] = buildJoints(false);

/**
 * The fingered mannequin's joints: the same, with five fingers of three joints (and an end
 * joint) per hand in place of the thumb and mitten joints.
 */
export const FINGERED_MANNEQUIN_JOINTS: readonly MannequinJoint[] = buildJoints(true);

/** Index of a joint by name, or -1. */
export function jointIndex(name: string): number {
  return MANNEQUIN_JOINTS.findIndex((j) => j.name === name);
}
