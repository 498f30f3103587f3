/**
 * chooseSegments: the bone segments auto-bind binds to, fitted to the mesh's solid.
 *
 * 1. Build segments from the joints (see bone-segments.ts).
 * 2. Leave out joints an artist would leave unweighted: bones lying mostly outside the solid
 *    (IK and pole targets, roots on the floor, bones of parts not being bound) and joints
 *    outside the solid whose bone is less than half inside (a root on the floor with a bone up
 *    into the hips). Rebuild, and check once more, since leaving out a pole target moves its
 *    parent's segment. Never leaves out every joint.
 * 3. Aim leaves that have no rig axis at the solid ahead of them, and stretch leaves through
 *    the extremity they end in (see refine-segments.ts).
 *
 * Mirror partners (`BindJoint.partner`) are decided together: left out together, and their
 * leaves as long as each other, so a symmetric character binds symmetrically even where its
 * two sides fall a voxel apart.
 */
import { type BindJoint, type BoneSegments, buildBoneSegments } from './bone-segments.ts';
import { aimLeaves, extendLeaves, insideFractions, startsInside } from './refine-segments.ts';
import type { VoxelGrid } from './voxel-grid.ts';

/** Options of {@link chooseSegments}. */
export interface ChooseSegmentsOptions {
  leafLength?: number;
  multiChild?: 'centroid' | 'aligned';
  branchTrim?: number;
  /** Leave out bones less than this fraction inside the solid (0: keep all). */
  minInside?: number;
  /** Stretch leaves this far through their extremity (0: off). */
  leafReach?: number;
  /**
   * Aim leaves without a rig axis at the solid ahead of them, within this multiple of their
   * length (0: off; see aimLeaves).
   */
  leafAim?: number;
  /** Give end joints bones of their own (see BindJoint.end). */
  bindEndJoints?: boolean;
}

/** Segments in grid space, and the joints left out as outside the mesh. */
export interface ChosenSegments {
  segments: BoneSegments;
  outside: number[];
}

/** See the module comment. `joints` positions are world space; segments come back in grid space. */
export function chooseSegments(
  joints: readonly BindJoint[],
  grid: VoxelGrid,
  options: ChooseSegmentsOptions,
): ChosenSegments {
  const minInside = options.minInside ?? 0;
  // A skin of end joints only (one made from HeadTop_End) binds them: never leave out every joint.
  if (!options.bindEndJoints && joints.every((j) => j.excluded || j.end))
    options = { ...options, bindEndJoints: true };
  const inv = 1 / grid.h;
  const excluded = joints.map((j) => !!j.excluded);
  const outside: number[] = [];
  // A leaf far outside the mesh's box (an unused tip whose inverse bind matrix is the identity,
  // at the origin while the mesh is elsewhere) is no bone's end: detached, not a tail to aim at.
  const stray = strayLeaves(joints, grid);
  const build = () => {
    const segs = buildBoneSegments(
      joints.map((j, i) =>
        stray[i]
          ? { ...j, excluded: true, parent: -1 }
          : excluded[i] === !!j.excluded
            ? j
            : { ...j, excluded: true },
      ),
      options,
    );
    segs.ends = segs.ends.map((x, i) => (x - grid.origin[i % 3]) * inv);
    return segs;
  };
  let segments = build();
  for (let round = 0; round < 2 && minInside > 0; round++) {
    const inside = insideFractions(grid, segments.ends, segments.count);
    const partner = partnerSegments(joints, segments);
    const out: number[] = [];
    for (let s = 0; s < segments.count; s++) {
      // Partners are judged together (the mean of their fractions), so a hand bone a voxel
      // inside on one side and a voxel outside on the other is kept or left out on both.
      const q = partner[s];
      const fraction = q >= 0 ? (inside[s] + inside[q]) / 2 : inside[s];
      const starts = startsInside(grid, segments.ends, s) || (q >= 0 && startsInside(grid, segments.ends, q));
      if (fraction < minInside || (fraction < 0.5 && !starts)) out.push(segments.joint[s]);
    }
    if (out.length === 0 || out.length === segments.count) break;
    for (const j of out) excluded[j] = true;
    outside.push(...out);
    segments = build();
  }
  // Leaves with no bone axis from the rig point where their parent did: aim them at the solid
  // ahead of them first (a toe that continues the shin's slope into the floor turns forward).
  const aim = options.leafAim ?? 0;
  if (aim > 0) {
    const guessed = segments.leaf.map((l, s) => (l && !joints[segments.joint[s]].axis ? 1 : 0));
    aimLeaves(grid, segments.ends, guessed, aim, Math.max(grid.nx, grid.ny, grid.nz) / 4);
  }
  const reach = options.leafReach ?? 0;
  if (reach > 0)
    extendLeaves(grid, segments.ends, segments.leaf, reach, Math.max(grid.nx, grid.ny, grid.nz) / 4);
  if (aim > 0 || reach > 0) pairLeafLengths(segments, partnerSegments(joints, segments));
  stray.forEach((s, j) => {
    if (s && !joints[j].excluded && !outside.includes(j)) outside.push(j);
  });
  return { segments, outside: outside.sort((a, b) => a - b) };
}

/**
 * Per segment, the segment of its joint's mirror partner (`BindJoint.partner`, both ways), or
 * -1 (no partner, itself, or the partner has no segment).
 */
export function partnerSegments(joints: readonly BindJoint[], segments: BoneSegments): Int32Array {
  const segmentOf = new Map<number, number>();
  for (let s = 0; s < segments.count; s++) segmentOf.set(segments.joint[s], s);
  return Int32Array.from(segments.joint, (j) => {
    const k = joints[j].partner;
    if (k === undefined || k === j || !(k >= 0 && k < joints.length) || joints[k].partner !== j) return -1;
    return segmentOf.get(k) ?? -1;
  });
}

/**
 * Partner leaves (a left and a right hand) get the mean of their two lengths, each along its own
 * direction: a leaf's length comes from where it leaves the voxel solid, which a voxel's
 * difference between the sides would otherwise carry into the weights.
 */
function pairLeafLengths(segments: BoneSegments, partner: Int32Array): void {
  const { ends, leaf } = segments;
  const length = (s: number) =>
    Math.hypot(
      ends[s * 6 + 3] - ends[s * 6],
      ends[s * 6 + 4] - ends[s * 6 + 1],
      ends[s * 6 + 5] - ends[s * 6 + 2],
    );
  for (let s = 0; s < segments.count; s++) {
    const q = partner[s];
    if (q <= s || !leaf[s] || !leaf[q]) continue;
    const ls = length(s);
    const lq = length(q);
    if (!(ls > 0 && lq > 0)) continue;
    const mean = (ls + lq) / 2;
    for (const [t, l] of [
      [s, ls],
      [q, lq],
    ]) {
      const o = t * 6;
      for (let c = 0; c < 3; c++)
        ends[o + 3 + c] = ends[o + c] + ((ends[o + 3 + c] - ends[o + c]) * mean) / l;
    }
  }
}

/** Per joint: a tip (a leaf with a parent) farther outside the grid's box than a quarter of its size. */
function strayLeaves(joints: readonly BindJoint[], grid: VoxelGrid): boolean[] {
  const hasChild = new Uint8Array(joints.length);
  for (const j of joints) if (j.parent >= 0 && j.parent < joints.length) hasChild[j.parent] = 1;
  const size = [grid.nx, grid.ny, grid.nz];
  const stray = joints.map((j, i) => {
    if (hasChild[i] || !(j.parent >= 0 && j.parent < joints.length)) return false;
    return j.position.some((x, c) => {
      const u = (x - grid.origin[c]) / grid.h;
      return !(u >= -size[c] / 4 && u <= size[c] * 1.25);
    });
  });
  // Never every joint (a skin of one tip bound to a mesh away from it still binds).
  return joints.every((j, i) => j.excluded || stray[i]) ? stray.map(() => false) : stray;
}

/** The segments whose joints pass `keep` (the same object when all do). */
export function filterSegments(all: BoneSegments, keep: (joint: number) => boolean): BoneSegments {
  const idx: number[] = [];
  for (let s = 0; s < all.count; s++) if (keep(all.joint[s])) idx.push(s);
  if (idx.length === all.count) return all;
  const ends = new Float64Array(idx.length * 6);
  idx.forEach((s, k) => {
    ends.set(all.ends.subarray(s * 6, s * 6 + 6), k * 6);
  });
  return {
    count: idx.length,
    joint: Int32Array.from(idx, (s) => all.joint[s]),
    ends,
    leaf: Uint8Array.from(idx, (s) => all.leaf[s]),
  };
}
