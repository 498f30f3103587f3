/**
 * fitSkeleton: a template skeleton fitted to a static mesh, in the mesh's world space.
 *
 * 1. The body frame (body-frame.ts): up, front, the symmetry plane.
 * 2. The body solid in that frame (body-solid.ts) and its analysis (body-analysis.ts): crotch,
 *    neck, chin, head top, hands and feet, the medial tree.
 * 3. Humanoid: the markers, given (carried to their limbs' centres) or guessed (markers.ts);
 *    the joints placed from them (fit-humanoid.ts); a pair of sides that agree within 2% of the
 *    height on a symmetric body is made exactly symmetric. Chain: the medial path between two
 *    points, cut into equal joints.
 * 4. Joint frames along the bones (joint-orientation.ts), then everything back to world space.
 *
 * Pure and synchronous; the app runs it in a worker (fit.worker.ts).
 */
import { chainTemplate } from '../templates/chain.ts';
import { type FingerCount, humanoidTemplate, type TemplateJoint } from '../templates/humanoid.ts';
import { analyseBody, type BodyAnalysis } from './body-analysis.ts';
import {
  type BodyFrame,
  canonicalPositions,
  detectBodyFrame,
  fromCanonical,
  mirrorWorldPoint,
  toCanonical,
} from './body-frame.ts';
import { BodySolid } from './body-solid.ts';
import { fitHumanoid } from './fit-humanoid.ts';
import type { FitMesh } from './fit-mesh.ts';
import { jointFrames, type Quat, quatFromAxes } from './joint-orientation.ts';
import { checkMarkerOrder } from './marker-order.ts';
import {
  centreMarkers,
  characterShapeProblem,
  guessSomeMarkers,
  type HumanoidMarkers,
  MARKER_NAMES,
  type MarkerName,
  markersToPlaceText,
  mirrorMarkerName,
  NotAHumanoidError,
  readLimbs,
} from './markers.ts';
import { MedialTree } from './medial-tree.ts';
import { CHIN_SNAP, GROIN_SNAP, LANDMARK_SNAP } from './proportions.ts';
import { type MeshProp, separateProps } from './props.ts';
import { fitQuadrupedSkeleton } from './quadruped/fit-quadruped.ts';

type Vec3 = [number, number, number];

/** Options of {@link fitSkeleton}. */
export interface FitSkeletonOptions {
  /** 'humanoid' (default), 'chain' (needs `chain`) or 'quadruped' (quadruped/fit-quadruped.ts). */
  template?: 'humanoid' | 'chain' | 'quadruped';
  /** Fingers per hand (humanoid): 0, 1 (mitten), 3 or 5. */
  fingers?: FingerCount;
  /** Markers in world space (humanoid); those left out are guessed. */
  markers?: Partial<HumanoidMarkers> | null;
  /** The chain's two ends (world) and its joint count. */
  chain?: { from: Vec3; to: Vec3; joints?: number } | null;
  /** Voxels along the longest side of the body's box. */
  resolution?: number;
  /** The way the character faces (world, horizontal); default: found from the mesh. */
  front?: Vec3 | null;
  /** Quadruped: a world direction its head lies toward; default: read from the shape. */
  headToward?: Vec3 | null;
}

/** Defaults of {@link FitSkeletonOptions}. */
export const FIT_SKELETON_DEFAULTS = {
  template: 'humanoid',
  fingers: 0,
  resolution: 144,
} as const;

/** One fitted joint, in world space. */
export interface FittedJoint {
  name: string;
  /** Index of the parent joint, -1 for the root. */
  parent: number;
  /** End joints (tips) get no weight. */
  end: boolean;
  position: Vec3;
  /** World rotation (x, y, z, w): +Y along the bone. */
  rotation: Quat;
}

/** What {@link fitSkeleton} made. */
export interface FittedSkeleton {
  template: 'humanoid' | 'chain' | 'quadruped';
  joints: FittedJoint[];
  /** Humanoid: the markers used, in world space, on the front surface (where a user clicks). */
  markers: HumanoidMarkers | null;
  /** Which markers were given and which guessed. */
  markersFrom: Partial<Record<MarkerName, 'given' | 'guessed'>>;
  frame: BodyFrame;
  /** Height of the body (world units). */
  height: number;
  /** True when the two sides were made exactly symmetric. */
  symmetric: boolean;
  timings: { frame: number; solid: number; analysis: number; fit: number; total: number };
}

/** A body frame and solid, reusable across fits of the same mesh (markers dragged live). */
export interface PreparedBody {
  frame: BodyFrame;
  analysis: BodyAnalysis;
  /** Props held in the hands (humanoid), left out of the solid (props.ts). */
  props: MeshProp[];
  timings: { frame: number; solid: number; analysis: number };
}

/**
 * Steps 1–2: frame, solid and analysis. For the humanoid template, of the body without the
 * props it holds (a sword's blade would read as the arm, a spear standing on the floor as a leg).
 */
export function prepareBody(
  whole: FitMesh,
  options: Pick<FitSkeletonOptions, 'resolution' | 'front' | 'template'> = {},
): PreparedBody {
  let t = performance.now();
  const { body: mesh, props } =
    (options.template ?? FIT_SKELETON_DEFAULTS.template) === 'humanoid'
      ? separateProps(whole)
      : { body: whole, props: [] };
  const frame = detectBodyFrame(mesh, options.front ? { front: options.front } : {});
  const tFrame = performance.now() - t;
  t = performance.now();
  const solid = BodySolid.build(canonicalPositions(frame, mesh.positions), mesh.indices, {
    resolution: options.resolution ?? FIT_SKELETON_DEFAULTS.resolution,
  });
  const tSolid = performance.now() - t;
  t = performance.now();
  const analysis = analyseBody(solid);
  return {
    frame,
    analysis,
    props,
    timings: { frame: tFrame, solid: tSolid, analysis: performance.now() - t },
  };
}

/** Where a canonical point inside the body shows on the front surface: straight ahead of it. */
function frontSurface(analysis: BodyAnalysis, p: Vec3): Vec3 {
  const { solid } = analysis;
  const q: Vec3 = [p[0], p[1], p[2]];
  if (!solid.isSolidAt(q)) return q;
  const step = 0.5 * solid.h;
  for (let i = 0; i < 4 * solid.nz; i++) {
    q[2] += step;
    if (!solid.isSolidAt(q)) return [p[0], p[1], q[2] - step];
  }
  return q;
}

/**
 * The roll reference of each humanoid joint, as Mixamo's skeleton rolls them (its X Bot's rest
 * frames): the front for spine, head and legs; up for feet and toes; down and in for the
 * clavicles and arms (straight down in a T-pose, toward the body for arms hanging down); the
 * palm's normal for hands and fingers.
 */
function humanoidReference(template: readonly TemplateJoint[], palms: { left: Vec3; right: Vec3 }) {
  const s = Math.SQRT1_2;
  return (i: number): Vec3 => {
    const name = template[i].name;
    const left = name.startsWith('Left');
    if (/Foot|Toe/.test(name)) return [0, 1, 0];
    if (/Hand/.test(name)) return left ? palms.left : palms.right;
    if (/Shoulder|Arm/.test(name)) return left ? [-s, -s, 0] : [s, -s, 0];
    return [0, 0, 1];
  };
}

/** Makes mirrored joint pairs exactly symmetric when they agree within `tolerance`. */
function symmetrize(template: readonly TemplateJoint[], positions: Vec3[], tolerance: number): boolean {
  let worst = 0;
  template.forEach((j, i) => {
    const m = j.mirror;
    if (m <= i) return;
    const a = positions[i];
    const b = positions[m];
    worst = Math.max(worst, Math.hypot(a[0] + b[0], a[1] - b[1], a[2] - b[2]));
  });
  if (worst > tolerance) return false;
  template.forEach((j, i) => {
    const m = j.mirror;
    if (m === i) {
      positions[i] = [0, positions[i][1], positions[i][2]];
      return;
    }
    if (m < i) return;
    const a = positions[i];
    const b = positions[m];
    const avg: Vec3 = [(a[0] - b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
    positions[i] = avg;
    positions[m] = [-avg[0], avg[1], avg[2]];
  });
  return true;
}

/**
 * A chin or groin marker near the jaw line or crotch the mesh shows is taken to mean it (see
 * LANDMARK_SNAP, CHIN_SNAP): markers placed a little high or low give the same spine; one placed
 * farther off moves it.
 */
export function snapToLandmark(
  marker: Vec3,
  landmark: Vec3,
  height: number,
  { snap, release } = LANDMARK_SNAP,
): Vec3 {
  const t = landmarkRelease(marker, landmark, height, { snap, release });
  return [
    marker[0],
    landmark[1] + t * (marker[1] - landmark[1]),
    landmark[2] + t * (marker[2] - landmark[2]),
  ];
}

/**
 * How far a marker is taken as placed rather than as meaning the landmark (see LANDMARK_SNAP):
 * 0 within `snap` of it, 1 past `release`, in between a blend.
 */
export function landmarkRelease(
  marker: Vec3,
  landmark: Vec3,
  height: number,
  { snap, release } = LANDMARK_SNAP,
): number {
  const d = Math.abs(marker[1] - landmark[1]) / height;
  return d <= snap ? 0 : d >= release ? 1 : (d - snap) / (release - snap);
}

/** The canonical-to-world rotation of a frame, as a quaternion. */
function frameQuat(frame: BodyFrame): Quat {
  return quatFromAxes(frame.left, frame.up, frame.front);
}

function quatMul(a: Quat, b: Quat): Quat {
  return [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
}

/** A marker neither given nor `shown` by the mesh takes its given partner's mirror image. */
function mirrorMissingPartners(
  given: Partial<HumanoidMarkers>,
  frame: BodyFrame,
  shown: (name: MarkerName) => boolean,
): void {
  for (const n of MARKER_NAMES) {
    const partner = given[mirrorMarkerName(n)];
    if (!given[n] && !shown(n) && partner) given[n] = mirrorWorldPoint(frame, partner);
  }
}

/** Step 3–4 for the humanoid template, on a prepared body. */
export function fitHumanoidSkeleton(
  body: PreparedBody,
  options: Pick<FitSkeletonOptions, 'fingers' | 'markers'> = {},
): FittedSkeleton {
  const t0 = performance.now();
  const { frame, analysis } = body;
  const fingers = options.fingers ?? FIT_SKELETON_DEFAULTS.fingers;
  const given = { ...(options.markers ?? {}) };
  // Only the guess needs a character's shape: a shape the user marked up whole is theirs to rig.
  if (MARKER_NAMES.some((n) => !given[n])) {
    const problem = characterShapeProblem(analysis);
    if (problem) {
      mirrorMissingPartners(given, frame, () => false);
      const missing = MARKER_NAMES.filter((n) => !given[n]);
      if (missing.length)
        throw new NotAHumanoidError(
          `${problem}: place ${markersToPlaceText(missing)} to rig it anyway`,
          missing,
          { ...given },
          frame,
        );
    }
  }
  const limbs = readLimbs(analysis);
  const markersFrom: Partial<Record<MarkerName, 'given' | 'guessed'>> = {};
  const anyGiven = MARKER_NAMES.some((n) => given[n]);
  let guess: Partial<HumanoidMarkers> = {};
  if (MARKER_NAMES.some((n) => !given[n])) {
    const { markers, problems } = guessSomeMarkers(analysis, limbs);
    guess = markers;
    mirrorMissingPartners(given, frame, (n) => !!guess[n]);
    const missing = MARKER_NAMES.filter((n) => !given[n] && !guess[n]);
    if (missing.length) {
      // Say which markers to place, and keep what could be guessed for the user to see.
      const shown: Partial<HumanoidMarkers> = {};
      for (const n of MARKER_NAMES) {
        const g = given[n];
        const q = guess[n];
        if (g) shown[n] = [...g] as Vec3;
        else if (q) shown[n] = fromCanonical(frame, frontSurface(analysis, q)) as Vec3;
      }
      const why = problems.filter((p) => p.names.some((n) => missing.includes(n))).map((p) => p.message);
      throw new NotAHumanoidError(
        `${why.join('; ')}: place ${markersToPlaceText(missing)} (is it a standing character, Y up?)`,
        missing,
        shown,
        frame,
      );
    }
  }
  // Given markers in canonical space, the missing ones filled from the guess (already centred).
  const canonical = {} as HumanoidMarkers;
  for (const n of MARKER_NAMES) {
    const g = given[n];
    canonical[n] = g ? (toCanonical(frame, g) as Vec3) : guess[n]!;
    markersFrom[n] = g ? 'given' : 'guessed';
  }
  if (anyGiven) checkMarkerOrder(canonical, (n) => !!given[n], analysis.landmarks.height);
  let centred = canonical;
  // A chin marker placed off the jaw line marks where the head turns (see fitHumanoid).
  let chinPlaced = 0;
  if (anyGiven) {
    const c = centreMarkers(analysis, canonical);
    centred = { ...canonical };
    for (const n of MARKER_NAMES) if (given[n]) centred[n] = c[n];
    const L = analysis.landmarks;
    if (given.chin) {
      chinPlaced = landmarkRelease(centred.chin, L.chin, L.height, CHIN_SNAP);
      centred.chin = snapToLandmark(centred.chin, L.chin, L.height, CHIN_SNAP);
    }
    if (given.groin && L.crotch) {
      const side = centred.groin[1] < L.crotch[1] ? GROIN_SNAP.below : GROIN_SNAP.above;
      centred.groin = snapToLandmark(centred.groin, L.crotch, L.height, side);
    }
  }
  const fit = fitHumanoid(analysis, centred, limbs, fingers, chinPlaced);
  const template = humanoidTemplate(fingers);
  const H = analysis.landmarks.height;
  const symmetric = frame.symmetry > 0.9 && symmetrize(template, fit.positions, 0.02 * H);
  const rotations = jointFrames(
    template,
    fit.positions,
    humanoidReference(template, {
      left: fit.hands.left.palm,
      right: fit.hands.right.palm,
    }),
    // A hand with no fingers points along itself, not on along its forearm (hands held
    // together: the forearm's line runs into the other hand, and auto-bind binds it there).
    (i) =>
      /^(Left|Right)Hand$/.test(template[i].name)
        ? fit.hands[template[i].name.startsWith('Left') ? 'left' : 'right'].along
        : null,
  );
  const fq = frameQuat(frame);
  const joints: FittedJoint[] = template.map((j, i) => ({
    name: j.name,
    parent: j.parent,
    end: j.end,
    position: fromCanonical(frame, fit.positions[i]) as Vec3,
    rotation: quatMul(fq, rotations[i]),
  }));
  // Markers where the user sees them: given ones as given, guessed ones on the front surface.
  const markers = {} as HumanoidMarkers;
  for (const n of MARKER_NAMES) {
    markers[n] = given[n]
      ? ([...given[n]!] as Vec3)
      : (fromCanonical(frame, frontSurface(analysis, canonical[n])) as Vec3);
  }
  const fitMs = performance.now() - t0;
  const { timings } = body;
  return {
    template: 'humanoid',
    joints,
    markers,
    markersFrom,
    frame,
    height: H,
    symmetric,
    timings: { ...timings, fit: fitMs, total: timings.frame + timings.solid + timings.analysis + fitMs },
  };
}

/** A chain between two world points along the medial path of the solid between them. */
export function fitChainSkeleton(
  body: PreparedBody,
  chain: { from: Vec3; to: Vec3; joints?: number },
): FittedSkeleton {
  const t0 = performance.now();
  const { frame, analysis } = body;
  const { solid } = analysis;
  const template = chainTemplate({ joints: chain.joints });
  const a = toCanonical(frame, chain.from) as Vec3;
  const b = toCanonical(frame, chain.to) as Vec3;
  const reach = 0.1 * analysis.landmarks.height;
  const va = solid.nearestSolid(a, reach);
  const vb = solid.nearestSolid(b, reach);
  if (va < 0 || vb < 0) throw new RangeError(`the chain's ${va < 0 ? 'start' : 'end'} is outside the mesh`);
  const tree = new MedialTree(solid, va);
  const path = tree
    .pathFrom(vb)
    .reverse()
    .map((v) => solid.centreOf(v));
  if (path.length < 2) throw new RangeError('the two ends of the chain are not joined by the mesh');
  path[0] = [a[0], a[1], a[2]];
  const lengths = [0];
  for (let i = 1; i < path.length; i++)
    lengths.push(
      lengths[i - 1] +
        Math.hypot(path[i][0] - path[i - 1][0], path[i][1] - path[i - 1][1], path[i][2] - path[i - 1][2]),
    );
  const total = lengths[lengths.length - 1];
  const segments = template.length - 1;
  const positions: Vec3[] = template.map((_, i) => {
    const s = (total * i) / segments;
    let k = 1;
    while (k < path.length - 1 && lengths[k] < s) k++;
    const t = (s - lengths[k - 1]) / (lengths[k] - lengths[k - 1] || 1);
    const p = path[k - 1];
    const q = path[k];
    return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t];
  });
  const rotations = jointFrames(template, positions, () => [0, 0, 1]);
  const fq = frameQuat(frame);
  const { timings } = body;
  const fitMs = performance.now() - t0;
  return {
    template: 'chain',
    joints: template.map((j, i) => ({
      name: j.name,
      parent: j.parent,
      end: j.end,
      position: fromCanonical(frame, positions[i]) as Vec3,
      rotation: quatMul(fq, rotations[i]),
    })),
    markers: null,
    markersFrom: {},
    frame,
    height: analysis.landmarks.height,
    symmetric: false,
    timings: { ...timings, fit: fitMs, total: timings.frame + timings.solid + timings.analysis + fitMs },
  };
}

/** See the module comment. */
export function fitSkeleton(mesh: FitMesh, options: FitSkeletonOptions = {}): FittedSkeleton {
  if (options.template === 'quadruped')
    return fitQuadrupedSkeleton(mesh, { resolution: options.resolution, headToward: options.headToward });
  const body = prepareBody(mesh, options);
  if ((options.template ?? 'humanoid') === 'chain') {
    if (!options.chain) throw new RangeError('the chain template needs its two ends');
    return fitChainSkeleton(body, options.chain);
  }
  return fitHumanoidSkeleton(body, options);
}
