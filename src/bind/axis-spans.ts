/**
 * AxisSpans: for every axis-aligned line of a voxel grid, the first and last set voxel of a bit
 * set on it — what a ray cast along the line from either end hits first. The interior fill and
 * the per-part solids both vote with these.
 */

/** First/last set voxel per line: x lines keyed by (y, z), y lines by (x, z), z lines by (x, y). */
export interface AxisSpans {
  firstX: Int16Array;
  lastX: Int16Array;
  firstY: Int16Array;
  lastY: Int16Array;
  firstZ: Int16Array;
  lastZ: Int16Array;
}

/** Empty spans for an nx × ny × nz grid (first 0x7fff, last −1: no voxel on the line). */
export function createAxisSpans(nx: number, ny: number, nz: number): AxisSpans {
  const spans = {
    firstX: new Int16Array(ny * nz),
    lastX: new Int16Array(ny * nz),
    firstY: new Int16Array(nx * nz),
    lastY: new Int16Array(nx * nz),
    firstZ: new Int16Array(nx * ny),
    lastZ: new Int16Array(nx * ny),
  };
  clearAxisSpans(spans);
  return spans;
}

/** Back to "no voxel on any line". */
export function clearAxisSpans(s: AxisSpans): void {
  for (const a of [s.firstX, s.firstY, s.firstZ]) a.fill(0x7fff);
  for (const a of [s.lastX, s.lastY, s.lastZ]) a.fill(-1);
}

/** Widens `s` by every set bit of `bits` (voxel c = x + nx·y + nx·ny·z), in memory order. */
export function addToAxisSpans(s: AxisSpans, bits: Uint32Array, nx: number, ny: number): void {
  const sliceSize = nx * ny;
  const { firstX, lastX, firstY, lastY, firstZ, lastZ } = s;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w];
    while (word !== 0) {
      const c = (w << 5) | (31 - Math.clz32(word & -word));
      word &= word - 1;
      const z = Math.floor(c / sliceSize);
      const r = c - z * sliceSize;
      const y = Math.floor(r / nx);
      const x = r - y * nx;
      const lx = y + ny * z;
      const ly = x + nx * z;
      if (x < firstX[lx]) firstX[lx] = x;
      if (x > lastX[lx]) lastX[lx] = x;
      if (y < firstY[ly]) firstY[ly] = y;
      if (y > lastY[ly]) lastY[ly] = y;
      if (z < firstZ[r]) firstZ[r] = z;
      if (z > lastZ[r]) lastZ[r] = z;
    }
  }
}
