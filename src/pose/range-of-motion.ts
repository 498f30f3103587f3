/**
 * Range of motion: a generated clip that sweeps joints, one after another, through ±90° about
 * each of their local axes (X, then Y, then Z), so every crease a joint can make shows up in one
 * play-through. Each axis takes one smooth swing 0 → +90° → −90° → 0 (a sine), on top of a
 * starting pose (e.g. with the elbow already bent, to test the shoulder around it).
 */
import type { PoseClip } from './animation.ts';
import type { Pose } from './pose.ts';
import { quatFromAxisAngle, quatMultiply } from './quaternion.ts';
import type { Skeleton } from './skeleton.ts';

/** Options of {@link rangeOfMotionClip}. */
export interface RangeOfMotionOptions {
  /** Amplitude of the swing, degrees. */
  degrees?: number;
  /** Seconds per axis swing. */
  secondsPerAxis?: number;
  /** The pose the sweep starts from (default: the bind pose). */
  base?: Pose | null;
}

/** Defaults of {@link RangeOfMotionOptions}. */
export const RANGE_OF_MOTION_DEFAULTS: Required<RangeOfMotionOptions> = {
  degrees: 90,
  secondsPerAxis: 2,
  base: null,
};

const _q = new Float64Array(4);

/** A clip sweeping `slots` in turn (3 swings each); its name says which joint(s). */
export function rangeOfMotionClip(
  skeleton: Skeleton,
  slots: readonly number[],
  options: RangeOfMotionOptions = {},
): PoseClip {
  const { degrees, secondsPerAxis, base } = { ...RANGE_OF_MOTION_DEFAULTS, ...options };
  const start = base ? base.clone() : null;
  const list = slots.filter((s) => s >= 0 && s < skeleton.size);
  const perAxis = secondsPerAxis > 0 ? secondsPerAxis : RANGE_OF_MOTION_DEFAULTS.secondsPerAxis;
  const duration = list.length * 3 * perAxis;
  const name =
    list.length === 1
      ? `Range of motion: ${skeleton.names[list[0]]}`
      : `Range of motion: ${list.length} joints`;
  return {
    name,
    duration,
    sample(t: number, pose: Pose) {
      if (start) pose.copyFrom(start);
      else pose.reset(pose.basis);
      if (list.length === 0) return;
      const time = Math.min(Math.max(t, 0), duration);
      const step = Math.min(Math.floor(time / perAxis), list.length * 3 - 1);
      const u = (time - step * perAxis) / perAxis;
      const s = list[Math.floor(step / 3)];
      const axis = step % 3;
      const angle = degrees * Math.sin(2 * Math.PI * u) * (Math.PI / 180);
      quatFromAxisAngle(axis === 0 ? 1 : 0, axis === 1 ? 1 : 0, axis === 2 ? 1 : 0, angle, _q);
      quatMultiply(pose.rotations, s * 4, _q, 0, pose.rotations, s * 4);
    },
  };
}
