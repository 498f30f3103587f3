/**
 * buildWeldMap: groups the vertices of one primitive that share a position (UV and normal seams
 * split them in glTF) so that every brush paints them as one (DESIGN.md invariant 4).
 */

/** Vertex groups sharing a position, as flat arrays. */
export interface WeldMap {
  /** Number of groups (distinct positions). */
  groupCount: number;
  /** Group of each vertex. Groups are numbered in order of their first (lowest) vertex. */
  groupOf: Uint32Array;
  /** CSR offsets into `members` (groupCount + 1 entries). */
  groupStart: Uint32Array;
  /** Vertices of each group, ascending; the first is the group's representative. */
  members: Uint32Array;
}

/** Options of {@link buildWeldMap}. */
export interface WeldMapOptions {
  /**
   * 0: weld positions that are exactly equal (what exporters write at seams). > 0: weld
   * positions that fall in the same cell of a grid of this size (cheap, may miss a pair that
   * straddles a cell border).
   */
  tolerance?: number;
}

/** Defaults of {@link WeldMapOptions}. */
export const WELD_MAP_DEFAULTS: Required<WeldMapOptions> = { tolerance: 0 };

/** Float32 bits with -0 folded into +0, so both weld together. */
export function foldZero(bits: number): number {
  return bits === 0x80000000 ? 0 : bits;
}

/** A 32-bit hash of three 32-bit keys. */
export function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ c, 0x27d4eb2f);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * Welds the first `count` vertices of `positions` (xyz triples) with an open-addressing hash
 * table keyed by the position's float32 bits (or by its grid cell when `tolerance` > 0).
 */
export function buildWeldMap(
  positions: Float32Array,
  count = positions.length / 3,
  options: WeldMapOptions = WELD_MAP_DEFAULTS,
): WeldMap {
  const tolerance = options.tolerance ?? 0;
  const inv = tolerance > 0 ? 1 / tolerance : 0;
  let size = 16;
  while (size < count * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1); // vertex index of each slot's group representative
  const groupOf = new Uint32Array(count);
  const groupSize = new Uint32Array(count + 1);
  // Exact welding compares the float bits in place; a tolerance compares grid cells (kept aside).
  const keys =
    tolerance > 0
      ? new Int32Array(count * 3)
      : new Uint32Array(positions.buffer, positions.byteOffset, count * 3);
  let groupCount = 0;

  for (let v = 0; v < count; v++) {
    let a: number;
    let b: number;
    let c: number;
    if (tolerance > 0) {
      a = keys[v * 3] = Math.round(positions[v * 3] * inv) | 0;
      b = keys[v * 3 + 1] = Math.round(positions[v * 3 + 1] * inv) | 0;
      c = keys[v * 3 + 2] = Math.round(positions[v * 3 + 2] * inv) | 0;
    } else {
      a = foldZero(keys[v * 3]);
      b = foldZero(keys[v * 3 + 1]);
      c = foldZero(keys[v * 3 + 2]);
    }
    let slot = hash3(a, b, c) & mask;
    for (;;) {
      const r = table[slot];
      if (r < 0) {
        table[slot] = v;
        groupOf[v] = groupCount++;
        break;
      }
      const same =
        tolerance > 0
          ? keys[r * 3] === a && keys[r * 3 + 1] === b && keys[r * 3 + 2] === c
          : foldZero(keys[r * 3]) === a && foldZero(keys[r * 3 + 1]) === b && foldZero(keys[r * 3 + 2]) === c;
      if (same) {
        groupOf[v] = groupOf[r];
        break;
      }
      slot = (slot + 1) & mask;
    }
    groupSize[groupOf[v] + 1]++;
  }

  const groupStart = new Uint32Array(groupCount + 1);
  for (let g = 0; g < groupCount; g++) groupStart[g + 1] = groupStart[g] + groupSize[g + 1];
  const cursor = groupStart.slice(0, groupCount);
  const members = new Uint32Array(count);
  for (let v = 0; v < count; v++) members[cursor[groupOf[v]]++] = v;
  return { groupCount, groupOf, groupStart, members };
}
