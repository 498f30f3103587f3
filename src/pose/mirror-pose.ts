/**
 * Mirrors a pose across a plane through the origin (x = 0 by default: glTF characters face +Z
 * with their left on +X). A joint's offset is a turn in its own frame; seen in the world (through
 * the joint's base world rotation G) it is `G · q · G^-1`; reflected across the plane it is the
 * same quaternion with the two in-plane components negated; the partner takes it back into its
 * own frame: `q_B = G_B^-1 · P(G_A · q_A · G_A^-1) · G_B`. So it works whatever the joints' local
 * axes are, as long as the base pose is symmetric. Only rotations are mirrored.
 */
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import type { Pose } from './pose.ts';
import { quatFromMatrix, quatIdentity, quatIsIdentity, quatMultiply, quatNormalize } from './quaternion.ts';
import type { Skeleton } from './skeleton.ts';

/** Which way a mirror goes. */
export type MirrorPoseMode =
  /** Joints on the + side of the plane give their rotation to their partners. */
  | 'positive-to-negative'
  /** Joints on the − side give theirs. */
  | 'negative-to-positive'
  /** Every joint takes its partner's mirrored rotation (the whole pose flipped). */
  | 'swap';

/** Options of {@link mirrorPose}. */
export interface MirrorPoseOptions {
  axis?: MirrorAxis;
  mode?: MirrorPoseMode;
  /** Joints this close to the plane (in world units) are on it. */
  tolerance?: number;
}

/** Defaults of {@link MirrorPoseOptions}. */
export const MIRROR_POSE_DEFAULTS: Required<MirrorPoseOptions> = {
  axis: 'x',
  mode: 'positive-to-negative',
  tolerance: 1e-4,
};

const _g = new Float64Array(8);
const _t = new Float64Array(4);

/**
 * Mirrors `pose` in place. `partner[s]` is the slot paired with slot s (itself on the plane or
 * when unpaired). Joints on the plane are left alone by the one-way modes and flipped by 'swap'.
 * Returns the slots it changed.
 */
export function mirrorPose(
  skeleton: Skeleton,
  pose: Pose,
  partner: Int32Array,
  options: MirrorPoseOptions = {},
): number[] {
  const { axis, mode, tolerance } = { ...MIRROR_POSE_DEFAULTS, ...options };
  const a = axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
  const world = skeleton.base(pose.basis).world;
  const source = pose.rotations.slice();
  const changed: number[] = [];
  for (let s = 0; s < skeleton.size; s++) {
    const b = partner[s];
    if (!skeleton.isJoint[s] || b < 0) continue;
    const side = world[s * 16 + 12 + a];
    const onPlane = Math.abs(side) <= tolerance;
    if (mode === 'swap') {
      if (b === s && !onPlane) continue; // unpaired off the plane: no partner to take from
    } else {
      if (onPlane || b === s) continue;
      if ((mode === 'positive-to-negative') !== side > 0) continue;
    }
    mirrorInto(world, source, s, b, a, pose.rotations);
    changed.push(b);
  }
  return changed;
}

/** rotations[b] = G_b^-1 · P(G_s · source[s] · G_s^-1) · G_b. */
function mirrorInto(
  world: Float64Array,
  source: Float64Array,
  s: number,
  b: number,
  a: number,
  out: Float64Array,
): void {
  if (quatIsIdentity(source, s * 4)) {
    // No turn mirrors to no turn, exactly (the partner is then unposed, not posed by rounding).
    quatIdentity(out, b * 4);
    return;
  }
  quatFromMatrix(world, s * 16, _g, 0);
  quatFromMatrix(world, b * 16, _g, 4);
  // _t = G_s · q · G_s^-1
  quatMultiply(_g, 0, source, s * 4, _t, 0);
  conjugate(_g, 0);
  quatMultiply(_t, 0, _g, 0, _t, 0);
  // Reflection across the plane normal to axis a: keep that component, negate the other two.
  for (let c = 0; c < 3; c++) if (c !== a) _t[c] = -_t[c];
  // out = G_b^-1 · _t · G_b
  quatMultiply(_t, 0, _g, 4, _t, 0);
  conjugate(_g, 4);
  quatMultiply(_g, 4, _t, 0, out, b * 4);
  quatNormalize(out, b * 4);
}

function conjugate(q: Float64Array, o: number): void {
  q[o] = -q[o];
  q[o + 1] = -q[o + 1];
  q[o + 2] = -q[o + 2];
}
