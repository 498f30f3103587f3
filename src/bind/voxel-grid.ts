/**
 * VoxelGrid: a grid fitted to a bounding box, with bitsets for the surface and the solid and a
 * rank index over the solid, so per-voxel data (distances, labels) is stored only for solid
 * voxels: `solidIndex(cell)` is the cell's position among the solid cells in grid order.
 *
 * Grid space: voxel (x, y, z) spans [x, x+1] × [y, y+1] × [z, z+1]; world = origin + h · grid.
 * The grid keeps one empty voxel of padding on every side, so a solid voxel's 26 neighbours are
 * always inside the grid (the hot loops rely on it and skip bounds checks).
 */

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** True when bit `i` of `bits` is set. */
export function testBit(bits: Uint32Array, i: number): boolean {
  return ((bits[i >>> 5] >>> (i & 31)) & 1) !== 0;
}

/** Sets bit `i` of `bits`. */
export function setBit(bits: Uint32Array, i: number): void {
  bits[i >>> 5] |= 1 << (i & 31);
}

export class VoxelGrid {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  /** nx · ny: the linear-index step along z. */
  readonly sliceSize: number;
  readonly cellCount: number;
  /** Edge length of a voxel in world units. */
  readonly h: number;
  /** World position of the min corner of voxel (0, 0, 0). */
  readonly origin: Float64Array;
  /** Voxels a triangle (or a vertex) touches. */
  readonly surface: Uint32Array;
  /** Surface plus interior: the medium geodesic distances travel through. */
  readonly solid: Uint32Array;
  /** Solid cells before each 32-bit word (valid after {@link indexSolid}). */
  rank = new Uint32Array(0);
  /** Linear cell index of each solid voxel, in grid order (valid after {@link indexSolid}). */
  cells = new Int32Array(0);
  solidCount = 0;

  /**
   * A grid over the box [min, max] with `resolution` voxels along its longest axis (padding
   * included). A flat or empty box still gets a grid, with a voxel size from its longest extent.
   */
  constructor(min: ArrayLike<number>, max: ArrayLike<number>, resolution: number) {
    const res = Math.max(4, Math.floor(resolution));
    const ex = Math.max(0, max[0] - min[0]);
    const ey = Math.max(0, max[1] - min[1]);
    const ez = Math.max(0, max[2] - min[2]);
    const longest = Math.max(ex, ey, ez);
    // Two padding voxels plus a little slack, so content never touches the padding.
    const h = longest > 0 ? longest / (res - 2.5) : 1;
    this.h = h;
    this.nx = Math.min(res, Math.ceil(ex / h + 1e-9) + 2);
    this.ny = Math.min(res, Math.ceil(ey / h + 1e-9) + 2);
    this.nz = Math.min(res, Math.ceil(ez / h + 1e-9) + 2);
    this.sliceSize = this.nx * this.ny;
    this.cellCount = this.sliceSize * this.nz;
    this.origin = new Float64Array([
      (min[0] + max[0]) / 2 - (this.nx * h) / 2,
      (min[1] + max[1]) / 2 - (this.ny * h) / 2,
      (min[2] + max[2]) / 2 - (this.nz * h) / 2,
    ]);
    const words = (this.cellCount + 31) >>> 5;
    this.surface = new Uint32Array(words);
    this.solid = new Uint32Array(words);
  }

  /** Linear index of voxel (x, y, z). */
  cell(x: number, y: number, z: number): number {
    return x + this.nx * y + this.sliceSize * z;
  }

  /** Builds the rank index and the solid cell list; call after the solid is final. */
  indexSolid(): void {
    const words = this.solid.length;
    const rank = new Uint32Array(words + 1);
    let count = 0;
    for (let w = 0; w < words; w++) {
      rank[w] = count;
      count += popcount32(this.solid[w]);
    }
    rank[words] = count;
    const cells = new Int32Array(count);
    let k = 0;
    for (let w = 0; w < words; w++) {
      let bits = this.solid[w];
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits & -bits);
        cells[k++] = (w << 5) | b;
        bits &= bits - 1;
      }
    }
    this.rank = rank;
    this.cells = cells;
    this.solidCount = count;
  }

  /** Index of a cell among the solid cells, or -1 when it is not solid. */
  solidIndex(cell: number): number {
    const w = cell >>> 5;
    const bits = this.solid[w];
    const b = cell & 31;
    if (((bits >>> b) & 1) === 0) return -1;
    return this.rank[w] + popcount32(bits & ((1 << b) - 1));
  }

  /** The voxel holding grid-space point (u, v, w), clamped into the grid. */
  cellAt(u: number, v: number, w: number): number {
    const x = Math.min(this.nx - 1, Math.max(0, Math.floor(u)));
    const y = Math.min(this.ny - 1, Math.max(0, Math.floor(v)));
    const z = Math.min(this.nz - 1, Math.max(0, Math.floor(w)));
    return x + this.nx * y + this.sliceSize * z;
  }
}
