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
 * Inside is decided per part on a coarse grid over the part's box with the axis-ray vote of
 * fillInterior, counting the part's own surface voxels only.
 *
 * The restriction holds only near the bones it names: a piece with a bone inside may reach far
 * beyond it (a cape sewn to a collar round the neck hangs to the knees; its hem is nowhere near
 * the neck's bone). Each allowed bone has a reach, REACH times the farthest its inside runs from
 * the piece's surface (a head's bone reaches the whole head; a neck's inside a collar, the
 * collar); a vertex out of every allowed bone's reach is unrestricted.
 */

import { type Welded, weldPositions } from '../mesh/weld-positions.ts';
import { addToAxisSpans, createAxisSpans } from './axis-spans.ts';
import { segmentDistanceSquared } from './bone-segments.ts';
import { VoxelGrid } from './voxel-grid.ts';
import { voxelizeSurface } from './voxelize-surface.ts';

/** Result of {@link partBones}. */
export interface PartBones {
  /** Per primitive, the part of each vertex. */
  partOf: Int32Array[];
  /** Per part, a flag per segment (1: inside the part), or null when the part is unrestricted. */
  allowed: (Uint8Array | null)[];
  /** Per part, 1 when it was tested and has no bone inside (a hat, an eye); 0 otherwise. */
  boneless: Uint8Array;
  /**
   * Per part, per segment, how far from an allowed segment the restriction holds (world units;
   * null where the part is unrestricted). See {@link restrictedBones}.
   */
  reach: (Float32Array | null)[];
}

/** An allowed bone's reach over its piece, in multiples of how far its inside runs from the surface. */
export const REACH = 2.5;

/** Piece vertices looked at to measure how far a bone runs from the piece's surface. */
const REACH_SAMPLES = 2048;

/**
 * The bones a vertex of part `part` at (x, y, z) may take: the part's allowed bones where the
 * vertex is within reach of one of them, else null (unrestricted).
 */
export function restrictedBones(
  parts: PartBones,
  part: number,
  ends: Float64Array,
  x: number,
  y: number,
  z: number,
): Uint8Array | null {
  const allowed = parts.allowed[part];
  const reach = parts.reach[part];
  if (!allowed || !reach) return allowed;
  for (let s = 0; s < allowed.length; s++) {
    if (allowed[s] && segmentDistanceSquared(ends, s, x, y, z) <= reach[s] * reach[s]) return allowed;
  }
  return null;
}

/** Options of {@link partBones}. */
export interface PartBonesOptions {
  /** A bone is inside a part when at least this fraction of it is. */
  minInside?: number;
  /**
   * Per segment, 1 for a leaf (a bone with no child joint): its length is auto-bind's guess
   * (glTF joints have no tails), so a leaf also counts as inside the part its joint lies in,
   * however much of the guess pokes out (a hand joint low in a claw, its bone aimed past it).
   */
  leaves?: Uint8Array | null;
}

/** Defaults of {@link PartBonesOptions}. */
export const PART_BONES_DEFAULTS: Required<PartBonesOptions> = { minInside: 0.5, leaves: null };

/** Union-find root with path halving. */
function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/**
 * Finds the parts of the primitives (positions in one space, triangle indices) and which of the
 * `count` segments (`ends`: a.xyz, b.xyz in the same space) lie inside each, each part voxelised
 * at edge `h` over its own box. `welded`: the primitives' welding, when the
 * caller has it.
 */
export function partBones(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
  h: number,
  ends: Float64Array,
  count: number,
  options: PartBonesOptions = PART_BONES_DEFAULTS,
  welded: Welded = weldPositions(positions),
): PartBones {
  const minInside = options.minInside ?? PART_BONES_DEFAULTS.minInside;
  const leaves = options.leaves ?? null;
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
  const reach: (Float32Array | null)[] = new Array(parts).fill(null);
  if (parts < 2 || count === 0) return { partOf, allowed, boneless, reach };

  // Triangles of each part, per primitive.
  const trianglesOf: number[][][] = Array.from({ length: parts }, () => positions.map(() => []));
  positions.forEach((_, p) => {
    for (let t = 0; t < triangleCount(p); t++) {
      const a = corner(p, t, 0);
      if (a >= 0) trianglesOf[partOf[p][indices[p] ? indices[p]![t * 3] : t * 3]][p].push(t);
    }
  });
  // Each part on a grid of its own box (voxel edge h): the cost follows the part, not the mesh.
  const boxes = new Float64Array(parts * 6);
  const insideOf: (((x: number, y: number, z: number) => boolean) | null)[] = new Array(parts).fill(null);
  for (let part = 0; part < parts; part++) {
    const lo = boxes.subarray(part * 6, part * 6 + 3);
    const hi = boxes.subarray(part * 6 + 3, part * 6 + 6);
    lo.fill(Number.POSITIVE_INFINITY);
    hi.fill(Number.NEGATIVE_INFINITY);
    let corners = 0;
    positions.forEach((_, p) => {
      corners += 3 * trianglesOf[part][p].length;
    });
    const stride = Math.max(1, Math.ceil(corners / REACH_SAMPLES));
    const surface: number[] = [];
    let seen = 0;
    positions.forEach((pos, p) => {
      for (const t of trianglesOf[part][p]) {
        for (let k = 0; k < 3; k++) {
          const v = indices[p] ? indices[p]![t * 3 + k] : t * 3 + k;
          for (let c = 0; c < 3; c++) {
            const x = pos[v * 3 + c];
            if (x < lo[c]) lo[c] = x;
            if (x > hi[c]) hi[c] = x;
          }
          if (seen++ % stride === 0) surface.push(pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
        }
      }
    });
    if (!(lo[0] <= hi[0])) {
      boneless[part] = 1;
      continue;
    }
    const longest = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    const grid = new VoxelGrid(lo, hi, Math.ceil(longest / h + 2.5));
    const bits = grid.surface;
    positions.forEach((pos, p) => {
      if (trianglesOf[part][p].length) voxelizeSurface(grid, pos, indices[p], bits, trianglesOf[part][p]);
    });
    const { nx, ny, nz, sliceSize } = grid;
    const spans = createAxisSpans(nx, ny, nz);
    addToAxisSpans(spans, bits, nx, ny);
    const { firstX, lastX, firstY, lastY, firstZ, lastZ } = spans;
    const inv = 1 / grid.h;
    const inside = (wx: number, wy: number, wz: number) => {
      const x = Math.floor((wx - grid.origin[0]) * inv);
      const y = Math.floor((wy - grid.origin[1]) * inv);
      const z = Math.floor((wz - grid.origin[2]) * inv);
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
    insideOf[part] = inside;
    let flags: Uint8Array | null = null;
    for (let s = 0; s < count; s++) {
      const o = s * 6;
      // A bone that does not reach the part's box is not inside it.
      let apart = false;
      for (let c = 0; c < 3; c++)
        if (Math.max(ends[o + c], ends[o + 3 + c]) < lo[c] || Math.min(ends[o + c], ends[o + 3 + c]) > hi[c])
          apart = true;
      if (apart) continue;
      const dx = ends[o + 3] - ends[o];
      const dy = ends[o + 4] - ends[o + 1];
      const dz = ends[o + 5] - ends[o + 2];
      const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy, dz) * inv * 2));
      let n = 0;
      // How far the bone's inside runs from the piece's surface: the farthest inside sample's
      // nearest surface point.
      let depth = 0;
      for (let k = 0; k <= steps; k++) {
        const t = k / steps;
        const x = ends[o] + dx * t;
        const y = ends[o + 1] + dy * t;
        const z = ends[o + 2] + dz * t;
        if (!inside(x, y, z)) continue;
        n++;
        depth = Math.max(depth, nearestDistance(surface, x, y, z));
      }
      const own = leaves?.[s] === 1 && inside(ends[o], ends[o + 1], ends[o + 2]);
      if (own || n / (steps + 1) >= minInside) {
        flags ??= new Uint8Array(count);
        flags[s] = 1;
        const r = (reach[part] ??= new Float32Array(count));
        r[s] = REACH * Math.max(depth, h);
      }
    }
    allowed[part] = flags;
    if (!flags) boneless[part] = 1;
  }
  adoptHosts(positions, partOf, h, boxes, insideOf, allowed, boneless, reach);
  return { partOf, allowed, boneless, reach };
}

/** Distance from (x, y, z) to the nearest of `points` (xyz triples). */
function nearestDistance(points: readonly number[], x: number, y: number, z: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < points.length; i += 3) {
    const d = (points[i] - x) ** 2 + (points[i + 1] - y) ** 2 + (points[i + 2] - z) ** 2;
    if (d < best) best = d;
  }
  return Math.sqrt(best);
}

/** Vertices of a boneless piece looked at to find what it sits on (a bolt has a dozen). */
const HOST_SAMPLES = 64;

/**
 * A boneless piece that sits on a piece with bones (a bolt or a button on the surface, an eye in
 * its socket: at least half its vertices inside that piece or within a voxel of it) takes that
 * piece's bones, as an artist binds it to what it is fixed to: left unrestricted, the bones of
 * a neighbouring limb nearer in a straight line than the piece's own bone reached it (a bolt on
 * the side of RobotExpressive's wide head took a little of the upper arm below). A piece that
 * touches nothing (a hat floating above the head) stays unrestricted.
 */
function adoptHosts(
  positions: readonly Float32Array[],
  partOf: readonly Int32Array[],
  h: number,
  boxes: Float64Array,
  insideOf: readonly (((x: number, y: number, z: number) => boolean) | null)[],
  allowed: (Uint8Array | null)[],
  boneless: Uint8Array,
  reach: (Float32Array | null)[],
): void {
  const parts = boneless.length;
  const hosts: number[] = [];
  for (let q = 0; q < parts; q++) if (allowed[q] && insideOf[q]) hosts.push(q);
  if (hosts.length === 0) return;
  // An even spread over each boneless piece's vertices, at most HOST_SAMPLES of them.
  const total = new Int32Array(parts);
  for (const ids of partOf) for (let v = 0; v < ids.length; v++) total[ids[v]]++;
  const samples: number[][] = Array.from({ length: parts }, () => []);
  const seen = new Int32Array(parts);
  positions.forEach((pos, p) => {
    const ids = partOf[p];
    for (let v = 0; v < ids.length; v++) {
      const part = ids[v];
      if (!boneless[part] || !(boxes[part * 6] <= boxes[part * 6 + 3])) continue;
      if (seen[part]++ % Math.ceil(total[part] / HOST_SAMPLES) === 0)
        samples[part].push(pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]);
    }
  });
  const near = (inside: (x: number, y: number, z: number) => boolean, x: number, y: number, z: number) =>
    inside(x, y, z) ||
    inside(x + h, y, z) ||
    inside(x - h, y, z) ||
    inside(x, y + h, z) ||
    inside(x, y - h, z) ||
    inside(x, y, z + h) ||
    inside(x, y, z - h);
  for (let part = 0; part < parts; part++) {
    const pts = samples[part];
    if (pts.length === 0) continue;
    let best = -1;
    let bestFraction = 0.5;
    for (const q of hosts) {
      // Only a piece whose box (a voxel wider) holds this one's box can be what it sits on.
      let holds = true;
      for (let c = 0; c < 3; c++)
        if (boxes[part * 6 + c] < boxes[q * 6 + c] - h || boxes[part * 6 + 3 + c] > boxes[q * 6 + 3 + c] + h)
          holds = false;
      if (!holds) continue;
      let n = 0;
      for (let i = 0; i < pts.length; i += 3) if (near(insideOf[q]!, pts[i], pts[i + 1], pts[i + 2])) n++;
      const fraction = n / (pts.length / 3);
      if (fraction >= bestFraction) {
        best = q;
        bestFraction = fraction;
      }
    }
    if (best >= 0) {
      allowed[part] = allowed[best];
      reach[part] = reach[best];
    }
  }
}
