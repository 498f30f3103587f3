/**
 * BodyAnalysis: what the fitter knows about a standing character's volume before any joint is
 * placed, all in the canonical body frame (x left, y up from the floor, z front).
 *
 * 1. The crotch: the lowest row of the symmetry plane where the solid runs deep front to back
 *    (the bottom of the pelvis; thin contacts — knees or heels touching, a tail — are skipped).
 * 2. The seed: the deepest voxel of the symmetry plane a little above the crotch (the belly),
 *    and the medial tree from it (medial-tree.ts): every limb's middle line leads there.
 * 3. The torso's profile upward from the seed: the neck is the row whose slice is smallest
 *    against the head above it, with the chin or face jutting out in front above it (a throat:
 *    long hair behind the neck fills its section out, never its front) and not a narrow waist
 *    (the arms are above that); the chin is where the slice juts forward again; the top of the
 *    head is the last row the head's slice reaches.
 * 4. Extremities (extremities.ts): each side's foot is the voxel on the floor farthest along
 *    the medial tree (not a cape's hem); each side's hand the farthest of the rest, leaving out
 *    the legs and whatever it reaches over the neck (hair, ears, a hat); and the farthest whose
 *    path climbs to the chest, for when that was a cape's hem.
 */
import { BodySolid } from './body-solid.ts';
import { findExtremities } from './extremities.ts';
import { FrontView } from './front-view.ts';
import { MedialTree } from './medial-tree.ts';
import { rowOf, type Slice, sliceAt } from './slices.ts';

type Vec3 = [number, number, number];

/** Landmarks of the body (canonical). */
export interface BodyLandmarks {
  /** Height of the top of the solid above the floor. */
  height: number;
  /** Bottom of the pelvis on the symmetry plane, or null when the legs do not part. */
  crotch: Vec3 | null;
  /** The belly voxel the medial tree grows from, and its centre. */
  seed: number;
  seedPoint: Vec3;
  /** Narrowest row of the neck, the chin, and the top of the head (on the mid-line). */
  neck: Vec3;
  chin: Vec3;
  headTop: Vec3;
  /** The head's widest reach across (x), chin to top: its size where hair or a hat adds height. */
  headWidth: number;
  /** Half the chest's width (its run along x through the mid-line, arms left out). */
  chestHalfWidth: number;
  /** Fingertip and toe-tip voxels per side (-1 when not found). */
  hands: { left: number; right: number };
  /**
   * Per side, the farthest voxel like a hand's whose path to the belly climbs to the chest (past
   * {@link ARM_PEAK} of the way up to the neck), -1 when none: the hand where the farthest point
   * hangs from lower down (a cape's hem).
   */
  armTips: { left: number; right: number };
  feet: { left: number; right: number };
}

/** Everything the fitter reads: the solid, the medial tree and the landmarks. */
export interface BodyAnalysis {
  solid: BodySolid;
  /** The solid's thickness seen from the front (where limbs rest against the body). */
  view: FrontView;
  tree: MedialTree;
  landmarks: BodyLandmarks;
}

/** Longest run of solid along z in column i of row j. */
function zRun(solid: BodySolid, i: number, j: number): number {
  let best = 0;
  let run = 0;
  for (let k = 0; k < solid.nz; k++) {
    run = solid.solid[solid.index(i, j, k)] ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * Per row: the run of solid along z on the mid-plane (the one or two voxel columns holding
 * x = 0), and the longest such run in any column within `reach` of it.
 */
function midPlaneRuns(solid: BodySolid, reach: number): { mid: Int32Array; widest: Int32Array } {
  const { nx, ny } = solid;
  const cols = nx % 2 === 0 ? [nx / 2 - 1, nx / 2] : [(nx - 1) / 2];
  const r = Math.ceil(reach / solid.h);
  const mid = new Int32Array(ny);
  const widest = new Int32Array(ny);
  for (let j = 0; j < ny; j++) {
    for (const i of cols) mid[j] = Math.max(mid[j], zRun(solid, i, j));
    for (let i = Math.max(0, cols[0] - r); i <= Math.min(nx - 1, cols[cols.length - 1] + r); i++)
      widest[j] = Math.max(widest[j], zRun(solid, i, j));
  }
  return { mid, widest };
}

/** The deepest solid voxel within |x| ≤ maxX in rows [j0, j1], or -1. */
function deepestInBand(solid: BodySolid, j0: number, j1: number, maxX: number): number {
  const { nx, nz } = solid;
  let best = -1;
  let bestDepth = 0;
  for (let k = 0; k < nz; k++)
    for (let j = Math.max(0, j0); j <= Math.min(solid.ny - 1, j1); j++)
      for (let i = 0; i < nx; i++) {
        const x = solid.origin[0] + (i + 0.5) * solid.h;
        if (Math.abs(x) > maxX) continue;
        const c = solid.index(i, j, k);
        if (solid.depth[c] > bestDepth) {
          bestDepth = solid.depth[c];
          best = c;
        }
      }
  return best;
}

/**
 * Step 1 of the module comment: the crotch row, or -1. The pelvis is as deep on the mid-plane as
 * the thighs beside it; where thighs only touch (a heavy build, knees together), the mid-plane
 * cuts the narrow contact between two rounded limbs, much shallower than the limbs themselves.
 */
function findCrotchRow(solid: BodySolid, { mid, widest }: ReturnType<typeof midPlaneRuns>): number {
  const floorRows = Math.ceil((0.04 * solid.height) / solid.h);
  for (let j = 0; j < solid.ny; j++) {
    if (mid[j] < 2 || mid[j] < CROTCH_DEPTH * widest[j]) continue;
    // Solid down at the floor: the legs never part on the mid-plane.
    return j <= floorRows ? -1 : j;
  }
  return -1;
}

/**
 * A row is no neck when something above it reaches this many times wider across than the body
 * below it (up from the belly): arms held out above a narrow waist (a wide hat over a neck is
 * under it: the shoulders are below).
 */
const NECK_WIDTH_ABOVE = 2.5;

/**
 * A row narrower than this share of the body above and below it, with a throat in front, is
 * the neck when no row is clearly narrower (0.8): long hair behind the neck and back
 * fills the neck's section out.
 */
const WEAK_NECK = 0.95;

/** The least recess of a throat under the chin, in heights. */
const THROAT = 0.008;

/** How far up from the belly to the neck an arm's path climbs at least (its shoulder is higher). */
export const ARM_PEAK = 0.5;

/** How deep the mid-plane must be, against the deepest column near it, to be the pelvis. */
const CROTCH_DEPTH = 0.7;

/**
 * Share of a row's mid-plane voxels that sit between two surfaces enclosed in the solid, one
 * either side within `reach` (of those with one on either side): the legs' inner faces inside a
 * skirt, a coat or a robe (the axis vote fills the garment, legs and all), not the flesh of a
 * pelvis.
 */
function coveredShare(solid: BodySolid, row: number, reach: number): { ofRow: number; ofLegs: number } {
  const { nx, nz } = solid;
  const mid = Math.floor(nx / 2);
  const r = Math.ceil(reach / solid.h);
  // A surface voxel deep inside the volume: a face enclosed by other material (the voxelizer
  // marks both sides of every face, so a bare surface is never more than a voxel deep).
  const enclosed = (i: number, k: number) => {
    const c = solid.index(i, row, k);
    return solid.surface[c] === 1 && solid.depth[c] >= 2.5;
  };
  let total = 0;
  let covered = 0;
  let either = 0;
  for (let k = 1; k < nz - 1; k++) {
    const c = solid.index(mid, row, k);
    if (!solid.solid[c]) continue;
    total++;
    // The gap between two faces: the mid-plane voxel is no face itself, and a face encloses it
    // on either side.
    if (solid.surface[c]) continue;
    let left = false;
    let right = false;
    for (let d = 1; d <= r && !(left && right); d++) {
      if (!left && mid - d > 0 && enclosed(mid - d, k)) left = true;
      if (!right && mid + d < nx - 1 && enclosed(mid + d, k)) right = true;
    }
    if (left && right) covered++;
    if (left || right) either++;
  }
  // Of the row, and of the depth the legs span (a wide robe around them is mostly empty cloth;
  // not less than a quarter of the row: a stray enclosed face is no pair of legs).
  return total
    ? { ofRow: covered / total, ofLegs: covered / Math.max(either, 0.25 * total) }
    : { ofRow: 0, ofLegs: 0 };
}

/**
 * A crotch found under a skirt's or coat's hem is the hem: the rows above it hold the legs' inner
 * faces inside the filled garment. Walks up to the first row where they stop (the crotch under
 * the garment); the row itself when the mid-plane above it is flesh, or when the mid-plane's
 * depth rounds into it from below (a pelvis, where a hem is an edge: nothing on the mid-plane
 * the row under it). Surfaces enclosed inside a body that is no garment (a character built of
 * overlapping shells, a skin under its clothes) look like covered legs too, and walking up
 * through them lands far above the crotch.
 */
function crotchUnderCover(solid: BodySolid, row: number, mid: Int32Array): number {
  if (row > 0 && mid[row - 1] >= HEM_EDGE * mid[row]) return row;
  const reach = 0.06 * solid.height;
  const top = rowOf(solid, 0.75 * solid.height);
  const probe = Math.max(2, Math.round((0.04 * solid.height) / solid.h));
  let share = 0;
  for (let j = row + 2; j <= Math.min(top, row + probe); j++)
    share = Math.max(share, coveredShare(solid, j, reach).ofLegs);
  if (share < 0.3) return row;
  for (let j = row + 2; j < top; j++) if (coveredShare(solid, j, reach).ofRow < 0.1) return j;
  return row;
}

/** The neck is looked for above this share of the way from the crotch to the top. */
const NECK_ABOVE_CROTCH = 0.25;

/** Under this share of a hem row's mid-plane depth, the row beneath makes the hem an edge. */
const HEM_EDGE = 0.4;

/** Step 3: the slices of the torso and head upward from row `from` along the mid-line. */
function midLineProfile(solid: BodySolid, from: number, z0: number, radius: number): (Slice | null)[] {
  const out: (Slice | null)[] = [];
  let z = z0;
  for (let j = from; j < solid.ny; j++) {
    const s = sliceAt(solid, j, 0, z, radius, Math.max(2.5 * solid.h, 0.025 * solid.height));
    out.push(s);
    if (!s) break;
    z = s.cz;
  }
  return out;
}

/** See the module comment. */
export function analyseBody(solid: BodySolid): BodyAnalysis {
  const H = solid.top;
  const h = solid.h;
  const view = new FrontView(solid);
  // 1. Crotch.
  const runs = midPlaneRuns(solid, 0.15 * solid.height);
  const hem = findCrotchRow(solid, runs);
  const crotchRow = hem >= 0 ? crotchUnderCover(solid, hem, runs.mid) : -1;
  const crotchY = crotchRow >= 0 ? solid.origin[1] + (crotchRow + 0.5) * h : 0.46 * H;
  // 2. Seed: the belly.
  const band0 = rowOf(solid, crotchY + 0.04 * (H - crotchY));
  const band1 = rowOf(solid, crotchY + 0.25 * (H - crotchY));
  let seed = deepestInBand(solid, band0, band1, Math.max(1.5 * h, 0.02 * H));
  if (seed < 0) seed = deepestInBand(solid, 0, solid.ny - 1, Infinity);
  if (seed < 0) throw new RangeError('the mesh encloses no volume');
  const seedPoint = solid.centreOf(seed);
  const tree = new MedialTree(solid, seed);
  const crotch: Vec3 | null =
    crotchRow >= 0 ? [0, crotchY, crotchDepthCentre(solid, crotchRow, seedPoint[2])] : null;

  // 3. Profile: neck, chin, top of the head.
  const seedRow = rowOf(solid, seedPoint[1]);
  const span = H - seedPoint[1];
  const profile = midLineProfile(solid, seedRow, seedPoint[2], 0.45 * H);
  const area = profile.map((s) => (s && !s.open ? s.area : s ? Infinity : 0));
  const lookUp = Math.max(2, Math.round((0.22 * span) / h));
  // Widest reach across of any slice from row t up to the end of the profile (the top).
  const widthAbove = new Float64Array(profile.length + 1);
  for (let t = profile.length - 1; t >= 0; t--) {
    const s = profile[t];
    widthAbove[t] = Math.max(widthAbove[t + 1], s ? s.maxX - s.minX : 0);
  }
  let neckIndex = -1;
  let neckScore = 0.8;
  // The same with no throat in front of it (a waist under a chest, or a neck in a high collar),
  // used only when no row is a neck with a throat.
  let besideIndex = -1;
  let besideScore = 0.8;
  // A row only a little narrower than the body above and below, with the throat in front of
  // it, used when no row is clearly narrower: long hair behind the neck fills it out.
  let weakIndex = -1;
  let weakScore = WEAK_NECK;
  // The narrowest row with the arms above it, used only when no row has just a head above.
  let waistIndex = -1;
  let waistScore = 0.8;
  // Not in the lowest quarter of the way from the crotch to the top (a chibi's neck, the lowest,
  // is a third of the way up): a slim waist in a coat is as narrow against the hips and chest.
  const start = Math.round(
    Math.max(0.1 * span, crotchY + NECK_ABOVE_CROTCH * (H - crotchY) - seedPoint[1]) / h,
  );
  // How far the front of the body above a row (the chin, the face) juts out past the row's own
  // front: a throat's recess; back hair does not fill it.
  const throatAt = (t: number) => {
    const s = profile[t];
    if (!s) return 0;
    let front = -Infinity;
    for (let u = t + 1; u < Math.min(profile.length, t + lookUp); u++) {
      const q = profile[u];
      if (q) front = Math.max(front, q.maxZ);
    }
    return front - s.maxZ;
  };
  let widthBelow = 0;
  for (let t = 0; t < profile.length; t++) {
    const s = profile[t];
    if (t > 0 && profile[t - 1])
      widthBelow = Math.max(widthBelow, profile[t - 1]!.maxX - profile[t - 1]!.minX);
    if (t < start || !s || s.open) continue;
    let above = 0;
    let below = 0;
    for (let u = t + 1; u < Math.min(profile.length, t + lookUp); u++) above = Math.max(above, area[u]);
    for (let u = Math.max(0, t - lookUp); u < t; u++) below = Math.max(below, area[u]);
    if (above <= 0 || below <= 0) continue;
    const score = s.area / Math.min(above, below);
    // A narrow waist between a chest and a pelvis (a robot's segments, two joint balls touching)
    // has the arms above it: what lies above a neck is a head, not many times wider than the
    // body below it.
    if (widthAbove[t + 1] > NECK_WIDTH_ABOVE * widthBelow) {
      if (score < waistScore) {
        waistScore = score;
        waistIndex = t;
      }
      continue;
    }
    // A neck has the chin or the face jutting out in front above it: a waist has a chest.
    const throat = throatAt(t) >= THROAT * H;
    if (!throat) {
      if (score < besideScore) {
        besideScore = score;
        besideIndex = t;
      }
      continue;
    }
    if (score < neckScore) {
      neckScore = score;
      neckIndex = t;
    }
    if (score < weakScore) {
      weakScore = score;
      weakIndex = t;
    }
  }
  if (neckIndex < 0) neckIndex = weakIndex;
  if (neckIndex < 0) neckIndex = besideIndex;
  if (neckIndex < 0) neckIndex = waistIndex;
  if (neckIndex < 0) neckIndex = Math.max(0, Math.min(profile.length - 1, Math.round((0.75 * span) / h)));
  const neckSlice = profile[neckIndex] ?? profile.find((s) => s) ?? null;
  const neck: Vec3 = neckSlice
    ? [0, neckSlice.y, neckSlice.cz]
    : [0, seedPoint[1] + 0.75 * span, seedPoint[2]];
  // Head: the rows above the neck until the slice ends; the chin where it juts forward.
  let headEnd = neckIndex;
  while (headEnd + 1 < profile.length && profile[headEnd + 1]) headEnd++;
  let frontMost = -Infinity;
  for (let t = neckIndex; t <= Math.min(headEnd, neckIndex + lookUp); t++) {
    const s = profile[t];
    if (s) frontMost = Math.max(frontMost, s.maxZ);
  }
  let chinIndex = neckIndex;
  const neckFront = neckSlice ? neckSlice.maxZ : neck[2];
  for (let t = neckIndex; t <= headEnd; t++) {
    const s = profile[t];
    if (s && s.maxZ >= neckFront + 0.4 * (frontMost - neckFront)) {
      chinIndex = t;
      break;
    }
  }
  const chinSlice = profile[chinIndex] ?? neckSlice;
  const chin: Vec3 = chinSlice ? [0, chinSlice.y, chinSlice.cz] : [neck[0], neck[1], neck[2]];
  let headWidth = 0;
  for (let t = chinIndex; t <= headEnd; t++) {
    const s = profile[t];
    if (s && !s.open) headWidth = Math.max(headWidth, s.maxX - s.minX);
  }
  const topSlice = profile[headEnd] ?? neckSlice;
  const headTop: Vec3 = topSlice ? [0, topSlice.y + 0.5 * h, topSlice.cz] : [0, H, seedPoint[2]];

  // Chest width: the median, over the rows from a third to three fifths of the way up to the
  // neck, of the solid run along x from the mid-line (rows where an arm touches the side are
  // outvoted).
  const widths: number[] = [];
  for (let t = 0; t < profile.length && t < neckIndex; t++) {
    const s = profile[t];
    if (!s || s.y < seedPoint[1] + 0.3 * (neck[1] - seedPoint[1])) continue;
    if (s.y > seedPoint[1] + 0.6 * (neck[1] - seedPoint[1])) break;
    widths.push(Math.min(view.torsoSide(s.row, 1), view.torsoSide(s.row, -1)));
  }
  widths.sort((a, b) => a - b);
  const chestHalfWidth = widths.length ? widths[Math.floor(widths.length / 2)] : 0.1 * H;

  // 4. Extremities.
  const { feet, hands, armTips } = findExtremities(solid, tree, {
    neckY: neck[1],
    crotchY,
    chestHalfWidth,
    armPeakY: seedPoint[1] + ARM_PEAK * (neck[1] - seedPoint[1]),
  });
  return {
    solid,
    view,
    tree,
    landmarks: {
      height: H,
      crotch,
      seed,
      seedPoint,
      neck,
      chin,
      headTop,
      headWidth,
      chestHalfWidth,
      hands,
      armTips,
      feet,
    },
  };
}

/** The middle of the mid-plane's run along z at the crotch row, nearest `z`. */
function crotchDepthCentre(solid: BodySolid, row: number, z: number): number {
  const s = sliceAt(solid, row, 0, z, 0.25 * solid.height);
  return s ? s.cz : z;
}

export { BodySolid };
