/**
 * BodySolid: the character's volume in the canonical body frame (x left, y up from the floor,
 * z front; see body-frame.ts), as a dense voxel grid with each solid voxel's distance to the
 * surface. Everything the fitter measures — limb centres, cross-sections, medial paths, the
 * floor and the top of the head — is read from here.
 *
 * The grid spans x symmetrically about the plane x = 0, so a mirror-symmetric mesh voxelizes
 * to a mirror-symmetric solid. The solid is the surface voxels plus the interior voted by axis
 * rays (the auto-bind's fill: holes, open necks and intersecting parts are fine).
 */
import { fillInterior } from '../../bind/fill-interior.ts';
import { VoxelGrid } from '../../bind/voxel-grid.ts';
import { voxelizeSurface } from '../../bind/voxelize-surface.ts';
import { squaredDistanceTransform } from './distance-transform.ts';

/** Options of {@link BodySolid.build}. */
export interface BodySolidOptions {
  /** Voxels along the longest side of the box. */
  resolution?: number;
  /**
   * Past this many solid voxels the grid is rebuilt coarser, so a bulky shape (a block, a blob:
   * a humanoid fills a few percent of its box, a block all of it) fits in about the time a
   * character does instead of many seconds.
   */
  maxSolidVoxels?: number;
}

/** Defaults of {@link BodySolidOptions}. */
export const BODY_SOLID_DEFAULTS: Required<BodySolidOptions> = { resolution: 144, maxSolidVoxels: 400_000 };

export class BodySolid {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  /** Voxel edge (canonical units = the file's units). */
  readonly h: number;
  /** Canonical position of the min corner of voxel (0, 0, 0). */
  readonly origin: [number, number, number];
  /** 1 where solid, x fastest. */
  readonly solid: Uint8Array;
  /** 1 where a triangle of the mesh passes (the surface voxels, part of the solid). */
  readonly surface: Uint8Array;
  /** Distance (in voxels) from each solid voxel's centre to the nearest empty one's; 0 outside. */
  readonly depth: Float32Array;
  /** Lowest and highest solid height (canonical y of the voxel bottoms/tops). */
  readonly floor: number;
  readonly top: number;

  private constructor(grid: VoxelGrid) {
    this.nx = grid.nx;
    this.ny = grid.ny;
    this.nz = grid.nz;
    this.h = grid.h;
    this.origin = [grid.origin[0], grid.origin[1], grid.origin[2]];
    const n = grid.cellCount;
    const solid = new Uint8Array(n);
    for (const c of grid.cells) solid[c] = 1;
    this.solid = solid;
    const surface = new Uint8Array(n);
    for (let w = 0; w < grid.surface.length; w++) {
      let bits = grid.surface[w];
      while (bits !== 0) {
        const b = 31 - Math.clz32(bits & -bits);
        surface[(w << 5) | b] = 1;
        bits &= bits - 1;
      }
    }
    this.surface = surface;
    const d2 = squaredDistanceTransform(solid, this.nx, this.ny, this.nz);
    const depth = new Float32Array(n);
    let lo = this.ny;
    let hi = -1;
    for (let i = 0; i < n; i++) {
      if (!solid[i]) continue;
      depth[i] = Math.sqrt(d2[i]);
      const y = Math.floor(i / this.nx) % this.ny;
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
    this.depth = depth;
    this.floor = this.origin[1] + lo * this.h;
    this.top = this.origin[1] + (hi + 1) * this.h;
  }

  /** Voxelizes canonical-frame triangles. */
  static build(positions: Float32Array, indices: Uint32Array, options: BodySolidOptions = {}): BodySolid {
    const { resolution, maxSolidVoxels } = { ...BODY_SOLID_DEFAULTS, ...options };
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        const v = positions[i + c];
        if (v < min[c]) min[c] = v;
        if (v > max[c]) max[c] = v;
      }
    }
    const half = Math.max(Math.abs(min[0]), Math.abs(max[0]));
    min[0] = -half;
    max[0] = half;
    const voxelize = (n: number) => {
      const grid = new VoxelGrid(min, max, n);
      voxelizeSurface(grid, positions, indices);
      fillInterior(grid);
      return grid;
    };
    let grid = voxelize(resolution);
    const solidCount = grid.cells.length;
    if (solidCount > maxSolidVoxels) {
      // Solid voxels go with the cube of the resolution.
      grid = voxelize(Math.max(16, Math.floor(resolution * Math.cbrt(maxSolidVoxels / solidCount))));
    }
    return new BodySolid(grid);
  }

  /**
   * Fraction of its box the solid fills (the grid's padding left out): a standing character or
   * an animal fills well under half, a block all of it.
   */
  fillRatio(): number {
    let n = 0;
    for (let i = 0; i < this.solid.length; i++) n += this.solid[i];
    return n / Math.max(1, (this.nx - 2) * (this.ny - 2) * (this.nz - 2));
  }

  /** Height of the solid (top − floor). */
  get height(): number {
    return this.top - this.floor;
  }

  /** Linear index of voxel (i, j, k). */
  index(i: number, j: number, k: number): number {
    return i + this.nx * (j + this.ny * k);
  }

  /** The voxel coordinates holding canonical point p (may be outside the grid). */
  voxelOf(p: ArrayLike<number>): [number, number, number] {
    return [
      Math.floor((p[0] - this.origin[0]) / this.h),
      Math.floor((p[1] - this.origin[1]) / this.h),
      Math.floor((p[2] - this.origin[2]) / this.h),
    ];
  }

  /** Canonical centre of voxel (i, j, k). */
  centre(i: number, j: number, k: number): [number, number, number] {
    return [
      this.origin[0] + (i + 0.5) * this.h,
      this.origin[1] + (j + 0.5) * this.h,
      this.origin[2] + (k + 0.5) * this.h,
    ];
  }

  /** Canonical centre of the voxel with linear index `c`. */
  centreOf(c: number): [number, number, number] {
    const i = c % this.nx;
    const j = Math.floor(c / this.nx) % this.ny;
    const k = Math.floor(c / (this.nx * this.ny));
    return this.centre(i, j, k);
  }

  inGrid(i: number, j: number, k: number): boolean {
    return i >= 0 && j >= 0 && k >= 0 && i < this.nx && j < this.ny && k < this.nz;
  }

  /** True when canonical point p is in a solid voxel. */
  isSolidAt(p: ArrayLike<number>): boolean {
    const [i, j, k] = this.voxelOf(p);
    return this.inGrid(i, j, k) && this.solid[this.index(i, j, k)] === 1;
  }

  /** Depth (voxels to the surface) at canonical point p; 0 outside. */
  depthAt(p: ArrayLike<number>): number {
    const [i, j, k] = this.voxelOf(p);
    return this.inGrid(i, j, k) ? this.depth[this.index(i, j, k)] : 0;
  }

  /**
   * The solid voxel nearest canonical point p within `radius` (canonical units), preferring
   * deeper voxels among near-equals; -1 when none.
   */
  nearestSolid(p: ArrayLike<number>, radius: number): number {
    const [ci, cj, ck] = this.voxelOf(p);
    const r = Math.ceil(radius / this.h);
    let best = -1;
    let bestD = Infinity;
    for (let k = ck - r; k <= ck + r; k++)
      for (let j = cj - r; j <= cj + r; j++)
        for (let i = ci - r; i <= ci + r; i++) {
          if (!this.inGrid(i, j, k)) continue;
          const c = this.index(i, j, k);
          if (!this.solid[c]) continue;
          const x = this.origin[0] + (i + 0.5) * this.h - p[0];
          const y = this.origin[1] + (j + 0.5) * this.h - p[1];
          const z = this.origin[2] + (k + 0.5) * this.h - p[2];
          const d = Math.hypot(x, y, z) - 0.25 * this.depth[c] * this.h;
          if (d < bestD) {
            bestD = d;
            best = c;
          }
        }
    return best;
  }
}
