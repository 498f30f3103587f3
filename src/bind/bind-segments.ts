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
  const inv = 1 / grid.h;
  const excluded = joints.map((j) => !!j.excluded);
  const outside: number[] = [];
  const build = () => {
    const segs = buildBoneSegments(
      joints.map((j, i) => (excluded[i] === !!j.excluded ? j : { ...j, excluded: true })),
      options,
    );
    segs.ends = segs.ends.map((x, i) => (x - grid.origin[i % 3]) * inv);
    return segs;
  };
  let segments = build();
  for (let round = 0; round < 2 && minInside > 0; round++) {
    const inside = insideFractions(grid, segments.ends, segments.count);
    const out: number[] = [];
    for (let s = 0; s < segments.count; s++) {
      const outsideJoint = inside[s] < 0.5 && !startsInside(grid, segments.ends, s);
      if (inside[s] < minInside || outsideJoint) out.push(segments.joint[s]);
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
  return { segments, outside: outside.sort((a, b) => a - b) };
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
