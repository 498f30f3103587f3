/**
 * Joint frames along the bones: each joint's local +Y points at its main child (the next joint
 * of its chain), as Mixamo's and Blender's rigs do, and its roll is set by a reference
 * direction per joint (the caller's: see fit-skeleton.ts for the humanoid's, Mixamo's rolls).
 * Z is the reference made perpendicular to Y and X = Y × Z.
 * The same rule on a mirrored pair gives mirrored frames, so one local rotation bends the left
 * elbow and the right elbow the same way (mirrored).
 *
 * A joint with no child (a hand without fingers) points where the caller's `leafAxis` says (the
 * hand's own direction, wrist to fingertips: auto-bind reads it as the bone's axis), else along
 * its parent. End joints take their parent's frame. Frames are returned as world rotations (unit
 * quaternions x, y, z, w) in the canonical frame.
 */
import type { TemplateJoint } from '../templates/humanoid.ts';

type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

/** The reference direction for each joint's roll (canonical, unit). */
export type RollReference = (joint: number) => Vec3;

/** Rotation matrix with columns x, y, z → quaternion. */
export function quatFromAxes(x: Vec3, y: Vec3, z: Vec3): Quat {
  const m00 = x[0];
  const m11 = y[1];
  const m22 = z[2];
  const tr = m00 + m11 + m22;
  let q: Quat;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    q = [(y[2] - z[1]) / s, (z[0] - x[2]) / s, (x[1] - y[0]) / s, 0.25 * s];
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    q = [0.25 * s, (y[0] + x[1]) / s, (z[0] + x[2]) / s, (y[2] - z[1]) / s];
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    q = [(y[0] + x[1]) / s, 0.25 * s, (z[1] + y[2]) / s, (z[0] - x[2]) / s];
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    q = [(z[0] + x[2]) / s, (z[1] + y[2]) / s, 0.25 * s, (x[1] - y[0]) / s];
  }
  const l = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / l, q[1] / l, q[2] / l, q[3] / l];
}

const norm = (v: Vec3): Vec3 => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
};
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * The main child of each joint: the child whose name continues the joint's chain (Hips →
 * Spine, Spine2 → Neck, Hand → its middle or first finger), else its only or first child; -1
 * for leaves.
 */
export function mainChildren(template: readonly TemplateJoint[]): number[] {
  const children = template.map(() => [] as number[]);
  template.forEach((j, i) => {
    if (j.parent >= 0) children[j.parent].push(i);
  });
  return template.map((j, i) => {
    const c = children[i];
    if (c.length === 0) return -1;
    if (c.length === 1) return c[0];
    const prefer = ['Spine', 'Neck', 'HandMiddle1', 'HandIndex1'];
    for (const p of prefer) {
      const hit = c.find((k) => template[k].name.endsWith(p) && !(j.name === 'Hips' && p !== 'Spine'));
      if (hit !== undefined) return hit;
    }
    return c[0];
  });
}

/** See the module comment. */
export function jointFrames(
  template: readonly TemplateJoint[],
  positions: readonly Vec3[],
  reference: RollReference,
  leafAxis: (joint: number) => Vec3 | null = () => null,
): Quat[] {
  const main = mainChildren(template);
  const out: Quat[] = [];
  const axisY: Vec3[] = [];
  template.forEach((joint, i) => {
    let y: Vec3 | null = null;
    const c = main[i];
    if (c >= 0) {
      const d = norm([
        positions[c][0] - positions[i][0],
        positions[c][1] - positions[i][1],
        positions[c][2] - positions[i][2],
      ]);
      if (d[0] || d[1] || d[2]) y = d;
    }
    if (!y) y = leafAxis(i) ?? (joint.parent >= 0 ? axisY[joint.parent] : [0, 1, 0]);
    axisY.push(y);
    let ref = reference(i);
    if (Math.abs(ref[0] * y[0] + ref[1] * y[1] + ref[2] * y[2]) > 0.98)
      ref = Math.abs(y[1]) < 0.9 ? [0, 1, 0] : [0, 0, 1];
    const d = ref[0] * y[0] + ref[1] * y[1] + ref[2] * y[2];
    const z = norm([ref[0] - d * y[0], ref[1] - d * y[1], ref[2] - d * y[2]]);
    const x = cross(y, z);
    out.push(joint.end && joint.parent >= 0 ? out[joint.parent] : quatFromAxes(x, y, z));
  });
  return out;
}
