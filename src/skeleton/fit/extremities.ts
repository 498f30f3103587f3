/**
 * The body's extremities along the medial tree (step 4 of body-analysis.ts), per side:
 *
 * - the foot: the voxel touching the floor farthest along the tree, leaving out the end of a
 *   sheet (a cape's or a robe's hem hanging to the floor: its path runs a long way through
 *   material one or two voxels thick before it reaches the body; a foot is thick at once);
 * - the hand: the farthest of the rest, leaving out the legs (whatever the tree reaches through
 *   a foot's path below the crotch), whatever it reaches over the neck (hair, ears, a hat) and
 *   the end of a long sheet (a cape swinging free behind: its path climbs to the shoulders);
 * - the arm's tip: the farthest such voxel whose path climbs to the chest. An arm hangs from the
 *   shoulder; a cape's hem or a coat's tail hangs from lower down (the fill joins it to the back
 *   or the legs) and may reach farther than the hand.
 */
import type { BodySolid } from './body-solid.ts';
import type { MedialTree } from './medial-tree.ts';
import { rowOf } from './slices.ts';

/** Voxel indices per side (-1 when not found). */
export interface Sides {
  left: number;
  right: number;
}

/** What the extremities are judged by (canonical heights and widths). */
export interface ExtremityLevels {
  neckY: number;
  crotchY: number;
  chestHalfWidth: number;
  /** An arm's path climbs at least this high on its way to the belly. */
  armPeakY: number;
}

/**
 * A floor voxel whose path runs thin (under {@link THICK} of the height through) for longer
 * than this share of the height is the hem of a sheet, not a toe.
 */
const SHEET_RUN = 0.06;

/**
 * Past this share of the height of thin path, a voxel is no hand either: fingers and a flat palm
 * run thin for less (up to ~0.08 at the default resolution), a cape's hem for longer.
 */
const HAND_SHEET = 0.15;

/** Material at least this thick (share of the height; two voxels' depth at least) is no sheet. */
const THICK = 0.012;

/**
 * Per voxel the tree reaches, the length (voxels) of its path toward the seed that runs through
 * thin material before it first reaches thick material.
 */
function thinRuns(solid: BodySolid, tree: MedialTree): Float32Array {
  const thick = Math.max(2, (THICK * solid.height) / solid.h);
  const run = new Float32Array(solid.solid.length);
  const { order, parent, length } = tree;
  for (let o = 0; o < order.length; o++) {
    const c = order[o];
    const p = parent[c];
    run[c] = p < 0 || solid.depth[c] >= thick ? 0 : run[p] + (length[c] - length[p]);
  }
  return run;
}

/** See the module comment. */
export function findExtremities(
  solid: BodySolid,
  tree: MedialTree,
  levels: ExtremityLevels,
): { feet: Sides; hands: Sides; armTips: Sides } {
  const { nx, ny, h } = solid;
  const H = solid.top;
  const { order } = tree;
  const xOf = (c: number) => solid.origin[0] + ((c % nx) + 0.5) * h;
  const sideOf = (c: number) => (xOf(c) > 0 ? 0 : 1);
  const set = (s: Sides, side: number, c: number) => {
    if (side === 0) s.left = c;
    else s.right = c;
  };

  // Feet; a sheet's hem only where nothing else on that side touches the floor.
  const floorRow = rowOf(solid, solid.floor + Math.max(0.03 * H, 1.5 * h));
  const runs = thinRuns(solid, tree);
  const sheetRun = (SHEET_RUN * H) / h;
  const feet = { left: -1, right: -1 };
  const hems = { left: -1, right: -1 };
  const footBest = [0, 0];
  const hemBest = [0, 0];
  for (let o = 0; o < order.length; o++) {
    const c = order[o];
    if (Math.floor(c / nx) % ny > floorRow || Math.abs(xOf(c)) <= 0.5 * h) continue;
    const side = sideOf(c);
    const best = runs[c] > sheetRun ? hemBest : footBest;
    if (tree.length[c] > best[side]) {
      best[side] = tree.length[c];
      set(best === hemBest ? hems : feet, side, c);
    }
  }
  if (feet.left < 0) feet.left = hems.left;
  if (feet.right < 0) feet.right = hems.right;

  // Legs: every voxel whose path to the seed runs through a foot's path below the crotch.
  const legRow = rowOf(solid, levels.crotchY);
  const leg = new Uint8Array(solid.solid.length);
  for (const f of [feet.left, feet.right]) {
    if (f < 0) continue;
    for (const v of tree.pathFrom(f)) if (Math.floor(v / nx) % ny <= legRow) leg[v] = 1;
  }
  for (let o = 0; o < order.length; o++) {
    const c = order[o];
    const p = tree.parent[c];
    if (p >= 0 && leg[p]) leg[c] = 1;
  }

  // Hands and arm tips.
  const neckRow = rowOf(solid, levels.neckY);
  const chestRow = rowOf(solid, levels.armPeakY);
  const minX = Math.max(2 * h, 0.5 * levels.chestHalfWidth);
  const handSheet = (HAND_SHEET * H) / h;
  const hands = { left: -1, right: -1 };
  const armTips = { left: -1, right: -1 };
  const handBest = [0, 0];
  const armBest = [0, 0];
  for (let o = 0; o < order.length; o++) {
    const c = order[o];
    if (leg[c] || tree.peak[c] >= neckRow || Math.abs(xOf(c)) <= minX || runs[c] > handSheet) continue;
    const side = sideOf(c);
    if (tree.length[c] > handBest[side]) {
      handBest[side] = tree.length[c];
      set(hands, side, c);
    }
    if (tree.peak[c] >= chestRow && tree.length[c] > armBest[side]) {
      armBest[side] = tree.length[c];
      set(armTips, side, c);
    }
  }
  return { feet, hands, armTips };
}
