/**
 * The body of a four-legged animal standing on +Y, found from the mesh alone: its frame (the
 * symmetry plane holds the long horizontal axis; the head's end is the front), its solid in
 * that frame (body-solid.ts), and its four feet on the floor.
 *
 * - The plane: body-frame.ts's search (a vertical mirror plane), as for a humanoid.
 * - The feet: the solid's lowest slab, in pieces on each side of the plane (floor-pieces.ts:
 *   a tail or a belly lying along the mid-line left out, a side's front and hind paws that touch
 *   split where they narrow); the two largest pieces on a side are its front and hind feet.
 * - The front: the head's end, by the votes of head-end.ts (height, bulk, a neck thicker than a
 *   tail's root, reaching out…). Where it is the other end, the frame turns half a turn and the
 *   solid is built again; where the votes are too close, a NotAQuadrupedError says so.
 */
import { type BodyFrame, canonicalPositions, detectBodyFrame } from '../body-frame.ts';
import { BodySolid } from '../body-solid.ts';
import type { FitMesh } from '../fit-mesh.ts';
import { MAX_SOLIDITY } from '../markers.ts';
import { MedialTree } from '../medial-tree.ts';
import { sideFloor } from './floor-pieces.ts';
import { headEndVotes } from './head-end.ts';

type Vec3 = [number, number, number];

/** Why a mesh is no four-legged animal standing on the floor. */
export class NotAQuadrupedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAQuadrupedError';
  }
}

/** One foot's contact with the floor (canonical). */
export interface FloorFoot {
  /** Voxels of the floor slab the foot covers. */
  voxels: number[];
  /** Mean of their centres. */
  centre: Vec3;
  /** The deepest of them: where the leg's medial line starts. */
  deepest: number;
}

/** The four feet by leg. */
export interface QuadrupedFeet {
  LeftFront: FloorFoot;
  RightFront: FloorFoot;
  LeftHind: FloorFoot;
  RightHind: FloorFoot;
}

/** What {@link prepareQuadrupedBody} found. */
export interface QuadrupedBody {
  frame: BodyFrame;
  solid: BodySolid;
  feet: QuadrupedFeet;
  /**
   * The medial tree head-end.ts voted on, seeded in the trunk between the feet as the fit seeds
   * its own (absent where the head's end was given, or the solid was built again turned).
   */
  tree?: MedialTree;
  timings: { frame: number; solid: number; analysis: number };
}

/** A floor piece smaller than this share of the largest is a speck, not a foot. */
const SPECK = 0.08;
/** Front and hind feet at least this many heights apart (a shoe's heel and toe are nearer). */
const MIN_SPAN = 0.3;

function footOf(solid: BodySolid, voxels: number[]): FloorFoot {
  const centre: Vec3 = [0, 0, 0];
  let deepest = voxels[0];
  for (const v of voxels) {
    const p = solid.centreOf(v);
    centre[0] += p[0] / voxels.length;
    centre[1] += p[1] / voxels.length;
    centre[2] += p[2] / voxels.length;
    if (solid.depth[v] > solid.depth[deepest]) deepest = v;
  }
  return { voxels, centre, deepest };
}

/** Each side's front and hind foot (front: larger z); throws when a side has fewer than two. */
export function findFeet(solid: BodySolid): QuadrupedFeet {
  const found: Record<string, FloorFoot> = {};
  for (const [side, sign] of [
    ['Left', 1],
    ['Right', -1],
  ] as const) {
    const { pieces: big, onPlane } = sideFloor(solid, sign, SPECK, MIN_SPAN * solid.height);
    if (big.length < 2) {
      const left = onPlane ? ` (and ${onPlane} lying along the mid-line, a tail or a belly, left out)` : '';
      throw new NotAQuadrupedError(
        `found ${big.length} ${big.length === 1 ? 'foot' : 'feet'} on the floor on the ${side.toLowerCase()} side${left}, not a front and a hind one (is it a four-legged animal standing on +Y?)`,
      );
    }
    const [a, b] = [footOf(solid, big[0]), footOf(solid, big[1])];
    const [front, hind] = a.centre[2] >= b.centre[2] ? [a, b] : [b, a];
    found[`${side}Front`] = front;
    if (Math.abs(front.centre[2] - hind.centre[2]) < MIN_SPAN * solid.height)
      throw new NotAQuadrupedError(
        `the two pieces on the floor on the ${side.toLowerCase()} side are too close for a front and a hind foot (is it a four-legged animal standing on +Y?)`,
      );
    found[`${side}Hind`] = hind;
  }
  return found as unknown as QuadrupedFeet;
}

/** The frame turned half a turn about up: front and left reversed, the same plane and floor. */
function turned(frame: BodyFrame): BodyFrame {
  const neg = (v: Vec3): Vec3 => [-v[0], -v[1], -v[2]];
  return { ...frame, left: neg(frame.left), front: neg(frame.front) };
}

/** The horizontal direction the surface stretches along most (area-weighted), unit, y = 0. */
export function longAxis(mesh: FitMesh): Vec3 {
  const P = mesh.positions;
  const I = mesh.indices;
  let w = 0;
  let mx = 0;
  let mz = 0;
  let xx = 0;
  let xz = 0;
  let zz = 0;
  for (let t = 0; t + 2 < I.length; t += 3) {
    const a = 3 * I[t];
    const b = 3 * I[t + 1];
    const c = 3 * I[t + 2];
    const u = [P[b] - P[a], P[b + 1] - P[a + 1], P[b + 2] - P[a + 2]];
    const v = [P[c] - P[a], P[c + 1] - P[a + 1], P[c + 2] - P[a + 2]];
    const area = Math.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]);
    const x = (P[a] + P[b] + P[c]) / 3;
    const z = (P[a + 2] + P[b + 2] + P[c + 2]) / 3;
    w += area;
    mx += area * x;
    mz += area * z;
    xx += area * x * x;
    xz += area * x * z;
    zz += area * z * z;
  }
  if (!(w > 0)) return [0, 0, 1];
  mx /= w;
  mz /= w;
  const cxx = xx / w - mx * mx;
  const cxz = xz / w - mx * mz;
  const czz = zz / w - mz * mz;
  // The larger eigenvector of [[cxx, cxz], [cxz, czz]].
  const angle = 0.5 * Math.atan2(2 * cxz, cxx - czz);
  const d: Vec3 = [Math.cos(angle), 0, Math.sin(angle)];
  return d;
}

/** The deepest voxel of the trunk between the front and hind feet: where medial trees are seeded. */
export function trunkSeed(solid: BodySolid, feet: QuadrupedFeet): number {
  const zf = (feet.LeftFront.centre[2] + feet.RightFront.centre[2]) / 2;
  const zh = (feet.LeftHind.centre[2] + feet.RightHind.centre[2]) / 2;
  let seed = -1;
  for (let v = 0; v < solid.solid.length; v++) {
    if (!solid.solid[v]) continue;
    const z = solid.centreOf(v)[2];
    if (z < zh || z > zf) continue;
    if (seed < 0 || solid.depth[v] > solid.depth[seed]) seed = v;
  }
  if (seed < 0) throw new NotAQuadrupedError('found no trunk between the front and hind feet');
  return seed;
}

/** head-end.ts's votes for the solid's +z end, the medial tree seeded in the trunk between the feet. */
export function headEndVotesOf(solid: BodySolid, feet: QuadrupedFeet) {
  const zf = (feet.LeftFront.centre[2] + feet.RightFront.centre[2]) / 2;
  const zh = (feet.LeftHind.centre[2] + feet.RightHind.centre[2]) / 2;
  const tree = new MedialTree(solid, trunkSeed(solid, feet));
  return { ...headEndVotes(solid, tree, zf, zh), tree };
}

/** The file's axis nearest ±`front` (sign: which end), as "+Z". */
function axisName(front: Vec3, sign: 1 | -1): string {
  const d = front.map((x) => x * sign);
  const k = [0, 1, 2].reduce((a, b) => (Math.abs(d[b]) > Math.abs(d[a]) ? b : a), 0);
  return `${d[k] >= 0 ? '+' : '−'}${'XYZ'[k]}`;
}

/**
 * See the module comment. `resolution`: voxels along the body's longest side. `headToward`: a
 * world direction the head's end lies toward (the user's say when the shape does not tell, or
 * tells wrong); without it the ends' shapes vote.
 */
export function prepareQuadrupedBody(
  mesh: FitMesh,
  resolution = 144,
  headToward: readonly number[] | null = null,
): QuadrupedBody {
  let t = performance.now();
  let frame = detectBodyFrame(mesh);
  // The plane search looks near the file's axes: an animal turned off them is found along its
  // long axis instead.
  const long = longAxis(mesh);
  if (Math.abs(frame.front[0] * long[0] + frame.front[2] * long[2]) < 0.995) {
    const along = detectBodyFrame(mesh, { front: long });
    if (along.symmetry > frame.symmetry) frame = along;
  }
  const tFrame = performance.now() - t;
  t = performance.now();
  const build = (f: BodyFrame) =>
    BodySolid.build(canonicalPositions(f, mesh.positions), mesh.indices, { resolution });
  let solid = build(frame);
  let tSolid = performance.now() - t;
  t = performance.now();
  const fill = solid.fillRatio();
  if (fill > MAX_SOLIDITY)
    throw new NotAQuadrupedError(
      `no animal-like shape: the mesh fills ${Math.round(100 * fill)}% of its box (a four-legged animal fills well under half)`,
    );
  let feet = findFeet(solid);
  const votes = headToward ? null : headEndVotesOf(solid, feet);
  let tAnalysis = performance.now() - t;
  const headAhead = headToward
    ? frame.front[0] * headToward[0] + frame.front[1] * headToward[1] + frame.front[2] * headToward[2] >= 0
    : votes!.head >= 0;
  if (votes && !votes.clear)
    throw new NotAQuadrupedError(
      `cannot tell the head's end from the tail's: the two ends beyond the feet look alike (the head may be at the file's ${axisName(frame.front, votes.head)} end): say which end is the head (Head ⇄ tail in the Rig panel, --facing on the CLI)`,
    );
  // The votes' tree serves the fit too, unless the solid is built again turned.
  let tree = votes?.tree;
  if (!headAhead) {
    tree = undefined;
    frame = turned(frame);
    t = performance.now();
    solid = build(frame);
    tSolid += performance.now() - t;
    t = performance.now();
    feet = findFeet(solid);
    tAnalysis += performance.now() - t;
  }
  return { frame, solid, feet, tree, timings: { frame: tFrame, solid: tSolid, analysis: tAnalysis } };
}
