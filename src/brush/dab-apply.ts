/**
 * Dab application: what each brush does to the nodes a dab touches. Every write goes through
 * the WeightWriter (lock-aware renormalisation, welded copies, history capture). No allocation:
 * targets live in a surface-sized scratch array.
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';
import { blendAdd, blendDarken, blendLighten, blendMix, blendMultiply, blendSubtract } from './blend.ts';
import type { DabHits, HitScratch } from './dab-hits.ts';
import type { WeightWriter } from './weight-writer.ts';

/**
 * Per-stroke state for "accumulate off" (Blender): a node's first weight in the stroke and the
 * strongest alpha any dab gave it so far. Its weight is blended from that first weight with
 * that alpha, so going over the same spot again within one stroke adds nothing.
 */
export class AccumState {
  readonly stamp: Uint32Array;
  readonly orig: Float32Array;
  readonly alpha: Float32Array;
  private epoch = 1;
  constructor(capacity: number) {
    this.stamp = new Uint32Array(capacity);
    this.orig = new Float32Array(capacity);
    this.alpha = new Float32Array(capacity);
  }
  /** Forgets every node (a new stroke). */
  reset(): void {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
  }
  get current(): number {
    return this.epoch;
  }
}

/**
 * Draw / Add / Subtract (and the other blend modes): blends each node's weight of `joint` toward
 * `paint` with alpha `strength × falloff`. With `accum` (accumulate off), blends from the
 * stroke's first weight with the strongest alpha seen. Returns the nodes changed.
 *
 * The mode switch of blendWeight is spelled out in the loop over the one-line blend functions:
 * once this loop is inlined into the Painter's dab, V8 has no inlining budget left for
 * blendWeight, and a call that is not inlined boxes its float arguments and result (four heap
 * numbers per vertex: a scavenge every few dabs). Functions as small as the blends are inlined
 * regardless of that budget.
 */
export function applyBlendDab(
  writer: WeightWriter,
  hits: DabHits,
  joint: number,
  mode: number,
  paint: number,
  strength: number,
  accum: AccumState | null,
): number {
  let changed = 0;
  const { nodes, falloff } = hits;
  const epoch = accum ? accum.current : 0;
  for (let k = 0; k < hits.count; k++) {
    const g = nodes[k];
    const a = strength * falloff[k];
    const now = writer.nodeWeight(g, joint);
    let w = now;
    if (accum) {
      if (accum.stamp[g] !== epoch) {
        accum.stamp[g] = epoch;
        accum.orig[g] = now;
        accum.alpha[g] = 0;
      }
      if (!(a > accum.alpha[g])) continue;
      accum.alpha[g] = a;
      w = accum.orig[g];
    }
    // blendWeight, spelled out (see above).
    let x: number;
    if (mode === 0) x = blendMix(w, paint, a);
    else if (mode === 1) x = blendAdd(w, paint, a);
    else if (mode === 2) x = blendSubtract(w, paint, a);
    else if (mode === 3) x = blendMultiply(w, paint, a);
    else if (mode === 4) x = blendLighten(w, paint, a);
    else x = blendDarken(w, paint, a);
    x = clamp01(x);
    // Skip nodes the blend leaves where they are: no capture, no renormalisation (a layer still
    // comes to cover them: the brush went over them).
    if (Math.fround(x) === now) {
      if (a > 0) writer.touchNode(g);
      continue;
    }
    if (writer.setNodeWeight(g, joint, x)) changed++;
  }
  return changed;
}

/**
 * Smooth (blur): mixes each node's weight toward the mean of itself and its welded surface
 * neighbours (all read before any write, so the result does not depend on visiting order).
 * Each node's weight is read once into the scratch cache: a node is the neighbour of ~6 others.
 */
export function applySmoothDab(
  writer: WeightWriter,
  surface: SkinSurface,
  hits: DabHits,
  joint: number,
  strength: number,
  targets: Float32Array,
  scratch: HitScratch,
): number {
  const { start, neighbors } = surface.adjacency;
  const { nodes, falloff } = hits;
  const { stamp, value } = scratch;
  const mark = scratch.next();
  for (let k = 0; k < hits.count; k++) {
    const g = nodes[k];
    let sum = 0;
    const e0 = start[g];
    const e1 = start[g + 1];
    for (let e = e0 - 1; e < e1; e++) {
      const h = e < e0 ? g : neighbors[e];
      if (stamp[h] !== mark) {
        stamp[h] = mark;
        value[h] = writer.nodeWeight(h, joint);
      }
      sum += value[h];
    }
    targets[k] = sum / (e1 - e0 + 1);
  }
  let changed = 0;
  for (let k = 0; k < hits.count; k++) {
    const g = nodes[k];
    const w = value[g];
    const a = strength * falloff[k];
    const x = clamp01(blendMix(w, targets[k], a));
    if (Math.fround(x) === w) {
      if (a > 0) writer.touchNode(g);
      continue;
    }
    if (writer.setNodeWeight(g, joint, x)) changed++;
  }
  return changed;
}

/**
 * Smear: drags weights along the stroke. Each node takes (mixed by alpha) the weight of the
 * neighbour right behind it — the one whose direction to the node best matches the stroke
 * direction (dx, dy, dz), as Blender's smear. Nodes with no neighbour behind are left alone.
 */
export function applySmearDab(
  writer: WeightWriter,
  surface: SkinSurface,
  hits: DabHits,
  joint: number,
  strength: number,
  dx: number,
  dy: number,
  dz: number,
  targets: Float32Array,
): number {
  const { start, neighbors } = surface.adjacency;
  const P = surface.positions;
  const { nodes, falloff } = hits;
  for (let k = 0; k < hits.count; k++) {
    const g = nodes[k];
    let best = 0;
    let from = -1;
    for (let e = start[g]; e < start[g + 1]; e++) {
      const h = neighbors[e];
      const ex = P[g * 3] - P[h * 3];
      const ey = P[g * 3 + 1] - P[h * 3 + 1];
      const ez = P[g * 3 + 2] - P[h * 3 + 2];
      const len = Math.sqrt(ex * ex + ey * ey + ez * ez);
      if (!(len > 0)) continue;
      const dot = (ex * dx + ey * dy + ez * dz) / len;
      if (dot > best) {
        best = dot;
        from = h;
      }
    }
    targets[k] = from < 0 ? Number.NaN : writer.nodeWeight(from, joint);
  }
  let changed = 0;
  for (let k = 0; k < hits.count; k++) {
    const t = targets[k];
    if (Number.isNaN(t)) continue; // nothing behind this node
    const g = nodes[k];
    const w = writer.nodeWeight(g, joint);
    const a = strength * falloff[k];
    const x = clamp01(blendMix(w, t, a));
    if (Math.fround(x) === w) {
      if (a > 0) writer.touchNode(g);
      continue;
    }
    if (writer.setNodeWeight(g, joint, x)) changed++;
  }
  return changed;
}

function clamp01(x: number): number {
  return x < 0 ? 0 : Math.min(x, 1);
}
