/**
 * Which nodes a dab touches, and how strongly: the sphere query, "front faces only",
 * "connected surface only", the falloff curve, and the mirrored set. Everything lands in
 * preallocated arrays sized to the surface (a {@link DabHits} per role and one
 * {@link HitScratch}), so a dab never allocates.
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';
import { FALLOFF_IDS, falloff, falloffSmooth } from './falloff.ts';

/** The nodes a dab touches with their falloff (0 < falloff ≤ 1). */
export class DabHits {
  count = 0;
  readonly nodes: Uint32Array;
  readonly dist2: Float32Array;
  readonly falloff: Float32Array;
  constructor(capacity: number) {
    this.nodes = new Uint32Array(capacity);
    this.dist2 = new Float32Array(capacity);
    this.falloff = new Float32Array(capacity);
  }
}

/** Per-surface work arrays shared by the gathering steps. */
export class HitScratch {
  readonly stamp: Uint32Array;
  readonly slot: Int32Array;
  readonly queue: Uint32Array;
  /** A per-node value cache (valid where `stamp` holds the caller's mark). */
  readonly value: Float32Array;
  private epoch = 0;
  constructor(capacity: number) {
    this.stamp = new Uint32Array(capacity);
    this.slot = new Int32Array(capacity);
    this.queue = new Uint32Array(capacity);
    this.value = new Float32Array(capacity);
  }
  /** A fresh stamp value (never 0, so a zeroed array means "unmarked"). */
  next(): number {
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    return this.epoch;
  }
}

/** Where and how a dab lands. */
export interface DabShape {
  x: number;
  y: number;
  z: number;
  radius: number;
  /** Falloff curve id (see FALLOFF_IDS). */
  curve: number;
  /** View direction (camera → scene) for front-faces-only; all zero to paint through. */
  viewX: number;
  viewY: number;
  viewZ: number;
  /** Keep only the nodes connected to the centre through nodes inside the sphere. */
  connectedOnly: boolean;
  /** Part the pointer is over (the connected region starts there when it has a hit), or -1. */
  part: number;
}

/** Fills `out` with the nodes under the dab; returns the count. */
export function gatherDab(surface: SkinSurface, shape: DabShape, out: DabHits, scratch: HitScratch): number {
  const { x, y, z, radius } = shape;
  let n = surface.grid.querySphere(x, y, z, radius, out.nodes, out.dist2);
  const { nodes, dist2 } = out;

  // Front faces only: drop nodes whose normal points away from the viewer.
  const vx = shape.viewX;
  const vy = shape.viewY;
  const vz = shape.viewZ;
  if (vx !== 0 || vy !== 0 || vz !== 0) {
    const N = surface.normals;
    let m = 0;
    for (let k = 0; k < n; k++) {
      const g = nodes[k];
      if (N[g * 3] * vx + N[g * 3 + 1] * vy + N[g * 3 + 2] * vz <= 0) {
        nodes[m] = g;
        dist2[m] = dist2[k];
        m++;
      }
    }
    n = m;
  }

  if (shape.connectedOnly && n > 0) n = keepConnected(surface, shape.part, out, n, scratch);

  // Falloff; nodes at zero strength are dropped so they stay bit-for-bit untouched.
  const m = radius > 0 ? applyFalloff(out, n, shape.curve, 1 / radius) : keepAll(out, n);
  out.count = m;
  return m;
}

/** Falloff of each hit at distance / radius (`inv` = 1 / radius); drops the zeros. */
function applyFalloff(out: DabHits, n: number, curve: number, inv: number): number {
  const { nodes, dist2, falloff: f } = out;
  let m = 0;
  if (curve === FALLOFF_IDS.smooth) {
    // The default curve, with falloff()'s arithmetic inline (no per-node switch).
    for (let k = 0; k < n; k++) {
      const t = Math.sqrt(dist2[k]) * inv;
      if (!(t <= 1)) continue;
      const w = falloffSmooth(t);
      if (w > 0) {
        nodes[m] = nodes[k];
        dist2[m] = dist2[k];
        f[m] = w;
        m++;
      }
    }
    return m;
  }
  for (let k = 0; k < n; k++) {
    const w = falloff(curve, Math.sqrt(dist2[k]) * inv);
    if (w > 0) {
      nodes[m] = nodes[k];
      dist2[m] = dist2[k];
      f[m] = w;
      m++;
    }
  }
  return m;
}

/** A dab of radius 0 (only exact hits): full strength. */
function keepAll(out: DabHits, n: number): number {
  out.falloff.fill(1, 0, n);
  return n;
}

/** Flood fill over the adjacency from the node nearest the centre, through hit nodes only. */
function keepConnected(
  surface: SkinSurface,
  part: number,
  out: DabHits,
  n: number,
  scratch: HitScratch,
): number {
  const { nodes, dist2 } = out;
  const { stamp, queue } = scratch;
  const { start, neighbors } = surface.adjacency;
  let seed = -1;
  let seedOnPart = false;
  for (let k = 0; k < n; k++) {
    const onPart = surface.nodePart[nodes[k]] === part;
    if (seed < 0 || (onPart && !seedOnPart) || (onPart === seedOnPart && dist2[k] < dist2[seed])) {
      seed = k;
      seedOnPart = onPart;
    }
  }
  const hit = scratch.next();
  for (let k = 0; k < n; k++) stamp[nodes[k]] = hit;
  const seen = scratch.next();
  let head = 0;
  let tail = 0;
  stamp[nodes[seed]] = seen;
  queue[tail++] = nodes[seed];
  while (head < tail) {
    const g = queue[head++];
    for (let e = start[g]; e < start[g + 1]; e++) {
      const h = neighbors[e];
      if (stamp[h] === hit) {
        stamp[h] = seen;
        queue[tail++] = h;
      }
    }
  }
  let m = 0;
  for (let k = 0; k < n; k++) {
    if (stamp[nodes[k]] === seen) {
      nodes[m] = nodes[k];
      dist2[m] = dist2[k];
      m++;
    }
  }
  return m;
}

/**
 * The mirrored hits: each hit node's mirror partner with the same falloff (nodes without a
 * partner are skipped; a partner reached twice keeps the stronger falloff). With `merge`, the
 * result is the union of `hits` and their mirrors (for a joint that mirrors to itself, so a node
 * is painted once).
 */
export function mirrorHits(
  hits: DabHits,
  partner: Int32Array,
  out: DabHits,
  scratch: HitScratch,
  merge: boolean,
): number {
  const { stamp, slot } = scratch;
  const mark = scratch.next();
  let m = 0;
  if (merge) {
    for (let k = 0; k < hits.count; k++) {
      const g = hits.nodes[k];
      stamp[g] = mark;
      slot[g] = m;
      out.nodes[m] = g;
      out.dist2[m] = hits.dist2[k];
      out.falloff[m] = hits.falloff[k];
      m++;
    }
  }
  for (let k = 0; k < hits.count; k++) {
    const g = partner[hits.nodes[k]];
    if (g < 0) continue;
    const f = hits.falloff[k];
    if (stamp[g] === mark) {
      const s = slot[g];
      if (f > out.falloff[s]) {
        out.falloff[s] = f;
        out.dist2[s] = hits.dist2[k];
      }
      continue;
    }
    stamp[g] = mark;
    slot[g] = m;
    out.nodes[m] = g;
    out.dist2[m] = hits.dist2[k];
    out.falloff[m] = f;
    m++;
  }
  out.count = m;
  return m;
}

/**
 * Drops, in place, the hits whose node is not set in `mask` (the vertex selection masking the
 * brush): they stay bit-for-bit untouched. Keeps the order of the rest; returns the new count.
 */
export function keepMasked(hits: DabHits, mask: Uint8Array): number {
  const { nodes, dist2, falloff } = hits;
  let m = 0;
  for (let k = 0; k < hits.count; k++) {
    const g = nodes[k];
    if (mask[g] === 0) continue;
    nodes[m] = g;
    dist2[m] = dist2[k];
    falloff[m] = falloff[k];
    m++;
  }
  hits.count = m;
  return m;
}
