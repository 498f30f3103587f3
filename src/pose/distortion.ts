/**
 * Crease inspector: how much the posed surface is stretched or squashed against the bind pose,
 * per welded vertex (so a UV seam, split in glTF, shows one value on both sides), and the worst
 * spots for the UI to frame.
 *
 * A vertex's value is the larger of two means over what touches it: the relative change of its
 * edge lengths, |ℓ'/ℓ − 1|, and of its triangles' areas, |A'/A − 1|. A rigid motion gives 0; a
 * collapsing elbow shrinks edges and areas on the inside of the bend; a candy-wrapper wrist
 * shrinks areas. Exactly 0 in the bind pose (the posed positions are the stored ones).
 */

/** The welded topology the measure walks (SkinSurface has these fields). */
export interface DistortionTopology {
  nodeCount: number;
  /** Triangles over nodes, 3 node ids each. */
  corners: Uint32Array;
  adjacency: { start: Uint32Array; neighbors: Uint32Array };
}

/** Options of {@link nodeDistortion}. */
export interface DistortionOptions {
  /** 'edges', 'areas', or 'max' of both. */
  measure?: 'edges' | 'areas' | 'max';
}

/** Defaults of {@link DistortionOptions}. */
export const DISTORTION_DEFAULTS: Required<DistortionOptions> = { measure: 'max' };

/**
 * Distortion per node of `posed` against `bind` (xyz per node, same numbering as the topology),
 * into `out`. Degenerate edges and triangles of the bind pose are skipped. `scratch` (3 per node)
 * may be passed to avoid allocating.
 */
export function nodeDistortion(
  topology: DistortionTopology,
  bind: Float32Array,
  posed: Float32Array,
  options: DistortionOptions = {},
  out: Float32Array = new Float32Array(topology.nodeCount),
  scratch: Float32Array = new Float32Array(topology.nodeCount * 3),
): Float32Array {
  const { measure } = { ...DISTORTION_DEFAULTS, ...options };
  const n = topology.nodeCount;
  const edgeCount = scratch.subarray(0, n);
  const areaSum = scratch.subarray(n, 2 * n);
  const areaCount = scratch.subarray(2 * n, 3 * n);
  out.fill(0, 0, n);
  scratch.fill(0, 0, 3 * n);
  // 1. Edges: |ℓ'/ℓ − 1| once per edge (a < b), to both ends; the mean per node.
  if (measure !== 'areas') {
    const { start, neighbors } = topology.adjacency;
    for (let a = 0; a < n; a++) {
      const ax = bind[a * 3];
      const ay = bind[a * 3 + 1];
      const az = bind[a * 3 + 2];
      const px = posed[a * 3];
      const py = posed[a * 3 + 1];
      const pz = posed[a * 3 + 2];
      for (let k = start[a]; k < start[a + 1]; k++) {
        const b = neighbors[k];
        if (b <= a) continue;
        const lx = bind[b * 3] - ax;
        const ly = bind[b * 3 + 1] - ay;
        const lz = bind[b * 3 + 2] - az;
        const l2 = lx * lx + ly * ly + lz * lz;
        if (!(l2 > 0)) continue;
        const qx = posed[b * 3] - px;
        const qy = posed[b * 3 + 1] - py;
        const qz = posed[b * 3 + 2] - pz;
        const p2 = qx * qx + qy * qy + qz * qz;
        const change = Math.abs(Math.sqrt(p2 / l2) - 1);
        out[a] += change;
        out[b] += change;
        edgeCount[a]++;
        edgeCount[b]++;
      }
    }
    for (let a = 0; a < n; a++) if (edgeCount[a] > 0) out[a] /= edgeCount[a];
  }
  if (measure === 'edges') return out;
  // 2. Areas: each triangle's |A'/A − 1| to its three corners, then the mean per node.
  const c = topology.corners;
  for (let t = 0; t + 2 < c.length; t += 3) {
    const a = c[t];
    const b = c[t + 1];
    const d = c[t + 2];
    const A0 = doubleArea2(bind, a, b, d);
    if (!(A0 > 0)) continue;
    const change = Math.abs(Math.sqrt(doubleArea2(posed, a, b, d) / A0) - 1);
    areaSum[a] += change;
    areaSum[b] += change;
    areaSum[d] += change;
    areaCount[a]++;
    areaCount[b]++;
    areaCount[d]++;
  }
  for (let a = 0; a < n; a++) {
    const area = areaCount[a] > 0 ? areaSum[a] / areaCount[a] : 0;
    out[a] = measure === 'areas' ? area : Math.max(out[a], area);
  }
  return out;
}

/** Squared length of the cross product of the triangle's edges (4 × area²). */
function doubleArea2(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3] - p[a * 3];
  const uy = p[b * 3 + 1] - p[a * 3 + 1];
  const uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3];
  const vy = p[c * 3 + 1] - p[a * 3 + 1];
  const vz = p[c * 3 + 2] - p[a * 3 + 2];
  const x = uy * vz - uz * vy;
  const y = uz * vx - ux * vz;
  const z = ux * vy - uy * vx;
  return x * x + y * y + z * z;
}

/** A worst spot: a node, its value and where it is now. */
export interface DistortionSpot {
  node: number;
  value: number;
  position: [number, number, number];
}

/** Options of {@link worstDistortionSpots}. */
export interface WorstSpotsOptions {
  /** Spots below this value are not listed. */
  minValue?: number;
  /** Spots closer than this (world units) to a worse one are the same crease; default 5% of the posed bounding-box diagonal. */
  separation?: number;
}

/** Defaults of {@link WorstSpotsOptions}. */
export const WORST_SPOTS_DEFAULTS: Required<Omit<WorstSpotsOptions, 'separation'>> = { minValue: 0.05 };

/**
 * The `count` worst spots, one per crease: nodes that are local maxima over their neighbours
 * (at least `minValue`), worst first, each at least `separation` from every worse one listed.
 */
export function worstDistortionSpots(
  topology: DistortionTopology,
  values: Float32Array,
  posed: Float32Array,
  count: number,
  options: WorstSpotsOptions = {},
): DistortionSpot[] {
  const minValue = options.minValue ?? WORST_SPOTS_DEFAULTS.minValue;
  const n = topology.nodeCount;
  const separation = options.separation ?? 0.05 * diagonal(posed, n);
  const { start, neighbors } = topology.adjacency;
  const peaks: number[] = [];
  for (let a = 0; a < n; a++) {
    const v = values[a];
    if (!(v >= minValue)) continue;
    let peak = true;
    for (let k = start[a]; k < start[a + 1] && peak; k++) peak = values[neighbors[k]] <= v;
    if (peak) peaks.push(a);
  }
  peaks.sort((a, b) => values[b] - values[a] || a - b);
  const spots: DistortionSpot[] = [];
  const s2 = separation * separation;
  for (const a of peaks) {
    if (spots.length >= count) break;
    const x = posed[a * 3];
    const y = posed[a * 3 + 1];
    const z = posed[a * 3 + 2];
    const near = spots.some(
      (s) => (s.position[0] - x) ** 2 + (s.position[1] - y) ** 2 + (s.position[2] - z) ** 2 < s2,
    );
    if (!near) spots.push({ node: a, value: values[a], position: [x, y, z] });
  }
  return spots;
}

function diagonal(p: Float32Array, n: number): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      const v = p[i * 3 + c];
      if (v < lo[c]) lo[c] = v;
      if (v > hi[c]) hi[c] = v;
    }
  }
  return n > 0 ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) : 0;
}
