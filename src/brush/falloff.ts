/**
 * Falloff curves: brush strength by distance from the dab centre, `t` = distance / radius in
 * [0, 1] → [0, 1] (Blender's curve presets). Tiny pure functions.
 */

/** Names of the falloff curves. */
export type FalloffCurve = 'smooth' | 'sphere' | 'linear' | 'sharp' | 'constant';

/** Smoothstep from 1 at the centre to 0 at the rim (Blender's default "Smooth"). */
export const falloffSmooth = (t: number): number => {
  const p = 1 - t;
  return 3 * p * p - 2 * p * p * p;
};
/** A hemisphere profile: flat top, steep rim. */
export const falloffSphere = (t: number): number => Math.sqrt(Math.max(0, 1 - t * t));
/** Straight ramp. */
export const falloffLinear = (t: number): number => 1 - t;
/** Quadratic: a pointed centre. */
export const falloffSharp = (t: number): number => (1 - t) * (1 - t);
/** Full strength up to the rim. */
export const falloffConstant = (_t: number): number => 1;

/** Curve ids for hot loops. */
export const FALLOFF_IDS: Record<FalloffCurve, number> = {
  smooth: 0,
  sphere: 1,
  linear: 2,
  sharp: 3,
  constant: 4,
};

/** Falloff of curve id `curve` at `t` (clamped to [0, 1]; 0 beyond the rim). */
export function falloff(curve: number, t: number): number {
  if (!(t <= 1)) return 0;
  if (t < 0) t = 0;
  switch (curve) {
    case 0:
      return falloffSmooth(t);
    case 1:
      return falloffSphere(t);
    case 2:
      return falloffLinear(t);
    case 3:
      return falloffSharp(t);
    default:
      return 1;
  }
}
