/**
 * Blend functions: how a brush combines a vertex's weight `w` with the paint weight `p` at
 * strength `a` (brush strength × falloff × pressure). One line each, as Blender's `wval_*`.
 * Results are not clamped here: {@link blendWeight} clamps to [0, 1].
 */

/** Mix (Blender "Mix", our Draw): move toward `p` by `a` (a ≥ 1 lands on `p`). */
export const blendMix = (w: number, p: number, a: number): number => {
  const t = Math.min(a, 1);
  return p * t + w * (1 - t);
};
/** Add `p·a`. */
export const blendAdd = (w: number, p: number, a: number): number => w + p * a;
/** Subtract `p·a`. */
export const blendSubtract = (w: number, p: number, a: number): number => w - p * a;
/** Multiply by a factor that goes from 1 (a = 0) to `p` (a = 1). */
export const blendMultiply = (w: number, p: number, a: number): number => (1 - a + a * p) * w;
/** Mix toward `p`, only where that raises the weight. */
export const blendLighten = (w: number, p: number, a: number): number => (w < p ? blendMix(w, p, a) : w);
/** Mix toward `p`, only where that lowers the weight. */
export const blendDarken = (w: number, p: number, a: number): number => (w > p ? blendMix(w, p, a) : w);

/** Names of the blend modes. */
export type BlendMode = 'mix' | 'add' | 'subtract' | 'multiply' | 'lighten' | 'darken';

/** Mode ids for hot loops (a switch on a small int, no string compares per vertex). */
export const BLEND_IDS: Record<BlendMode, number> = {
  mix: 0,
  add: 1,
  subtract: 2,
  multiply: 3,
  lighten: 4,
  darken: 5,
};

/** Blends with mode id `mode` (see {@link BLEND_IDS}) and clamps to [0, 1]. */
export function blendWeight(mode: number, w: number, p: number, a: number): number {
  let x: number;
  switch (mode) {
    case 0:
      x = blendMix(w, p, a);
      break;
    case 1:
      x = blendAdd(w, p, a);
      break;
    case 2:
      x = blendSubtract(w, p, a);
      break;
    case 3:
      x = blendMultiply(w, p, a);
      break;
    case 4:
      x = blendLighten(w, p, a);
      break;
    default:
      x = blendDarken(w, p, a);
  }
  return x < 0 ? 0 : Math.min(x, 1);
}
