/**
 * Welding across parts: vertices of different primitives drawn at the same place (a shirt's hem
 * on the trousers' waistband, a head on a neck, a modular arm on its shoulder) are one point of
 * the body a rigger paints. A SkinSurface built with `weldParts` merges such nodes, so a brush
 * gives them the same weights (the hem never opens when posed), Smooth averages across the
 * boundary and "connected surface only" walks from one part into the next.
 *
 * Matching is on the positions as drawn (the rest shape): two skins may store their vertices in
 * different bind spaces, and what "touching" means is what the user sees.
 */
import { PointGrid } from './point-grid.ts';

/**
 * Nodes closer than this share of the rest shape's bounding-box diagonal are one point (2 µm on a
 * 2 m character: far below any modelled gap, far above the float error of skinning to the rest pose).
 */
export const PART_WELD_RELATIVE_TOLERANCE = 1e-6;

/**
 * For `count` nodes numbered part by part (`nodePart`, ascending) at positions `rest` (xyz),
 * the smallest node each is merged into — nodes of different parts within `tolerance` of each
 * other, transitively — or null when no two parts touch anywhere. A node's root is never in a
 * later part than the node itself. `grid`: a PointGrid over `rest` (built when not given).
 */
export function partWeldRoots(
  rest: Float32Array,
  count: number,
  nodePart: Uint16Array,
  tolerance: number,
  grid: PointGrid = new PointGrid(rest, count),
): Int32Array | null {
  if (count === 0 || nodePart[0] === nodePart[count - 1]) return null;
  const root = new Int32Array(count);
  for (let g = 0; g < count; g++) root[g] = g;
  const find = (g: number): number => {
    let r = g;
    while (root[r] !== r) r = root[r];
    while (root[g] !== r) {
      const next = root[g];
      root[g] = r;
      g = next;
    }
    return r;
  };
  let merged = false;
  const union = (g: number, h: number): void => {
    if (nodePart[g] === nodePart[h]) return;
    const a = find(g);
    const b = find(h);
    if (a === b) return;
    // The smaller node is the root: the merged node keeps the earliest part's vertex.
    if (a < b) root[b] = a;
    else root[a] = b;
    merged = true;
  };
  // Points closer than the tolerance share a grid cell, unless one is within the tolerance of
  // the cell's border: compare within each cell, and query around the few near a border (or in
  // a crowded cell).
  const { ids, sorted, cellStart, nx, ny, nz, cellSize, minX, minY, minZ } = grid;
  const t2 = tolerance * tolerance;
  const inv = 1 / cellSize;
  const edge = tolerance * inv;
  const qIds = new Uint32Array(256);
  const qD2 = new Float32Array(256);
  const cells = nx * ny * nz;
  for (let c = 0; c < cells; c++) {
    const k0 = cellStart[c];
    const k1 = cellStart[c + 1];
    const crowded = k1 - k0 > 64;
    for (let k = k0; k < k1; k++) {
      const x = sorted[k * 3];
      const y = sorted[k * 3 + 1];
      const z = sorted[k * 3 + 2];
      if (!crowded)
        for (let l = k + 1; l < k1; l++) {
          const dx = sorted[l * 3] - x;
          const dy = sorted[l * 3 + 1] - y;
          const dz = sorted[l * 3 + 2] - z;
          if (dx * dx + dy * dy + dz * dz <= t2) union(ids[k], ids[l]);
        }
      const fx = (x - minX) * inv;
      const fy = (y - minY) * inv;
      const fz = (z - minZ) * inv;
      if (crowded || nearBorder(fx, nx, edge) || nearBorder(fy, ny, edge) || nearBorder(fz, nz, edge)) {
        const n = Math.min(grid.querySphere(x, y, z, tolerance, qIds, qD2), qIds.length);
        for (let q = 0; q < n; q++) union(ids[k], qIds[q]);
      }
    }
  }
  if (!merged) return null;
  for (let g = 0; g < count; g++) root[g] = find(g);
  return root;
}

/** True when cell coordinate `f` (in cells) is within `edge` cells of its cell's faces, or outside the grid. */
function nearBorder(f: number, n: number, edge: number): boolean {
  const i = Math.floor(f);
  if (i < 0 || i >= n - 1) return true; // the last cell takes what lies beyond it
  const frac = f - i;
  return frac < edge || 1 - frac < edge;
}

/** A surface's nodes as flat arrays (see SkinSurface: nodeStart, members, nodePart, nodeVertex, restPositions). */
export interface SurfaceNodes {
  count: number;
  /** CSR offsets into `members` (count + 1). */
  start: Uint32Array;
  /** Global vertices of each node, ascending. */
  members: Uint32Array;
  part: Uint16Array;
  /** Local vertex of each node's representative. */
  vertex: Uint32Array;
  /** Node positions as drawn (xyz). */
  rest: Float32Array;
}

/**
 * Merges the nodes of `nodes` (numbered part by part) that touch across parts
 * ({@link partWeldRoots}, tolerance relative to the rest shape's size). Rewrites `nodeOf` (node
 * of each global vertex) and `nodeOffset` (each part's node range) in place and returns the
 * merged nodes — still part by part, each in its earliest vertex's part, members ascending so
 * the representative is that vertex — or null (nothing rewritten) when no parts touch. `grid`:
 * a PointGrid over `nodes.rest`, if the caller has one.
 */
export function weldAcrossParts(
  nodes: SurfaceNodes,
  nodeOf: Uint32Array,
  nodeOffset: Uint32Array,
  grid?: PointGrid,
): SurfaceNodes | null {
  const { count: G, part, vertex, rest } = nodes;
  const roots = partWeldRoots(rest, G, part, PART_WELD_RELATIVE_TOLERANCE * diagonal(rest, G), grid);
  if (!roots) return null;
  const P = nodeOffset.length - 1;
  const N = nodeOf.length;
  // A merged node is its root (its earliest vertex): numbering roots in order keeps parts apart.
  const final = new Int32Array(G);
  let count = 0;
  nodeOffset.fill(0);
  for (let g = 0; g < G; g++) {
    if (roots[g] !== g) continue;
    final[g] = count++;
    nodeOffset[part[g] + 1]++;
  }
  for (let i = 0; i < P; i++) nodeOffset[i + 1] += nodeOffset[i];
  const start = new Uint32Array(count + 1);
  for (let v = 0; v < N; v++) {
    nodeOf[v] = final[roots[nodeOf[v]]];
    start[nodeOf[v] + 1]++;
  }
  for (let g = 0; g < count; g++) start[g + 1] += start[g];
  const cursor = start.slice(0, count);
  const members = new Uint32Array(N);
  for (let v = 0; v < N; v++) members[cursor[nodeOf[v]]++] = v; // ascending
  const out: SurfaceNodes = {
    count,
    start,
    members,
    part: new Uint16Array(count),
    vertex: new Uint32Array(count),
    rest: new Float32Array(count * 3),
  };
  for (let g = 0; g < G; g++) {
    if (roots[g] !== g) continue;
    const f = final[g];
    out.part[f] = part[g];
    out.vertex[f] = vertex[g];
    out.rest[f * 3] = rest[g * 3];
    out.rest[f * 3 + 1] = rest[g * 3 + 1];
    out.rest[f * 3 + 2] = rest[g * 3 + 2];
  }
  return out;
}

/** Length of the bounding-box diagonal of the first `count` points. */
function diagonal(positions: Float32Array, count: number): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i * 3 + c];
      if (v < lo[c]) lo[c] = v;
      if (v > hi[c]) hi[c] = v;
    }
  }
  return count > 0 ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) : 0;
}
