/**
 * PointGrid: a flat uniform grid over points for brush queries (sphere → points) and nearest
 * point look-ups (mirror map). Points are counting-sorted by cell, so a row of cells along X is
 * one contiguous run of `ids`/`sorted`: a sphere query walks one run per (y, z) row, clipped to
 * the sphere's extent on that row, and never allocates.
 *
 * Rebuilding is O(points + cells) (a few ms for 300k points), so a posed mesh simply calls
 * {@link PointGrid.rebuild} with the new positions instead of refitting a tree.
 */

/** Options of {@link PointGrid}. */
export interface PointGridOptions {
  /** Cells per point (sets the cell size from the bounding volume). */
  cellsPerPoint?: number;
  /** Upper bound on cells along one axis. */
  maxCellsPerAxis?: number;
}

/** Defaults of {@link PointGridOptions}. */
export const POINT_GRID_DEFAULTS: Required<PointGridOptions> = {
  cellsPerPoint: 1,
  maxCellsPerAxis: 1024,
};

export class PointGrid {
  /** Number of points indexed. */
  count = 0;
  /** Point ids in cell order. */
  ids: Uint32Array = new Uint32Array(0);
  /** Positions in cell order (3 per point), for cache-friendly scans. */
  sorted: Float32Array = new Float32Array(0);
  /** First entry of each cell in `ids` (cells + 1 entries). */
  cellStart: Uint32Array = new Uint32Array(1);
  minX = 0;
  minY = 0;
  minZ = 0;
  cellSize = 1;
  nx = 1;
  ny = 1;
  nz = 1;
  private readonly options: Required<PointGridOptions>;
  private cellOf: Uint32Array = new Uint32Array(0);

  /** Indexes the first `count` points of `positions` (xyz triples). */
  constructor(positions: Float32Array, count = positions.length / 3, options: PointGridOptions = {}) {
    this.options = { ...POINT_GRID_DEFAULTS, ...options };
    this.rebuild(positions, count);
  }

  /** Re-indexes (e.g. posed positions). Reuses its arrays when the point count is unchanged. */
  rebuild(positions: Float32Array, count = positions.length / 3): void {
    if (count !== this.count || this.ids.length !== count) {
      this.ids = new Uint32Array(count);
      this.sorted = new Float32Array(count * 3);
      this.cellOf = new Uint32Array(count);
    }
    this.count = count;
    this.layout(positions, count);
    const { nx, ny, nz, cellSize, minX, minY, minZ, cellOf } = this;
    const cells = nx * ny * nz;
    if (this.cellStart.length !== cells + 1) this.cellStart = new Uint32Array(cells + 1);
    const start = this.cellStart;
    start.fill(0);
    const inv = 1 / cellSize;
    for (let i = 0; i < count; i++) {
      const cx = clampCell(Math.floor((positions[i * 3] - minX) * inv), nx);
      const cy = clampCell(Math.floor((positions[i * 3 + 1] - minY) * inv), ny);
      const cz = clampCell(Math.floor((positions[i * 3 + 2] - minZ) * inv), nz);
      const c = cx + nx * (cy + ny * cz);
      cellOf[i] = c;
      start[c + 1]++;
    }
    for (let c = 0; c < cells; c++) start[c + 1] += start[c];
    // Scatter with a moving cursor per cell (start[c] is advanced, then restored below).
    const { ids, sorted } = this;
    for (let i = 0; i < count; i++) {
      const k = start[cellOf[i]]++;
      ids[k] = i;
      sorted[k * 3] = positions[i * 3];
      sorted[k * 3 + 1] = positions[i * 3 + 1];
      sorted[k * 3 + 2] = positions[i * 3 + 2];
    }
    for (let c = cells; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;
  }

  /** Bounds and cell size: about `cellsPerPoint` cells per point over the bounding box. */
  private layout(positions: Float32Array, count: number): void {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = x0;
    let z0 = x0;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = x1;
    let z1 = x1;
    for (let i = 0; i < count; i++) {
      const x = positions[i * 3];
      const y = positions[i * 3 + 1];
      const z = positions[i * 3 + 2];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (z < z0) z0 = z;
      if (z > z1) z1 = z;
    }
    if (!(x1 >= x0 && y1 >= y0 && z1 >= z0)) {
      x0 = y0 = z0 = 0;
      x1 = y1 = z1 = 1;
    }
    const big = Math.max(x1 - x0, y1 - y0, z1 - z0, 1e-6);
    // Flat extents count as a sliver so the volume (and the cell size) stays meaningful.
    const floor = big * 1e-3;
    const volume = Math.max(x1 - x0, floor) * Math.max(y1 - y0, floor) * Math.max(z1 - z0, floor);
    const { cellsPerPoint, maxCellsPerAxis } = this.options;
    let cell = Math.cbrt(volume / Math.max(1, count * cellsPerPoint));
    cell = Math.max(cell, big / maxCellsPerAxis, 1e-9);
    this.cellSize = cell;
    this.minX = x0;
    this.minY = y0;
    this.minZ = z0;
    this.nx = Math.min(maxCellsPerAxis, Math.floor((x1 - x0) / cell) + 1);
    this.ny = Math.min(maxCellsPerAxis, Math.floor((y1 - y0) / cell) + 1);
    this.nz = Math.min(maxCellsPerAxis, Math.floor((z1 - z0) / cell) + 1);
  }

  /**
   * Points within distance `r` of (x, y, z) (inclusive): writes their ids and squared distances
   * to `outIds`/`outDist2` (each must hold up to `count` entries) and returns how many.
   */
  querySphere(
    x: number,
    y: number,
    z: number,
    r: number,
    outIds: Uint32Array | Int32Array,
    outDist2: Float32Array | Float64Array,
  ): number {
    if (!(r >= 0)) return 0;
    const { nx, ny, nz, cellSize, minX, minY, minZ, cellStart, ids, sorted } = this;
    const inv = 1 / cellSize;
    const r2 = r * r;
    const z0 = Math.max(0, Math.floor((z - r - minZ) * inv));
    const z1 = Math.min(nz - 1, Math.floor((z + r - minZ) * inv));
    const y0 = Math.max(0, Math.floor((y - r - minY) * inv));
    const y1 = Math.min(ny - 1, Math.floor((y + r - minY) * inv));
    let n = 0;
    for (let cz = z0; cz <= z1; cz++) {
      const dz = slabDistance(z, minZ + cz * cellSize, cellSize);
      const rz2 = r2 - dz * dz;
      if (rz2 < 0) continue;
      for (let cy = y0; cy <= y1; cy++) {
        const dy = slabDistance(y, minY + cy * cellSize, cellSize);
        const ryz2 = rz2 - dy * dy;
        if (ryz2 < 0) continue;
        const half = Math.sqrt(ryz2);
        const xa = Math.max(0, Math.floor((x - half - minX) * inv));
        const xb = Math.min(nx - 1, Math.floor((x + half - minX) * inv));
        if (xa > xb) continue;
        const row = nx * (cy + ny * cz);
        const end = cellStart[row + xb + 1];
        for (let k = cellStart[row + xa]; k < end; k++) {
          const ex = sorted[k * 3] - x;
          const ey = sorted[k * 3 + 1] - y;
          const ez = sorted[k * 3 + 2] - z;
          const d2 = ex * ex + ey * ey + ez * ez;
          if (d2 <= r2) {
            outIds[n] = ids[k];
            outDist2[n] = d2;
            n++;
          }
        }
      }
    }
    return n;
  }

  /**
   * The point nearest to (x, y, z) within `maxDistance` (inclusive), or -1. Ties go to the
   * lower id. Searches shells of cells outward and stops once no closer point can exist.
   */
  nearest(x: number, y: number, z: number, maxDistance: number): number {
    const { nx, ny, nz, cellSize, minX, minY, minZ } = this;
    if (this.count === 0 || !(maxDistance >= 0)) return -1;
    const inv = 1 / cellSize;
    const cx = clampCell(Math.floor((x - minX) * inv), nx);
    const cy = clampCell(Math.floor((y - minY) * inv), ny);
    const cz = clampCell(Math.floor((z - minZ) * inv), nz);
    _best.id = -1;
    _best.d2 = maxDistance * maxDistance;
    const maxShell = Math.max(nx, ny, nz);
    for (let s = 0; s <= maxShell; s++) {
      if (s > 0) {
        // Points in shell s lie outside the block of cells within s - 1 of the start cell:
        // at least as far as the nearest face of that block that has cells beyond it.
        const lower = Math.min(
          blockGap(x, minX, cellSize, cx - s + 1, cx + s, nx),
          blockGap(y, minY, cellSize, cy - s + 1, cy + s, ny),
          blockGap(z, minZ, cellSize, cz - s + 1, cz + s, nz),
        );
        if (lower === Number.POSITIVE_INFINITY || lower * lower > _best.d2) break;
      }
      for (let dz = -s; dz <= s; dz++) {
        const z2 = cz + dz;
        if (z2 < 0 || z2 >= nz) continue;
        for (let dy = -s; dy <= s; dy++) {
          const y2 = cy + dy;
          if (y2 < 0 || y2 >= ny) continue;
          const row = nx * (y2 + ny * z2);
          if (dz === -s || dz === s || dy === -s || dy === s) {
            this.scanRun(row, Math.max(0, cx - s), Math.min(nx - 1, cx + s), x, y, z);
          } else {
            if (cx - s >= 0) this.scanRun(row, cx - s, cx - s, x, y, z);
            if (cx + s < nx && s > 0) this.scanRun(row, cx + s, cx + s, x, y, z);
          }
        }
      }
    }
    return _best.id;
  }

  private scanRun(row: number, xa: number, xb: number, x: number, y: number, z: number): void {
    if (xa > xb) return;
    const { cellStart, ids, sorted } = this;
    const end = cellStart[row + xb + 1];
    for (let k = cellStart[row + xa]; k < end; k++) {
      const ex = sorted[k * 3] - x;
      const ey = sorted[k * 3 + 1] - y;
      const ez = sorted[k * 3 + 2] - z;
      const d2 = ex * ex + ey * ey + ez * ez;
      const id = ids[k];
      if (d2 < _best.d2 || (d2 === _best.d2 && (_best.id < 0 || id < _best.id))) {
        _best.d2 = d2;
        _best.id = id;
      }
    }
  }
}

const _best = { id: -1, d2: 0 };

/**
 * Distance from coordinate `p` to the faces of the cell block [lo, hi) on one axis that have
 * cells beyond them (a face at the grid's edge has nothing behind it: Infinity). 0 when `p` is
 * outside the block.
 */
function blockGap(p: number, min: number, size: number, lo: number, hi: number, n: number): number {
  let gap = Number.POSITIVE_INFINITY;
  if (lo > 0) gap = p - (min + lo * size);
  if (hi < n) gap = Math.min(gap, min + hi * size - p);
  return Math.max(gap, 0);
}

function clampCell(c: number, n: number): number {
  return c < 0 ? 0 : c >= n ? n - 1 : c;
}

/**
 * Distance from coordinate `p` to the slab [lo, lo + size] (0 inside), widened by a hair so
 * rounding in the cell assignment can never make it exceed a point's true distance.
 */
function slabDistance(p: number, lo: number, size: number): number {
  const margin = size * 1e-6;
  if (p < lo - margin) return lo - margin - p;
  const hi = lo + size + margin;
  return p > hi ? p - hi : 0;
}
