/**
 * Bone segments measured against the voxel solid: how much of each lies inside the mesh, and
 * leaves stretched through the extremity they end in.
 */
import type { VoxelGrid } from './voxel-grid.ts';

/** True when grid-space point (u, v, w) lies in a solid voxel. */
function solidAt(grid: VoxelGrid, u: number, v: number, w: number): boolean {
  if (!(u >= 0 && v >= 0 && w >= 0 && u < grid.nx && v < grid.ny && w < grid.nz)) return false;
  const c = grid.cell(Math.floor(u), Math.floor(v), Math.floor(w));
  return ((grid.solid[c >>> 5] >>> (c & 31)) & 1) !== 0;
}

/**
 * Per segment (grid-space `ends`), the fraction of its length inside the solid, sampled every
 * half voxel (a zero-length segment is its one point: 0 or 1).
 */
export function insideFractions(grid: VoxelGrid, ends: Float64Array, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let s = 0; s < count; s++) {
    const o = s * 6;
    const dx = ends[o + 3] - ends[o];
    const dy = ends[o + 4] - ends[o + 1];
    const dz = ends[o + 5] - ends[o + 2];
    const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy, dz) * 2));
    let inside = 0;
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      if (solidAt(grid, ends[o] + dx * t, ends[o + 1] + dy * t, ends[o + 2] + dz * t)) inside++;
    }
    out[s] = inside / (steps + 1);
  }
  return out;
}

/** True when a segment's start (its joint, grid space) is within one voxel of the solid. */
export function startsInside(grid: VoxelGrid, ends: Float64Array, s: number): boolean {
  const o = s * 6;
  for (let dz = -1; dz <= 1; dz++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (solidAt(grid, ends[o] + dx, ends[o + 1] + dy, ends[o + 2] + dz)) return true;
      }
    }
  }
  return false;
}

/**
 * Stretches each leaf segment (flagged in `leaf`, grid space, edited in place) along its
 * direction to `reach` × the distance at which it leaves the solid, if that is longer than it
 * already is, but never beyond `maxLength` voxels. Why: a leaf's end is a guess (glTF joints
 * have no tails), and a head or hand bone that stops at the neck or wrist leaves the far side
 * of the extremity nearly as close to the parent bone, which then bleeds into it; stretched
 * through the extremity, the leaf owns it, as an artist would paint it. A leaf whose joint is
 * outside the solid is left alone.
 */
export function extendLeaves(
  grid: VoxelGrid,
  ends: Float64Array,
  leaf: Uint8Array,
  reach: number,
  maxLength: number,
): void {
  for (let s = 0; s < leaf.length; s++) {
    if (!leaf[s]) continue;
    const o = s * 6;
    const ax = ends[o];
    const ay = ends[o + 1];
    const az = ends[o + 2];
    let dx = ends[o + 3] - ax;
    let dy = ends[o + 4] - ay;
    let dz = ends[o + 5] - az;
    const len = Math.hypot(dx, dy, dz);
    if (!(len > 0) || !solidAt(grid, ax, ay, az)) continue;
    dx /= len;
    dy /= len;
    dz /= len;
    let exit = 0;
    for (let t = 0.5; t <= maxLength; t += 0.5) {
      if (!solidAt(grid, ax + dx * t, ay + dy * t, az + dz * t)) break;
      exit = t;
    }
    const length = Math.min(maxLength, Math.max(len, exit * reach));
    ends[o + 3] = ax + dx * length;
    ends[o + 4] = ay + dy * length;
    ends[o + 5] = az + dz * length;
  }
}

/**
 * Turns each leaf segment (flagged in `leaf`, grid space, edited in place) toward the part of
 * the solid ahead of its joint: the centroid of the solid voxels connected to the joint within
 * `radius` × the segment's length (at most `maxRadius` voxels) that lie ahead of it (positive
 * along the current direction). Why: a leaf's direction is a guess (its parent's), and a foot
 * whose toe joint continues the shin's slope points into the floor while the toes run forward;
 * aimed at the solid it ends in, the leaf covers its extremity. Keeps the segment's length; a
 * leaf whose joint is outside the solid is left alone.
 */
export function aimLeaves(
  grid: VoxelGrid,
  ends: Float64Array,
  leaf: Uint8Array,
  radius: number,
  maxRadius: number,
): void {
  let seen: Uint8Array | null = null;
  let queue = new Int32Array(0);
  for (let s = 0; s < leaf.length; s++) {
    if (!leaf[s]) continue;
    const o = s * 6;
    const ax = ends[o];
    const ay = ends[o + 1];
    const az = ends[o + 2];
    const dx = ends[o + 3] - ax;
    const dy = ends[o + 4] - ay;
    const dz = ends[o + 5] - az;
    const len = Math.hypot(dx, dy, dz);
    if (!(len > 0) || !solidAt(grid, ax, ay, az)) continue;
    const r = Math.min(maxRadius, Math.max(2, radius * len));
    // Breadth-first over the solid voxels of the ball, at most AIM_VOXELS of them (a big ball
    // is sampled by its nearer part, which still says which way the extremity runs).
    seen ??= new Uint8Array(grid.cellCount);
    if (queue.length === 0) queue = new Int32Array(Math.min(AIM_VOXELS, grid.cellCount));
    const start = grid.cell(Math.floor(ax), Math.floor(ay), Math.floor(az));
    queue[0] = start;
    seen[start] = 1;
    let tail = 1;
    let cx = 0;
    let cy = 0;
    let cz = 0;
    for (let head = 0; head < tail; head++) {
      const cell = queue[head];
      const z = Math.floor(cell / grid.sliceSize);
      const y = Math.floor((cell - z * grid.sliceSize) / grid.nx);
      const x = cell - z * grid.sliceSize - y * grid.nx;
      const ux = x + 0.5 - ax;
      const uy = y + 0.5 - ay;
      const uz = z + 0.5 - az;
      if (ux * dx + uy * dy + uz * dz > 0) {
        cx += ux;
        cy += uy;
        cz += uz;
      }
      for (let k = 0; k < 6; k++) {
        const nx = x + (k === 0 ? 1 : k === 1 ? -1 : 0);
        const ny = y + (k === 2 ? 1 : k === 3 ? -1 : 0);
        const nz = z + (k === 4 ? 1 : k === 5 ? -1 : 0);
        if (nx < 0 || ny < 0 || nz < 0 || nx >= grid.nx || ny >= grid.ny || nz >= grid.nz) continue;
        if ((nx + 0.5 - ax) ** 2 + (ny + 0.5 - ay) ** 2 + (nz + 0.5 - az) ** 2 > r * r) continue;
        const c = grid.cell(nx, ny, nz);
        if (seen[c] || tail === queue.length || ((grid.solid[c >>> 5] >>> (c & 31)) & 1) === 0) continue;
        seen[c] = 1;
        queue[tail++] = c;
      }
    }
    for (let k = 0; k < tail; k++) seen[queue[k]] = 0;
    const cl = Math.hypot(cx, cy, cz);
    if (!(cl > 0)) continue;
    ends[o + 3] = ax + (cx / cl) * len;
    ends[o + 4] = ay + (cy / cl) * len;
    ends[o + 5] = az + (cz / cl) * len;
  }
}

/** Most voxels {@link aimLeaves} visits per leaf. */
const AIM_VOXELS = 20_000;
