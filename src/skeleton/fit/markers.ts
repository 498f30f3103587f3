/**
 * The eight markers of the humanoid fit, as on Mixamo's auto-rigger: chin (the tip of the jaw),
 * groin (where the legs meet), wrists, elbows and knees. A marker is a point on the front
 * surface or inside the limb; the fitter takes the centre of the limb behind it.
 *
 * Without markers they are guessed from the mesh (limb-analysis.ts), and a guess is shown to the
 * user as markers to accept or drag.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import type { BodyFrame } from './body-frame.ts';
import { crossSection, depthCentre, type HalfSpace, limbCentre } from './cross-section.ts';
import { alongFrontal, spanMiddle, zMiddle } from './front-view.ts';
import { type ArmReading, type LegReading, readArm, readLeg } from './limb-analysis.ts';
import { armImplausible, readRestingArm } from './resting-arm.ts';

type Vec3 = [number, number, number];

/** Marker names, in the order the UI asks for them. */
export const MARKER_NAMES = [
  'chin',
  'leftWrist',
  'leftElbow',
  'leftKnee',
  'groin',
  'rightWrist',
  'rightElbow',
  'rightKnee',
] as const;

export type MarkerName = (typeof MARKER_NAMES)[number];

/** One point per marker. */
export type HumanoidMarkers = Record<MarkerName, Vec3>;

/** The marker on the other side of the body (itself for chin and groin). */
export function mirrorMarkerName(name: MarkerName): MarkerName {
  if (name.startsWith('left')) return `right${name.slice(4)}` as MarkerName;
  if (name.startsWith('right')) return `left${name.slice(5)}` as MarkerName;
  return name;
}

/** What the mesh says about the limbs, read once and shared by the guess and the fit. */
export interface LimbReadings {
  arms: { left: ArmReading | null; right: ArmReading | null };
  legs: { left: LegReading | null; right: LegReading | null };
  /** The voxel each free arm was read from (its fingertip), -1 for one read resting or none. */
  armTips: { left: number; right: number };
}

const mirror = (p: Vec3): Vec3 => [-p[0], p[1], p[2]];

/** Reads both arms and both legs from the analysis' extremities. */
export function readLimbs(analysis: BodyAnalysis): LimbReadings {
  const { hands, feet, armTips } = analysis.landmarks;
  const tips = { left: -1, right: -1 };
  // An arm the medial tree reads wrongly (resting against the body) is read from the front; when
  // no arm rests there, from the farthest point whose path climbs to the chest (the farthest of
  // all was a cape's hem or a coat's tail).
  const arm = (side: 'left' | 'right', sign: 1 | -1): ArmReading | null => {
    const v = hands[side];
    const free = v >= 0 ? readArm(analysis, v) : null;
    tips[side] = v;
    if (free && !armImplausible(analysis, free, sign)) return free;
    const resting = readRestingArm(analysis, sign);
    if (resting) {
      tips[side] = -1;
      return resting;
    }
    const w = armTips[side];
    const raised = w >= 0 && w !== v ? readArm(analysis, w) : null;
    if (raised && !armImplausible(analysis, raised, sign)) {
      tips[side] = w;
      return raised;
    }
    return free;
  };
  return {
    arms: { left: arm('left', 1), right: arm('right', -1) },
    legs: {
      left: feet.left >= 0 ? readLeg(analysis, feet.left) : null,
      right: feet.right >= 0 ? readLeg(analysis, feet.right) : null,
    },
    armTips: tips,
  };
}

/**
 * Why a mesh cannot be rigged as a humanoid. Where only some markers could not be guessed (no
 * arms found, say), `missing` names them and `guessed` holds the others (world points on the
 * front surface), so the user can place the missing ones and keep the rest.
 */
export class NotAHumanoidError extends Error {
  constructor(
    message: string,
    readonly missing: readonly MarkerName[] = [],
    readonly guessed: Partial<HumanoidMarkers> = {},
    /** The body's frame, when it was found: the view can face the body, a marker mirror. */
    readonly frame: BodyFrame | null = null,
  ) {
    super(message);
    this.name = 'NotAHumanoidError';
  }
}

/**
 * The markers a failed fit asks the user to place, and those it could guess (world points), when
 * `err` is such a failure (from this thread or a worker); null otherwise.
 */
export function markersToPlace(
  err: unknown,
): { missing: readonly MarkerName[]; guessed: Partial<HumanoidMarkers> } | null {
  const e = err as { name?: string; missing?: unknown; guessed?: unknown } | null;
  if (e?.name !== 'NotAHumanoidError' || !Array.isArray(e.missing) || e.missing.length === 0) return null;
  return {
    missing: e.missing.filter((n): n is MarkerName => (MARKER_NAMES as readonly string[]).includes(n)),
    guessed: (e.guessed ?? {}) as Partial<HumanoidMarkers>,
  };
}

/** Past this fill of its box (BodySolid.fillRatio) a shape is a block, not a character with limbs. */
export const MAX_SOLIDITY = 0.5;

/** Why a shape that fills its box (a block, a ball) is no character to guess markers on; null for a character. */
export function characterShapeProblem(analysis: BodyAnalysis): string | null {
  const fill = analysis.solid.fillRatio();
  return fill > MAX_SOLIDITY
    ? `no character-like shape: the mesh fills ${Math.round(100 * fill)}% of its box (a standing character with arms and legs fills well under half)`
    : null;
}

/** A limb must reach this far from the belly along the body (in heights) to count. */
const MIN_LIMB = 0.2;

/** Markers the mesh could not say, and why. */
export interface MarkerGuessProblem {
  names: MarkerName[];
  message: string;
}

/**
 * The markers guessed from the mesh (canonical, at limb centres), as many as it shows: a limb
 * found on one side only is mirrored to the other; a body with no arm (or no leg) on either
 * side leaves those markers out, with a problem saying why.
 */
export function guessSomeMarkers(
  analysis: BodyAnalysis,
  limbs: LimbReadings,
): { markers: Partial<HumanoidMarkers>; problems: MarkerGuessProblem[] } {
  const L = analysis.landmarks;
  const { tree, solid } = analysis;
  const reach = (v: number) => (v >= 0 ? (tree.length[v] * solid.h) / L.height : 0);
  const outward = (v: number) => v >= 0 && Math.abs(solid.centreOf(v)[0]) > 1.15 * L.chestHalfWidth;
  const armOk = (v: number) => reach(v) >= MIN_LIMB && outward(v);
  const armL = limbs.arms.left?.resting || armOk(limbs.armTips.left) ? limbs.arms.left : null;
  const armR = limbs.arms.right?.resting || armOk(limbs.armTips.right) ? limbs.arms.right : null;
  const legL = reach(L.feet.left) >= MIN_LIMB ? limbs.legs.left : null;
  const legR = reach(L.feet.right) >= MIN_LIMB ? limbs.legs.right : null;
  const groin: Vec3 = L.crotch ? [0, L.crotch[1], L.crotch[2]] : [0, 0.46 * L.height, L.seedPoint[2]];
  const near = SYMMETRIC_WITHIN * L.height;
  const problems: MarkerGuessProblem[] = [];
  const markers: Partial<HumanoidMarkers> = { chin: [0, L.chin[1], L.chin[2]], groin };
  if (armL || armR) {
    Object.assign(markers, pair('Wrist', armL?.wrist, armR?.wrist, near));
    Object.assign(markers, pair('Elbow', armL?.elbow, armR?.elbow, near));
  } else
    problems.push({
      names: ['leftWrist', 'leftElbow', 'rightWrist', 'rightElbow'],
      message: 'found no arms: nothing below the neck reaches out beside the chest',
    });
  if (legL || legR) Object.assign(markers, pair('Knee', legL?.knee, legR?.knee, near));
  else
    problems.push({
      names: ['leftKnee', 'rightKnee'],
      message: 'found no legs: nothing long reaches the floor on either side of the body',
    });
  return { markers, problems };
}

/** Partner guesses closer than this share of the height to each other's mirror image are made symmetric. */
const SYMMETRIC_WITHIN = 0.01;

/**
 * A pair of guessed markers: a side found alone is mirrored to the other; both found and each
 * within `near` of the other's mirror image (a symmetric body read a few millimetres apart
 * through its meshing) meet halfway, so a symmetric body gets symmetric markers. Farther apart
 * (a bent knee, a raised arm) each keeps its own.
 */
function pair<K extends 'Wrist' | 'Elbow' | 'Knee'>(
  kind: K,
  left: Vec3 | undefined,
  right: Vec3 | undefined,
  near: number,
): Record<`left${K}` | `right${K}`, Vec3> {
  let l = left ?? mirror(right!);
  let r = right ?? mirror(left!);
  const m = mirror(r);
  if (Math.hypot(l[0] - m[0], l[1] - m[1], l[2] - m[2]) < near) {
    l = [(l[0] + m[0]) / 2, (l[1] + m[1]) / 2, (l[2] + m[2]) / 2];
    r = mirror(l);
  }
  return { [`left${kind}`]: l, [`right${kind}`]: r } as Record<`left${K}` | `right${K}`, Vec3>;
}

/** A marker the fitter could not use. */
export class MarkerError extends Error {
  constructor(
    readonly marker: MarkerName,
    message: string,
  ) {
    super(message);
    this.name = 'MarkerError';
  }
}

const unit = (v: number[]): Vec3 => {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
};

/**
 * Given markers (canonical) carried to the centres of their limbs: each is first taken to the
 * middle of the solid behind it as seen from the front, then to the middle of its limb's cross-
 * section (across the forearm for a wrist, across the arm for an elbow, across the leg for a
 * knee); chin and groin stay on the mid-plane. Throws a {@link MarkerError} for a marker with no
 * solid behind or around it.
 */
export function centreMarkers(analysis: BodyAnalysis, given: HumanoidMarkers): HumanoidMarkers {
  const { solid, landmarks } = analysis;
  const H = landmarks.height;
  const view: Vec3 = [0, 0, -1];
  const reach = Math.max(0.6 * H, solid.nz * solid.h);
  const inside = (name: MarkerName): Vec3 => {
    const p = given[name];
    let c = depthCentre(solid, p, view, reach);
    if (!c) {
      const near = solid.nearestSolid(p, 0.04 * H);
      if (near < 0)
        throw new MarkerError(
          name,
          `the ${markerLabel(name)} marker is outside the mesh (no part of the body behind it or within ${(0.04 * H).toPrecision(2)} of it)`,
        );
      c = solid.centreOf(near);
    }
    return c;
  };
  // Across the limb only where the section is a limb's: inside a skirt or a coat the section is
  // the whole filled garment, and the marker's own place across says more than its centroid.
  // Seen from the front, the limb lies between its edges (gaps, or creases where it rests on
  // another part: an arm against the body; the mid-plane for knees together), and its centre
  // stays in the middle half of that span: a section through two touching limbs has its
  // centroid between them. A limb keeps to its own side of `divide`: the plane midway between
  // it and its partner (hands held together in front meet off the mid-plane, and the section
  // through one wrist takes in the other hand), the mid-plane for knees.
  const acrossLimb = (p: Vec3, axis: Vec3, radius: number, divide: HalfSpace, clip: boolean): Vec3 => {
    const half = clip ? divide : null;
    const section = crossSection(solid, p, axis, radius, half);
    const c =
      !section || section.open || section.radius > 0.07 * H ? p : limbCentre(solid, p, axis, radius, half);
    const flat = Math.hypot(axis[0], axis[1]);
    if (flat < 0.3) return c;
    const u: [number, number] = [-axis[1] / flat, axis[0] / flat];
    const span = analysis.view.span(p, u, radius);
    // No edge either side within reach: the front shows something wider behind the limb (a hand
    // held in front of the chest), and says nothing of the limb's own span.
    if (!span || (span.loEdge === 'open' && span.hiEdge === 'open')) return c;
    // Where the line across meets the dividing plane: the span ends there.
    const n = divide.normal;
    const toward = u[0] * n[0] + u[1] * n[1];
    if (Math.abs(toward) > 1e-6) {
      const cross =
        -((p[0] - divide.at[0]) * n[0] + (p[1] - divide.at[1]) * n[1] + (p[2] - divide.at[2]) * n[2]) /
        toward;
      if (cross > 0 && cross < span.hi) span.hi = cross;
      if (cross < 0 && cross > span.lo) span.lo = cross;
    }
    const at = (c[0] - p[0]) * u[0] + (c[1] - p[1]) * u[1];
    const quarter = 0.25 * (span.hi - span.lo);
    if (at >= span.lo + quarter && at <= span.hi - quarter) return c;
    const m = alongFrontal(c, u, spanMiddle(span) - at);
    return [m[0], m[1], zMiddle(solid, m[0], m[1], c[2])];
  };
  const out = {} as HumanoidMarkers;
  for (const name of MARKER_NAMES) out[name] = inside(name);
  out.chin = [0, out.chin[1], out.chin[2]];
  out.groin = [0, out.groin[1], out.groin[2]];
  const placed = { ...out };
  for (const side of ['left', 'right'] as const) {
    const w = `${side}Wrist` as const;
    const e = `${side}Elbow` as const;
    const k = `${side}Knee` as const;
    const fore = unit([out[w][0] - out[e][0], out[w][1] - out[e][1], out[w][2] - out[e][2]]);
    const sign = side === 'left' ? 1 : -1;
    const upper = unit([out[e][0] - sign * landmarks.chestHalfWidth, out[e][1] - landmarks.neck[1], 0]);
    const midPlane: HalfSpace = { at: [0, 0, 0], normal: [sign, 0, 0] };
    out[w] = acrossLimb(out[w], fore, 0.08 * H, betweenPartners(placed, w) ?? midPlane, true);
    out[e] = acrossLimb(
      out[e],
      unit([fore[0] + upper[0], fore[1] + upper[1], fore[2] + upper[2]]),
      0.1 * H,
      betweenPartners(placed, e) ?? midPlane,
      true,
    );
    out[k] = acrossLimb(out[k], [0, 1, 0], 0.14 * H, midPlane, false);
  }
  return out;
}

/**
 * The plane midway between marker `name` and its partner (both canonical), its normal toward
 * `name`; null when the two are (nearly) one point.
 */
function betweenPartners(markers: HumanoidMarkers, name: MarkerName): HalfSpace | null {
  const a = markers[name];
  const b = markers[mirrorMarkerName(name)];
  const d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const l = Math.hypot(d[0], d[1], d[2]);
  if (l < 1e-6) return null;
  return {
    at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2],
    normal: [d[0] / l, d[1] / l, d[2] / l],
  };
}

/** The marker's name for people: "left wrist". */
export function markerLabel(name: MarkerName): string {
  return name.replace(/([A-Z])/g, ' $1').toLowerCase();
}

/** "the left wrist and right wrist markers", for a message. */
export function markersToPlaceText(names: readonly MarkerName[]): string {
  const labels = names.map(markerLabel);
  const last = labels.pop();
  return `the ${labels.length ? `${labels.join(', ')} and ${last}` : last} marker${labels.length ? 's' : ''}`;
}
