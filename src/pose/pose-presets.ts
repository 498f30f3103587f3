/**
 * Preset test poses for humanoids, so a crease check is one click: arms down, arms up, squat,
 * elbows bent 120°, knees bent 120°, wrists twisted 90°. Joints are found by name (./humanoid.ts);
 * the poses are defined in the body's frame (aim a bone down, bend about the hinge across the
 * limb), not in local axes, so they read the same on rigs whose joint frames differ (Mixamo's
 * identity frames, Blender's bone-Y frames, CesiumMan's Z-up armature). Both sides are posed as
 * mirror images. Each preset starts from the bind pose.
 */
import { type Humanoid, type HumanoidRole, isAncestor, resolveHumanoid } from './humanoid.ts';
import { type BodyFrame, bodyFrame, boneDirection, rotateJointInWorld } from './joint-frames.ts';
import type { Pose } from './pose.ts';
import type { PoseMatrices } from './pose-matrices.ts';
import { quatFromAxisAngle, quatFromUnitVectors } from './quaternion.ts';

/** The presets, by name. */
export const POSE_PRESETS = [
  'arms-down',
  'arms-up',
  'squat',
  'elbows-bent-120',
  'knees-bent-120',
  'wrists-twisted-90',
] as const;
export type PosePreset = (typeof POSE_PRESETS)[number];

/** What a preset did: the joints it turned (names) and the roles it could not find. */
export interface PresetResult {
  preset: PosePreset;
  posed: string[];
  missing: string[];
}

type Side = 'left' | 'right';
type V3 = [number, number, number];
const DEG = Math.PI / 180;
const _q = new Float64Array(4);
const _d = new Float64Array(3);

/** Applies `preset` to `pose` (reset to its base first: rest or bind). `matrices` is scratch for the skeleton. */
export function applyPosePreset(
  matrices: PoseMatrices,
  pose: Pose,
  preset: PosePreset,
  humanoid: Humanoid = resolveHumanoid(matrices.skeleton),
): PresetResult {
  const skeleton = matrices.skeleton;
  pose.reset(pose.basis);
  matrices.update(pose);
  const frame = bodyFrame(
    matrices,
    roleSlot(humanoid, 'left', 'upperArm', 'upperLeg'),
    roleSlot(humanoid, 'right', 'upperArm', 'upperLeg'),
  );
  const result: PresetResult = { preset, posed: [], missing: [] };
  const find = (side: Side, role: HumanoidRole): number => {
    const s = humanoid[side][role];
    if (s < 0) result.missing.push(`${side} ${role}`);
    return s;
  };
  const turn = (s: number, r: Float64Array) => {
    rotateJointInWorld(matrices, pose, s, r);
    matrices.update(pose);
    result.posed.push(skeleton.names[s]);
  };
  /** Aims slot s's bone along `target` (a unit world vector). */
  const aim = (s: number, target: V3) => {
    if (s < 0 || !boneDirection(matrices, s, _d)) return;
    quatFromUnitVectors(_d, target, _q);
    turn(s, _q);
  };
  /** Turns slot s by `degrees` about a world axis. */
  const about = (s: number, axis: V3 | null, degrees: number) => {
    if (s < 0 || !axis) return;
    quatFromAxisAngle(axis[0], axis[1], axis[2], degrees * DEG, _q);
    turn(s, _q);
  };

  for (const side of ['left', 'right'] as const) {
    const sign = side === 'left' ? 1 : -1;
    const out = (k: number): V3 => scale(frame.left, sign * k);
    switch (preset) {
      case 'arms-down':
        aim(find(side, 'upperArm'), unit(add(out(0.3), scale(frame.up, -0.95))));
        break;
      case 'arms-up':
        aim(find(side, 'upperArm'), unit(add(out(0.3), scale(frame.up, 0.95))));
        break;
      case 'squat':
        aim(
          find(side, 'upperLeg'),
          unit(add(add(out(0.15), scale(frame.forward, 0.9)), scale(frame.up, -0.25))),
        );
        aim(find(side, 'lowerLeg'), unit(add(scale(frame.forward, -0.45), scale(frame.up, -0.9))));
        aim(find(side, 'foot'), unit(add(out(0.1), frame.forward)));
        break;
      case 'elbows-bent-120': {
        const s = find(side, 'foreArm');
        about(s, hinge(matrices, s, frame.forward, frame), 120);
        break;
      }
      case 'knees-bent-120': {
        const s = find(side, 'lowerLeg');
        about(s, hinge(matrices, s, scale(frame.forward, -1), frame), 120);
        break;
      }
      case 'wrists-twisted-90': {
        const s = find(side, 'hand');
        // Mirror images: the same twist about each bone is a turn the other way on the right.
        if (s >= 0 && boneDirection(matrices, s, _d)) about(s, [_d[0], _d[1], _d[2]], 90 * sign);
        break;
      }
    }
  }
  if (preset === 'squat') {
    // Lean the chest forward over the knees, as a squat does: the lowest spine joint that does
    // not carry the legs (the Hips do; turning them would turn the legs back).
    const thigh = humanoid.left.upperLeg;
    const lean = humanoid.spine.find((s) => thigh < 0 || !isAncestor(skeleton, s, thigh));
    if (lean !== undefined) about(lean, frame.left, 25);
  }
  return result;
}

/** The hinge of a bend toward `toward`: bone × toward (normalised), or across the body if parallel. */
function hinge(matrices: PoseMatrices, s: number, toward: V3, frame: BodyFrame): V3 | null {
  if (s < 0 || !boneDirection(matrices, s, _d)) return null;
  const d: V3 = [_d[0], _d[1], _d[2]];
  const axis = cross(d, toward);
  if (Math.hypot(...axis) < 1e-3) return unit(cross(d, frame.up));
  return unit(axis);
}

function roleSlot(h: Humanoid, side: Side, ...roles: HumanoidRole[]): number {
  for (const r of roles) if (h[side][r] >= 0) return h[side][r];
  return -1;
}

function add(a: V3, b: V3): V3 {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
}
function scale(a: V3, k: number): V3 {
  return [a[0] * k, a[1] * k, a[2] * k];
}
function cross(a: V3, b: V3): V3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function unit(a: V3): V3 {
  const n = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
}
