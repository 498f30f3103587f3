/**
 * Limbs read along their medial paths. A path runs from a voxel (a fingertip, a toe tip, an
 * elbow) down the medial tree to the belly; sampled, smoothed, and cut by a plane across it
 * every few voxels, it tells where the limb joins the torso (the cross-section stops being the
 * limb's own and opens into the body), where the wrist narrows behind the hand, where the leg
 * turns into the foot, and where a bent limb bends.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import { crossSection } from './cross-section.ts';

type Vec3 = [number, number, number];

/** One sample of a limb path. */
export interface PathSample {
  /** Point on the (smoothed) medial line. */
  p: Vec3;
  /** Arc length from the path's start. */
  s: number;
  /** Unit direction of the path here, pointing back toward its start. */
  dir: Vec3;
  /** The cross-section across the path here (0 and open when none was taken). */
  area: number;
  open: boolean;
}

/**
 * The medial path from voxel `start` to the seed, as samples about one voxel apart (smoothed
 * over ±2 voxels), with cross-sections every `sectionEvery` samples up to arc length
 * `sectionReach` (and none beyond).
 */
export function samplePath(
  analysis: BodyAnalysis,
  start: number,
  sectionReach: number,
  sectionRadius: number,
  sectionEvery = 2,
): PathSample[] {
  const { solid, tree } = analysis;
  const voxels = tree.pathFrom(start);
  if (voxels.length === 0) return [];
  const raw = voxels.map((v) => solid.centreOf(v));
  const n = raw.length;
  const pts: Vec3[] = raw.map((_, i) => {
    const out: Vec3 = [0, 0, 0];
    let w = 0;
    for (let k = Math.max(0, i - 2); k <= Math.min(n - 1, i + 2); k++) {
      for (let c = 0; c < 3; c++) out[c] += raw[k][c];
      w++;
    }
    return [out[0] / w, out[1] / w, out[2] / w];
  });
  // Keep the true start (a tip must stay at the tip).
  pts[0] = raw[0];
  const samples: PathSample[] = [];
  let s = 0;
  const span = 3;
  for (let i = 0; i < n; i++) {
    if (i > 0)
      s += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1], pts[i][2] - pts[i - 1][2]);
    const a = pts[Math.max(0, i - span)];
    const b = pts[Math.min(n - 1, i + span)];
    const d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    const l = Math.hypot(d[0], d[1], d[2]) || 1;
    samples.push({ p: pts[i], s, dir: [d[0] / l, d[1] / l, d[2] / l], area: 0, open: true });
  }
  for (let i = 0; i < n; i += sectionEvery) {
    const smp = samples[i];
    if (smp.s > sectionReach) break;
    const sec = crossSection(solid, smp.p, smp.dir, sectionRadius);
    if (sec) {
      smp.area = sec.area;
      smp.open = sec.open;
    }
  }
  // Fill the skipped samples from their neighbours.
  for (let i = 0; i < n; i++) {
    if (i % sectionEvery === 0 || samples[i].s > sectionReach) continue;
    const prev = samples[i - (i % sectionEvery)];
    const next = samples[Math.min(n - 1, i - (i % sectionEvery) + sectionEvery)];
    samples[i].area = 0.5 * (prev.area + next.area);
    samples[i].open = prev.open || next.open;
  }
  return samples;
}

/** Index of the sample nearest arc length `s`. */
export function sampleAt(samples: readonly PathSample[], s: number): number {
  let best = 0;
  for (let i = 0; i < samples.length; i++)
    if (Math.abs(samples[i].s - s) < Math.abs(samples[best].s - s)) best = i;
  return best;
}

/** The point at arc length `s`, interpolated between samples. */
export function pointAt(samples: readonly PathSample[], s: number): Vec3 {
  if (samples.length === 0) return [0, 0, 0];
  if (s <= samples[0].s) return samples[0].p;
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].s >= s) {
      const a = samples[i - 1];
      const b = samples[i];
      const t = (s - a.s) / (b.s - a.s || 1);
      return [a.p[0] + (b.p[0] - a.p[0]) * t, a.p[1] + (b.p[1] - a.p[1]) * t, a.p[2] + (b.p[2] - a.p[2]) * t];
    }
  }
  return samples[samples.length - 1].p;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * Where the limb joins the body: the first sample past arc length `from` whose cross-section
 * opens or grows past `jump` times the median of the limb's sections in the window behind it
 * (`window` long). Returns the arc length, or -1 when the path never leaves the limb.
 */
export function limbEntry(samples: readonly PathSample[], from: number, window: number, jump = 2.5): number {
  for (let i = 0; i < samples.length; i++) {
    const smp = samples[i];
    if (smp.s < from) continue;
    if (smp.area === 0 && !smp.open) continue;
    const behind: number[] = [];
    for (let k = i - 1; k >= 0 && samples[k].s >= smp.s - window; k--) {
      if (!samples[k].open && samples[k].area > 0) behind.push(samples[k].area);
    }
    if (behind.length < 2) continue;
    const ref = median(behind);
    if (smp.open || smp.area > jump * ref) return smp.s;
  }
  return -1;
}

/**
 * The narrowest cross-section in arc lengths [s0, s1], after the widest one in [t0, s0] (the
 * wrist behind the palm). Returns -1 when there is no clear neck (the narrowest is not at
 * least `depth` below both the widest before it and the widest after it).
 */
export function narrowing(
  samples: readonly PathSample[],
  t0: number,
  s0: number,
  s1: number,
  depth = 0.85,
): number {
  let wide = 0;
  let wideS = t0;
  for (const smp of samples) {
    if (smp.s < t0 || smp.s > s0 || smp.open) continue;
    if (smp.area > wide) {
      wide = smp.area;
      wideS = smp.s;
    }
  }
  let narrow = Infinity;
  let narrowS = -1;
  for (const smp of samples) {
    if (smp.s < wideS || smp.s > s1 || smp.open || smp.area <= 0) continue;
    if (smp.area < narrow) {
      narrow = smp.area;
      narrowS = smp.s;
    }
  }
  // The first clear neck past the widest is the wrist, even where the limb narrows further on
  // (a forearm with a waist of its own, a robot's or a mannequin's joint ball at the wrist).
  const first = firstNeck(samples, wideS, narrowS, wide * depth);
  if (first) return first.s;
  if (narrowS < 0) return -1;
  let after = 0;
  for (const smp of samples)
    if (smp.s > narrowS && smp.s <= s1 && !smp.open) after = Math.max(after, smp.area);
  if (narrow > depth * wide || narrow > depth * after) return -1;
  return narrowS;
}

/** A neck's area grows by at least this much within {@link NECK_RISE_WITHIN} beyond it. */
const NECK_RISE = 1.05;
/** How far past a neck (as a share of the way from the widest to the narrowest) its rise is looked for. */
const NECK_RISE_WITHIN = 0.5;

/**
 * The first local minimum of the sections in arc lengths (from, to) at or under `under` after
 * which the section grows again by {@link NECK_RISE} before `to`-ward half of the way: a neck;
 * null when there is none before `to`.
 */
function firstNeck(
  samples: readonly PathSample[],
  from: number,
  to: number,
  under: number,
): { s: number; area: number } | null {
  if (!(to > from)) return null;
  const within = NECK_RISE_WITHIN * (to - from);
  const sections = samples.filter((smp) => smp.s > from && smp.s < to && !smp.open && smp.area > 0);
  for (let i = 1; i < sections.length - 1; i++) {
    const m = sections[i];
    if (m.area > under || m.area > sections[i - 1].area || m.area > sections[i + 1].area) continue;
    let rise = 0;
    for (let k = i + 1; k < sections.length && sections[k].s <= m.s + within; k++)
      rise = Math.max(rise, sections[k].area);
    if (rise >= NECK_RISE * m.area) return { s: m.s, area: m.area };
  }
  return null;
}

/**
 * The sharpest bend of the path within arc lengths [s0, s1], measured between chords `arm`
 * long either side: its arc length and angle (radians).
 */
export function sharpestBend(
  samples: readonly PathSample[],
  s0: number,
  s1: number,
  arm: number,
): { s: number; angle: number } {
  let best = { s: -1, angle: 0 };
  for (const smp of samples) {
    if (smp.s < s0 || smp.s > s1) continue;
    const a = pointAt(samples, smp.s - arm);
    const b = pointAt(samples, smp.s + arm);
    const u = [a[0] - smp.p[0], a[1] - smp.p[1], a[2] - smp.p[2]];
    const v = [b[0] - smp.p[0], b[1] - smp.p[1], b[2] - smp.p[2]];
    const lu = Math.hypot(u[0], u[1], u[2]);
    const lv = Math.hypot(v[0], v[1], v[2]);
    if (!(lu > 0 && lv > 0)) continue;
    const cos = (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) / (lu * lv);
    const angle = Math.PI - Math.acos(Math.max(-1, Math.min(1, cos)));
    if (angle > best.angle) best = { s: smp.s, angle };
  }
  return best;
}
