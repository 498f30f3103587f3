/**
 * Palms and fingers from the hand's shape. The hand is the solid past the wrist (within reach of
 * the fingertip); its principal axes give the hand's direction, the palm's width across it and
 * the palm's normal (its thinnest axis). Finger chains are laid on that palm as a template:
 * knuckles a little under half the hand's length from the wrist, spread across the palm's width
 * (the thumb side toward the character's front), three joints and an end per finger; the thumb
 * starts near the wrist on its side and runs diagonally toward the fingertips. Joints that fall
 * outside the mesh are pulled to the nearest solid.
 */
import type { FingerName } from '../templates/humanoid.ts';
import type { BodySolid } from './body-solid.ts';
import { cross, dot, norm } from './cross-section.ts';

type Vec3 = [number, number, number];

/** A hand's frame, in canonical space. */
export interface HandFrame {
  wrist: Vec3;
  /** Unit: wrist toward the fingertips. */
  along: Vec3;
  /** Unit: across the palm, toward the thumb. */
  across: Vec3;
  /** Unit: out of the palm (the side fingers curl toward). */
  palm: Vec3;
  /** Wrist to fingertip. */
  length: number;
  /** Half the palm's width. */
  halfWidth: number;
}

/** Where each finger sits across the palm (half-widths toward the thumb) and how long it is (shares of the middle finger). */
const FINGER_LAYOUT: Record<Exclude<FingerName, 'Thumb'>, { across: number; length: number }> = {
  Index: { across: 0.5, length: 0.94 },
  Middle: { across: 0.18, length: 1 },
  Ring: { across: -0.18, length: 0.94 },
  Pinky: { across: -0.5, length: 0.78 },
};

/** Knuckles from the wrist, as a share of wrist to fingertip. */
const KNUCKLE = 0.45;
/** Joints 2 and 3 along a finger, as shares of its length. */
const PHALANGES = [0.45, 0.75];

/**
 * The hand's frame from the solid's voxels past the wrist: `wrist` and `elbow` give the
 * forearm's direction, `tip` the farthest fingertip (null: a hand a quarter of the forearm
 * long), `side` +1 for the left hand, -1 for the right. `otherWrist`, the other hand's: voxels
 * nearer it are that hand's (hands held together are one piece of solid, wider across than
 * either hand is long).
 */
export function handFrame(
  solid: BodySolid,
  wrist: Vec3,
  elbow: Vec3,
  tip: Vec3 | null,
  side: 1 | -1,
  otherWrist: Vec3 | null = null,
): HandFrame {
  const fore = norm([wrist[0] - elbow[0], wrist[1] - elbow[1], wrist[2] - elbow[2]]);
  const foreLength = Math.hypot(wrist[0] - elbow[0], wrist[1] - elbow[1], wrist[2] - elbow[2]);
  let length = tip ? Math.max(0, dot([tip[0] - wrist[0], tip[1] - wrist[1], tip[2] - wrist[2]], fore)) : 0;
  if (!(length > 0.3 * foreLength) || length > 1.5 * foreLength) length = 0.75 * foreLength;
  // The hand's voxels: past the wrist, within its length, near its axis.
  const pts: Vec3[] = [];
  const r = Math.ceil((1.2 * length) / solid.h);
  const [ci, cj, ck] = solid.voxelOf(wrist);
  for (let k = ck - r; k <= ck + r; k++)
    for (let j = cj - r; j <= cj + r; j++)
      for (let i = ci - r; i <= ci + r; i++) {
        if (!solid.inGrid(i, j, k) || !solid.solid[solid.index(i, j, k)]) continue;
        const p = solid.centre(i, j, k);
        const d: Vec3 = [p[0] - wrist[0], p[1] - wrist[1], p[2] - wrist[2]];
        const t = dot(d, fore);
        if (t < 0 || t > 1.1 * length) continue;
        const off = Math.hypot(d[0] - t * fore[0], d[1] - t * fore[1], d[2] - t * fore[2]);
        if (off > 0.7 * length) continue;
        if (otherWrist && nearer(p, otherWrist, wrist)) continue;
        pts.push(p);
      }
  let along = fore;
  let across: Vec3;
  let halfWidth = 0.25 * length;
  if (pts.length >= 8) {
    const c: Vec3 = [0, 0, 0];
    for (const p of pts) for (let a = 0; a < 3; a++) c[a] += p[a] / pts.length;
    const C = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (const p of pts)
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) C[a * 3 + b] += ((p[a] - c[a]) * (p[b] - c[b])) / pts.length;
    const axes = eigenvectors(C);
    // The axis nearest the forearm is the hand's; of the two others the wider is across the palm.
    axes.sort((a, b) => Math.abs(dot(b.v, fore)) - Math.abs(dot(a.v, fore)));
    const main = axes[0];
    along = dot(main.v, fore) < 0 ? [-main.v[0], -main.v[1], -main.v[2]] : main.v;
    // Keep the hand's direction near the forearm's: a fist or a mitten can be wider than long.
    if (dot(along, fore) < 0.7) along = fore;
    const rest = axes.slice(1).sort((a, b) => b.value - a.value);
    across = orthogonal(rest[0].v, along);
    // Two standard deviations of the voxels, less the voxel the surface is thickened by.
    halfWidth = Math.max(0.12 * length, Math.min(0.45 * length, 2 * Math.sqrt(rest[0].value) - solid.h));
  } else {
    across = orthogonal([0, 0, 1], along);
  }
  // The thumb toward the front (palms down in a T-pose: thumbs forward); where the hand points
  // forward, toward the body's mid-line instead.
  const front: Vec3 = [0, 0, 1];
  const inward: Vec3 = [-side, 0, 0];
  const toward = Math.abs(dot(across, front)) > 0.3 ? front : inward;
  if (dot(across, toward) < 0) across = [-across[0], -across[1], -across[2]];
  // The palm faces away from the back of the hand: for the left hand along × across, mirrored for the right.
  const palm = norm(side === 1 ? cross(along, across) : cross(across, along));
  return { wrist, along, across, palm, length, halfWidth };
}

/** True when `p` is nearer `a` than `b`. */
function nearer(p: Vec3, a: Vec3, b: Vec3): boolean {
  return (
    (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2 + (p[2] - a[2]) ** 2 <
    (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2 + (p[2] - b[2]) ** 2
  );
}

function orthogonal(v: Vec3, to: Vec3): Vec3 {
  const d = dot(v, to);
  const o: Vec3 = [v[0] - d * to[0], v[1] - d * to[1], v[2] - d * to[2]];
  if (Math.hypot(o[0], o[1], o[2]) < 1e-6) return orthogonal([0, 1, 0], to);
  return norm(o);
}

/** Eigenvectors of a symmetric 3×3 (row-major) by Jacobi rotations, with their eigenvalues. */
export function eigenvectors(m: number[]): { v: Vec3; value: number }[] {
  const a = m.slice();
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let sweep = 0; sweep < 20; sweep++) {
    let off = 0;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ])
      off += a[p * 3 + q] ** 2;
    if (off < 1e-24) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ]) {
      const apq = a[p * 3 + q];
      if (Math.abs(apq) < 1e-30) continue;
      const theta = (a[q * 3 + q] - a[p * 3 + p]) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = a[k * 3 + p];
        const akq = a[k * 3 + q];
        a[k * 3 + p] = c * akp - s * akq;
        a[k * 3 + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = a[p * 3 + k];
        const aqk = a[q * 3 + k];
        a[p * 3 + k] = c * apk - s * aqk;
        a[q * 3 + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p];
        const vkq = v[k * 3 + q];
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
  return [0, 1, 2].map((i) => ({ v: norm([v[i], v[3 + i], v[6 + i]]), value: a[i * 4] }));
}

/** One finger's four joints (three and the end), canonical. */
export function fingerJoints(hand: HandFrame, finger: FingerName, mitten: boolean): Vec3[] {
  const { wrist, along, across, palm, length, halfWidth } = hand;
  const at = (t: number, w: number, n: number): Vec3 => [
    wrist[0] + t * along[0] + w * across[0] + n * palm[0],
    wrist[1] + t * along[1] + w * across[1] + n * palm[1],
    wrist[2] + t * along[2] + w * across[2] + n * palm[2],
  ];
  if (finger === 'Thumb') {
    const base = at(0.15 * length, 0.55 * halfWidth, 0.15 * halfWidth);
    const dir = norm([along[0] + 0.9 * across[0], along[1] + 0.9 * across[1], along[2] + 0.9 * across[2]]);
    const thumb = 0.55 * length;
    return [0, 0.4, 0.7, 1].map((t) => [
      base[0] + dir[0] * thumb * t,
      base[1] + dir[1] * thumb * t,
      base[2] + dir[2] * thumb * t,
    ]);
  }
  const layout = mitten ? { across: 0, length: 1 } : FINGER_LAYOUT[finger];
  const w = layout.across * halfWidth;
  const fingerLength = (1 - KNUCKLE) * length * layout.length;
  const knuckle = KNUCKLE * length;
  return [0, PHALANGES[0], PHALANGES[1], 0.97].map((t) => at(knuckle + t * fingerLength, w, 0));
}
