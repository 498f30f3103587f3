/**
 * Shaped mannequins: the mannequin's body and skeleton reproportioned and reposed in its distance
 * field, with joints known exactly — test bodies for skeleton fitting on shapes the shared
 * characters do not cover: long or short arms, a big head, wide hips, arms lowered to any angle
 * (down to hands resting on the thighs, where the arm blends into the torso as a sculpt's
 * would), legs apart or together, and a robe hiding the legs.
 *
 * Each body part's primitives and joints go through the same map (a scale, then a turn about
 * the part's root joint), and the field is meshed after: parts that come to touch are one
 * surface, as on a sculpted or scanned character (unlike the A-pose variants, which are skinned).
 */
import { MANNEQUIN_PRIMITIVES } from './body.ts';
import { type MannequinData, mannequinOfField } from './index.ts';
import { compileField, evalField, type Field, type Primitive, type Vec3 } from './sdf.ts';
import { MANNEQUIN_JOINTS, type MannequinJoint } from './skeleton.ts';
import { GIRTH, scaledPrimitive } from './variants.ts';

/** How a shaped mannequin differs from the mannequin (every field optional: the mannequin). */
export interface MannequinShape {
  /** Girth of limbs and torso (head, hands and feet kept). */
  build?: 'thin' | 'average' | 'heavy';
  /** Degrees the arms are lowered from the T-pose at the shoulder (45: A-pose). */
  armDrop?: number;
  /** Length of the arms (from the shoulder joint out), against the mannequin's. */
  armLength?: number;
  /** Size of the head (about the head's joint), against the mannequin's. */
  headScale?: number;
  /** Width of the pelvis and spacing of the legs, against the mannequin's. */
  hipWidth?: number;
  /** Degrees each leg is turned out at the hip (negative: in, toward the other). */
  legSpread?: number;
  /** A robe from the waist to the shins over the body (a separate surface, as clothes are). */
  robe?: boolean;
  /** Degrees the (dropped) arms are then swung forward at the shoulder (90: reaching ahead). */
  armForward?: number;
}

/** The shaped test bodies `bench:rig` and the fitting tests measure, by name. */
export const SHAPED_MANNEQUINS: Readonly<Record<string, MannequinShape>> = {
  'long arms': { armDrop: 30, armLength: 1.3 },
  'short arms': { armDrop: 30, armLength: 0.75 },
  'big head': { armDrop: 45, headScale: 1.8 },
  'wide hips': { hipWidth: 1.35, legSpread: 4 },
  'arms at 60°': { armDrop: 60 },
  'legs apart': { armDrop: 30, legSpread: 12 },
  'legs together': { build: 'heavy', armDrop: 45, legSpread: -3 },
  'hands on thighs': { armDrop: 86 },
  'heavy, arms down': { build: 'heavy', armDrop: 80, headScale: 1.3 },
  robe: { armDrop: 40, robe: true },
  // Lowered and swung ahead, hands in front of the thighs: nothing reaches out beside the chest
  // (a character saved holding something in front of it).
  'arms forward': { armDrop: 45, armForward: 90 },
};

type Part = 'arm' | 'leg' | 'head' | 'torso';

const SHOULDER: Vec3 = [0.19, 1.435, 0];
const HIP: Vec3 = [0.09, 0.93, 0];
const HEAD: Vec3 = [0, 1.6, 0];

/** Which part a left-half primitive belongs to, from where it sits on the mannequin. */
function partOfPrimitive(p: Primitive): Part {
  const c =
    p.kind === 'roundCone' ? [(p.a[0] + p.b[0]) / 2, (p.a[1] + p.b[1]) / 2] : [p.center[0], p.center[1]];
  if (c[0] > 0.175 && c[1] > 1.3) return 'arm';
  if (c[1] < 0.9) return 'leg';
  if (p.kind === 'ellipsoid' && c[1] > 1.6) return 'head';
  return 'torso';
}

function partOfJoint(name: string): Part {
  if (/^(Left|Right)(Arm|ForeArm|Hand)/.test(name)) return 'arm';
  if (/(UpLeg|Leg|Foot|Toe)/.test(name)) return 'leg';
  if (name === 'Head' || name === 'HeadTop_End') return 'head';
  return 'torso';
}

const cone = (a: Vec3, b: Vec3, ra: number, rb: number, blend: number): Primitive => ({
  kind: 'roundCone',
  a,
  b,
  ra,
  rb,
  blend,
});

/**
 * The arm's blobs and slabs as round cones along the arm, so the arm turns as a whole (the
 * field's ellipsoids and boxes are axis-aligned).
 */
function armAsCones(p: Primitive): Primitive {
  if (p.kind === 'roundCone') return p;
  const [x, y, z] = p.center;
  if (p.kind === 'ellipsoid') {
    const half = Math.max(0.005, p.radii[0] - p.radii[1]);
    return cone([x - half, y, z], [x + half, y, z], p.radii[1], 0.95 * p.radii[1], p.blend);
  }
  const r = p.radius + p.half[1];
  const w = Math.max(r, 0.75 * (p.half[2] + p.radius));
  return cone([x - p.half[0], y, z], [x + p.half[0], y, z], w, 0.85 * w, p.blend);
}

/** The map of one part's points (left half): scale, then turn about the part's root. */
function partMap(shape: MannequinShape, part: Part): (p: Vec3) => Vec3 {
  const armLength = shape.armLength ?? 1;
  const drop = ((shape.armDrop ?? 0) * Math.PI) / 180;
  const head = shape.headScale ?? 1;
  const dx = HIP[0] * ((shape.hipWidth ?? 1) - 1);
  const spread = ((shape.legSpread ?? 0) * Math.PI) / 180;
  const forward = ((shape.armForward ?? 0) * Math.PI) / 180;
  if (part === 'arm')
    return (p) => {
      const x = p[0] > SHOULDER[0] ? SHOULDER[0] + armLength * (p[0] - SHOULDER[0]) : p[0];
      return turnY(turnZ([x, p[1], p[2]], SHOULDER, -drop), SHOULDER, -forward);
    };
  if (part === 'leg') return (p) => turnZ([p[0] + dx, p[1], p[2]], [HIP[0] + dx, HIP[1], HIP[2]], spread);
  if (part === 'head')
    return (p) => [
      HEAD[0] + head * (p[0] - HEAD[0]),
      HEAD[1] + head * (p[1] - HEAD[1]),
      HEAD[2] + head * (p[2] - HEAD[2]),
    ];
  return (p) => p;
}

/** `p` turned by `angle` (radians, counter-clockwise seen from the front) about the z-line through `o`. */
function turnZ(p: Vec3, o: Vec3, angle: number): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const x = p[0] - o[0];
  const y = p[1] - o[1];
  return [o[0] + c * x - s * y, o[1] + s * x + c * y, p[2]];
}

/** `p` turned by `angle` (radians, counter-clockwise seen from above) about the y-line through `o`. */
function turnY(p: Vec3, o: Vec3, angle: number): Vec3 {
  if (angle === 0) return p;
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const x = p[0] - o[0];
  const z = p[2] - o[2];
  return [o[0] + c * x + s * z, p[1], o[2] - s * x + c * z];
}

function shapedPrimitive(shape: MannequinShape, p: Primitive): Primitive {
  const part = partOfPrimitive(p);
  const q = part === 'arm' ? armAsCones(p) : p;
  const map = partMap(shape, part);
  const head = part === 'head' ? (shape.headScale ?? 1) : 1;
  if (q.kind === 'roundCone') return { ...q, a: map(q.a), b: map(q.b), ra: q.ra * head, rb: q.rb * head };
  if (q.kind === 'ellipsoid') {
    let radii: Vec3 = [q.radii[0] * head, q.radii[1] * head, q.radii[2] * head];
    // The pelvis widens with the hips.
    if (part === 'torso' && q.center[1] < 1.0 && q.center[1] > 0.94)
      radii = [radii[0] * (shape.hipWidth ?? 1), radii[1], radii[2]];
    const c =
      part === 'torso' && q.center[1] < 0.94
        ? ([q.center[0] * (shape.hipWidth ?? 1), q.center[1], q.center[2]] as Vec3)
        : map(q.center);
    return { ...q, center: c, radii };
  }
  return { ...q, center: map(q.center) };
}

function shapedJoints(shape: MannequinShape): MannequinJoint[] {
  return MANNEQUIN_JOINTS.map((j) => {
    const part = partOfJoint(j.name);
    const map = partMap(shape, part);
    const side = j.position[0] < 0 || (j.position[0] === 0 && j.name.startsWith('Right')) ? -1 : 1;
    const m = (p: Vec3): Vec3 => {
      const q = map([side * p[0], p[1], p[2]]);
      return [side * q[0], q[1], q[2]];
    };
    const s = part === 'head' ? (shape.headScale ?? 1) : 1;
    return {
      ...j,
      position: m(j.position),
      boneStart: m(j.boneStart),
      tail: m(j.tail),
      radii: [j.radii[0] * s, j.radii[1] * s] as const,
    };
  });
}

/** The shaped body's field, cut flat at the floor. */
export function shapedField(shape: MannequinShape): Field {
  const girth = GIRTH[shape.build ?? 'average'];
  const prims = MANNEQUIN_PRIMITIVES.map((p) => shapedPrimitive(shape, scaledPrimitive(p, girth)));
  return compileField(prims, { floor: 0, floorBlend: 0.008 });
}

/** Builds a shaped mannequin (about `targetVertices` vertices; the robe is separate: {@link robeOf}). */
export function buildShapedMannequin(shape: MannequinShape, targetVertices = 8000): MannequinData {
  return mannequinOfField(shapedField(shape), shapedJoints(shape), targetVertices);
}

/**
 * A robe over a shaped body: rings from the waist (y = 1.02) down to the shins (0.2), each point
 * at the body's extent along its ray plus 1.5 cm, or a cone widening from 12 to 30 cm if wider
 * (it hangs free across the gap between the legs). Open at both ends, wound outward.
 */
export function robeOf(
  shape: MannequinShape,
  spacing = 0.02,
): { positions: Float32Array; indices: Uint32Array } {
  const field = shapedField({ ...shape, armDrop: 0 });
  const top = 1.02;
  const hem = 0.2;
  const r0 = 0.12;
  const r1 = 0.3;
  const segments = Math.max(12, Math.ceil((2 * Math.PI * r1) / spacing));
  const rings = Math.max(2, Math.ceil((top - hem) / spacing) + 1);
  const positions = new Float32Array(segments * rings * 3);
  for (let r = 0; r < rings; r++) {
    const y = top + ((hem - top) * r) / (rings - 1);
    const flare = r0 + ((r1 - r0) * r) / (rings - 1);
    for (let s = 0; s < segments; s++) {
      const a = (2 * Math.PI * s) / segments;
      const dx = Math.sin(a);
      const dz = Math.cos(a);
      let reach = 0;
      for (let d = 0.6; d > 0; d -= 0.004)
        if (evalField(field, dx * d, y, dz * d) <= 0) {
          reach = d;
          break;
        }
      const radius = Math.max(reach + 0.015, flare);
      const i = (r * segments + s) * 3;
      positions[i] = dx * radius;
      positions[i + 1] = y;
      positions[i + 2] = dz * radius;
    }
  }
  const indices = new Uint32Array((rings - 1) * segments * 6);
  let k = 0;
  for (let r = 0; r + 1 < rings; r++)
    for (let s = 0; s < segments; s++) {
      const a = r * segments + s;
      const b = r * segments + ((s + 1) % segments);
      indices.set([a, a + segments, b, b, a + segments, b + segments], k);
      k += 6;
    }
  return { positions, indices };
}
