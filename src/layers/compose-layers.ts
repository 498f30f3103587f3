/**
 * composeLayers: the weights the viewport shows and export writes, from a base and the layers
 * above it (bottom to top). Each layer replaces what is below it by mask × opacity:
 *   w = (1 − a) · below + a · layer,
 * then the invariants of DESIGN.md are enforced (K strongest, sum 1 as the validator sums it).
 *
 * Exactness, so painting on a layer is painting flat where the layer covers fully: a vertex no
 * layer covers is the base's slots bit for bit; a vertex whose topmost covering layer covers it
 * fully (a = 1) is that layer's slots bit for bit. Only partial covers blend. Per vertex, so a
 * dab recomposes just the vertices it touched.
 */
import { InfluenceScratch } from '../skin/influence-scratch.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { coverage, type WeightLayer } from './weight-layer.ts';

const _s = new InfluenceScratch();

function copySlots(from: SkinWeights, out: SkinWeights, v: number): void {
  const K = out.influences;
  const k = from.influences;
  for (let i = 0; i < K; i++) {
    out.joints[v * K + i] = i < k ? from.joints[v * k + i] : 0;
    out.weights[v * K + i] = i < k ? from.weights[v * k + i] : 0;
  }
}

function addScaled(from: SkinWeights, v: number, a: number): void {
  const k = from.influences;
  for (let i = v * k; i < (v + 1) * k; i++) {
    const w = from.weights[i];
    if (w > 0) _s.add(from.joints[i], a * w);
  }
}

/** A layer that has weights at vertex v (an untouched vertex of a layer holds none). */
function hasWeights(sw: SkinWeights, v: number): boolean {
  return sw.weights[v * sw.influences] > 0;
}

/**
 * Writes the composed weights of vertices [start, end) into `out` (same vertex count and K as
 * `base`). Layers with no weights at a vertex do not cover it, whatever their mask. `locked`
 * (per skin joint) keeps locked joints' weights where blending must drop an influence.
 */
export function composeLayers(
  base: SkinWeights,
  layers: readonly WeightLayer[],
  out: SkinWeights,
  start = 0,
  end = base.vertexCount,
  locked: Uint8Array | null = null,
): void {
  const K = out.influences;
  const n = layers.length;
  for (let v = start; v < end; v++) {
    // The topmost full cover hides everything below it: start there. (coverage() inlined: this
    // runs per vertex over 300k vertices when a layer is shown or hidden.)
    let from = -1;
    let partial = false;
    for (let l = n - 1; l >= 0; l--) {
      const layer = layers[l];
      if (!layer.visible) continue;
      const a = layer.mask[v] * layer.opacity;
      if (!(a > 0) || !hasWeights(layer.weights, v)) continue;
      if (a >= 1) {
        from = l;
        break;
      }
      partial = true;
    }
    if (!partial) {
      copySlots(from < 0 ? base : layers[from].weights, out, v);
      continue;
    }
    _s.clear();
    addScaled(from < 0 ? base : layers[from].weights, v, 1);
    for (let l = from + 1; l < n; l++) {
      const layer = layers[l];
      const a = coverage(layer, v);
      if (a <= 0 || !hasWeights(layer.weights, v)) continue;
      for (let i = 0; i < _s.count; i++) _s.weights[i] *= 1 - a;
      addScaled(layer.weights, v, a);
    }
    // Locked joints keep their blended weight (the layers agree on it where they were painted
    // with the lock); what the K limit drops is shared among the unlocked ones.
    _s.keepStrongest(K, locked);
    const lockedSum = locked ? _s.lockedSum(locked) : 0;
    const free = _s.unlockedSum(locked);
    if (lockedSum > 0 && lockedSum < 1 && free > 0) _s.scaleUnlocked(locked, (1 - lockedSum) / free);
    else {
      let sum = 0;
      for (let i = 0; i < _s.count; i++) sum += _s.weights[i];
      if (sum > 0) for (let i = 0; i < _s.count; i++) _s.weights[i] /= sum;
    }
    if (!_s.pack(K, locked)) {
      copySlots(base, out, v);
      continue;
    }
    _s.store(out, v);
  }
}
