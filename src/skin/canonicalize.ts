/**
 * canonicalizeVertex: puts one vertex's slots into the editor's canonical layout without
 * changing what it weighs.
 */
import { InfluenceScratch } from './influence-scratch.ts';
import type { SkinWeights } from './skin-weights.ts';

const _s = new InfluenceScratch();

/**
 * Canonicalises vertex `v` in place:
 *
 * 1. duplicate joints are merged (their weights summed in float64, then rounded to float32);
 * 2. slots are sorted strongest first, ties by joint index ascending (so equal weights always
 *    come out in the same order, and two vertices with equal influences have equal slots);
 * 3. unused slots become joint 0 weight 0.
 *
 * Weights that are zero, negative or non-finite count as unused (dropped). The sum is NOT
 * renormalised: merging duplicates keeps the total, but a vertex that did not sum to 1 still
 * does not (use `normalizeVertex`). Returns true when any slot changed. Does not allocate.
 */
export function canonicalizeVertex(sw: SkinWeights, v: number): boolean {
  _s.load(sw, v);
  _s.packSlots(sw.influences);
  return _s.store(sw, v);
}
