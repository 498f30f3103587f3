/**
 * The humanoid template placed in the body from its eight markers (canonical frame, markers at
 * limb centres; see markers.ts).
 *
 * - Spine on the mid-plane from the groin to the neck, each joint at the middle of the torso's
 *   depth at its height: Hips and the thighs' joints a share of the groin-to-chin span above
 *   the groin, the neck's base below the chin, the head's joint just above it, HeadTop_End at
 *   the top of the skull. Spine, Spine1, Spine2 split Hips→Neck as Mixamo's skeleton does.
 * - Legs: the thigh's joint on the line from the knee up the thigh's middle; the ankle where the
 *   leg's medial path turns into the foot; the ball of the foot and the toe tip on the foot's
 *   medial line, at the middle of its height.
 * - Arms: the upper arm's joint where the path from the elbow reaches the chest's side; the
 *   clavicle between it and the neck; elbow and wrist at the markers; the fingers from the
 *   hand's shape (hand-fit.ts).
 * - Every joint but the end joints is inside the volume: one that is not is moved to the nearest
 *   solid voxel.
 */
import { FINGERS_OF, type FingerCount, humanoidTemplate } from '../templates/humanoid.ts';
import type { BodyAnalysis } from './body-analysis.ts';
import { rowMiddle, spanMiddle, zMiddle } from './front-view.ts';
import { fingerJoints, type HandFrame, handFrame } from './hand-fit.ts';
import { shoulderOnPath } from './limb-analysis.ts';
import { type PathSample, pointAt, samplePath } from './limb-paths.ts';
import { shoulderFromElbow } from './limb-trace.ts';
import type { HumanoidMarkers, LimbReadings } from './markers.ts';
import { SPINE_PROPORTIONS } from './proportions.ts';
import { rowOf, sliceAt } from './slices.ts';

type Vec3 = [number, number, number];

/** A fitted humanoid: canonical positions per template joint, and each hand's frame. */
export interface HumanoidFit {
  positions: Vec3[];
  hands: { left: HandFrame; right: HandFrame };
}

const lerp = (a: Vec3, b: Vec3, t: number): Vec3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** The middle of the torso's depth on the mid-plane at height y (near depth z). */
function midDepth(analysis: BodyAnalysis, y: number, z: number): number {
  const { solid } = analysis;
  const s = sliceAt(
    solid,
    rowOf(solid, y),
    0,
    z,
    0.3 * analysis.landmarks.height,
    0.1 * analysis.landmarks.height,
  );
  if (!s) return z;
  // The run along z through x = 0 near the slice's centre.
  const row = rowOf(solid, y);
  const i = Math.floor(solid.nx / 2);
  const k0 = Math.min(solid.nz - 1, Math.max(0, Math.floor((s.cz - solid.origin[2]) / solid.h)));
  const at = (k: number) =>
    solid.solid[solid.index(i, row, k)] === 1 || solid.solid[solid.index(Math.max(0, i - 1), row, k)] === 1;
  if (!at(k0)) return s.cz;
  let lo = k0;
  let hi = k0;
  while (lo > 0 && at(lo - 1)) lo--;
  while (hi < solid.nz - 1 && at(hi + 1)) hi++;
  return solid.origin[2] + ((lo + hi + 1) / 2) * solid.h;
}

/** The middle of the solid's vertical run through (x, z), starting from its bottom near the floor. */
function footMiddleHeight(analysis: BodyAnalysis, x: number, z: number, fallback: number): number {
  const { solid } = analysis;
  const [i, , k] = solid.voxelOf([x, 0, z]);
  if (!solid.inGrid(i, 0, k)) return fallback;
  let j = 0;
  while (j < solid.ny && !solid.solid[solid.index(i, j, k)]) j++;
  if (j >= solid.ny || solid.origin[1] + j * solid.h > fallback * 2) return fallback;
  let top = j;
  while (top + 1 < solid.ny && solid.solid[solid.index(i, top + 1, k)]) top++;
  return solid.origin[1] + ((j + top + 1) / 2) * solid.h;
}

/** See the module comment. */
export function fitHumanoid(
  analysis: BodyAnalysis,
  markers: HumanoidMarkers,
  limbs: LimbReadings,
  fingers: FingerCount,
  chinPlaced = 0,
): HumanoidFit {
  const { solid, landmarks: L } = analysis;
  const H = L.height;
  const template = humanoidTemplate(fingers);
  const index = new Map(template.map((j, i) => [j.name, i]));
  const positions: Vec3[] = template.map(() => [0, 0, 0]);
  const set = (name: string, p: Vec3) => {
    positions[index.get(name)!] = p;
  };
  const { chin, groin } = markers;
  const span = Math.max(chin[1] - groin[1], 0.1 * H);
  const P = SPINE_PROPORTIONS;

  // Mid-line.
  const hipsY = groin[1] + P.hips * span;
  const neckY = chin[1] - P.neck * span;
  // The head's joint a share of the head's own size above the chin (a big cartoon head has it
  // well up inside), the size capped by the head's width (a hat or a crest adds height). A chin
  // marker placed off the jaw line (chinPlaced 1; 0 when it was taken as the jaw) already says
  // where the head turns: the joint is just above it, as above a chin.
  const headSize = Math.min(L.headTop[1] - chin[1], 1.35 * L.headWidth);
  const headY = chin[1] + Math.max(P.head * span, (1 - chinPlaced) * P.headInHead * headSize);
  const hips: Vec3 = [0, hipsY, midDepth(analysis, hipsY, groin[2])];
  const neck: Vec3 = [0, neckY, midDepth(analysis, neckY, L.neck[2])];
  // In depth, halfway between the head's middle and the neck's (the head turns on the neck; a
  // face or a long skull shifts the head's middle off it).
  const headZ = 0.5 * (midDepth(analysis, headY, chin[2]) + L.neck[2]);
  const head: Vec3 = [0, headY, headZ];
  set('Hips', hips);
  P.spine.forEach((t, i) => {
    const y = hipsY + t * (neckY - hipsY);
    set(i === 0 ? 'Spine' : `Spine${i}`, [0, y, midDepth(analysis, y, lerp(hips, neck, t)[2])]);
  });
  set('Neck', neck);
  set('Head', head);
  const top = Math.max(L.headTop[1], headY + 0.05 * H);
  set('HeadTop_End', [0, top, midDepth(analysis, Math.min(top, L.headTop[1] - solid.h), head[2])]);

  const hands: Partial<Record<'left' | 'right', HandFrame>> = {};
  for (const side of ['left', 'right'] as const) {
    const S = side === 'left' ? 'Left' : 'Right';
    const sign = side === 'left' ? 1 : -1;
    const other = side === 'left' ? 'right' : 'left';
    // Legs.
    const knee = markers[`${side}Knee`];
    const upY = groin[1] + P.upLeg * span;
    const midY = 0.5 * (knee[1] + upY);
    // The thigh's middle halfway up: on the leg's medial path (which keeps to each thigh's
    // middle even where the thighs touch), else the centre of the leg's slice there.
    const reading = limbs.legs[side] ?? (limbs.legs[other] ? mirrorLeg(limbs.legs[other]!) : null);
    let thighMid: Vec3 | null = reading ? pathPointAtHeight(reading.samples, midY, !!limbs.legs[side]) : null;
    if (!thighMid) {
      const thigh = sliceAt(solid, rowOf(solid, midY), knee[0], knee[2], 0.12 * H, 0.06 * H);
      thighMid = thigh ? [thigh.cx, midY, thigh.cz] : [knee[0], midY, knee[2]];
    }
    // Across, the thigh's line seen from the front, through the knee as placed: a knee placed
    // off the leg's middle keeps the leg's line there (the line is drawn from the leg's middle
    // at the knee's height and moved across with it). The line runs to the thigh's middle
    // halfway up seen from the front (a medial path from the foot may cut across to the body
    // through a hand resting on the thigh, or run inside a wide stubby leg); where that is above
    // the crotch (a stubby leg), the front shows the body there, not the thigh, and the line
    // takes the slope of the leg's middle below the crotch. In depth, the path's. Seen from the
    // front, a cape hanging behind the legs wider than them is no leg (the thighs splayed out
    // to the middle of the cape's half).
    const { middle, offset } = kneeAcross(analysis, knee, reading ? reading.knee[0] : knee[0]);
    const base: Vec3 = [middle, knee[1], knee[2]];
    const front = rowMiddle(analysis.view, midY, base[0], knee[2], 0.15 * H, true);
    if (front) thighMid = [front[0], midY, thighMid[2]];
    const t = (upY - knee[1]) / (thighMid[1] - knee[1] || 1);
    const upLeg = lerp(base, thighMid, t);
    const slope = L.crotch && midY > L.crotch[1] - solid.h ? legSlope(analysis, base, upY) : null;
    if (slope !== null) upLeg[0] = base[0] + slope * (upY - knee[1]);
    upLeg[0] += offset;
    if (sign * upLeg[0] < 0.25 * Math.abs(knee[0])) upLeg[0] = sign * 0.25 * Math.abs(knee[0]);
    // In depth, near the pelvis' middle: a thigh read short (a stubby leg, a hem or a cape over
    // it) carries the line from the knee far forward or back.
    const reach = THIGH_DEPTH_REACH * H;
    upLeg[2] = Math.min(hips[2] + reach, Math.max(hips[2] - reach, upLeg[2]));
    set(`${S}UpLeg`, upLeg);
    set(`${S}Leg`, knee);
    const leg = reading;
    const ankle: Vec3 = leg ? [...leg.ankle] : [knee[0], 0.18 * knee[1], knee[2]];
    // An ankle read from the mesh hangs under the knee the user placed: as far across from the
    // shin's middle as the knee is from the leg's middle at its own height.
    if (leg) ankle[0] += offset;
    set(`${S}Foot`, ankle);
    const toe: Vec3 = leg ? leg.toe : [ankle[0], 0, ankle[2] + 0.6 * (knee[1] - ankle[1])];
    const ballXZ = lerp(ankle, toe, 0.62);
    const ballY = footMiddleHeight(analysis, ballXZ[0], ballXZ[2], 0.4 * ankle[1]);
    set(`${S}ToeBase`, [ballXZ[0], Math.min(ballY, 0.6 * ankle[1]), ballXZ[2]]);
    const endXZ = lerp(ankle, toe, 0.97);
    set(`${S}Toe_End`, [endXZ[0], Math.min(ballY, 0.6 * ankle[1]), endXZ[2]]);

    // Arms.
    const elbow = markers[`${side}Elbow`];
    const wrist = markers[`${side}Wrist`];
    const fore = Math.hypot(wrist[0] - elbow[0], wrist[1] - elbow[1], wrist[2] - elbow[2]);
    const shoulderY = L.neck[1] - 0.15 * (L.neck[1] - groin[1]);
    let shoulder: Vec3 | null = shoulderFromElbow(analysis, elbow, wrist, sign as 1 | -1, shoulderY);
    if (!shoulder) {
      const from = solid.nearestSolid(elbow, 0.05 * H);
      if (from >= 0) {
        const samples = samplePath(analysis, from, 0, 0);
        const s = shoulderOnPath(samples, L.chestHalfWidth, 0.5 * fore);
        if (s >= 0) shoulder = pointAt(samples, s);
      }
    }
    // An arm held forward (hands together in front) is foreshortened seen from the front: its
    // trace from the elbow runs on past the chest's corner, off the body, across the chest to
    // the other shoulder, or down the forearms. Its joint is then at the chest's corner on its
    // own side.
    if (
      shoulder &&
      (sign * shoulder[0] <= 0 ||
        shoulder[1] < Math.min(elbow[1], shoulderY - 0.05 * H) ||
        (analysis.view.at(shoulder[0], shoulder[1]) === 0 && elbowInFront(analysis, elbow)))
    )
      shoulder = chestCorner(analysis, sign, shoulderY);
    const arm = limbs.arms[side] ?? (limbs.arms[other] ? mirrorArm(limbs.arms[other]!) : null);
    shoulder ??= arm ? arm.shoulder : [sign * 1.1 * L.chestHalfWidth, neckY - 0.05 * H, neck[2]];
    set(`${S}Arm`, shoulder);
    set(`${S}Shoulder`, [
      0.3 * shoulder[0],
      shoulder[1] + 0.35 * (neckY - shoulder[1]),
      0.5 * (shoulder[2] + neck[2]),
    ]);
    set(`${S}ForeArm`, elbow);
    set(`${S}Hand`, wrist);
    const armTip = arm ? arm.tip : null;
    const hand = handFrame(solid, wrist, elbow, armTip, sign as 1 | -1, markers[`${other}Wrist`]);
    hands[side] = hand;
    for (const f of FINGERS_OF[fingers]) {
      const chain = fingerJoints(hand, f, fingers === 1);
      // Each finger joint in the middle of the hand's thickness.
      chain.forEach((p, i) => {
        set(`${S}Hand${f}${i + 1}`, i < 3 ? centreAlong(analysis, p, hand.palm, 0.4 * hand.length) : p);
      });
    }
  }

  // Inside the volume, but the end joints.
  template.forEach((joint, i) => {
    if (joint.end || solid.isSolidAt(positions[i])) return;
    const near = solid.nearestSolid(positions[i], 0.1 * H);
    if (near >= 0) positions[i] = solid.centreOf(near);
  });
  return { positions, hands: { left: hands.left!, right: hands.right! } };
}

/**
 * True when the elbow is in front of the torso: ahead of the chest's front at its height, seen
 * on the mid-plane (an arm held forward; one hanging at the side or held out is beside it).
 */
function elbowInFront(analysis: BodyAnalysis, elbow: Vec3): boolean {
  const { solid, landmarks: L } = analysis;
  const i = Math.floor(-solid.origin[0] / solid.h);
  const j = Math.floor((elbow[1] - solid.origin[1]) / solid.h);
  if (i < 0 || j < 0 || i >= solid.nx || j >= solid.ny) return false;
  // The front of the torso's run through the mid-plane that holds the neck's depth, or nearest it.
  const z = zMiddle(solid, 0, elbow[1], L.neck[2]);
  let k = Math.floor((z - solid.origin[2]) / solid.h);
  while (k + 1 < solid.nz && solid.solid[solid.index(i, j, k + 1)] === 1) k++;
  return elbow[2] > solid.origin[2] + (k + 1) * solid.h + 0.02 * L.height;
}

/**
 * The upper arm's joint at the chest's top corner on one side (an arm held forward): a share
 * ({@link CORNER_INSET}) of the way out to the shoulder's outer side at that height (the solid
 * run along x through the torso's middle depth; the front view's chest width reads forearms
 * held across the chest as the torso's side), in the middle of the torso's depth there.
 */
function chestCorner(analysis: BodyAnalysis, sign: 1 | -1, shoulderY: number): Vec3 {
  const { solid, landmarks: L } = analysis;
  const z = zMiddle(solid, 0, shoulderY, L.neck[2]);
  const step = 0.5 * solid.h;
  let outer = 0;
  while (outer < 0.25 * L.height && solid.isSolidAt([sign * (outer + step), shoulderY, z])) outer += step;
  const x = sign * (outer > 0 ? CORNER_INSET * outer : L.chestHalfWidth);
  return [x, shoulderY, zMiddle(solid, x, shoulderY, z)];
}

/** Where the upper arm's joint sits between the mid-plane and the shoulder's outer side. */
const CORNER_INSET = 0.75;

/** How far (in heights) the thighs' joints may be in front of or behind the hips. */
const THIGH_DEPTH_REACH = 0.06;

/**
 * The leg seen from the front at height y: the middle and width of its span around x. Null off
 * the leg, or where the span is not bounded by the leg's own edges on both sides (gaps, or
 * creases where it touches the other leg) on x's side of the mid-plane.
 */
function legRow(analysis: BodyAnalysis, y: number, x: number): { middle: number; width: number } | null {
  const { view, solid } = analysis;
  const span = view.span([x, y], [1, 0], 0.15 * analysis.landmarks.height);
  if (!span || span.loEdge === 'open' || span.hiEdge === 'open') return null;
  const inner = x > 0 ? x + span.lo : x + span.hi;
  if (Math.sign(inner) !== Math.sign(x) || Math.abs(inner) < 0.5 * solid.h) return null;
  return { middle: x + spanMiddle(span), width: span.hi - span.lo };
}

/**
 * Where the knee lies across its leg: the leg's middle at the knee's height seen from the front,
 * and how much of the knee's distance from it counts as placed off the middle (`offset`): none
 * within a voxel (what the front view cannot resolve), all of it past two, a blend between so a
 * dragged knee moves the leg smoothly. The leg is looked for from `from` (x on the leg as the
 * mesh reads it, so that where the knee was put does not change which span is measured). The
 * knee itself and no offset when the leg is not read there.
 */
function kneeAcross(analysis: BodyAnalysis, knee: Vec3, from: number): { middle: number; offset: number } {
  const m = legRow(analysis, knee[1], from);
  if (m === null) return { middle: knee[0], offset: 0 };
  const d = knee[0] - m.middle;
  const h = analysis.solid.h;
  const w = Math.min(1, Math.max(0, (Math.abs(d) - h) / h));
  return { middle: knee[0] - w * d, offset: w * d };
}

/**
 * The slope dx/dy of the leg's middle line seen from the front, fitted (least squares) over the
 * rows from the knee up to just under the crotch, the thigh's own stretch; where that is short
 * against the way up to `upY` (a stubby leg), the rows go on down the shin, so a voxel's wobble
 * is not carried far. Only rows whose span is about a leg's width count (a garment over the
 * thighs shows from the front as folds and hems, not the leg). Null when fewer than 70% of the
 * rows are.
 */
function legSlope(analysis: BodyAnalysis, knee: Vec3, upY: number): number | null {
  const { solid, landmarks: L } = analysis;
  const top = Math.min(upY, (L.crotch?.[1] ?? upY) - 1.5 * solid.h);
  const bottom = Math.max(solid.floor + 2 * solid.h, Math.min(knee[1], top - 0.6 * (upY - knee[1])));
  const ys: number[] = [];
  const xs: number[] = [];
  const atKnee = legRow(analysis, knee[1], knee[0]);
  if (!atKnee) return null;
  let x = knee[0];
  let rows = 0;
  for (let y = bottom; y <= top; y += solid.h) {
    rows++;
    const m = legRow(analysis, y, x);
    if (!m || m.width < 0.6 * atKnee.width || m.width > 2.2 * atKnee.width) continue;
    ys.push(y);
    xs.push(m.middle);
    x = m.middle;
  }
  if (ys.length < Math.max(3, 0.7 * rows)) return null;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  let num = 0;
  let den = 0;
  ys.forEach((y, i) => {
    num += (y - my) * (xs[i] - mx);
    den += (y - my) * (y - my);
  });
  return den > 0 ? num / den : null;
}

/**
 * The middle of the solid's run through `p` along `dir` (unit), looked for within `reach` either
 * side: the run holding p, else the nearest one; p itself when there is none.
 */
function centreAlong(analysis: BodyAnalysis, p: Vec3, dir: Vec3, reach: number): Vec3 {
  const { solid } = analysis;
  const step = 0.25 * solid.h;
  const n = Math.ceil(reach / step);
  const at = (k: number): Vec3 => [
    p[0] + dir[0] * k * step,
    p[1] + dir[1] * k * step,
    p[2] + dir[2] * k * step,
  ];
  let best: [number, number] | null = null;
  let bestGap = Infinity;
  let start = Number.NaN;
  for (let k = -n; k <= n + 1; k++) {
    const inside = k <= n && solid.isSolidAt(at(k));
    if (inside && Number.isNaN(start)) start = k;
    if (!inside && !Number.isNaN(start)) {
      const end = k - 1;
      const gap = start <= 0 && end >= 0 ? 0 : Math.min(Math.abs(start), Math.abs(end));
      if (gap < bestGap) {
        bestGap = gap;
        best = [start, end];
      }
      start = Number.NaN;
    }
  }
  return best ? at((best[0] + best[1]) / 2) : p;
}

/**
 * The first point of a leg path (from the toe up) at height y; mirrored when the path is the
 * other leg's (`own` false). Null when the path never gets there.
 */
function pathPointAtHeight(samples: readonly PathSample[], y: number, own: boolean): Vec3 | null {
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1].p;
    const b = samples[i].p;
    if (a[1] <= y && b[1] >= y) {
      const t = (y - a[1]) / (b[1] - a[1] || 1);
      const p: Vec3 = [a[0] + (b[0] - a[0]) * t, y, a[2] + (b[2] - a[2]) * t];
      return own ? p : [-p[0], p[1], p[2]];
    }
  }
  return null;
}

function mirrorArm<T extends { tip: Vec3; wrist: Vec3; elbow: Vec3; shoulder: Vec3 }>(a: T): T {
  const m = (p: Vec3): Vec3 => [-p[0], p[1], p[2]];
  return { ...a, tip: m(a.tip), wrist: m(a.wrist), elbow: m(a.elbow), shoulder: m(a.shoulder) };
}

function mirrorLeg<T extends { toe: Vec3; ankle: Vec3; knee: Vec3; hip: Vec3 }>(l: T): T {
  const m = (p: Vec3): Vec3 => [-p[0], p[1], p[2]];
  return { ...l, toe: m(l.toe), ankle: m(l.ankle), knee: m(l.knee), hip: m(l.hip) };
}
