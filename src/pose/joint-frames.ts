/**
 * World-space handles on a posed skeleton: a joint's position and bone direction, the body's
 * frame (up, forward, left), and turning a joint by a world-space rotation while the pose keeps
 * it as an offset in the joint's own frame. Presets, range of motion and mirroring build on them.
 */
import type { Pose } from './pose.ts';
import type { PoseMatrices } from './pose-matrices.ts';
import { quatFromMatrix, quatMultiply, quatNormalize } from './quaternion.ts';
import type { Skeleton } from './skeleton.ts';

const _w = new Float64Array(4);
const _t = new Float64Array(4);
const _i = new Float64Array(4);

/**
 * Turns slot s by the world-space rotation r (about the joint's own origin): with W the joint's
 * current world rotation, its offset becomes `q · W^-1 · r · W` (so that W·q' = r·W·q). The
 * matrices must be up to date for `pose`; update them before turning a child.
 */
export function rotateJointInWorld(
  matrices: PoseMatrices,
  pose: Pose,
  s: number,
  r: ArrayLike<number>,
): void {
  quatFromMatrix(matrices.world, s * 16, _w, 0);
  // _t = W^-1 · r · W
  _i[0] = -_w[0];
  _i[1] = -_w[1];
  _i[2] = -_w[2];
  _i[3] = _w[3];
  quatMultiply(r, 0, _w, 0, _t, 0);
  quatMultiply(_i, 0, _t, 0, _t, 0);
  quatMultiply(pose.rotations, s * 4, _t, 0, pose.rotations, s * 4);
  quatNormalize(pose.rotations, s * 4);
}

/** World position of slot s into out[0..3). */
export function jointPosition(matrices: PoseMatrices, s: number, out: Float64Array | number[]): void {
  out[0] = matrices.world[s * 16 + 12];
  out[1] = matrices.world[s * 16 + 13];
  out[2] = matrices.world[s * 16 + 14];
}

/**
 * The child joint a joint's bone points to: the one with the most descendants (the spine beats a
 * leg), ties going to the child that best continues the parent's bone in the bind pose (the middle
 * finger, not the thumb); -1 for a leaf.
 */
export function mainChild(skeleton: Skeleton, s: number): number {
  const w = skeleton.bind.world;
  const p = skeleton.parent[s];
  const px = p >= 0 ? w[s * 16 + 12] - w[p * 16 + 12] : 0;
  const py = p >= 0 ? w[s * 16 + 13] - w[p * 16 + 13] : 1;
  const pz = p >= 0 ? w[s * 16 + 14] - w[p * 16 + 14] : 0;
  let best = -1;
  let bestCount = -1;
  let bestAlign = -Infinity;
  for (let c = s + 1; c < skeleton.size; c++) {
    if (skeleton.parent[c] !== s || !skeleton.isJoint[c]) continue;
    const count = descendants(skeleton, c);
    const dx = w[c * 16 + 12] - w[s * 16 + 12];
    const dy = w[c * 16 + 13] - w[s * 16 + 13];
    const dz = w[c * 16 + 14] - w[s * 16 + 14];
    const align = (dx * px + dy * py + dz * pz) / (Math.hypot(dx, dy, dz) || 1);
    if (count > bestCount || (count === bestCount && align > bestAlign)) {
      best = c;
      bestCount = count;
      bestAlign = align;
    }
  }
  return best;
}

function descendants(skeleton: Skeleton, s: number): number {
  let n = 0;
  for (let c = s + 1; c < skeleton.size; c++) {
    for (let p = skeleton.parent[c]; p >= 0; p = skeleton.parent[p]) {
      if (p === s) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * Unit world direction of slot s's bone: toward its main child, else along its parent's bone
 * (a leaf: a hand without fingers). Writes out[0..3); returns false when it has no length.
 */
export function boneDirection(matrices: PoseMatrices, s: number, out: Float64Array | number[]): boolean {
  const skeleton = matrices.skeleton;
  const c = mainChild(skeleton, s);
  const from = c >= 0 ? s : skeleton.parent[s];
  const to = c >= 0 ? c : s;
  if (from < 0) return false;
  const w = matrices.world;
  const dx = w[to * 16 + 12] - w[from * 16 + 12];
  const dy = w[to * 16 + 13] - w[from * 16 + 13];
  const dz = w[to * 16 + 14] - w[from * 16 + 14];
  const n = Math.hypot(dx, dy, dz);
  if (!(n > 1e-9)) return false;
  out[0] = dx / n;
  out[1] = dy / n;
  out[2] = dz / n;
  return true;
}

/** The body's frame: glTF's up (+Y), and forward from the character's left (left × up). */
export interface BodyFrame {
  up: [number, number, number];
  forward: [number, number, number];
  left: [number, number, number];
}

/**
 * Body frame from a left and a right joint (e.g. the upper arms): left = their difference made
 * horizontal; forward = left × up. Falls back to glTF's convention (facing +Z, left +X).
 */
export function bodyFrame(matrices: PoseMatrices, leftSlot: number, rightSlot: number): BodyFrame {
  const frame: BodyFrame = { up: [0, 1, 0], forward: [0, 0, 1], left: [1, 0, 0] };
  if (leftSlot < 0 || rightSlot < 0) return frame;
  const w = matrices.world;
  const lx = w[leftSlot * 16 + 12] - w[rightSlot * 16 + 12];
  const lz = w[leftSlot * 16 + 14] - w[rightSlot * 16 + 14];
  const n = Math.hypot(lx, lz);
  if (!(n > 1e-9)) return frame;
  frame.left = [lx / n, 0, lz / n];
  // left × up with up = (0, 1, 0): (−lz, 0, lx)… as (l_y·0 − l_z·1, l_z·0 − l_x·0, l_x·1 − l_y·0).
  frame.forward = [-frame.left[2], 0, frame.left[0]];
  return frame;
}
