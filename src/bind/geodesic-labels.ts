/**
 * geodesicLabels: for every solid voxel, the `labelsPerVoxel` nearest bone segments by
 * geodesic distance through the solid, in one multi-source pass.
 *
 * A label-setting Dijkstra over the 26-neighbourhood (steps 1, √2, √3 voxels) where each voxel
 * keeps its L best (label, distance) pairs instead of one. This is exact for the top L: if
 * label l is dropped at voxel m because L labels are closer there, any path of l through m
 * reaches a later voxel n no sooner than those L labels do, so l is not in n's top L either.
 * The priority queue is a ring of unit-width buckets (Dial's algorithm): every step is ≥ 1
 * voxel, so relaxing an entry of bucket b only reaches buckets b+1 and b+2, and entries within
 * a bucket need no order. A label stops spreading where it is `cutoffRatio` times farther than
 * the voxel's nearest label (plus `cutoffMargin`): its weight there would be negligible, and
 * that keeps each bone's wave local, so the cost follows solid voxels × a few labels, not
 * solid voxels × bones.
 *
 * Seeds: the solid voxels within one voxel of a segment, at their exact distance to it. A
 * segment that passes through no solid voxel (a joint outside the mesh) is seeded at the solid
 * voxels nearest to it, at their straight-line distance.
 */
import { segmentDistanceSquared } from './bone-segments.ts';
import type { VoxelGrid } from './voxel-grid.ts';

/** Options of {@link geodesicLabels}. */
export interface GeodesicLabelsOptions {
  /** Labels kept per voxel (≥ the influences wanted per vertex). */
  labelsPerVoxel?: number;
  /** A label stops spreading beyond this multiple of the voxel's nearest distance… */
  cutoffRatio?: number;
  /** …plus this many voxels. */
  cutoffMargin?: number;
  /** Called with the fraction of the work done (roughly), at most every ~10 ms of work. */
  onProgress?: ((fraction: number) => void) | null;
  /** Checked between buckets; when set, the pass throws an AbortError. */
  signal?: { readonly aborted: boolean } | null;
}

/** Defaults of {@link GeodesicLabelsOptions}. */
export const GEODESIC_LABELS_DEFAULTS: Required<GeodesicLabelsOptions> = {
  labelsPerVoxel: 6,
  cutoffRatio: 1.5,
  cutoffMargin: 2,
  onProgress: null,
  signal: null,
};

/** Per solid voxel, `L` (label, distance) pairs; empty slots have label 0xffff, distance ∞. */
export interface LabelField {
  L: number;
  labels: Uint16Array;
  dist: Float32Array;
}

/** Label value of an empty slot. */
export const NO_LABEL = 0xffff;

/** A growable bucket of queue entries (voxel, label, distance). */
class Bucket {
  voxel: Int32Array;
  label: Uint16Array;
  dist: Float32Array;
  count = 0;

  /** Starts small (it doubles as it fills): a tiny mesh should not pay for a big one's queue. */
  constructor(capacity = 64) {
    this.voxel = new Int32Array(capacity);
    this.label = new Uint16Array(capacity);
    this.dist = new Float32Array(capacity);
  }

  push(v: number, l: number, d: number): void {
    if (this.count === this.voxel.length) {
      const size = this.count * 2;
      const voxel = new Int32Array(size);
      const label = new Uint16Array(size);
      const dist = new Float32Array(size);
      voxel.set(this.voxel);
      label.set(this.label);
      dist.set(this.dist);
      this.voxel = voxel;
      this.label = label;
      this.dist = dist;
    }
    this.voxel[this.count] = v;
    this.label[this.count] = l;
    this.dist[this.count] = d;
    this.count++;
  }
}

/** {@link offer}'s answers: not kept; kept, and worth spreading from; kept, but cut off there. */
const REJECTED = 0;
const KEPT = 1;
const KEPT_CUT = 2;

/**
 * Offers (l, d) to voxel v's label list. Replaces the worst entry when l is not listed and d
 * beats it. A list fills from its first slot on (an empty slot's ∞ is the first worst) and never
 * empties a slot, so the listed labels are a prefix and the first empty slot ends the search: l
 * goes there. Says KEPT_CUT when the kept entry is already past the cutoff against the entries
 * seen on the way (at least as far as the list's nearest, which only gets nearer): it would be
 * dropped when popped, so it need not be queued.
 */
function offer(
  labels: Uint16Array,
  dist: Float32Array,
  L: number,
  v: number,
  l: number,
  d: number,
  ratio: number,
  margin: number,
): number {
  const base = v * L;
  let worst = base;
  let worstD = -1;
  let nearest = d;
  for (let i = base; i < base + L; i++) {
    const li = labels[i];
    if (li === NO_LABEL) {
      labels[i] = l;
      dist[i] = d;
      return d > nearest * ratio + margin ? KEPT_CUT : KEPT;
    }
    const di = dist[i];
    if (li === l) {
      if (d < di) {
        dist[i] = d;
        return d > nearest * ratio + margin ? KEPT_CUT : KEPT;
      }
      return REJECTED;
    }
    if (di < nearest) nearest = di;
    if (di > worstD) {
      worstD = di;
      worst = i;
    }
  }
  if (d < worstD) {
    labels[worst] = l;
    dist[worst] = d;
    return d > nearest * ratio + margin ? KEPT_CUT : KEPT;
  }
  return REJECTED;
}

/** Makes an AbortError (DOMException where available) for a cancelled bind. */
export function abortError(): Error {
  const err = new Error('auto-bind cancelled');
  err.name = 'AbortError';
  return err;
}

/**
 * Seeds every segment (grid-space `ends`) into the label field and the seed list. Returns the
 * seed entries (voxel, label, distance) sorted by distance.
 */
function seedSegments(grid: VoxelGrid, ends: Float64Array, count: number, field: LabelField): Bucket {
  const seeds = new Bucket();
  const { labels, dist, L } = field;
  for (let s = 0; s < count; s++) {
    const o = s * 6;
    const len = Math.hypot(ends[o + 3] - ends[o], ends[o + 4] - ends[o + 1], ends[o + 5] - ends[o + 2]);
    const steps = Math.max(1, Math.ceil(len * 2));
    let seeded = false;
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      const cx = Math.floor(ends[o] + (ends[o + 3] - ends[o]) * t);
      const cy = Math.floor(ends[o + 1] + (ends[o + 4] - ends[o + 1]) * t);
      const cz = Math.floor(ends[o + 2] + (ends[o + 5] - ends[o + 2]) * t);
      for (let z = cz - 1; z <= cz + 1; z++) {
        for (let y = cy - 1; y <= cy + 1; y++) {
          for (let x = cx - 1; x <= cx + 1; x++) {
            if (x < 0 || y < 0 || z < 0 || x >= grid.nx || y >= grid.ny || z >= grid.nz) continue;
            const v = grid.solidIndex(grid.cell(x, y, z));
            if (v < 0) continue;
            const d2 = segmentDistanceSquared(ends, s, x + 0.5, y + 0.5, z + 0.5);
            if (d2 > 1) continue;
            seeded = true;
            const d = Math.fround(Math.sqrt(d2));
            if (offer(labels, dist, L, v, s, d, Number.POSITIVE_INFINITY, 0)) seeds.push(v, s, d);
          }
        }
      }
    }
    if (seeded || grid.solidCount === 0) continue;
    // Outside the solid: seed the nearest solid voxels at their straight-line distance.
    const { cells, nx, sliceSize } = grid;
    let best = Number.POSITIVE_INFINITY;
    const d2s = new Float64Array(grid.solidCount);
    for (let v = 0; v < grid.solidCount; v++) {
      const c = cells[v];
      const z = Math.floor(c / sliceSize);
      const y = Math.floor((c - z * sliceSize) / nx);
      const x = c - z * sliceSize - y * nx;
      const d2 = segmentDistanceSquared(ends, s, x + 0.5, y + 0.5, z + 0.5);
      d2s[v] = d2;
      if (d2 < best) best = d2;
    }
    const limit = (Math.sqrt(best) + 1) ** 2;
    for (let v = 0; v < grid.solidCount; v++) {
      if (d2s[v] > limit) continue;
      const d = Math.fround(Math.sqrt(d2s[v]));
      if (offer(labels, dist, L, v, s, d, Number.POSITIVE_INFINITY, 0)) seeds.push(v, s, d);
    }
  }
  // Sort seeds by distance (indices, then permute).
  const order = Array.from({ length: seeds.count }, (_, i) => i).sort(
    (a, b) => seeds.dist[a] - seeds.dist[b],
  );
  const sorted = new Bucket(Math.max(1, seeds.count));
  for (const i of order) sorted.push(seeds.voxel[i], seeds.label[i], seeds.dist[i]);
  return sorted;
}

/**
 * Computes the label field of `grid` (solid indexed) for `count` segments given in grid space
 * (`ends`: a.xyz, b.xyz per segment). Labels are segment indices.
 */
export function geodesicLabels(
  grid: VoxelGrid,
  ends: Float64Array,
  count: number,
  options: GeodesicLabelsOptions = GEODESIC_LABELS_DEFAULTS,
): LabelField {
  const o = { ...GEODESIC_LABELS_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  const L = Math.max(1, o.labelsPerVoxel);
  const N = grid.solidCount;
  const field: LabelField = {
    L,
    labels: new Uint16Array(N * L).fill(NO_LABEL),
    dist: new Float32Array(N * L).fill(Number.POSITIVE_INFINITY),
  };
  if (N === 0 || count === 0) return field;
  const { labels, dist } = field;
  const seeds = seedSegments(grid, ends, count, field);

  // The 26-neighbourhood as 9 rows of 3 cells along x (starting at dx = -1), so each row
  // needs one rank lookup: consecutive cells' solid indices follow by counting set bits.
  const rowOffsets = new Int32Array(9);
  const steps = new Float32Array(27);
  for (let dz = -1, r = 0; dz <= 1; dz++) {
    for (let dy = -1; dy <= 1; dy++, r++) {
      rowOffsets[r] = grid.nx * dy + grid.sliceSize * dz - 1;
      for (let dx = -1; dx <= 1; dx++) steps[r * 3 + dx + 1] = Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }

  const ring = [new Bucket(), new Bucket(), new Bucket(), new Bucket()];
  const { solid, rank, cells } = grid;
  const ratio = o.cutoffRatio;
  const margin = o.cutoffMargin;
  const expected = N * Math.min(L, count);
  let popped = 0;
  let nextCheck = 0;
  let lastReport = performance.now();
  let nextSeed = 0;
  let b = Math.floor(seeds.dist[0]);
  for (;;) {
    const bucket = ring[b & 3];
    while (nextSeed < seeds.count && Math.floor(seeds.dist[nextSeed]) <= b) {
      bucket.push(seeds.voxel[nextSeed], seeds.label[nextSeed], seeds.dist[nextSeed]);
      nextSeed++;
    }
    const bv = bucket.voxel;
    const bl = bucket.label;
    const bd = bucket.dist;
    for (let e = 0; e < bucket.count; e++) {
      const v = bv[e];
      const l = bl[e];
      const d = bd[e];
      const base = v * L;
      let current = false;
      let best = d;
      for (let i = base; i < base + L; i++) {
        const li = labels[i];
        if (li === NO_LABEL) break; // the rest are empty (see offer)
        if (li === l && dist[i] === d) current = true;
        if (dist[i] < best) best = dist[i];
      }
      if (!current || d > best * ratio + margin) continue;
      const c = cells[v];
      for (let r = 0; r < 9; r++) {
        const cell = c + rowOffsets[r];
        let w = cell >>> 5;
        let bit = cell & 31;
        let word = solid[w];
        let nv = rank[w] + popcountBelow(word, bit);
        for (let dx = 0; dx < 3; dx++) {
          if ((word >>> bit) & 1) {
            // Skip the voxel itself (the middle of the middle row).
            if (r !== 4 || dx !== 1) {
              const nd = Math.fround(d + steps[r * 3 + dx]);
              if (offer(labels, dist, L, nv, l, nd, ratio, margin) === KEPT)
                ring[Math.floor(nd) & 3].push(nv, l, nd);
            }
            nv++;
          }
          if (++bit === 32) {
            bit = 0;
            word = solid[++w];
          }
        }
      }
    }
    popped += bucket.count;
    bucket.count = 0;
    if (popped >= nextCheck) {
      nextCheck = popped + 4096;
      if (o.signal?.aborted) throw abortError();
      const now = performance.now();
      if (o.onProgress && now - lastReport >= 10) {
        lastReport = now;
        o.onProgress(Math.min(1, popped / expected));
      }
    }
    b++;
    if (ring[0].count + ring[1].count + ring[2].count + ring[3].count === 0) {
      if (nextSeed >= seeds.count) break;
      b = Math.max(b, Math.floor(seeds.dist[nextSeed]));
    }
  }
  return field;
}

/** Set bits of `bits` below bit `bit`. */
function popcountBelow(bits: number, bit: number): number {
  let x = bits & ((1 << bit) - 1);
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
