/**
 * partBones: the mesh's parts (connected pieces of the welded surface, across primitives) and
 * the bones that run inside each part.
 *
 * Why: characters are often built from closed pieces that touch (a big cartoon head resting on
 * the arms, an arm pushed into a torso); in the joint solid, distances flow from one piece into
 * the other through the contact, so the arm bones would reach the bottom of the head. An artist
 * binds such a piece to the bones inside it. Bone heat gets this from its visibility test; here
 * a vertex of a part that contains bones only takes bones inside that part. A part with no bone
 * inside (eyes, buttons, a loose sheet) is unrestricted.
 *
 * Inside is decided per part on a coarse grid with the axis-ray vote of fillInterior, counting
 * the part's own surface voxels only.
 */

import { weldPositions } from '../mesh/weld-positions.ts';
import { addToAxisSpans, clearAxisSpans, createAxisSpans } from './axis-spans.ts';
import type { VoxelGrid } from './voxel-grid.ts';
import { voxelizeSurface } from './voxelize-surface.ts';

/** Result of {@link partBones}. */
export interface PartBones {
  /** Per primitive, the part of each vertex. */
  partOf: Int32Array[];
  /** Per part, a flag per segment (1: inside the part), or null when the part is unrestricted. */
  allowed: (Uint8Array | null)[];
  /** Per part, 1 when it was tested and has no bone inside (a hat, an eye); 0 otherwise. */
  boneless: Uint8Array;
}

/** Options of {@link partBones}. */
export interface PartBonesOptions {
  /** A bone is inside a part when at least this fraction of it is. */
  minInside?: number;
}

/** Defaults of {@link PartBonesOptions}. */
export const PART_BONES_DEFAULTS: Required<PartBonesOptions> = { minInside: 0.5 };

/** Union-find root with path halving. */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/**
 * Finds the parts of the primitives (positions in one space, triangle indices) and, on `grid`
 * (a coarse grid over them; its own bitsets are not touched), which of the `count` segments
 * (`ends` in that grid's space) lie inside each.
 */
export function partBones(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  grid: VoxelGrid,
  ends: Float64Array,
  count: number,
  options: PartBonesOptions = PART_BONES_DEFAULTS,
): PartBones {
  const minInside = options.minInside ?? PART_BONES_DEFAULTS.minInside;
  const welded = weldPositions(positions);
  const parent = Int32Array.from({ length: welded.count }, (_, i) => i);
  const triangleCount = (p: number) =>
    indices[p] ? Math.floor(indices[p]!.length / 3) : Math.floor(positions[p].length / 9);
  const corner = (p: number, t: number, k: number) => {
    const idx = indices[p];
    const v = idx ? idx[t * 3 + k] : t * 3 + k;
    return v < welded.ids[p].length ? welded.ids[p][v] : -1;
  };
  positions.forEach((_, p) => {
    for (let t = 0; t < triangleCount(p); t++) {
      const a = corner(p, t, 0);
      const b = corner(p, t, 1);
      const c = corner(p, t, 2);
      if (a < 0 || b < 0 || c < 0) continue;
      parent[find(parent, b)] = find(parent, a);
      parent[find(parent, c)] = find(parent, a);
    }
  });
  const partOfRoot = new Int32Array(welded.count).fill(-1);
  let parts = 0;
  for (let i = 0; i < welded.count; i++) {
    const r = find(parent, i);
    if (partOfRoot[r] < 0) partOfRoot[r] = parts++;
  }
  const partOf = welded.ids.map((ids) => Int32Array.from(ids, (id) => partOfRoot[find(parent, id)]));
  const allowed: (Uint8Array | null)[] = new Array(parts).fill(null);
  const boneless = new Uint8Array(parts);
  if (parts < 2 || count === 0) return { partOf, allowed, boneless };

  // Triangles of each part, per primitive.
  const trianglesOf: number[][][] = Array.from({ length: parts }, () => positions.map(() => []));
  positions.forEach((_, p) => {
    for (let t = 0; t < triangleCount(p); t++) {
      const a = corner(p, t, 0);
      if (a >= 0) trianglesOf[partOf[p][indices[p] ? indices[p]![t * 3] : t * 3]][p].push(t);
    }
  });
  const bits = new Uint32Array(grid.surface.length);
  const { nx, ny, nz, sliceSize } = grid;
  const spans = createAxisSpans(nx, ny, nz);
  const { firstX, lastX, firstY, lastY, firstZ, lastZ } = spans;
  for (let part = 0; part < parts; part++) {
    bits.fill(0);
    positions.forEach((pos, p) => {
      if (trianglesOf[part][p].length) voxelizeSurface(grid, pos, indices[p], bits, trianglesOf[part][p]);
    });
    clearAxisSpans(spans);
    addToAxisSpans(spans, bits, nx, ny);
    const inside = (u: number, v: number, w: number) => {
      const x = Math.floor(u);
      const y = Math.floor(v);
      const z = Math.floor(w);
      if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) return false;
      const c = x + nx * y + sliceSize * z;
      if ((bits[c >>> 5] >>> (c & 31)) & 1) return true;
      const lx = y + ny * z;
      const ly = x + nx * z;
      const r = x + nx * y;
      const votes =
        (x > firstX[lx] ? 1 : 0) +
        (x < lastX[lx] ? 1 : 0) +
        (y > firstY[ly] ? 1 : 0) +
        (y < lastY[ly] ? 1 : 0) +
        (z > firstZ[r] ? 1 : 0) +
        (z < lastZ[r] ? 1 : 0);
      return votes >= 5;
    };
    let flags: Uint8Array | null = null;
    for (let s = 0; s < count; s++) {
      const o = s * 6;
      const dx = ends[o + 3] - ends[o];
      const dy = ends[o + 4] - ends[o + 1];
      const dz = ends[o + 5] - ends[o + 2];
      const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy, dz) * 2));
      let n = 0;
      for (let k = 0; k <= steps; k++) {
        const t = k / steps;
        if (inside(ends[o] + dx * t, ends[o + 1] + dy * t, ends[o + 2] + dz * t)) n++;
      }
      if (n / (steps + 1) >= minInside) {
        flags ??= new Uint8Array(count);
        flags[s] = 1;
      }
    }
    allowed[part] = flags;
    if (!flags) boneless[part] = 1;
  }
  return { partOf, allowed, boneless };
}
