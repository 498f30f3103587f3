/**
 * voxelizeSurface: marks every voxel a triangle overlaps (conservative, so a closed surface is
 * a watertight 6-separating shell), plus the voxel of every vertex, so each vertex lies in a
 * surface voxel even when it belongs to no triangle.
 *
 * The overlap test is Schwarz & Seidel's ("Fast parallel surface and solid voxelization on
 * GPUs", SIGGRAPH Asia 2010): the triangle's plane must pass through the box, and the box must
 * overlap the triangle's projection on each of the xy, yz and zx planes (three 2D edge tests
 * each). Degenerate triangles (zero area: collinear or repeated corners) have no plane; their
 * edges are rasterised as segments instead.
 */
import { setBit, type VoxelGrid } from './voxel-grid.ts';

const _a = new Float64Array(3);
const _b = new Float64Array(3);
const _c = new Float64Array(3);
// Per-triangle edge functions: 3 edges × (nx, ny, d) for each of the xy, yz, zx projections.
const _exy = new Float64Array(9);
const _eyz = new Float64Array(9);
const _ezx = new Float64Array(9);

/** Writes position `i` of `positions` in grid space into `out`. */
function toGrid(grid: VoxelGrid, positions: Float32Array, i: number, out: Float64Array): void {
  const s = 1 / grid.h;
  out[0] = (positions[i * 3] - grid.origin[0]) * s;
  out[1] = (positions[i * 3 + 1] - grid.origin[1]) * s;
  out[2] = (positions[i * 3 + 2] - grid.origin[2]) * s;
}

/** Marks the voxels along segment a→b (grid space), sampled at a quarter voxel. */
function markSegment(grid: VoxelGrid, bits: Uint32Array, a: Float64Array, b: Float64Array): void {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  const steps = Math.max(1, Math.ceil(len * 4));
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const cell = grid.cellAt(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t);
    setBit(bits, cell);
  }
}

/**
 * One 2D edge function of a projection (Schwarz & Seidel, eq. 5–6): for edge p→q of the
 * projected triangle with orientation `sign`, stores the inward normal and the offset that
 * makes `n · corner + d ≥ 0` hold for every unit box touching the edge's inner half-plane.
 */
function edgeFunction(
  out: Float64Array,
  o: number,
  px: number,
  py: number,
  qx: number,
  qy: number,
  sign: number,
) {
  const nx = -(qy - py) * sign;
  const ny = (qx - px) * sign;
  out[o] = nx;
  out[o + 1] = ny;
  out[o + 2] = -(nx * px + ny * py) + Math.max(0, nx) + Math.max(0, ny);
}

/** True when all three edge functions of a projection accept the box with min corner (u, v). */
function insideProjection(e: Float64Array, u: number, v: number): boolean {
  return (
    e[0] * u + e[1] * v + e[2] >= 0 && e[3] * u + e[4] * v + e[5] >= 0 && e[6] * u + e[7] * v + e[8] >= 0
  );
}

/** Marks the voxels triangle (a, b, c) (grid space) overlaps in `bits`. */
function markTriangle(
  grid: VoxelGrid,
  bits: Uint32Array,
  a: Float64Array,
  b: Float64Array,
  c: Float64Array,
): void {
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const z0 = Math.max(0, Math.floor(Math.min(a[2], b[2], c[2])));
  const x1 = Math.min(grid.nx - 1, Math.floor(Math.max(a[0], b[0], c[0])));
  const y1 = Math.min(grid.ny - 1, Math.floor(Math.max(a[1], b[1], c[1])));
  const z1 = Math.min(grid.nz - 1, Math.floor(Math.max(a[2], b[2], c[2])));
  if (x0 === x1 && y0 === y1 && z0 === z1) {
    setBit(bits, grid.cell(x0, y0, z0));
    return;
  }
  const e0x = b[0] - a[0];
  const e0y = b[1] - a[1];
  const e0z = b[2] - a[2];
  const e2x = c[0] - a[0];
  const e2y = c[1] - a[1];
  const e2z = c[2] - a[2];
  const nx = e0y * e2z - e0z * e2y;
  const ny = e0z * e2x - e0x * e2z;
  const nz = e0x * e2y - e0y * e2x;
  const area2 = Math.hypot(nx, ny, nz);
  const scale = Math.max(e0x * e0x + e0y * e0y + e0z * e0z, e2x * e2x + e2y * e2y + e2z * e2z);
  if (!(area2 > 1e-12 * scale) || !Number.isFinite(area2)) {
    markSegment(grid, bits, a, b);
    markSegment(grid, bits, b, c);
    markSegment(grid, bits, c, a);
    return;
  }
  // Plane through the box: the critical corners give the two offsets (eq. 2–3).
  const cx = nx > 0 ? 1 : 0;
  const cy = ny > 0 ? 1 : 0;
  const cz = nz > 0 ? 1 : 0;
  const d1 = nx * (cx - a[0]) + ny * (cy - a[1]) + nz * (cz - a[2]);
  const d2 = nx * (1 - cx - a[0]) + ny * (1 - cy - a[1]) + nz * (1 - cz - a[2]);
  const sxy = nz >= 0 ? 1 : -1;
  const syz = nx >= 0 ? 1 : -1;
  const szx = ny >= 0 ? 1 : -1;
  edgeFunction(_exy, 0, a[0], a[1], b[0], b[1], sxy);
  edgeFunction(_exy, 3, b[0], b[1], c[0], c[1], sxy);
  edgeFunction(_exy, 6, c[0], c[1], a[0], a[1], sxy);
  edgeFunction(_eyz, 0, a[1], a[2], b[1], b[2], syz);
  edgeFunction(_eyz, 3, b[1], b[2], c[1], c[2], syz);
  edgeFunction(_eyz, 6, c[1], c[2], a[1], a[2], syz);
  edgeFunction(_ezx, 0, a[2], a[0], b[2], b[0], szx);
  edgeFunction(_ezx, 3, b[2], b[0], c[2], c[0], szx);
  edgeFunction(_ezx, 6, c[2], c[0], a[2], a[0], szx);
  for (let z = z0; z <= z1; z++) {
    for (let y = y0; y <= y1; y++) {
      if (!insideProjection(_eyz, y, z)) continue;
      const base = grid.nx * y + grid.sliceSize * z;
      for (let x = x0; x <= x1; x++) {
        const np = nx * x + ny * y + nz * z;
        if ((np + d1) * (np + d2) > 0) continue;
        if (!insideProjection(_exy, x, y) || !insideProjection(_ezx, z, x)) continue;
        setBit(bits, base + x);
      }
    }
  }
}

/**
 * Marks the surface voxels of one primitive (world-space positions, triangle list indices or
 * null for non-indexed triangles) in `bits` (default: the grid's surface). With `triangles`,
 * only those triangles (and their corners) are marked. Indices out of range are skipped.
 */
export function voxelizeSurface(
  grid: VoxelGrid,
  positions: Float32Array,
  indices: Uint32Array | null,
  bits: Uint32Array = grid.surface,
  triangles: ArrayLike<number> | null = null,
): void {
  const vertexCount = Math.floor(positions.length / 3);
  if (!triangles) {
    for (let v = 0; v < vertexCount; v++) {
      toGrid(grid, positions, v, _a);
      if (Number.isFinite(_a[0] + _a[1] + _a[2])) setBit(bits, grid.cellAt(_a[0], _a[1], _a[2]));
    }
  }
  const triCount = triangles
    ? triangles.length
    : indices
      ? Math.floor(indices.length / 3)
      : Math.floor(vertexCount / 3);
  for (let k = 0; k < triCount; k++) {
    const t = triangles ? triangles[k] : k;
    const i0 = indices ? indices[t * 3] : t * 3;
    const i1 = indices ? indices[t * 3 + 1] : t * 3 + 1;
    const i2 = indices ? indices[t * 3 + 2] : t * 3 + 2;
    if (i0 >= vertexCount || i1 >= vertexCount || i2 >= vertexCount) continue;
    toGrid(grid, positions, i0, _a);
    toGrid(grid, positions, i1, _b);
    toGrid(grid, positions, i2, _c);
    if (!Number.isFinite(_a[0] + _a[1] + _a[2] + _b[0] + _b[1] + _b[2] + _c[0] + _c[1] + _c[2])) continue;
    if (triangles) {
      setBit(bits, grid.cellAt(_a[0], _a[1], _a[2]));
      setBit(bits, grid.cellAt(_b[0], _b[1], _b[2]));
      setBit(bits, grid.cellAt(_c[0], _c[1], _c[2]));
    }
    markTriangle(grid, bits, _a, _b, _c);
  }
}
