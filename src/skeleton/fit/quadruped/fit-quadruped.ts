/**
 * fitQuadrupedSkeleton: the quadruped template (templates/quadruped.ts) fitted to a four-legged
 * animal from the mesh alone, in its canonical frame (quadruped-body.ts: x left, y up, z to the
 * head), then back to world space.
 *
 * - Legs: the medial line (medial-tree.ts, seeded deep in the trunk) from each foot's contact up
 *   to the trunk. The leg leaves the trunk where the line reaches the trunk's underside above
 *   it (the belly line on the mid-plane); UpLeg sits that far into the trunk, knee and hock
 *   where the hind leg's line turns, the elbow a leg's radius under the chest (leg-bends.ts;
 *   else, and the wrist, on the line at set shares of the leg's height, PROPORTIONS), ToeBase
 *   at the paw's centre on the floor and Toe_End at its front.
 * - Spine: Hips on the trunk's mid-plane above the hind legs' tops, Spine … Spine2 evenly to
 *   the neck's base above the front legs, each at a set share of the trunk's height.
 * - Neck and head: the medial line from the chest to the snout's tip (the foremost point above
 *   the belly); Neck where it leaves the trunk, Head below the head's top (the skull behind the
 *   ears), Head_End at the snout. A head hung below the belly line (grazing) is read along the
 *   line out to the head end's far point instead (head-line.ts): Head at the skull, where the
 *   line is thickest on its outer half, Head_End at the snout's tip.
 * - Tail: the medial line from the hips to the rearmost point above the feet; a tail when it
 *   reaches well past the rump (else the template has none), four joints evenly along it.
 * - Symmetric bodies get exactly mirrored sides; every joint is moved into the solid if it fell
 *   outside; frames along the bones (joint-orientation.ts), legs rolled to the front, the rest up.
 */
import { quadrupedTemplate, TAIL_JOINTS } from '../../templates/quadruped.ts';
import { fromCanonical } from '../body-frame.ts';
import type { BodySolid } from '../body-solid.ts';
import type { FitMesh } from '../fit-mesh.ts';
import type { FittedJoint, FittedSkeleton } from '../fit-skeleton.ts';
import { jointFrames } from '../joint-orientation.ts';
import { MedialTree } from '../medial-tree.ts';
import { headFarPoint, loweredHead } from './head-line.ts';
import { frontElbow, hindLegBends } from './leg-bends.ts';
import { type FloorFoot, prepareQuadrupedBody, type QuadrupedBody, trunkSeed } from './quadruped-body.ts';

type Vec3 = [number, number, number];

/**
 * Where joints sit, as shares (tuned on Fox and QuaterniusWolf, see docs/benchmarks.md): UpLeg
 * from the belly line to the back; knee and hock (elbow and wrist) of the UpLeg's height above
 * the floor, where the leg's line does not show them (leg-bends.ts); the spine's height in the trunk; the neck's base past the front legs, in trunk
 * lengths; the head; the tail's start behind the hips, in trunk radii.
 */
export const PROPORTIONS = {
  upLeg: { Front: 0.35, Hind: 0.55 },
  knee: { Front: 0.55, Hind: 0.68 },
  hock: { Front: 0.15, Hind: 0.38 },
  spine: 0.6,
  neckBase: 0.12,
  /** The head (skull's base) from the neck's base to below the head's top. */
  head: 0.75,
  tailStart: 1,
  /** A tail reaches this many trunk radii past the hips, at least. */
  tailReach: 2.5,
} as const;

/** The trunk's underside and top on the mid-plane at canonical z (its longest solid run there). */
function trunkAt(solid: BodySolid, z: number): { belly: number; top: number } | null {
  const k = Math.floor((z - solid.origin[2]) / solid.h);
  if (k < 0 || k >= solid.nz) return null;
  const mid = Math.floor(solid.nx / 2);
  let best: { belly: number; top: number } | null = null;
  for (const i of [mid - 1, mid]) {
    let start = -1;
    for (let j = 0; j <= solid.ny; j++) {
      const on = j < solid.ny && solid.solid[solid.index(i, j, k)] === 1;
      if (on && start < 0) start = j;
      if (!on && start >= 0) {
        const run = { belly: solid.origin[1] + start * solid.h, top: solid.origin[1] + j * solid.h };
        if (!best || run.top - run.belly > best.top - best.belly) best = run;
        start = -1;
      }
    }
  }
  return best;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The point of `path` whose y is nearest `y` (first such, from the path's start). */
function atHeight(path: Vec3[], y: number): Vec3 {
  let best = path[0];
  for (const p of path) if (Math.abs(p[1] - y) < Math.abs(best[1] - y)) best = p;
  return [...best] as Vec3;
}

/** The point of `path` whose z is nearest `z`. */
function atDepth(path: Vec3[], z: number): Vec3 {
  let best = path[0];
  for (const p of path) if (Math.abs(p[2] - z) < Math.abs(best[2] - z)) best = p;
  return [...best] as Vec3;
}

/** `p` if inside the solid, else the centre of the nearest solid voxel. */
function inside(solid: BodySolid, p: Vec3, reach: number): Vec3 {
  if (solid.isSolidAt(p)) return p;
  const v = solid.nearestSolid(p, reach);
  return v < 0 ? p : solid.centreOf(v);
}

interface LegFit {
  up: Vec3;
  knee: Vec3;
  hock: Vec3;
  ball: Vec3;
  tip: Vec3;
}

function fitLeg(solid: BodySolid, tree: MedialTree, foot: FloorFoot, kind: 'Front' | 'Hind'): LegFit {
  const path = tree.pathFrom(foot.deepest).map((v) => solid.centreOf(v));
  if (path.length < 2) throw new RangeError('a foot is not joined to the body');
  const ball = path[0];
  // Where the leg reaches the trunk's underside: the first point at the belly line's height.
  const under = trunkAt(solid, ball[2]);
  const belly = under ? under.belly : lerp(solid.floor, solid.top, 0.5);
  let top = path[path.length - 1];
  for (const p of path)
    if (p[1] >= belly) {
      top = p;
      break;
    }
  const trunk = trunkAt(solid, top[2]) ?? { belly, top: solid.top };
  const up: Vec3 = [top[0], lerp(trunk.belly, trunk.top, PROPORTIONS.upLeg[kind]), top[2]];
  const floor = solid.floor;
  const legHeight = up[1] - floor;
  const leg = path.slice(0, Math.max(1, path.indexOf(top) + 1));
  // The bends from the line's shape (leg-bends.ts), else at set shares of the leg's height.
  const hockAt = floor + PROPORTIONS.hock[kind] * legHeight;
  const bends = kind === 'Hind' ? hindLegBends(solid, leg) : null;
  const elbow = kind === 'Front' ? frontElbow(solid, leg, hockAt + 2 * solid.h) : null;
  const knee = bends?.knee ?? elbow ?? atHeight(leg, floor + PROPORTIONS.knee[kind] * legHeight);
  const hock = bends?.hock ?? atHeight(leg, hockAt);
  // Toe tip: straight ahead of the ball along the floor, to the paw's front.
  const tip: Vec3 = [...ball] as Vec3;
  for (let s = 1; s < solid.nz; s++) {
    const q: Vec3 = [ball[0], ball[1], ball[2] + s * solid.h];
    if (!solid.isSolidAt(q)) break;
    // A voxel short of the last solid one: the tip stays inside the surface.
    tip[2] = q[2] - solid.h;
  }
  return { up, knee, hock, ball: [...ball] as Vec3, tip };
}

/** Options of {@link fitQuadrupedSkeleton}. */
export interface FitQuadrupedOptions {
  /** Voxels along the body's longest side. */
  resolution?: number;
  /** A world direction the head lies toward (default: read from the shape). */
  headToward?: readonly number[] | null;
}

/** The quadruped joints on a prepared body (canonical positions, template order). */
export function fitQuadrupedJoints(body: QuadrupedBody): {
  positions: Vec3[];
  tail: boolean;
  symmetric: boolean;
} {
  const { solid, feet, frame } = body;
  const H = solid.height;
  // The medial tree seeded at the deepest voxel of the trunk between the legs (the head-end
  // votes' own where they built one on this solid).
  const tree = body.tree ?? new MedialTree(solid, trunkSeed(solid, feet));
  const seed = tree.seed;
  const legs = {
    LeftFront: fitLeg(solid, tree, feet.LeftFront, 'Front'),
    RightFront: fitLeg(solid, tree, feet.RightFront, 'Front'),
    LeftHind: fitLeg(solid, tree, feet.LeftHind, 'Hind'),
    RightHind: fitLeg(solid, tree, feet.RightHind, 'Hind'),
  };
  const spineAt = (z: number): Vec3 => {
    const t = trunkAt(solid, z);
    return [0, t ? lerp(t.belly, t.top, PROPORTIONS.spine) : solid.centreOf(seed)[1], z];
  };
  const hipsZ = (legs.LeftHind.up[2] + legs.RightHind.up[2]) / 2;
  const shoulderZ = (legs.LeftFront.up[2] + legs.RightFront.up[2]) / 2;
  const trunkLength = shoulderZ - hipsZ;
  if (!(trunkLength > 0)) throw new RangeError('the front legs do not stand ahead of the hind legs');
  const hips = spineAt(hipsZ);
  // Neck and head along the medial line from the chest to the snout's tip.
  const shoulderTrunk = trunkAt(solid, shoulderZ);
  const bellyFront = shoulderTrunk ? shoulderTrunk.belly : solid.floor + 0.5 * H;
  let snout = -1;
  let crown = -1;
  for (let v = 0; v < solid.solid.length; v++) {
    if (!solid.solid[v] || !tree.reached(v)) continue;
    const p = solid.centreOf(v);
    if (p[2] <= shoulderZ || p[1] < bellyFront) continue;
    if (Math.abs(p[0]) < 2 * solid.h) {
      const s = snout < 0 ? null : solid.centreOf(snout);
      if (!s || p[2] > s[2] + 1e-9 || (Math.abs(p[2] - s[2]) < 1e-9 && solid.depth[v] > solid.depth[snout]))
        snout = v;
    }
    if (crown < 0 || p[1] > solid.centreOf(crown)[1]) crown = v;
  }
  const neckBase = spineAt(shoulderZ + PROPORTIONS.neckBase * trunkLength);
  const neck: Vec3 = [0, neckBase[1], neckBase[2]];
  // A head hung below the belly line (grazing): read along its line to the far point instead.
  const far = headFarPoint(solid, tree, shoulderZ);
  const lowered =
    far >= 0 && solid.centreOf(far)[1] < bellyFront ? loweredHead(solid, tree, far, neckBase[2]) : null;
  if (snout < 0 && !lowered) throw new RangeError('found no head ahead of the front legs');
  let head: Vec3;
  let headEnd: Vec3;
  if (lowered) ({ head, headEnd } = lowered);
  else {
    const headPath = tree
      .pathFrom(snout)
      .map((v) => solid.centreOf(v))
      .reverse(); // chest → snout
    const tip = headPath[headPath.length - 1];
    const afterNeck = headPath.filter((p) => p[2] >= neckBase[2]);
    const neckPath = afterNeck.length >= 2 ? afterNeck : headPath;
    const crownZ = Math.min(Math.max(solid.centreOf(crown)[2], neckBase[2]), tip[2]);
    head = atDepth(neckPath, lerp(neckBase[2], crownZ, PROPORTIONS.head));
    headEnd = headPath.length >= 2 ? headPath[headPath.length - 2] : tip;
  }
  const spine = [1, 2, 3].map((s) => {
    const z = lerp(hipsZ, neck[2], s / 4);
    return spineAt(z);
  });
  // Tail: the rearmost point above the feet, if its medial line runs well past the rump.
  let rear = -1;
  for (let v = 0; v < solid.solid.length; v++) {
    if (!solid.solid[v] || !tree.reached(v)) continue;
    const p = solid.centreOf(v);
    if (p[1] < solid.floor + 0.1 * H) continue;
    if (rear < 0 || p[2] < solid.centreOf(rear)[2]) rear = v;
  }
  const hipsRadius = Math.max(1, solid.depthAt(hips)) * solid.h;
  let tail: Vec3[] = [];
  if (rear >= 0) {
    const tailPath = tree.pathFrom(rear).map((v) => solid.centreOf(v)); // tip → seed
    const startZ = hipsZ - PROPORTIONS.tailStart * hipsRadius;
    const behind: Vec3[] = [];
    for (const p of tailPath) {
      if (p[2] > startZ) break;
      behind.push(p);
    }
    let reach = 0;
    for (let i = 1; i < behind.length; i++) reach += dist(behind[i], behind[i - 1]);
    // The tip a voxel in from the surface, as Head_End.
    if (behind.length > 2) behind.shift();
    if (behind.length >= 2 && reach + (hipsZ - startZ) > PROPORTIONS.tailReach * hipsRadius) {
      const line = behind.reverse(); // root → tip
      const along = [0];
      for (let i = 1; i < line.length; i++) along.push(along[i - 1] + dist(line[i], line[i - 1]));
      const total = along[along.length - 1];
      tail = Array.from({ length: TAIL_JOINTS + 1 }, (_, n) => {
        const s = (total * n) / TAIL_JOINTS;
        let k = 1;
        while (k < line.length - 1 && along[k] < s) k++;
        const t = (s - along[k - 1]) / (along[k] - along[k - 1] || 1);
        return [0, 1, 2].map((c) => lerp(line[k - 1][c], line[k][c], t)) as Vec3;
      });
    }
  }
  const hasTail = tail.length > 0;
  const template = quadrupedTemplate(hasTail);
  const byName = new Map<string, Vec3>([
    ['Hips', hips],
    ['Spine', spine[0]],
    ['Spine1', spine[1]],
    ['Spine2', spine[2]],
    ['Neck', neck],
    ['Head', head],
    ['Head_End', headEnd],
  ]);
  for (const [name, l] of Object.entries(legs)) {
    byName.set(`${name}UpLeg`, l.up);
    byName.set(`${name}Leg`, l.knee);
    byName.set(`${name}Foot`, l.hock);
    byName.set(`${name}ToeBase`, l.ball);
    byName.set(`${name}Toe_End`, l.tip);
  }
  tail.forEach((p, i) => {
    byName.set(i < TAIL_JOINTS ? `Tail${i + 1}` : 'Tail_End', p);
  });
  let positions = template.map((j) => byName.get(j.name)!);
  const symmetric = frame.symmetry > 0.9;
  if (symmetric) positions = mirrorAveraged(template, positions);
  positions = positions.map((p) => inside(solid, p, 0.1 * H));
  return { positions, tail: hasTail, symmetric };
}

/** Mirror pairs averaged across x = 0, mid-line joints put on it. */
function mirrorAveraged(template: ReturnType<typeof quadrupedTemplate>, positions: Vec3[]): Vec3[] {
  return positions.map((p, i) => {
    const m = template[i].mirror;
    if (m === i) return [0, p[1], p[2]] as Vec3;
    const q = positions[m];
    return [(p[0] - q[0]) / 2, (p[1] + q[1]) / 2, (p[2] + q[2]) / 2] as Vec3;
  });
}

/** Fits the quadruped template on a prepared body; see the module comment. */
export function fitQuadrupedOnBody(body: QuadrupedBody): FittedSkeleton {
  const t0 = performance.now();
  const { frame, solid } = body;
  const { positions, tail, symmetric } = fitQuadrupedJoints(body);
  const template = quadrupedTemplate(tail);
  const world = positions.map((p) => fromCanonical(frame, p) as Vec3);
  const rotations = jointFrames(template, world, (i) =>
    /(UpLeg|Leg|Foot|Toe)/.test(template[i].name) ? frame.front : frame.up,
  );
  const joints: FittedJoint[] = template.map((j, i) => ({
    name: j.name,
    parent: j.parent,
    end: j.end,
    position: world[i],
    rotation: rotations[i],
  }));
  const fitMs = performance.now() - t0;
  const { timings } = body;
  return {
    template: 'quadruped',
    joints,
    markers: null,
    markersFrom: {},
    frame,
    height: solid.height,
    symmetric,
    timings: { ...timings, fit: fitMs, total: timings.frame + timings.solid + timings.analysis + fitMs },
  };
}

/** Frame, solid, feet and joints of a four-legged animal's mesh (world space in and out). */
export function fitQuadrupedSkeleton(mesh: FitMesh, options: FitQuadrupedOptions = {}): FittedSkeleton {
  return fitQuadrupedOnBody(prepareQuadrupedBody(mesh, options.resolution, options.headToward ?? null));
}
