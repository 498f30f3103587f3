/**
 * The yardstick of `npm run bench:rig` and of the fitting's quality tests (not product code):
 * characters whose artists' skeletons are known, stripped to static meshes, and how far a
 * fitted skeleton is from the artist's.
 *
 * - Cases: the humanoids of ../shared/models (their skinned surface as the rest pose draws it,
 *   skin and joints removed by stripSkin) and mannequins made in code (thin and heavy, T- and
 *   A-pose; src/character/variants.ts).
 * - Joint placement: the 15 anatomical joints (hips, neck, head; each side's upper arm, elbow,
 *   wrist, thigh, knee, ankle), distance fitted↔artist as % of the mesh's height.
 * - Markers for the "with markers" runs: front-surface points in front of the artist's joints
 *   (wrists: the hand joint; elbows: the forearm joint; knees: the shin joint; chin: the head
 *   joint; groin: where the legs meet, below the thighs' joints, as the issue and Mixamo define
 *   it: {@link crotchOf}), where a ray from the joint toward the front leaves the mesh.
 * - Bends: each of shoulders, elbows, thighs and knees turned 90° about one world axis (front
 *   for shoulders, up for elbows, left for thighs and knees) at each rig's own joint, skinned
 *   with each rig's weights; the edge-length distortion is the mean |ℓ/ℓ₀ − 1| over the edges
 *   touching a vertex that any of the compared bends moves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AutobindOptions, autobind } from '../../src/bind/autobind.ts';
import type { BindJoint } from '../../src/bind/bone-segments.ts';
import { fillInterior } from '../../src/bind/fill-interior.ts';
import { positionBounds } from '../../src/bind/positions.ts';
import { testBit, VoxelGrid } from '../../src/bind/voxel-grid.ts';
import { voxelizeSurface } from '../../src/bind/voxelize-surface.ts';
import {
  addGarmentNode,
  buildGarment,
  buildMannequinVariant,
  type GarmentKind,
  type MannequinVariant,
  mannequinToDocument,
} from '../../src/character/index.ts';
import { buildShapedMannequin, type MannequinShape, robeOf } from '../../src/character/shaped.ts';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { stripSkin } from '../../src/gltf/strip-skin.ts';
import { type FitMesh, fitMeshOfDocument } from '../../src/skeleton/fit/fit-mesh.ts';
import type { FittedSkeleton } from '../../src/skeleton/fit/fit-skeleton.ts';
import { mainChildren } from '../../src/skeleton/fit/joint-orientation.ts';
import type { HumanoidMarkers } from '../../src/skeleton/fit/markers.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';

type Vec3 = [number, number, number];

/** The 15 anatomical joints compared. */
export const ANATOMICAL = [
  'hips',
  'neck',
  'head',
  'leftArm',
  'rightArm',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftThigh',
  'rightThigh',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;
export type Anatomical = (typeof ANATOMICAL)[number];

/** The fitted template's joint for each anatomical joint. */
export const FITTED_NAMES: Record<Anatomical, string> = {
  hips: 'Hips',
  neck: 'Neck',
  head: 'Head',
  leftArm: 'LeftArm',
  rightArm: 'RightArm',
  leftElbow: 'LeftForeArm',
  rightElbow: 'RightForeArm',
  leftWrist: 'LeftHand',
  rightWrist: 'RightHand',
  leftThigh: 'LeftUpLeg',
  rightThigh: 'RightUpLeg',
  leftKnee: 'LeftLeg',
  rightKnee: 'RightLeg',
  leftAnkle: 'LeftFoot',
  rightAnkle: 'RightFoot',
};

const MIXAMO_LIKE = FITTED_NAMES;

/** The artist's joint for each anatomical joint, per shared model (left side; right by name). */
const SHARED: Record<string, { file: string; names: Record<Anatomical, string> }> = {
  CesiumMan: {
    file: 'CesiumMan/CesiumMan.glb',
    names: sides({
      hips: 'Skeleton_torso_joint_1',
      neck: 'Skeleton_neck_joint_1',
      head: 'Skeleton_neck_joint_2',
      arm: ['Skeleton_arm_joint_L__4_', 'Skeleton_arm_joint_R'],
      elbow: ['Skeleton_arm_joint_L__3_', 'Skeleton_arm_joint_R__2_'],
      wrist: ['Skeleton_arm_joint_L__2_', 'Skeleton_arm_joint_R__3_'],
      thigh: ['leg_joint_L_1', 'leg_joint_R_1'],
      knee: ['leg_joint_L_2', 'leg_joint_R_2'],
      ankle: ['leg_joint_L_3', 'leg_joint_R_3'],
    }),
  },
  RiggedFigure: {
    file: 'RiggedFigure/RiggedFigure.glb',
    names: sides({
      hips: 'torso_joint_1',
      neck: 'neck_joint_1',
      head: 'neck_joint_2',
      arm: ['arm_joint_L_1', 'arm_joint_R_1'],
      elbow: ['arm_joint_L_2', 'arm_joint_R_2'],
      wrist: ['arm_joint_L_3', 'arm_joint_R_3'],
      thigh: ['leg_joint_L_1', 'leg_joint_R_1'],
      knee: ['leg_joint_L_2', 'leg_joint_R_2'],
      ankle: ['leg_joint_L_3', 'leg_joint_R_3'],
    }),
  },
  QuaterniusPlatformerCharacter: {
    file: 'QuaterniusPlatformerCharacter/Character.glb',
    names: sides({
      hips: 'Body',
      neck: 'Neck',
      head: 'Head',
      arm: ['UpperArm.L', 'UpperArm.R'],
      elbow: ['LowerArm.L', 'LowerArm.R'],
      wrist: ['Fist.L', 'Fist.R'],
      thigh: ['UpperLeg.L', 'UpperLeg.R'],
      knee: ['LowerLeg.L', 'LowerLeg.R'],
      ankle: ['Foot.L', 'Foot.R'],
    }),
  },
  RobotExpressive: {
    file: 'RobotExpressive/RobotExpressive.glb',
    names: sides({
      hips: 'Hips',
      neck: 'Neck',
      head: 'Head',
      arm: ['UpperArm.L', 'UpperArm.R'],
      elbow: ['LowerArm.L', 'LowerArm.R'],
      wrist: ['Palm2.L', 'Palm2.R'],
      thigh: ['UpperLeg.L', 'UpperLeg.R'],
      knee: ['LowerLeg.L', 'LowerLeg.R'],
      ankle: ['Foot.L', 'Foot.R'],
    }),
  },
};

function sides(n: {
  hips: string;
  neck: string;
  head: string;
  arm: [string, string];
  elbow: [string, string];
  wrist: [string, string];
  thigh: [string, string];
  knee: [string, string];
  ankle: [string, string];
}): Record<Anatomical, string> {
  return {
    hips: n.hips,
    neck: n.neck,
    head: n.head,
    leftArm: n.arm[0],
    rightArm: n.arm[1],
    leftElbow: n.elbow[0],
    rightElbow: n.elbow[1],
    leftWrist: n.wrist[0],
    rightWrist: n.wrist[1],
    leftThigh: n.thigh[0],
    rightThigh: n.thigh[1],
    leftKnee: n.knee[0],
    rightKnee: n.knee[1],
    leftAnkle: n.ankle[0],
    rightAnkle: n.ankle[1],
  };
}

/** A character with a known skeleton, as a static mesh. */
export interface RigCase {
  name: string;
  mesh: FitMesh;
  /** The artist's skeleton in world space at the pose the mesh is drawn in. */
  artist: { names: string[]; parents: number[]; positions: Vec3[] };
  /** Artist joint index per anatomical joint; -1 where the rig has none (not measured). */
  anatomical: Record<Anatomical, number>;
  /** Height of the mesh (world y extent). */
  height: number;
}

/** Height of a mesh (its world y extent). */
export function heightOf(mesh: FitMesh): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 1; i < mesh.positions.length; i += 3) {
    lo = Math.min(lo, mesh.positions[i]);
    hi = Math.max(hi, mesh.positions[i]);
  }
  return hi - lo;
}

/**
 * A loaded character as a rig case: its artist's joints (world, rest pose), then stripped of
 * skin and joints. `names`: the artist's joint per anatomical joint; one left out (a rig with no
 * neck bone) is not measured.
 */
export function caseOf(
  name: string,
  document: Awaited<ReturnType<typeof readDocument>>,
  names: Partial<Record<Anatomical, string>>,
): RigCase {
  const model = buildSkinnedModel(document);
  const joints = [...model.joints.values()];
  const ids = joints.map((j) => j.id);
  const artist = {
    names: joints.map((j) => j.name),
    parents: joints.map((j) => ids.indexOf(j.parent)),
    positions: joints.map((j) => [...j.restPosition] as Vec3),
  };
  stripSkin(document, model);
  const mesh = fitMeshOfDocument(document);
  const anatomical = {} as Record<Anatomical, number>;
  for (const a of ANATOMICAL) {
    const i = names[a] === undefined ? -1 : artist.names.indexOf(names[a]);
    if (i < 0 && names[a] !== undefined) throw new Error(`${name}: no joint ${names[a]}`);
    anatomical[a] = i;
  }
  return { name, mesh, artist, anatomical, height: heightOf(mesh) };
}

/** The shared humanoids present in `modelsDir` (none when it is absent). */
export async function sharedRigCases(modelsDir: string, only?: readonly string[]): Promise<RigCase[]> {
  const out: RigCase[] = [];
  for (const [name, { file, names }] of Object.entries(SHARED)) {
    if (only?.length && !only.includes(name)) continue;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(join(modelsDir, file)));
    } catch {
      continue;
    }
    out.push(caseOf(name, await readDocument({ name: file, bytes }), names));
  }
  return out;
}

/**
 * A mannequin variant as a rig case (its built-in joints are the artist's), dressed in
 * `garment` when given (a separate mesh over the body, as clothes are).
 */
export function mannequinRigCase(
  variant: MannequinVariant,
  targetVertices = 8000,
  garment?: GarmentKind,
): RigCase {
  const data = buildMannequinVariant(variant, targetVertices);
  const document = mannequinToDocument(data);
  if (garment) addGarmentNode(document, buildGarment(garment, data));
  const name = `mannequin ${variant.build} ${variant.pose}-pose${garment ? ` in a ${garment}` : ''}`;
  return caseOf(name, document, MIXAMO_LIKE);
}

/**
 * A shaped mannequin (src/character/shaped.ts) as a rig case; its robe, when it wears one, is a
 * separate mesh node over the body.
 */
export function shapedRigCase(name: string, shape: MannequinShape, targetVertices = 8000): RigCase {
  const data = buildShapedMannequin(shape, targetVertices);
  const document = mannequinToDocument(data);
  if (shape.robe) {
    const robe = robeOf(shape);
    const n = robe.positions.length / 3;
    addGarmentNode(document, {
      kind: 'skirt',
      name: 'Robe',
      positions: robe.positions,
      normals: new Float32Array(robe.positions.length),
      indices: robe.indices,
      offset: 0.015,
      bodyVertex: new Int32Array(n).fill(-1),
    });
  }
  return caseOf(`mannequin ${name}`, document, MIXAMO_LIKE);
}

/** Per anatomical joint, fitted↔artist distance as % of the height; mean and max. */
export function jointErrors(c: RigCase, fitted: FittedSkeleton) {
  const byName = new Map(fitted.joints.map((j) => [j.name, j.position]));
  const per = {} as Record<Anatomical, number>;
  for (const a of ANATOMICAL) {
    const p = byName.get(FITTED_NAMES[a]);
    const q = c.artist.positions[c.anatomical[a]];
    per[a] = p && q ? (100 * Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])) / c.height : Number.NaN;
  }
  const values = ANATOMICAL.filter((a) => c.anatomical[a] >= 0).map((a) => per[a]);
  return {
    per,
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    max: Math.max(...values),
  };
}

/** Möller–Trumbore: distance along the ray to each triangle it crosses. */
function rayHits(mesh: FitMesh, o: Vec3, d: Vec3): number[] {
  const P = mesh.positions;
  const I = mesh.indices;
  const hits: number[] = [];
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t] * 3;
    const b = I[t + 1] * 3;
    const c = I[t + 2] * 3;
    const e1 = [P[b] - P[a], P[b + 1] - P[a + 1], P[b + 2] - P[a + 2]];
    const e2 = [P[c] - P[a], P[c + 1] - P[a + 1], P[c + 2] - P[a + 2]];
    const p = [d[1] * e2[2] - d[2] * e2[1], d[2] * e2[0] - d[0] * e2[2], d[0] * e2[1] - d[1] * e2[0]];
    const det = e1[0] * p[0] + e1[1] * p[1] + e1[2] * p[2];
    if (Math.abs(det) < 1e-14) continue;
    const inv = 1 / det;
    const s = [o[0] - P[a], o[1] - P[a + 1], o[2] - P[a + 2]];
    const u = (s[0] * p[0] + s[1] * p[1] + s[2] * p[2]) * inv;
    if (u < 0 || u > 1) continue;
    const q = [s[1] * e1[2] - s[2] * e1[1], s[2] * e1[0] - s[0] * e1[2], s[0] * e1[1] - s[1] * e1[0]];
    const v = (d[0] * q[0] + d[1] * q[1] + d[2] * q[2]) * inv;
    if (v < 0 || u + v > 1) continue;
    const dist = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) * inv;
    if (dist > 0) hits.push(dist);
  }
  return hits.sort((x, y) => x - y);
}

/**
 * The front-surface point in front of `p`: where a ray from p toward `front` first leaves the
 * mesh (the nearest crossing ahead; p itself when there is none).
 */
export function frontSurfacePoint(mesh: FitMesh, p: Vec3, front: Vec3): Vec3 {
  const hits = rayHits(mesh, p, front);
  if (!hits.length) return [...p];
  return [p[0] + front[0] * hits[0], p[1] + front[1] * hits[0], p[2] + front[2] * hits[0]];
}

/**
 * The way the character faces, from its artist's thighs: the horizontal axis nearest to
 * left × up (+Z for glTF's convention, −Z for a VRM 0.x avatar).
 */
export function artistFront(c: RigCase): Vec3 {
  const l = c.artist.positions[c.anatomical.leftThigh];
  const r = c.artist.positions[c.anatomical.rightThigh];
  if (!l || !r) return [0, 0, 1];
  const [x, z] = [-(l[2] - r[2]), l[0] - r[0]];
  return Math.abs(x) > Math.abs(z) ? [Math.sign(x), 0, 0] : [0, 0, z < 0 ? -1 : 1];
}

/** The eight markers in front of the artist's joints (see the module comment). */
export function artistMarkers(c: RigCase, front: Vec3 = artistFront(c)): HumanoidMarkers {
  const at = (a: Anatomical) => {
    if (c.anatomical[a] < 0) throw new Error(`${c.name}: no ${a} joint named, needed for the markers`);
    return c.artist.positions[c.anatomical[a]];
  };
  const groin = crotchOf(c);
  const f = (p: Vec3) => frontSurfacePoint(c.mesh, p, front);
  return {
    chin: f(at('head')),
    groin: f(groin),
    leftWrist: f(at('leftWrist')),
    rightWrist: f(at('rightWrist')),
    leftElbow: f(at('leftElbow')),
    rightElbow: f(at('rightElbow')),
    leftKnee: f(at('leftKnee')),
    rightKnee: f(at('rightKnee')),
  };
}

/**
 * Where the legs meet (the issue's groin), below the artist's pelvis: walking down the line
 * between the thighs' joints (at their middle across and in depth) from the higher of the hips
 * and the thighs' joints, the first height where the solid within the pelvis' depth along that
 * line falls under half of it (the gap between the legs, or the thin contact of touching thighs). The body
 * is voxelized with every one of the six axis rays required to call a voxel inside, so the gap
 * between the legs stays empty under a skirt or a coat (its rays down escape to the floor) and
 * shells inside the body (a second surface, clothes over skin) do not stop the walk.
 */
export function crotchOf(c: RigCase, resolution = 192): Vec3 {
  const at = (a: Anatomical) => c.artist.positions[c.anatomical[a]];
  const l = at('leftThigh');
  const r = at('rightThigh');
  const hips = c.anatomical.hips >= 0 ? at('hips') : l;
  const x = (l[0] + r[0]) / 2;
  const z = (l[2] + r[2]) / 2;
  const top = Math.max(hips[1], (l[1] + r[1]) / 2);
  const { grid, solid } = voxelSolid(c.mesh, resolution, 6);
  const u = Math.floor((x - grid.origin[0]) / grid.h);
  const w0 = Math.floor((z - grid.origin[2]) / grid.h);
  // The pelvis' run of solid along z through (u, v0) holding w0 (or nearest it); below, the
  // solid within its depth, whatever pieces it is in (a flap hanging in front of the crotch, a
  // posed leg crossing the line are pieces).
  const v0 = Math.floor((top - grid.origin[1]) / grid.h);
  let lo = -1;
  for (let d = 0; d <= 4 && lo < 0; d++)
    if (solid(u, v0, w0 - d)) lo = w0 - d;
    else if (solid(u, v0, w0 + d)) lo = w0 + d;
  if (lo < 0) return [x, (l[1] + r[1]) / 2, z];
  let hi = lo;
  while (solid(u, v0, lo - 1)) lo--;
  while (solid(u, v0, hi + 1)) hi++;
  const depthAt = (v: number) => {
    let n = 0;
    for (let w = lo; w <= hi; w++) if (solid(u, v, w)) n++;
    return n;
  };
  const pelvis = depthAt(v0);
  let v = v0;
  while (v > 0 && depthAt(v - 1) >= 0.5 * pelvis) v--;
  return [x, grid.origin[1] + v * grid.h, z];
}

/**
 * The mesh voxelized and filled with `minVotes` of the six axis rays (fillInterior's default
 * when not given); a voxel test by indices.
 */
function voxelSolid(mesh: FitMesh, resolution: number, minVotes?: number) {
  const { min, max } = positionBounds([mesh.positions]);
  const grid = new VoxelGrid(min, max, resolution);
  voxelizeSurface(grid, mesh.positions, mesh.indices);
  fillInterior(grid, minVotes === undefined ? {} : { minVotes });
  const solid = (u: number, v: number, w: number) =>
    u >= 0 &&
    v >= 0 &&
    w >= 0 &&
    u < grid.nx &&
    v < grid.ny &&
    w < grid.nz &&
    testBit(grid.solid, grid.cellAt(u, v, w));
  return { grid, solid };
}

/** A solid of the mesh (auto-bind's voxels) to test whether joints are inside. */
export function meshSolid(mesh: FitMesh, resolution = 192) {
  const { grid, solid } = voxelSolid(mesh, resolution);
  return (p: readonly number[]) =>
    solid(
      Math.floor((p[0] - grid.origin[0]) / grid.h),
      Math.floor((p[1] - grid.origin[1]) / grid.h),
      Math.floor((p[2] - grid.origin[2]) / grid.h),
    );
}

/** Fitted joints that are not end joints and lie outside the mesh. */
export function jointsOutside(c: RigCase, fitted: FittedSkeleton, inside = meshSolid(c.mesh)): string[] {
  return fitted.joints.filter((j) => !j.end && !inside(j.position)).map((j) => j.name);
}

/** One rig for the bend test: joints (world) and per-vertex weights over the merged mesh. */
/** A skeleton with weights on the case's mesh, to bend. */
export interface BendRig {
  positions: Vec3[];
  parents: number[];
  /** Joints per vertex and weights, K = 4 per vertex. */
  joints: Uint16Array;
  weights: Float32Array;
}

/** A bend rig from joint positions, parents and skin weights. */
export function toRig(positions: Vec3[], parents: number[], w: SkinWeights): BendRig {
  return { positions, parents, joints: w.joints, weights: w.weights };
}

/** Auto-bind's weights for a skeleton on the static mesh (one primitive). */
export function autoboundWeights(
  c: Pick<RigCase, 'mesh'>,
  joints: { position: Vec3; parent: number; excluded?: boolean }[],
  options: AutobindOptions = {},
): SkinWeights {
  const input = {
    primitives: [{ positions: c.mesh.positions, indices: c.mesh.indices }],
    joints: joints.map(
      (j) => ({ position: j.position, parent: j.parent, excluded: j.excluded }) as BindJoint,
    ),
  };
  return autobind(input, { ...options, maxInfluences: 4 }).weights[0];
}

/** Each vertex fully on the joint whose bone segment is nearest (Mesh2Motion's weights). */
export function nearestBoneWeights(
  c: Pick<RigCase, 'mesh'>,
  fitted: FittedSkeleton,
  template: { parent: number; end: boolean; name: string; mirror: number }[],
): { joints: Uint16Array; weights: Float32Array } {
  const main = mainChildren(template);
  const segs: { j: number; a: Vec3; b: Vec3 }[] = [];
  fitted.joints.forEach((j, i) => {
    if (j.end) return;
    const c0 = main[i];
    let b: Vec3;
    if (c0 >= 0) b = fitted.joints[c0].position;
    else {
      const p = fitted.joints[j.parent].position;
      b = [
        j.position[0] + 0.5 * (j.position[0] - p[0]),
        j.position[1] + 0.5 * (j.position[1] - p[1]),
        j.position[2] + 0.5 * (j.position[2] - p[2]),
      ];
    }
    segs.push({ j: i, a: j.position, b });
  });
  const n = c.mesh.positions.length / 3;
  const joints = new Uint16Array(n * 4);
  const weights = new Float32Array(n * 4);
  const P = c.mesh.positions;
  for (let v = 0; v < n; v++) {
    let best = 0;
    let bestD = Infinity;
    for (const s of segs) {
      const ab = [s.b[0] - s.a[0], s.b[1] - s.a[1], s.b[2] - s.a[2]];
      const ap = [P[v * 3] - s.a[0], P[v * 3 + 1] - s.a[1], P[v * 3 + 2] - s.a[2]];
      const l2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
      const t = l2 > 0 ? Math.max(0, Math.min(1, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / l2)) : 0;
      const d = Math.hypot(ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]);
      if (d < bestD) {
        bestD = d;
        best = s.j;
      }
    }
    joints[v * 4] = best;
    weights[v * 4] = 1;
  }
  return { joints, weights };
}

/** Vertices posed with joint `pivot`'s subtree turned by the rotation matrix `R` (row-major 3×3). */
function bend(c: Pick<RigCase, 'mesh'>, rig: BendRig, pivot: number, R: number[]): Float32Array {
  const n = rig.positions.length;
  const moved = new Uint8Array(n);
  for (let j = 0; j < n; j++) {
    for (let a = j; a >= 0; a = rig.parents[a]) {
      if (a === pivot) {
        moved[j] = 1;
        break;
      }
    }
  }
  const p = rig.positions[pivot];
  const P = c.mesh.positions;
  const out = new Float32Array(P.length);
  for (let v = 0; v < P.length / 3; v++) {
    const x = P[v * 3] - p[0];
    const y = P[v * 3 + 1] - p[1];
    const z = P[v * 3 + 2] - p[2];
    const rx = R[0] * x + R[1] * y + R[2] * z + p[0];
    const ry = R[3] * x + R[4] * y + R[5] * z + p[1];
    const rz = R[6] * x + R[7] * y + R[8] * z + p[2];
    let ox = 0;
    let oy = 0;
    let oz = 0;
    for (let k = 0; k < 4; k++) {
      const w = rig.weights[v * 4 + k];
      if (!(w > 0)) continue;
      const on = moved[rig.joints[v * 4 + k]] === 1;
      ox += w * (on ? rx : P[v * 3]);
      oy += w * (on ? ry : P[v * 3 + 1]);
      oz += w * (on ? rz : P[v * 3 + 2]);
    }
    out[v * 3] = ox;
    out[v * 3 + 1] = oy;
    out[v * 3 + 2] = oz;
  }
  return out;
}

/** 90° about a unit world axis, row-major. */
function quarterTurn(axis: Vec3): number[] {
  const [x, y, z] = axis;
  // Rodrigues with cos 0, sin 1: R = K + a aᵀ.
  return [x * x, x * y - z, x * z + y, x * y + z, y * y, y * z - x, x * z - y, y * z + x, z * z];
}

function uniqueEdges(mesh: FitMesh): Uint32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  const n = mesh.positions.length / 3;
  for (let t = 0; t < mesh.indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = mesh.indices[t + e];
      const b = mesh.indices[t + ((e + 1) % 3)];
      const lo = Math.min(a, b);
      const hi = Math.max(a, b);
      const key = lo * n + hi;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(lo, hi);
    }
  }
  return Uint32Array.from(out);
}

/** The bent joints: anatomical name, world axis. */
export const BENDS: [Anatomical, Vec3][] = [
  ['leftArm', [0, 0, 1]],
  ['rightArm', [0, 0, 1]],
  ['leftElbow', [0, 1, 0]],
  ['rightElbow', [0, 1, 0]],
  ['leftThigh', [1, 0, 0]],
  ['rightThigh', [1, 0, 0]],
  ['leftKnee', [1, 0, 0]],
  ['rightKnee', [1, 0, 0]],
];

/**
 * Mean edge distortion of each rig over the bends (the humanoid's eight unless `bends` says
 * others; see the module comment). `rigs` hold each rig's pivot joint per bent joint.
 */
export function bendDistortion<K extends string = Anatomical>(
  c: Pick<RigCase, 'mesh' | 'height'>,
  rigs: { rig: BendRig; pivots: Record<K, number> }[],
  bends: readonly [K, Vec3][] = BENDS as unknown as [K, Vec3][],
): number[] {
  const edges = uniqueEdges(c.mesh);
  const P = c.mesh.positions;
  const eps = 1e-4 * c.height;
  const sums = rigs.map(() => 0);
  for (const [joint, axis] of bends) {
    const R = quarterTurn(axis);
    const posed = rigs.map(({ rig, pivots }) => bend(c, rig, pivots[joint], R));
    const moved = new Uint8Array(P.length / 3);
    for (const q of posed)
      for (let v = 0; v < moved.length; v++) {
        if (Math.hypot(q[v * 3] - P[v * 3], q[v * 3 + 1] - P[v * 3 + 1], q[v * 3 + 2] - P[v * 3 + 2]) > eps)
          moved[v] = 1;
      }
    posed.forEach((q, r) => {
      let sum = 0;
      let count = 0;
      for (let e = 0; e < edges.length; e += 2) {
        const a = edges[e];
        const b = edges[e + 1];
        if (!moved[a] && !moved[b]) continue;
        const l0 = Math.hypot(P[b * 3] - P[a * 3], P[b * 3 + 1] - P[a * 3 + 1], P[b * 3 + 2] - P[a * 3 + 2]);
        if (!(l0 > 0)) continue;
        const l1 = Math.hypot(q[b * 3] - q[a * 3], q[b * 3 + 1] - q[a * 3 + 1], q[b * 3 + 2] - q[a * 3 + 2]);
        sum += Math.abs(l1 / l0 - 1);
        count++;
      }
      sums[r] += count ? sum / count : 0;
    });
  }
  return sums.map((s) => s / bends.length);
}

/** The bend rigs of a case: fitted (auto-bound), artist (auto-bound), fitted (nearest bone). */
export function bendRigs(
  c: RigCase,
  fitted: FittedSkeleton,
  template: { parent: number; end: boolean; name: string; mirror: number }[],
  options: AutobindOptions = {},
) {
  const fittedJoints = fitted.joints.map((j) => ({
    position: j.position,
    parent: j.parent,
    excluded: j.end,
  }));
  const fittedPositions = fitted.joints.map((j) => j.position);
  const fittedParents = fitted.joints.map((j) => j.parent);
  const fittedPivots = {} as Record<Anatomical, number>;
  for (const a of ANATOMICAL) fittedPivots[a] = fitted.joints.findIndex((j) => j.name === FITTED_NAMES[a]);
  const artistJoints = c.artist.positions.map((p, i) => ({ position: p, parent: c.artist.parents[i] }));
  const ours = autoboundWeights(c, fittedJoints, options);
  const theirs = autoboundWeights(c, artistJoints, options);
  const nearest = nearestBoneWeights(c, fitted, template);
  return [
    { rig: toRig(fittedPositions, fittedParents, ours), pivots: fittedPivots },
    { rig: toRig(c.artist.positions, c.artist.parents, theirs), pivots: c.anatomical },
    { rig: { positions: fittedPositions, parents: fittedParents, ...nearest }, pivots: fittedPivots },
  ];
}
