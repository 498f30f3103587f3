/**
 * The body frame of a standing character: which way is up, which way it faces and where its
 * plane of symmetry is, found from the mesh alone.
 *
 * - Up is the file's +Y (glTF's convention, which every exporter converts to).
 * - The symmetry plane is vertical. Its normal is searched near the two horizontal axes (glTF
 *   characters face +Z, so the plane is usually x = c; a character turned a quarter faces ±X),
 *   then refined by a few degrees and its offset by fractions of a voxel, scoring each plane by
 *   how much of a coarse solid lands on solid when mirrored across it.
 * - Which side of the plane is the front: the feet. Toes reach further forward of the ankles
 *   than heels reach back, so the lowest slab of the solid sits forward of the shins. Where that
 *   says little, glTF's +Z wins.
 *
 * The canonical frame the fitter works in: x to the character's left, y up from the floor,
 * z to its front, the symmetry plane at x = 0.
 */
import { fillInterior } from '../../bind/fill-interior.ts';
import { testBit, VoxelGrid } from '../../bind/voxel-grid.ts';
import { voxelizeSurface } from '../../bind/voxelize-surface.ts';
import type { FitMesh } from './fit-mesh.ts';

/** A rigid frame from world to the canonical body frame. */
export interface BodyFrame {
  /** Unit axes in world space: the character's left, up, and front. */
  left: [number, number, number];
  up: [number, number, number];
  front: [number, number, number];
  /** World point that maps to the canonical origin (on the symmetry plane, at floor height). */
  origin: [number, number, number];
  /** Fraction of the coarse solid that mirrors onto solid across the plane (1: symmetric). */
  symmetry: number;
  /** How sure the front is: 'feet' when the feet said so, 'default' when glTF's +Z decided. */
  frontFrom: 'feet' | 'default' | 'given';
}

/** Options of {@link detectBodyFrame}. */
export interface BodyFrameOptions {
  /** Voxels along the longest side of the coarse solid the search scores on. */
  resolution?: number;
  /** Most solid voxels sampled per score. */
  samples?: number;
}

/** Defaults of {@link BodyFrameOptions}. */
export const BODY_FRAME_DEFAULTS: Required<BodyFrameOptions> = { resolution: 64, samples: 6000 };

/** World point → canonical (x left, y up from the floor, z front), into `out`. */
export function toCanonical(
  frame: BodyFrame,
  p: ArrayLike<number>,
  out: number[] | Float64Array = [0, 0, 0],
) {
  const dx = p[0] - frame.origin[0];
  const dy = p[1] - frame.origin[1];
  const dz = p[2] - frame.origin[2];
  const { left: l, up: u, front: f } = frame;
  out[0] = dx * l[0] + dy * l[1] + dz * l[2];
  out[1] = dx * u[0] + dy * u[1] + dz * u[2];
  out[2] = dx * f[0] + dy * f[1] + dz * f[2];
  return out;
}

/** Canonical point → world, into `out`. */
export function fromCanonical(
  frame: BodyFrame,
  p: ArrayLike<number>,
  out: number[] | Float64Array = [0, 0, 0],
) {
  const { left: l, up: u, front: f, origin: o } = frame;
  for (let c = 0; c < 3; c++) out[c] = o[c] + p[0] * l[c] + p[1] * u[c] + p[2] * f[c];
  return out;
}

/** Canonical direction → world, into `out`. */
export function directionFromCanonical(frame: BodyFrame, d: ArrayLike<number>, out: number[] = [0, 0, 0]) {
  const { left: l, up: u, front: f } = frame;
  for (let c = 0; c < 3; c++) out[c] = d[0] * l[c] + d[1] * u[c] + d[2] * f[c];
  return out;
}

/** Every vertex of `mesh` in the canonical frame. */
export function canonicalPositions(frame: BodyFrame, positions: Float32Array): Float32Array {
  const out = new Float32Array(positions.length);
  const p = [0, 0, 0];
  for (let i = 0; i < positions.length; i += 3) {
    toCanonical(frame, positions.subarray(i, i + 3), p);
    out[i] = p[0];
    out[i + 1] = p[1];
    out[i + 2] = p[2];
  }
  return out;
}

/** The mirror image of world point `p` across the frame's symmetry plane. */
export function mirrorWorldPoint(frame: BodyFrame, p: ArrayLike<number>): [number, number, number] {
  const c = toCanonical(frame, p);
  c[0] = -c[0];
  return fromCanonical(frame, c) as [number, number, number];
}

function positionBounds(positions: Float32Array) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i + c];
      if (v < min[c]) min[c] = v;
      if (v > max[c]) max[c] = v;
    }
  }
  return { min, max };
}

/** A coarse solid of the mesh in world axes, and a sample of its voxel centres. */
function coarseSolid(mesh: FitMesh, resolution: number, samples: number) {
  const { min, max } = positionBounds(mesh.positions);
  const grid = new VoxelGrid(min, max, resolution);
  voxelizeSurface(grid, mesh.positions, mesh.indices);
  fillInterior(grid);
  const cells = grid.cells;
  const step = Math.max(1, Math.floor(cells.length / samples));
  const points: number[] = [];
  for (let k = 0; k < cells.length; k += step) {
    const c = cells[k];
    const x = c % grid.nx;
    const y = Math.floor(c / grid.nx) % grid.ny;
    const z = Math.floor(c / grid.sliceSize);
    points.push(
      grid.origin[0] + (x + 0.5) * grid.h,
      grid.origin[1] + (y + 0.5) * grid.h,
      grid.origin[2] + (z + 0.5) * grid.h,
    );
  }
  return { grid, points: Float64Array.from(points), min, max };
}

function solidAt(grid: VoxelGrid, x: number, y: number, z: number): boolean {
  const u = (x - grid.origin[0]) / grid.h;
  const v = (y - grid.origin[1]) / grid.h;
  const w = (z - grid.origin[2]) / grid.h;
  if (u < 0 || v < 0 || w < 0 || u >= grid.nx || v >= grid.ny || w >= grid.nz) return false;
  return testBit(grid.solid, grid.cellAt(u, v, w));
}

/** Fraction of `points` whose mirror across the vertical plane {n·p = d} (n = (cos a, 0, sin a)) is solid. */
function mirrorScore(grid: VoxelGrid, points: Float64Array, a: number, d: number): number {
  const nx = Math.cos(a);
  const nz = Math.sin(a);
  let hits = 0;
  const count = points.length / 3;
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i];
    const z = points[i + 2];
    const s = 2 * (x * nx + z * nz - d);
    if (solidAt(grid, x - s * nx, points[i + 1], z - s * nz)) hits++;
  }
  return count ? hits / count : 0;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

/** Best offset for angle `a`, searched around the median of the points' projections. */
function bestOffset(grid: VoxelGrid, points: Float64Array, a: number) {
  const nx = Math.cos(a);
  const nz = Math.sin(a);
  const proj: number[] = [];
  for (let i = 0; i < points.length; i += 3) proj.push(points[i] * nx + points[i + 2] * nz);
  const m = median(proj);
  let best = { d: m, score: mirrorScore(grid, points, a, m) };
  for (const scale of [1, 0.25]) {
    const centre = best.d;
    for (let k = -6; k <= 6; k++) {
      if (k === 0) continue;
      const d = centre + k * scale * grid.h * 0.5;
      const score = mirrorScore(grid, points, a, d);
      if (score > best.score) best = { d, score };
    }
  }
  return best;
}

/** See the module comment. `front` forces the facing direction (a unit horizontal vector). */
export function detectBodyFrame(
  mesh: FitMesh,
  options: BodyFrameOptions & { front?: readonly [number, number, number] } = {},
): BodyFrame {
  const { resolution, samples } = { ...BODY_FRAME_DEFAULTS, ...options };
  if (mesh.positions.length < 9 || mesh.indices.length < 3) throw new RangeError('the mesh has no triangles');
  const { grid, points, min } = coarseSolid(mesh, resolution, samples);
  const deg = Math.PI / 180;
  // 1. The plane's normal: near x or near z, then a few degrees either way.
  let best = { a: 0, ...bestOffset(grid, points, 0) };
  if (options.front) {
    const [fx, , fz] = options.front;
    const a = Math.atan2(-fx, fz); // the normal is the front turned a quarter about up
    best = { a, ...bestOffset(grid, points, a) };
  } else {
    const quarter = { a: 90 * deg, ...bestOffset(grid, points, 90 * deg) };
    if (quarter.score > best.score + 0.02) best = quarter;
    for (const step of [4, 1]) {
      const centre = best.a;
      for (let k = -3; k <= 3; k++) {
        if (k === 0) continue;
        const a = centre + k * step * deg;
        const o = bestOffset(grid, points, a);
        if (o.score > best.score + 1e-9) best = { a, ...o };
      }
    }
  }
  const n: [number, number, number] = [Math.cos(best.a), 0, Math.sin(best.a)];
  // 2. The front: the plane's normal turned a quarter about up (n × up), its sign from the feet.
  let front: [number, number, number] = [-n[2], 0, n[0]];
  let frontFrom: BodyFrame['frontFrom'] = 'default';
  if (options.front) {
    if (front[0] * options.front[0] + front[2] * options.front[2] < 0) front = [-front[0], 0, -front[2]];
    frontFrom = 'given';
  } else {
    const lift = feetLead(points, front, min[1], grid, n, best.d);
    if (Math.abs(lift) > 0.008) {
      if (lift < 0) front = [-front[0], 0, -front[2]];
      frontFrom = 'feet';
    } else if (Math.abs(front[2]) < Math.abs(front[0]) ? front[0] < 0 : front[2] < 0) {
      // No word from the feet: glTF's +Z (or +X for a character turned a quarter).
      front = [-front[0], 0, -front[2]];
    }
  }
  const up: [number, number, number] = [0, 1, 0];
  // left = up × front
  const left: [number, number, number] = [front[2], 0, -front[0]];
  const d = best.d * (left[0] * n[0] + left[2] * n[2]); // signed offset along `left`
  const origin: [number, number, number] = [left[0] * d, min[1], left[2] * d];
  return { left, up, front, origin, symmetry: best.score, frontFrom };
}

/**
 * How far (in heights) the lowest slab of the solid sits ahead of the legs just above it along
 * `front`: positive when the feet point that way. Each side of the plane is measured apart, and
 * only over the foot's own footprint, so hands hanging low beside the legs do not count.
 */
function feetLead(
  points: Float64Array,
  front: number[],
  floor: number,
  grid: VoxelGrid,
  lateral: number[],
  d: number,
): number {
  let top = floor;
  for (let i = 1; i < points.length; i += 3) top = Math.max(top, points[i]);
  const height = top - floor;
  if (!(height > 0)) return 0;
  const low = floor + Math.max(0.04 * height, 1.5 * grid.h);
  const high = floor + Math.max(0.12 * height, 4 * grid.h);
  let lead = 0;
  let sides = 0;
  for (const sign of [1, -1]) {
    const box = [Infinity, -Infinity, Infinity, -Infinity]; // lateral min/max, front min/max
    let sumLow = 0;
    let nLow = 0;
    for (let i = 0; i < points.length; i += 3) {
      if (points[i + 1] > low) continue;
      const l = (points[i] * lateral[0] + points[i + 2] * lateral[2] - d) * sign;
      if (l <= 0) continue;
      const f = points[i] * front[0] + points[i + 2] * front[2];
      box[0] = Math.min(box[0], l);
      box[1] = Math.max(box[1], l);
      box[2] = Math.min(box[2], f);
      box[3] = Math.max(box[3], f);
      sumLow += f;
      nLow++;
    }
    let sumLeg = 0;
    let nLeg = 0;
    for (let i = 0; i < points.length; i += 3) {
      const y = points[i + 1];
      if (y <= low || y > high) continue;
      const l = (points[i] * lateral[0] + points[i + 2] * lateral[2] - d) * sign;
      const f = points[i] * front[0] + points[i + 2] * front[2];
      if (l < box[0] || l > box[1] || f < box[2] || f > box[3]) continue;
      sumLeg += f;
      nLeg++;
    }
    if (nLow === 0 || nLeg === 0) continue;
    lead += (sumLow / nLow - sumLeg / nLeg) / height;
    sides++;
  }
  return sides ? lead / sides : 0;
}
