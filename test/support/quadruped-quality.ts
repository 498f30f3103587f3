/**
 * The yardstick of the quadruped rows of `npm run bench:rig` and of the quadruped fit's tests
 * (not product code): four-legged animals whose skeletons are known, as static meshes, and how
 * far a fitted quadruped skeleton is from them.
 *
 * - Cases: Fox and QuaterniusWolf of ../shared/models stripped of skin and joints (as
 *   rig-quality.ts strips the humanoids), and the dog made in code (test/skeleton/support/static-dog.ts).
 * - Joints compared: hips, neck, head, and on each leg the upper joint (hip or shoulder), the
 *   knee or elbow, and the foot (hock or wrist; the Wolf has no wrist bone: its front leg's IK
 *   target at the paw stands for it); distance fitted↔artist as % of the mesh's height.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDocument } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { stripSkin } from '../../src/gltf/strip-skin.ts';
import { type FitMesh, fitMeshOfDocument } from '../../src/skeleton/fit/fit-mesh.ts';
import type { FittedSkeleton } from '../../src/skeleton/fit/fit-skeleton.ts';
import { type DogOptions, dogMesh } from '../skeleton/support/static-dog.ts';
import { heightOf } from './rig-quality.ts';

type Vec3 = [number, number, number];

/** The joints compared. */
export const QUADRUPED_ANATOMICAL = [
  'hips',
  'neck',
  'head',
  'leftFrontUp',
  'rightFrontUp',
  'leftFrontKnee',
  'rightFrontKnee',
  'leftFrontFoot',
  'rightFrontFoot',
  'leftHindUp',
  'rightHindUp',
  'leftHindKnee',
  'rightHindKnee',
  'leftHindFoot',
  'rightHindFoot',
] as const;
export type QuadrupedAnatomical = (typeof QUADRUPED_ANATOMICAL)[number];

/** The fitted template's joint for each compared joint. */
export function fittedName(a: QuadrupedAnatomical): string {
  if (a === 'hips') return 'Hips';
  if (a === 'neck') return 'Neck';
  if (a === 'head') return 'Head';
  const m = /^(left|right)(Front|Hind)(Up|Knee|Foot)$/.exec(a)!;
  const part = { Up: 'UpLeg', Knee: 'Leg', Foot: 'Foot' }[m[3] as 'Up'];
  return `${m[1] === 'left' ? 'Left' : 'Right'}${m[2]}${part}`;
}

/** A four-legged animal with known joints, as a static mesh. */
export interface QuadrupedCase {
  name: string;
  mesh: FitMesh;
  /** The artist's (or builder's) joint per compared joint, world. */
  joints: Partial<Record<QuadrupedAnatomical, Vec3>>;
  height: number;
  /** The artist's (or builder's) deforming skeleton, world, for the bends (quadruped-bends.ts). */
  artist?: QuadrupedArtist;
}

/** A skeleton: joints (parents first), end joints marked, each compared joint's index. */
export interface QuadrupedArtist {
  positions: Vec3[];
  parents: number[];
  /** Joints left out of binding (end joints; the artist's joints that carry no weight). */
  ends?: boolean[];
  pivots: Record<QuadrupedAnatomical, number>;
}

const SHARED: Record<string, { file: string; names: Record<QuadrupedAnatomical, string> }> = {
  Fox: {
    file: 'Fox/Fox.glb',
    names: {
      hips: 'b_Hip_01',
      neck: 'b_Neck_04',
      head: 'b_Head_05',
      leftFrontUp: 'b_LeftUpperArm_09',
      rightFrontUp: 'b_RightUpperArm_06',
      leftFrontKnee: 'b_LeftForeArm_010',
      rightFrontKnee: 'b_RightForeArm_07',
      leftFrontFoot: 'b_LeftHand_011',
      rightFrontFoot: 'b_RightHand_08',
      leftHindUp: 'b_LeftLeg01_015',
      rightHindUp: 'b_RightLeg01_019',
      leftHindKnee: 'b_LeftLeg02_016',
      rightHindKnee: 'b_RightLeg02_020',
      leftHindFoot: 'b_LeftFoot01_017',
      rightHindFoot: 'b_RightFoot01_021',
    },
  },
  QuaterniusWolf: {
    file: 'QuaterniusWolf/Wolf.glb',
    names: {
      hips: 'Back',
      neck: 'Neck1',
      head: 'Head',
      leftFrontUp: 'FrontUpperLeg.L',
      rightFrontUp: 'FrontUpperLeg.R',
      leftFrontKnee: 'FrontLowerLeg.L',
      rightFrontKnee: 'FrontLowerLeg.R',
      leftFrontFoot: 'IKFrontLeg.L',
      rightFrontFoot: 'IKFrontLeg.R',
      leftHindUp: 'BackLeg.L',
      rightHindUp: 'BackLeg.R',
      leftHindKnee: 'BackUpperLeg.L',
      rightHindKnee: 'BackUpperLeg.R',
      leftHindFoot: 'BackLowerLeg.L',
      rightHindFoot: 'BackLowerLeg.R',
    },
  },
};

/**
 * The artist's skeleton as a rigger compares against: the joints the file's skins weight (non-zero
 * weight on some vertex) and their ancestors, the ancestors that carry no weight kept as structure
 * but excluded from binding; joints neither (IK targets, poles, controls) are left out. A compared
 * joint that is left out (the Wolf's front IK target, compared as its wrist) has no pivot (−1):
 * it is never bent.
 */
function deformingSkeleton(model: SkinnedModel, names: Record<QuadrupedAnatomical, string>): QuadrupedArtist {
  const weighted = new Set<number>();
  for (const prim of model.primitives) {
    const skin = model.skins[prim.skins[0]];
    const { joints, weights } = prim.weights;
    for (let k = 0; k < weights.length; k++) if (weights[k] > 0) weighted.add(skin.joints[joints[k]]);
  }
  const kept = new Set<number>();
  for (const id of weighted)
    for (
      let j: number | undefined = id;
      j !== undefined && j >= 0 && !kept.has(j);
      j = model.joints.get(j)?.parent
    )
      kept.add(j);
  const all = [...model.joints.values()].filter((j) => kept.has(j.id));
  const ids = all.map((j) => j.id);
  const pivots = {} as Record<QuadrupedAnatomical, number>;
  for (const [a, n] of Object.entries(names))
    pivots[a as QuadrupedAnatomical] = all.findIndex((j) => j.name === n);
  return {
    positions: all.map((j) => [...j.restPosition] as Vec3),
    parents: all.map((j) => ids.indexOf(j.parent)),
    ends: all.map((j) => !weighted.has(j.id)),
    pivots,
  };
}

/** The shared quadrupeds present in `modelsDir`, stripped (none when it is absent). */
export async function sharedQuadrupedCases(modelsDir: string): Promise<QuadrupedCase[]> {
  const out: QuadrupedCase[] = [];
  for (const [name, { file, names }] of Object.entries(SHARED)) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(join(modelsDir, file)));
    } catch {
      continue;
    }
    const document = await readDocument({ name: file, bytes });
    const model = buildSkinnedModel(document);
    const artist = deformingSkeleton(model, names);
    const byName = new Map([...model.joints.values()].map((j) => [j.name, [...j.restPosition] as Vec3]));
    const joints: QuadrupedCase['joints'] = {};
    for (const [a, n] of Object.entries(names)) {
      const p = byName.get(n);
      if (!p) throw new Error(`${name}: no joint ${n}`);
      joints[a as QuadrupedAnatomical] = p;
    }
    stripSkin(document, model);
    const mesh = fitMeshOfDocument(document);
    out.push({ name: `${name} (stripped)`, mesh, joints, height: heightOf(mesh), artist });
  }
  return out;
}

/** The dog made in code, facing `facing` radians about up from +Z (`hind`: its hind legs bent otherwise). */
export function dogCase(facing = 0, hind?: DogOptions['hind']): QuadrupedCase {
  const { mesh, joints, height } = dogMesh({ facing, hind });
  const out: QuadrupedCase['joints'] = {};
  for (const a of QUADRUPED_ANATOMICAL) out[a] = joints[a];
  return {
    artist: dogSkeleton(joints),
    name: `dog (code${facing ? `, turned ${Math.round((facing * 180) / Math.PI)}°` : ''}${hind ? ', hind legs bent' : ''})`,
    mesh,
    joints: out,
    height,
  };
}

/**
 * The skeleton the dog was built around: hips → chest → neck → head → snout's tip; legs (upper
 * joint, knee, hock, toe's tip) on the chest and the hips; the tail's root → tip.
 */
function dogSkeleton(joints: Record<string, Vec3>): QuadrupedArtist {
  const positions: Vec3[] = [];
  const parents: number[] = [];
  const ends: boolean[] = [];
  const pivots = {} as Record<QuadrupedAnatomical, number>;
  const add = (p: Vec3, parent: number, end = false, as?: QuadrupedAnatomical) => {
    positions.push(p);
    parents.push(parent);
    ends.push(end);
    if (as) pivots[as] = positions.length - 1;
    return positions.length - 1;
  };
  // The builder's points off the joint list (static-dog.ts), turned about up as the joints were.
  const angle = Math.atan2(joints.neck[0] - joints.hips[0], joints.neck[2] - joints.hips[2]);
  const turnOf = (q: Vec3): Vec3 => {
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    return [c * q[0] + s * q[2], q[1], -s * q[0] + c * q[2]];
  };
  const hips = add(joints.hips, -1, false, 'hips');
  const chest = add(turnOf([0, 0.47, 0.18]), hips);
  const neck = add(joints.neck, chest, false, 'neck');
  const head = add(joints.head, neck, false, 'head');
  add(joints.snout, head, true);
  for (const side of ['left', 'right'] as const)
    for (const [leg, root, toeZ] of [
      ['Front', chest, 0.26],
      ['Hind', hips, -0.2],
    ] as const) {
      const up = add(joints[`${side}${leg}Up`], root, false, `${side}${leg}Up`);
      const knee = add(joints[`${side}${leg}Knee`], up, false, `${side}${leg}Knee`);
      const foot = add(joints[`${side}${leg}Foot`], knee, false, `${side}${leg}Foot`);
      add(turnOf([side === 'left' ? 0.09 : -0.09, 0.03, toeZ]), foot, true);
    }
  if (joints.tailTip) {
    const tail = add(turnOf([0, 0.5, -0.32]), hips);
    add(joints.tailTip, tail, true);
  }
  return { positions, parents, ends, pivots };
}

/** Distance fitted↔known per compared joint (% of height), mean and max. */
export function quadrupedJointErrors(c: QuadrupedCase, fitted: FittedSkeleton) {
  const byName = new Map(fitted.joints.map((j) => [j.name, j.position]));
  const per: Partial<Record<QuadrupedAnatomical, number>> = {};
  const values: number[] = [];
  for (const a of QUADRUPED_ANATOMICAL) {
    const p = byName.get(fittedName(a));
    const q = c.joints[a];
    if (!p || !q) continue;
    per[a] = (100 * Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])) / c.height;
    values.push(per[a]!);
  }
  return { per, mean: values.reduce((s, v) => s + v, 0) / values.length, max: Math.max(...values) };
}
