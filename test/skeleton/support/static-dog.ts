/**
 * A four-legged animal made in code for the quadruped fit's tests (the shared Fox and Wolf are
 * not in the repository): a dog-like body of soft capsules and ellipsoids (src/character's
 * distance field, meshed closed and mirror-symmetric), about 0.8 m tall, facing +Z, paws flat on
 * y = 0, with the joints it was built around. `facing` turns it about up (the fit must find its
 * head either way); `tail: false` leaves the tail off; `pose` makes the ends harder to tell apart
 * by height: a grazing dog (head down by the forefeet), a dog with its tail held high, a dog with
 * a squirrel's big bushy tail standing up behind it. `stance` puts more on the floor than four
 * apart paws (the foot search's hard cases): paws together across the mid-plane, front and hind
 * paws of a side touching, a tail lying on the floor, a belly (a long coat) down to the floor.
 */
import { Document } from '@gltf-transform/core';
import { meshField } from '../../../src/character/mesher.ts';
import { compileField, type Primitive, type Vec3 } from '../../../src/character/sdf.ts';
import type { FitMesh } from '../../../src/skeleton/fit/fit-mesh.ts';

type P3 = [number, number, number];

const cone = (a: Vec3, b: Vec3, ra: number, rb: number, blend = 0.03): Primitive => ({
  kind: 'roundCone',
  a,
  b,
  ra,
  rb,
  blend,
});
const blob = (center: Vec3, radii: Vec3, blend = 0.04): Primitive => ({
  kind: 'ellipsoid',
  center,
  radii,
  blend,
});

/** The joints the dog is built around (left side and mid-line; right legs mirror), facing +Z. */
export const DOG_JOINTS: Record<string, P3> = {
  hips: [0, 0.46, -0.22],
  neck: [0, 0.52, 0.3],
  head: [0, 0.66, 0.42],
  leftFrontUp: [0.09, 0.44, 0.22],
  leftFrontKnee: [0.09, 0.25, 0.19],
  leftFrontFoot: [0.09, 0.07, 0.21],
  leftHindUp: [0.09, 0.44, -0.24],
  leftHindKnee: [0.09, 0.28, -0.16],
  leftHindFoot: [0.09, 0.14, -0.27],
  tailTip: [0, 0.42, -0.62],
  /** The snout's tip (the end of its cone). */
  snout: [0, 0.61, 0.62],
};

/** Where the grazing dog's neck and head are (its snout's tip a little above the floor). */
const GRAZING: Record<string, P3> = { neck: [0, 0.5, 0.3], head: [0, 0.2, 0.5], snout: [0, 0.07, 0.6] };

/** A pose of the dog that hides which end is the head from the ends' heights. */
export type DogPose = 'standing' | 'grazing' | 'tailUp' | 'bushyTail';

function headPrimitives(pose: DogPose): Primitive[] {
  if (pose === 'grazing')
    return [
      cone([0, 0.5, 0.26], [0, 0.22, 0.46], 0.075, 0.06, 0.05), // neck, down and forward
      blob([0, 0.19, 0.5], [0.085, 0.09, 0.09], 0.04), // skull
      cone([0, 0.14, 0.54], [0, 0.07, 0.6], 0.05, 0.035, 0.03), // snout, to the grass
      cone([0.04, 0.25, 0.46], [0.05, 0.31, 0.4], 0.025, 0.01, 0.02), // ear
    ];
  return [
    cone([0, 0.5, 0.26], [0, 0.64, 0.4], 0.075, 0.065, 0.05), // neck
    blob([0, 0.67, 0.44], [0.085, 0.085, 0.1], 0.04), // skull
    cone([0, 0.64, 0.5], [0, 0.61, 0.62], 0.05, 0.035, 0.03), // snout
    cone([0.04, 0.72, 0.41], [0.05, 0.8, 0.4], 0.025, 0.01, 0.02), // ear
  ];
}

function tailPrimitives(pose: DogPose, J: Record<string, P3>): Primitive[] {
  if (pose === 'tailUp') return [cone([0, 0.52, -0.33], [0, 1.15, -0.36], 0.06, 0.03, 0.04)];
  if (pose === 'bushyTail')
    return [
      cone([0, 0.5, -0.32], [0, 0.62, -0.4], 0.035, 0.04, 0.04), // the tail's root
      blob([0, 0.8, -0.42], [0.09, 0.22, 0.11], 0.06), // the brush, standing up
    ];
  return [cone([0, 0.5, -0.32], J.tailTip, 0.04, 0.018, 0.04)];
}

/**
 * What touches the floor besides four apart paws: 'pawsTogether' (front and hind paws each
 * touching their mirror across the mid-plane, legs slanting in), 'pawsTouching' (long flat
 * paws, the front ones set back and the hind ones forward until each side's two meet),
 * 'tailOnFloor' (the tail drooping to lie along the floor behind), 'bellyOnFloor' (a long coat
 * under the trunk down to the floor between the legs).
 */
export type DogStance = 'apart' | 'pawsTogether' | 'pawsTouching' | 'tailOnFloor' | 'bellyOnFloor';

/** The left legs' joints moved for a stance (the right mirrors). */
const STANCE_LEGS: Partial<Record<DogStance, Record<string, P3>>> = {
  pawsTogether: {
    leftFrontKnee: [0.07, 0.25, 0.19],
    leftFrontFoot: [0.04, 0.07, 0.21],
    leftHindKnee: [0.07, 0.28, -0.16],
    leftHindFoot: [0.04, 0.14, -0.27],
  },
  pawsTouching: {
    leftFrontKnee: [0.09, 0.25, 0.16],
    leftFrontFoot: [0.09, 0.07, 0.12],
    leftHindKnee: [0.09, 0.28, -0.1],
    leftHindFoot: [0.09, 0.14, -0.17],
  },
};

/** Paw half-lengths (along z) per stance. */
const PAW_LENGTH: Partial<Record<DogStance, number>> = { pawsTouching: 0.12 };

function stancePrimitives(stance: DogStance): Primitive[] {
  if (stance === 'tailOnFloor')
    return [
      cone([0, 0.5, -0.32], [0, 0.12, -0.46], 0.04, 0.035, 0.04), // the tail, drooping
      cone([0, 0.12, -0.46], [0, 0.035, -0.52], 0.035, 0.035, 0.03),
      cone([0, 0.035, -0.52], [0, 0.035, -0.8], 0.035, 0.03, 0.03), // lying on the floor
    ];
  if (stance === 'bellyOnFloor') return [blob([0, 0.15, 0], [0.08, 0.25, 0.16], 0.06)];
  return [];
}

function dogPrimitives(tail: boolean, J: Record<string, P3>, pose: DogPose, stance: DogStance): Primitive[] {
  const len = PAW_LENGTH[stance] ?? 0.06;
  const paw = (p: P3): Primitive => blob([p[0], 0.03, p[2] + 0.035], [0.04, 0.035, len], 0.03);
  // The hind paw and pastern where the standing dog has them, else under the hock.
  const apart = !STANCE_LEGS[stance];
  const hf = J.leftHindFoot;
  const hindPastern: P3 = apart ? [0.09, 0.03, -0.22] : [hf[0], 0.03, hf[2] + 0.05];
  const hindPaw: P3 = apart ? [0.09, 0, -0.25] : [hf[0], 0, hf[2] + 0.02];
  const ff = J.leftFrontFoot;
  const frontPastern: P3 = apart ? [0.09, 0.03, 0.24] : [ff[0], 0.03, ff[2] + 0.03];
  const out: Primitive[] = [
    blob([0, 0.46, -0.02], [0.14, 0.13, 0.32], 0.06), // trunk
    blob([0, 0.47, 0.18], [0.14, 0.14, 0.15], 0.06), // chest
    blob([0, 0.46, -0.2], [0.13, 0.12, 0.13], 0.06), // rump
    ...headPrimitives(pose),
    // Front leg: upper arm, forearm, pastern, paw.
    cone(J.leftFrontUp, J.leftFrontKnee, 0.05, 0.04),
    cone(J.leftFrontKnee, J.leftFrontFoot, 0.038, 0.03),
    cone(J.leftFrontFoot, frontPastern, 0.03, 0.028),
    paw(J.leftFrontFoot),
    // Hind leg: thigh, shin, hock to paw.
    cone(J.leftHindUp, J.leftHindKnee, 0.06, 0.042),
    cone(J.leftHindKnee, J.leftHindFoot, 0.04, 0.03),
    cone(J.leftHindFoot, hindPastern, 0.03, 0.028),
    paw(hindPaw),
    ...stancePrimitives(stance),
  ];
  if (tail && stance !== 'tailOnFloor') out.push(...tailPrimitives(pose, J));
  return out;
}

/** Options of {@link dogMesh}. */
export interface DogOptions {
  /** Turn about up, radians (0: facing +Z). */
  facing?: number;
  tail?: boolean;
  /** Grid spacing of the mesher (metres): smaller, more vertices. */
  spacing?: number;
  /** Other places for the left hind knee and hock (the right mirrors): a leg bent otherwise. */
  hind?: { knee: P3; hock: P3 };
  /** 'standing' (default), or a pose whose head end does not stand higher (see the module comment). */
  pose?: DogPose;
  /** 'apart' (default), or more on the floor than four apart paws (see {@link DogStance}). */
  stance?: DogStance;
}

function turn(p: readonly number[], a: number): P3 {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c * p[0] + s * p[2], p[1], -s * p[0] + c * p[2]];
}

/** The dog's surface (world) and its joints turned the same way. */
export function dogMesh(options: DogOptions = {}): {
  mesh: FitMesh;
  joints: Record<string, P3>;
  height: number;
} {
  const { facing = 0, tail = true, spacing = 0.02, hind, pose = 'standing', stance = 'apart' } = options;
  let built = hind ? { ...DOG_JOINTS, leftHindKnee: hind.knee, leftHindFoot: hind.hock } : DOG_JOINTS;
  if (pose === 'grazing') built = { ...built, ...GRAZING };
  built = { ...built, ...STANCE_LEGS[stance] };
  const net = meshField(
    compileField(dogPrimitives(tail, built, pose, stance), { floor: 0, floorBlend: 0.005 }),
    spacing,
  );
  const positions = new Float32Array(net.positions.length);
  let top = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const q = turn([net.positions[i], net.positions[i + 1], net.positions[i + 2]], facing);
    positions.set(q, i);
    top = Math.max(top, q[1]);
  }
  const joints: Record<string, P3> = {};
  for (const [k, p] of Object.entries(built)) {
    joints[k] = turn(p, facing);
    if (k.startsWith('left')) joints[`right${k.slice(4)}`] = turn([-p[0], p[1], p[2]], facing);
  }
  return { mesh: { positions, indices: net.indices }, joints, height: top };
}

/** The dog as a static glTF document (one mesh, no skin). */
export function staticDog(options: DogOptions = {}): Document {
  const { mesh } = dogMesh(options);
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document.createAccessor().setType('VEC3').setArray(mesh.positions).setBuffer(buffer);
  const indices = document.createAccessor().setType('SCALAR').setArray(mesh.indices).setBuffer(buffer);
  const prim = document.createPrimitive().setAttribute('POSITION', position).setIndices(indices);
  const node = document.createNode('Dog').setMesh(document.createMesh('Dog').addPrimitive(prim));
  document.createScene('Scene').addChild(node);
  return document;
}
