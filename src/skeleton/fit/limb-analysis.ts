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
  const ankleY = corner[1] + LIMB_PROPORTIONS.ankleLift * H;
  // The knee halfway up from the ankle to the thigh's joint (found from the crotch), on the path.
  const { crotch, chin } = analysis.landmarks;
  const upLegY = crotch
    ? crotch[1] + SPINE_PROPORTIONS.upLeg * (chin[1] - crotch[1])
    : pointAt(samples, hip)[1];
  const kneeY = ankleY + LIMB_PROPORTIONS.shin * (upLegY - ankleY);
  let knee = ankle;
  while (knee < hip && pointAt(samples, knee)[1] < kneeY) knee += 0.25 * analysis.solid.h;
  const bend = sharpestBend(
    samples,
    ankle + 0.3 * (hip - ankle),
    ankle + 0.7 * (hip - ankle),
    0.25 * (hip - ankle),
  );
  if (bend.angle > LIMB_PROPORTIONS.bend) knee = bend.s;
  const kneePoint = pointAt(samples, knee);
  // The shin's line: through the knee and the shin's middle a little above the ankle.
  const low = pointAt(samples, ankle + 0.35 * (knee - ankle));
  const t = (ankleY - kneePoint[1]) / (low[1] - kneePoint[1] || 1);
  const anklePoint: Vec3 = [
    kneePoint[0] + (low[0] - kneePoint[0]) * t,
    ankleY,
    kneePoint[2] + (low[2] - kneePoint[2]) * t,
  ];
  return {
    toe: samples[0].p,
    ankle: anklePoint,
    knee: kneePoint,
    hip: pointAt(samples, hip),
    samples,
  };
}
