/**
 * Arms and legs read from their medial paths (limb-paths.ts), in the canonical frame.
 *
 * An arm, from the fingertip: the shoulder is where the path's cross-section opens into the
 * torso; the wrist is the narrowing behind the hand (or, for a hand with no clear wrist, a
 * share of the arm's length); the elbow lies between wrist and shoulder, at the bend when the
 * arm is bent.
 *
 * A leg, from the toe tip: the ankle is where the path turns from running along the foot to
 * rising up the shin; the hip is where the leg's section opens into the pelvis; the knee lies
 * between, at the bend when there is one.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import { rowMiddle, zMiddle } from './front-view.ts';
import { hiddenLegMiddle } from './hidden-legs.ts';
import { limbEntry, narrowing, type PathSample, pointAt, samplePath, sharpestBend } from './limb-paths.ts';
import { LIMB_PROPORTIONS, SPINE_PROPORTIONS } from './proportions.ts';

export { LIMB_PROPORTIONS };

type Vec3 = [number, number, number];

/** Where an arm's joints lie, and the path they were read from. */
export interface ArmReading {
  tip: Vec3;
  wrist: Vec3;
  elbow: Vec3;
  shoulder: Vec3;
  /** Arc lengths of wrist, elbow and shoulder from the fingertip. */
  at: { wrist: number; elbow: number; shoulder: number };
  samples: PathSample[];
  /** Read from the front as an arm resting against the body (resting-arm.ts). */
  resting?: boolean;
}

/** Where a leg's joints lie. */
export interface LegReading {
  toe: Vec3;
  ankle: Vec3;
  knee: Vec3;
  hip: Vec3;
  samples: PathSample[];
}

/** How far out from the chest's side the upper arm's joint sits, in chest half-widths. */
export const SHOULDER_WIDTH = 1.1;

/**
 * The arc length at which an arm's path, walked from its start, first comes within
 * {@link SHOULDER_WIDTH} chest half-widths of the mid-plane (not before `from`): the shoulder
 * joint sits just outside the ribcage. -1 when it never does.
 */
export function shoulderOnPath(samples: readonly PathSample[], chestHalfWidth: number, from: number): number {
  const limit = SHOULDER_WIDTH * chestHalfWidth;
  for (let i = 1; i < samples.length; i++) {
    const b = samples[i];
    if (b.s < from || Math.abs(b.p[0]) > limit) continue;
    const a = samples[i - 1];
    const xa = Math.abs(a.p[0]);
    const xb = Math.abs(b.p[0]);
    const t = xa > xb ? Math.min(1, Math.max(0, (xa - limit) / (xa - xb))) : 1;
    return a.s + t * (b.s - a.s);
  }
  return -1;
}

/** See the module comment. Null when the path is too short to be an arm. */
export function readArm(analysis: BodyAnalysis, tip: number): ArmReading | null {
  const H = analysis.landmarks.height;
  const samples = samplePath(analysis, tip, 0.75 * H, 0.1 * H);
  if (samples.length < 6) return null;
  const L = samples[samples.length - 1].s;
  let shoulder = shoulderOnPath(samples, analysis.landmarks.chestHalfWidth, 0.1 * Math.min(L, 0.75 * H));
  if (shoulder < 0) shoulder = limbEntry(samples, 0.1 * Math.min(L, 0.75 * H), 0.08 * H);
  if (shoulder < 0 || shoulder > 0.95 * L) shoulder = 0.6 * L;
  let wrist = narrowing(samples, 0.02 * H, 0.3 * shoulder, 0.45 * shoulder);
  if (wrist < 0) wrist = LIMB_PROPORTIONS.hand * shoulder;
  let elbow = wrist + LIMB_PROPORTIONS.forearm * (shoulder - wrist);
  const bend = sharpestBend(
    samples,
    wrist + 0.3 * (shoulder - wrist),
    wrist + 0.7 * (shoulder - wrist),
    0.25 * (shoulder - wrist),
  );
  if (bend.angle > LIMB_PROPORTIONS.bend) elbow = bend.s;
  return {
    tip: samples[0].p,
    wrist: pointAt(samples, wrist),
    elbow: pointAt(samples, elbow),
    shoulder: pointAt(samples, shoulder),
    at: { wrist, elbow, shoulder },
    samples,
  };
}

/** See the module comment. Null when the path is too short to be a leg. */
export function readLeg(analysis: BodyAnalysis, toe: number): LegReading | null {
  const H = analysis.landmarks.height;
  const samples = samplePath(analysis, toe, 0.8 * H, 0.14 * H);
  if (samples.length < 6) return null;
  const L = samples[samples.length - 1].s;
  // The ankle: the first sample from which the path keeps rising (its direction back toward
  // the toe points down) for a stretch.
  const stretch = 0.04 * H;
  let ankle = -1;
  for (let i = 0; i < samples.length && ankle < 0; i++) {
    if (samples[i].s < 0.015 * H) continue;
    let ok = true;
    let seen = 0;
    for (let k = i; k < samples.length && samples[k].s <= samples[i].s + stretch; k++) {
      seen++;
      if (samples[k].dir[1] > -0.8) {
        ok = false;
        break;
      }
    }
    if (ok && seen > 1) ankle = samples[i].s;
  }
  if (ankle < 0) ankle = 0.15 * L;
  let hip = limbEntry(samples, ankle + 0.1 * H, 0.08 * H);
  if (hip < 0 || hip > 0.98 * L) hip = ankle + 0.8 * (L - ankle);
  // The ankle joint sits a little above where the middle line turns, on the shin's line.
  const corner = pointAt(samples, ankle);
  let ankleY = corner[1] + LIMB_PROPORTIONS.ankleLift * H;
  const { crotch, chin } = analysis.landmarks;
  const upLegY = crotch
    ? crotch[1] + SPINE_PROPORTIONS.upLeg * (chin[1] - crotch[1])
    : pointAt(samples, hip)[1];
  // A path from a short, stubby foot may never run along it (it heads for the belly from the
  // heel): an ankle near the knee's height is read instead from the front, at the top of the
  // foot (where the leg's depth grows from the shin's to the foot's length).
  const floor = analysis.solid.floor;
  let footless = false;
  if (ankleY - floor > 0.45 * LIMB_PROPORTIONS.shin * (upLegY - floor)) {
    // No foot at all (a leg standing on its own end, as a boot or a robot's): near the bottom.
    const top = footTop(analysis, samples[0].p, floor + LIMB_PROPORTIONS.shin * (upLegY - floor));
    ankleY = top ?? floor + 0.1 * (upLegY - floor);
    while (ankle < L && pointAt(samples, ankle)[1] < ankleY) ankle += 0.25 * analysis.solid.h;
    footless = top === null;
  }
  // The knee halfway up from the ankle to the thigh's joint (found from the crotch), on the path.
  const kneeY = ankleY + LIMB_PROPORTIONS.shin * (upLegY - ankleY);
  let knee = ankle;
  while (knee < hip && pointAt(samples, knee)[1] < kneeY) knee += 0.25 * analysis.solid.h;
  const bend = sharpestBend(
    samples,
    ankle + 0.3 * (hip - ankle),
    ankle + 0.7 * (hip - ankle),
    0.25 * (hip - ankle),
  );
  // Under a garment (a coat, a robe) the path wanders in the filled garment: the knee is the
  // middle of the leg's own surface inside it.
  const sign = samples[0].p[0] >= 0 ? 1 : -1;
  const hidden = hiddenLegMiddle(analysis, kneeY, sign, samples[0].p, 0.15 * H);
  // A bend is the knee only at a knee's height (a path can turn into the body above the leg).
  const bent =
    !hidden &&
    bend.angle > LIMB_PROPORTIONS.bend &&
    Math.abs(pointAt(samples, bend.s)[1] - kneeY) < 0.25 * (upLegY - ankleY);
  if (bent) knee = bend.s;
  const kneePoint = hidden ?? pointAt(samples, knee);
  // Straight legs: across, the knee is in the middle of the leg seen from the front (a path
  // from the foot may run off it, inside a wide leg), not of a cape behind it.
  if (!bent && !hidden) {
    const front = rowMiddle(analysis.view, kneePoint[1], kneePoint[0], kneePoint[2], 0.15 * H, true);
    if (front) kneePoint[0] = front[0];
  }
  // The shin's line: through the knee and the shin's middle a little above the ankle.
  const low = pointAt(samples, ankle + 0.35 * (knee - ankle));
  const t = (ankleY - kneePoint[1]) / (low[1] - kneePoint[1] || 1);
  const anklePoint: Vec3 = [
    kneePoint[0] + (low[0] - kneePoint[0]) * t,
    ankleY,
    kneePoint[2] + (low[2] - kneePoint[2]) * t,
  ];
  if (footless) {
    // The leg's own middle there: the path from its end heads for the belly at once.
    const front = rowMiddle(analysis.view, ankleY, samples[0].p[0], samples[0].p[2], 0.15 * H);
    if (front) anklePoint.splice(0, 3, ...front);
  }
  return {
    toe: samples[0].p,
    ankle: anklePoint,
    knee: kneePoint,
    hip: pointAt(samples, hip),
    samples,
  };
}

/**
 * The top of the foot below height `fromY`, on the leg found from the front above the foot at
 * `foot` (a floor voxel's centre): walking down the leg's middle, the first row whose solid run
 * front to back is much longer than the shin's above it. Null when none is.
 */
export function footTop(analysis: BodyAnalysis, foot: Vec3, fromY: number): number | null {
  const { solid, view } = analysis;
  const H = analysis.landmarks.height;
  let x = foot[0];
  let z = foot[2];
  const runs: number[] = [];
  for (let y = fromY; y > solid.floor + solid.h; y -= solid.h) {
    const m = rowMiddle(view, y, x, z, 0.15 * H);
    if (!m) return null;
    x = m[0];
    z = m[2];
    const run = zRunLength(solid, x, y, z);
    if (runs.length >= 3) {
      const sorted = runs.slice().sort((a, b) => a - b);
      if (run > 1.35 * sorted[Math.floor(sorted.length / 2)]) return y;
    }
    runs.push(run);
  }
  return null;
}

/** Length of the solid run along z through canonical (x, y) holding z, or nearest it. */
function zRunLength(solid: BodyAnalysis['solid'], x: number, y: number, z: number): number {
  const mid = zMiddle(solid, x, y, z);
  const [i, j, k] = solid.voxelOf([x, y, mid]);
  if (!solid.inGrid(i, j, k) || !solid.solid[solid.index(i, j, k)]) return 0;
  let lo = k;
  let hi = k;
  while (lo > 0 && solid.solid[solid.index(i, j, lo - 1)]) lo--;
  while (hi < solid.nz - 1 && solid.solid[solid.index(i, j, hi + 1)]) hi++;
  return (hi - lo + 1) * solid.h;
}
