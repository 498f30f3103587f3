/**
 * fillInterior: turns the surface shell into a solid by an axis-ray vote.
 *
 * From every empty voxel, six rays run along ±x, ±y, ±z; a ray votes "inside" when it meets a
 * surface voxel before leaving the grid. A voxel with at least `minVotes` votes is interior.
 * Why a vote and not a flood fill from outside: a flood fill leaks through any hole wider than
 * a voxel (an open neck, a sleeve cut off at the wrist) and leaves the whole part hollow, while
 * a hole only costs the vote the rays that pass straight through it; with `minVotes` 5 one such
 * ray is forgiven. Every voxel a flood fill would call interior gets all six votes, so on
 * closed meshes the vote is never thinner than the flood fill. Nested and intersecting shells
 * (eyes in a head, an arm pushed into a torso, a jacket over a body) stay solid, where a parity
 * count would hollow out their overlap. Gaps open to the outside on two or more axis
 * directions (armpits, between the legs and the fingers) stay empty, so geodesic distances
 * cannot cross them.
 */

import { addToAxisSpans, createAxisSpans } from './axis-spans.ts';
import { setBit, VoxelGrid } from './voxel-grid.ts';
import { voxelizeSurface } from './voxelize-surface.ts';

/** Options of {@link fillInterior}. */
export interface FillInteriorOptions {
  /** Votes (of 6 axis rays) an empty voxel needs to count as interior. */
  minVotes?: number;
}

/** Defaults of {@link FillInteriorOptions}. */
export const FILL_INTERIOR_DEFAULTS: Required<FillInteriorOptions> = {
  minVotes: 5,
};

/**
 * Fills `grid.solid` with the surface plus the voted interior, then indexes it. Two passes in
 * memory order: the first records, for every axis line, its first and last surface voxel; the
 * second counts a voxel's votes from those (a ray toward −x hits when x > first, one toward +x
 * when x < last), so no per-voxel vote array is needed.
 */
export function fillInterior(grid: VoxelGrid, options: FillInteriorOptions = FILL_INTERIOR_DEFAULTS): void {
  const minVotes = options.minVotes ?? FILL_INTERIOR_DEFAULTS.minVotes;
  const { nx, ny, nz, sliceSize, surface, solid } = grid;
  const spans = createAxisSpans(nx, ny, nz);
  addToAxisSpans(spans, surface, nx, ny);
  const { firstX, lastX, firstY, lastY, firstZ, lastZ } = spans;
  solid.set(surface);
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      const lx = y + ny * z;
      const fx = firstX[lx];
      const tx = lastX[lx];
      // Without surface on this x line both x rays escape: at most 4 votes.
      if (tx < 0 && minVotes > 4) continue;
      const row = nx * y;
      const cellRow = row + sliceSize * z;
      for (let x = 0; x < nx; x++) {
        const ly = x + nx * z;
        const r = x + row;
        const votes =
          (x > fx ? 1 : 0) +
          (x < tx ? 1 : 0) +
          (y > firstY[ly] ? 1 : 0) +
          (y < lastY[ly] ? 1 : 0) +
          (z > firstZ[r] ? 1 : 0) +
          (z < lastZ[r] ? 1 : 0);
        if (votes >= minVotes) setBit(solid, cellRow + x);
      }
    }
  }
  grid.indexSolid();
}

/**
 * The solid of the primitives (positions in one space, triangle indices or null): voxelised in a
 * grid over `bounds` of `resolution` voxels along its longest axis, interior filled and indexed.
 */
export function solidGrid(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  bounds: { min: ArrayLike<number>; max: ArrayLike<number> },
  resolution: number,
  check: () => void = () => {},
): VoxelGrid {
  const grid = new VoxelGrid(bounds.min, bounds.max, resolution);
  positions.forEach((p, i) => {
    check();
    voxelizeSurface(grid, p, indices[i]);
  });
  fillInterior(grid);
  check();
  return grid;
}
