/**
 * Arms resting against the body, read without markers. The medial tree finds a free arm by its
 * hand (the farthest point from the belly) and reads it along the path back, which runs up the
 * arm to the shoulder. An arm resting against the torso, or a hand on the thigh, breaks both:
 * the path from the hand cuts straight into the body at the hand's height, and the farthest
 * point may not be the hand at all (the top of the shoulder is farther along the tree than a
 * hand that touches the hip).
 *
 * Such an arm is read from the front instead (front-view.ts, limb-trace.ts): found in the row
 * below the shoulder, just outside the torso's side, and traced down to its end — the hand,
 * where the trace leaves the solid or merges into the thigh.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import { type ArmReading, LIMB_PROPORTIONS } from './limb-analysis.ts';
import { narrowing, type PathSample } from './limb-paths.ts';
import { traceLimb } from './limb-trace.ts';
import { rowOf } from './slices.ts';

type Vec3 = [number, number, number];

/** Height of the shoulders read from the neck: a share of the way down to the crotch. */
export function shoulderHeight(analysis: BodyAnalysis, groinY?: number): number {
  const L = analysis.landmarks;
  const groin = groinY ?? L.crotch?.[1] ?? 0.46 * L.height;
  return L.neck[1] - 0.15 * (L.neck[1] - groin);
}

/**
 * True when an arm read along the medial tree is no arm hanging from the shoulder: its path
 * turns into the body near the hand's height (a hand below the chest whose "shoulder" is
 * hardly above it), or its "hand" is close to where the shoulder is (the tree's farthest point
 * was the shoulder's top).
 */
export function armImplausible(analysis: BodyAnalysis, arm: ArmReading, sign: 1 | -1): boolean {
  const L = analysis.landmarks;
  const shY = shoulderHeight(analysis);
  const torso = L.neck[1] - (L.crotch?.[1] ?? 0.46 * L.height);
  const corner: Vec3 = [sign * L.chestHalfWidth, shY, arm.tip[2]];
  const reach = Math.hypot(arm.tip[0] - corner[0], arm.tip[1] - corner[1]);
  if (reach < 0.35 * torso) return true;
  return arm.tip[1] < shY - 0.2 * torso && arm.shoulder[1] - arm.tip[1] < 0.15 * torso;
}

/**
 * Reads an arm resting against the body (see the module comment), as {@link readArm} reads a
 * free one; null when no arm lies outside the torso's side below the shoulder.
 */
export function readRestingArm(analysis: BodyAnalysis, sign: 1 | -1): ArmReading | null {
  const { solid, view, landmarks: L } = analysis;
  const H = L.height;
  const torso = L.neck[1] - (L.crotch?.[1] ?? 0.46 * H);
  const shY = shoulderHeight(analysis);
  // The upper arm in the row a little below the shoulder: the first solid beyond the torso's
  // side, then the middle of its span.
  const y = shY - 0.12 * torso;
  const row = rowOf(solid, y);
  const side = view.torsoSide(row, sign);
  let x: number | null = null;
  for (let d = 0.5 * solid.h; d < 0.6 * torso && x === null; d += 0.5 * solid.h)
    if (view.at(sign * (side + d), y) > 0) x = sign * (side + d + solid.h);
  if (x === null) return null;
  const trace = traceLimb(analysis, [x, y, L.seedPoint[2]], [0, -1], {
    step: Math.max(solid.h, 0.01 * H),
    reach: 0.15 * H,
    maxLength: 1.2 * torso,
    stop: (p) => sign * p[0] < 0.6 * L.chestHalfWidth || p[1] < solid.floor + 0.05 * H,
  });
  if (trace.length < 6) return null;
  // From the hand up, as a medial path is read.
  const up = trace.slice().reverse();
  const last = up[0];
  const heading = [last.p[0] - up[1].p[0], last.p[1] - up[1].p[1]];
  const hl = Math.hypot(heading[0], heading[1]) || 1;
  const reachOut = trace.ended === 'exit' ? 0.5 * last.width : 0;
  const tip: Vec3 = [
    last.p[0] + (heading[0] / hl) * reachOut,
    last.p[1] + (heading[1] / hl) * reachOut,
    last.p[2],
  ];
  // Samples as a medial path's, each with the arm's width across its own heading (a row cuts a
  // slanting arm long) standing for the section's area.
  const samples: PathSample[] = [];
  let s = 0;
  const points = [tip, ...up.map((t) => t.p)];
  const widths = [up[0].width, ...up.map((t) => t.width)];
  points.forEach((p, i) => {
    if (i > 0) s += Math.hypot(p[0] - points[i - 1][0], p[1] - points[i - 1][1], p[2] - points[i - 1][2]);
    const q = points[Math.min(points.length - 1, i + 1)];
    const r = points[Math.max(0, i - 1)];
    const d = [r[0] - q[0], r[1] - q[1], r[2] - q[2]];
    const l = Math.hypot(d[0], d[1], d[2]) || 1;
    const across = Math.abs(d[1]) / (Math.hypot(d[0], d[1]) || 1);
    samples.push({ p, s, dir: [d[0] / l, d[1] / l, d[2] / l], area: widths[i] * across, open: false });
  });
  // The trace starts below the shoulder: carry the arm's length up to it. The wrist where the
  // arm narrows behind the hand, else a share of the arm.
  const top = points[points.length - 1];
  const shoulderS = s + Math.max(0, shY - top[1]);
  let wristS = narrowing(samples, 0.02 * H, 0.3 * shoulderS, 0.45 * shoulderS);
  if (wristS < 0) wristS = LIMB_PROPORTIONS.hand * shoulderS;
  // The elbow at a share of the way up (a trace across rows wavers by a voxel: its bends say
  // too little).
  const elbowS = wristS + LIMB_PROPORTIONS.forearm * (shoulderS - wristS);
  const at = (t: number): Vec3 => {
    if (t >= s) return [top[0], top[1] + (t - s), top[2]];
    for (let i = 1; i < samples.length; i++) {
      if (samples[i].s < t) continue;
      const a = samples[i - 1];
      const b = samples[i];
      const f = (t - a.s) / (b.s - a.s || 1);
      return [a.p[0] + (b.p[0] - a.p[0]) * f, a.p[1] + (b.p[1] - a.p[1]) * f, a.p[2] + (b.p[2] - a.p[2]) * f];
    }
    return top;
  };
  return {
    tip,
    wrist: at(wristS),
    elbow: at(elbowS),
    shoulder: at(shoulderS),
    at: { wrist: wristS, elbow: elbowS, shoulder: shoulderS },
    samples,
    resting: true,
  };
}
