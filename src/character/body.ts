/**
 * The mannequin's shape: the primitives of its distance field. Only the centre and the left half
 * (+X) are listed, since the field is evaluated at |x|. Dimensions in metres, about 1.8 m tall,
 * T-pose, palms down, feet flat on y = 0, facing +Z.
 */
import { compileField, type Field, type Primitive, type Vec3 } from './sdf.ts';
import { LEFT_FINGERS } from './skeleton.ts';

const cone = (a: Vec3, b: Vec3, ra: number, rb: number, blend: number): Primitive => ({
  kind: 'roundCone',
  a,
  b,
  ra,
  rb,
  blend,
});
const blob = (center: Vec3, radii: Vec3, blend: number): Primitive => ({
  kind: 'ellipsoid',
  center,
  radii,
  blend,
});
const slab = (center: Vec3, half: Vec3, radius: number, blend: number): Primitive => ({
  kind: 'roundBox',
  center,
  half,
  radius,
  blend,
});

// The default hand's mitten (the four fingers as one slab) and thumb: the fingered hand
// replaces them.
const MITTEN = slab([0.855, 1.432, 0], [0.035, 0.002, 0.025], 0.011, 0.015);
const THUMB = cone([0.74, 1.43, 0.03], [0.8, 1.425, 0.07], 0.014, 0.011, 0.015);

/** The body's primitives in blend order (large parts first, so far-away small ones are skipped). */
export const MANNEQUIN_PRIMITIVES: readonly Primitive[] = [
  // Torso: chest, belly, pelvis and glutes as soft ellipsoids.
  blob([0, 1.33, -0.005], [0.165, 0.15, 0.105], 0.05),
  blob([0, 1.15, 0], [0.135, 0.13, 0.095], 0.08),
  blob([0, 0.97, -0.005], [0.16, 0.11, 0.11], 0.07),
  blob([0.07, 0.93, -0.055], [0.08, 0.085, 0.07], 0.05),
  // Neck and head, with a jaw and a nose so the front reads at a glance.
  cone([0, 1.44, -0.01], [0, 1.62, 0], 0.058, 0.05, 0.04),
  blob([0, 1.685, 0.01], [0.082, 0.112, 0.098], 0.03),
  blob([0, 1.625, 0.035], [0.062, 0.05, 0.065], 0.03),
  blob([0, 1.672, 0.1], [0.013, 0.024, 0.02], 0.02),
  // Left arm: trapezius to the shoulder, deltoid, upper arm, forearm, palm, fingers, thumb.
  // (Starts on the mid-plane: a left part that crossed it would crease the surface there.)
  cone([0, 1.45, -0.01], [0.17, 1.44, -0.005], 0.06, 0.058, 0.05),
  blob([0.2, 1.435, 0], [0.07, 0.062, 0.062], 0.03),
  cone([0.19, 1.435, 0], [0.455, 1.435, 0], 0.052, 0.04, 0.03),
  cone([0.455, 1.435, 0], [0.705, 1.435, 0], 0.042, 0.03, 0.025),
  blob([0.53, 1.435, 0], [0.08, 0.045, 0.045], 0.03),
  slab([0.765, 1.435, 0], [0.035, 0.006, 0.026], 0.014, 0.02),
  MITTEN,
  THUMB,
  // Left leg: thigh, knee, shin, calf, heel, forefoot, toes.
  cone([0.09, 0.93, 0], [0.095, 0.5, 0.005], 0.085, 0.055, 0.06),
  blob([0.095, 0.5, 0.01], [0.052, 0.055, 0.052], 0.03),
  cone([0.095, 0.5, 0.005], [0.095, 0.095, -0.015], 0.05, 0.034, 0.03),
  blob([0.095, 0.37, -0.02], [0.05, 0.1, 0.05], 0.04),
  cone([0.095, 0.045, -0.04], [0.1, 0.035, 0.07], 0.045, 0.035, 0.04),
  slab([0.1, 0.028, 0.085], [0.02, 0, 0.035], 0.028, 0.04),
  slab([0.1, 0.018, 0.16], [0.024, 0, 0.012], 0.018, 0.035),
];

/**
 * The fingered mannequin: the same body with five separate fingers per hand, each a thin capsule
 * down its bones. A small blend joins them to the palm without webbing them together far out.
 */
export const FINGERED_MANNEQUIN_PRIMITIVES: readonly Primitive[] = MANNEQUIN_PRIMITIVES.flatMap((p) =>
  p === MITTEN
    ? LEFT_FINGERS.map((f) => cone(f.knuckle, f.tip, f.radii[0], f.radii[1], 0.006))
    : p === THUMB
      ? []
      : [p],
);

const cached = new Map<boolean, Field>();

/** The compiled mannequin field (built once), cut flat at the floor; `fingers`: the fingered one. */
export function mannequinField(fingers = false): Field {
  let field = cached.get(fingers);
  if (!field) {
    const prims = fingers ? FINGERED_MANNEQUIN_PRIMITIVES : MANNEQUIN_PRIMITIVES;
    field = compileField(prims, { floor: 0, floorBlend: 0.008 });
    cached.set(fingers, field);
  }
  return field;
}
