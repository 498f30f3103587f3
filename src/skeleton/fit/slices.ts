/**
 * Horizontal slices of the body solid: the connected piece of one voxel row (constant height)
 * around a point, with its area, centroid and extent. The torso's profile (where the neck is
 * narrowest, where the head widens below the chin) and the feet are read from these.
 */
import type { BodySolid } from './body-solid.ts';

/** One connected horizontal piece of the solid. */
export interface Slice {
  /** Voxel row. */
  row: number;
  /** Canonical height of the row's centre. */
  y: number;
  /** Voxels in the piece. */
  count: number;
  /** Area (canonical units²). */
  area: number;
  /** Centroid x and z. */
  cx: number;
  cz: number;
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  /** True when the piece reached the search radius (it goes on beyond it). */
  open: boolean;
}

/**
 * The connected piece of row `row` holding the solid voxel nearest (x, z) within `seedRadius`,
 * grown no further than `maxRadius` from (x, z) (null when no solid voxel is that near).
 */
export function sliceAt(
  solid: BodySolid,
  row: number,
  x: number,
  z: number,
  maxRadius: number,
  seedRadius = maxRadius,
): Slice | null {
  const { nx, ny, nz, h, origin } = solid;
  if (row < 0 || row >= ny) return null;
  const ci = Math.floor((x - origin[0]) / h);
  const ck = Math.floor((z - origin[2]) / h);
  const R = Math.ceil(maxRadius / h);
  const i0 = Math.max(0, ci - R);
  const i1 = Math.min(nx - 1, ci + R);
  const k0 = Math.max(0, ck - R);
  const k1 = Math.min(nz - 1, ck + R);
  const w = i1 - i0 + 1;
  const d = k1 - k0 + 1;
  if (w <= 0 || d <= 0) return null;
  const base = row * nx;
  const sxy = nx * ny;
  const inside = (i: number, k: number) => solid.solid[i + base + k * sxy] === 1;
  // Seed: the nearest solid voxel within seedRadius.
  const sr = Math.ceil(seedRadius / h);
  let seed = -1;
  let best = Infinity;
  for (let k = Math.max(k0, ck - sr); k <= Math.min(k1, ck + sr); k++)
    for (let i = Math.max(i0, ci - sr); i <= Math.min(i1, ci + sr); i++) {
      if (!inside(i, k)) continue;
      const dd = (i - ci) ** 2 + (k - ck) ** 2;
      if (dd < best) {
        best = dd;
        seed = i - i0 + (k - k0) * w;
      }
    }
  if (seed < 0) return null;
  const seen = new Uint8Array(w * d);
  const stack = [seed];
  seen[seed] = 1;
  let count = 0;
  let sx = 0;
  let sz = 0;
  let minI = Infinity;
  let maxI = -Infinity;
  let minK = Infinity;
  let maxK = -Infinity;
  let open = false;
  const R2 = R * R;
  while (stack.length) {
    const s = stack.pop()!;
    const li = s % w;
    const lk = (s - li) / w;
    const i = li + i0;
    const k = lk + k0;
    count++;
    sx += i;
    sz += k;
    if (i < minI) minI = i;
    if (i > maxI) maxI = i;
    if (k < minK) minK = k;
    if (k > maxK) maxK = k;
    for (let e = 0; e < 4; e++) {
      const ni = i + (e === 0 ? 1 : e === 1 ? -1 : 0);
      const nk = k + (e === 2 ? 1 : e === 3 ? -1 : 0);
      if ((ni - ci) ** 2 + (nk - ck) ** 2 > R2 || ni < i0 || ni > i1 || nk < k0 || nk > k1) {
        if (inside(Math.min(nx - 1, Math.max(0, ni)), Math.min(nz - 1, Math.max(0, nk)))) open = true;
        continue;
      }
      const t = ni - i0 + (nk - k0) * w;
      if (seen[t] || !inside(ni, nk)) continue;
      seen[t] = 1;
      stack.push(t);
    }
  }
  return {
    row,
    y: origin[1] + (row + 0.5) * h,
    count,
    area: count * h * h,
    cx: origin[0] + (sx / count + 0.5) * h,
    cz: origin[2] + (sz / count + 0.5) * h,
    minX: origin[0] + minI * h,
    maxX: origin[0] + (maxI + 1) * h,
    minZ: origin[2] + minK * h,
    maxZ: origin[2] + (maxK + 1) * h,
    open,
  };
}

/** The voxel row holding canonical height y (clamped into the grid). */
export function rowOf(solid: BodySolid, y: number): number {
  return Math.min(solid.ny - 1, Math.max(0, Math.floor((y - solid.origin[1]) / solid.h)));
}
