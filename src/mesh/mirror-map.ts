/**
 * buildMirrorMap: each point's partner across a symmetry plane (the nearest point to its
 * mirrored position, within a tolerance), so a stroke on one side paints the other.
 */
import { PointGrid } from './point-grid.ts';
import { foldZero, hash3 } from './weld-map.ts';

/** A symmetry axis: the plane is x = 0, y = 0 or z = 0. */
export type MirrorAxis = 'x' | 'y' | 'z';

/** Index of an axis in an xyz triple. */
export function axisIndex(axis: MirrorAxis): 0 | 1 | 2 {
  return axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
}

/** The mirror partners of a point set. */
export interface MirrorMap {
  axis: MirrorAxis;
  /** Partner of each point, -1 where none lies within the tolerance; points on the plane map to themselves. */
  partner: Int32Array;
  /** Points without a partner (tell the user: their strokes won't mirror there). */
  unmatched: number;
  /** The tolerance used (world units). */
  tolerance: number;
}

/** Options of {@link buildMirrorMap}. */
export interface MirrorMapOptions {
  axis?: MirrorAxis;
  /** Largest distance from the mirrored position to its partner, world units. Default: `relativeTolerance` of the bounding-box diagonal. */
  tolerance?: number;
  /** Used when `tolerance` is not given. */
  relativeTolerance?: number;
  /** An index over the same points, to reuse (it must index `positions`). */
  grid?: PointGrid;
}

/** Defaults of {@link MirrorMapOptions}. */
export const MIRROR_MAP_DEFAULTS = { axis: 'x' as MirrorAxis, relativeTolerance: 1e-3 };

/** Builds the mirror map of the first `count` points of `positions` (xyz triples). */
export function buildMirrorMap(
  positions: Float32Array,
  count = positions.length / 3,
  options: MirrorMapOptions = {},
): MirrorMap {
  const axis = options.axis ?? MIRROR_MAP_DEFAULTS.axis;
  const grid = options.grid ?? new PointGrid(positions, count);
  const tolerance =
    options.tolerance ??
    diagonal(grid) * (options.relativeTolerance ?? MIRROR_MAP_DEFAULTS.relativeTolerance);
  const a = axisIndex(axis);
  const partner = exactMirrors(positions, count, a);
  let unmatched = 0;
  for (let i = 0; i < count; i++) {
    if (partner[i] >= 0) continue;
    const x = a === 0 ? -positions[i * 3] : positions[i * 3];
    const y = a === 1 ? -positions[i * 3 + 1] : positions[i * 3 + 1];
    const z = a === 2 ? -positions[i * 3 + 2] : positions[i * 3 + 2];
    const p = grid.nearest(x, y, z, tolerance);
    partner[i] = p;
    if (p < 0) unmatched++;
  }
  return { axis, partner, unmatched, tolerance };
}

/**
 * Partners whose position is exactly the mirror image (the usual case for a mesh modelled
 * symmetric): a hash look-up of the flipped float32 bits. -1 where there is none.
 */
function exactMirrors(positions: Float32Array, count: number, a: number): Int32Array {
  const bits = new Uint32Array(positions.buffer, positions.byteOffset, count * 3);
  let size = 16;
  while (size < count * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  for (let i = 0; i < count; i++) {
    const x = foldZero(bits[i * 3]);
    const y = foldZero(bits[i * 3 + 1]);
    const z = foldZero(bits[i * 3 + 2]);
    let slot = hash3(x, y, z) & mask;
    for (;;) {
      const r = table[slot];
      if (r < 0) {
        table[slot] = i;
        break;
      }
      if (foldZero(bits[r * 3]) === x && foldZero(bits[r * 3 + 1]) === y && foldZero(bits[r * 3 + 2]) === z)
        break;
      slot = (slot + 1) & mask;
    }
  }
  const partner = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    // Flipping the sign bit mirrors a float exactly.
    let x = foldZero(bits[i * 3]);
    let y = foldZero(bits[i * 3 + 1]);
    let z = foldZero(bits[i * 3 + 2]);
    if (a === 0) x = foldZero((x ^ 0x80000000) >>> 0);
    else if (a === 1) y = foldZero((y ^ 0x80000000) >>> 0);
    else z = foldZero((z ^ 0x80000000) >>> 0);
    let slot = hash3(x, y, z) & mask;
    let found = -1;
    for (;;) {
      const r = table[slot];
      if (r < 0) break;
      if (foldZero(bits[r * 3]) === x && foldZero(bits[r * 3 + 1]) === y && foldZero(bits[r * 3 + 2]) === z) {
        found = r;
        break;
      }
      slot = (slot + 1) & mask;
    }
    partner[i] = found;
  }
  return partner;
}

function diagonal(grid: PointGrid): number {
  const s = grid.cellSize;
  return Math.hypot(grid.nx * s, grid.ny * s, grid.nz * s);
}
