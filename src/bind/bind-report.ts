/**
 * bindReport: after a bind, what looks wrong in the weights, as a rigger would check them.
 *
 * - A joint with no weight: a joint that should deform (not excluded, not an end joint) holds
 *   no vertex. Joints left out as outside the mesh are expected to hold none (a root on the
 *   floor, an IK target) unless they sit in a weighted chain (a finger bone too thin for the
 *   voxels).
 * - A region bound to a joint far from it: vertices whose strongest joint's bone is much
 *   farther than the nearest bone they see (the straight line to it stays inside the mesh, as
 *   bone heat's visibility test has it): the face on the neck while the head bone runs through it.
 *   Bones are the rig's own (joint to child, as in bone-segments.ts), not the ones a binder
 *   fitted, so the check does not share a binder's mistakes.
 * - Partners bound unlike each other: mirror partners (BindJoint.partner, end joints included)
 *   whose weight over the surface (vertex area × weight) differs by more than half.
 *
 * Pure; joint indices are the input's. Each item names a vertex to frame where there is one.
 */
import type { SkinWeights } from '../skin/skin-weights.ts';
import {
  type BindJoint,
  buildBoneSegments,
  segmentDistanceSquared,
  segmentParameter,
} from './bone-segments.ts';
import { solidGrid } from './fill-interior.ts';
import { positionBounds } from './positions.ts';
import { clearLine } from './vertex-candidates.ts';
import type { VoxelGrid } from './voxel-grid.ts';

/** One finding of {@link bindReport}. */
export interface BindReportItem {
  kind: 'unweighted' | 'far' | 'asymmetric';
  /** The unweighted joint; the joint a far region is bound to; the lighter of two partners. */
  joint: number;
  /** 'far': the joint whose bone the region is nearest to; 'asymmetric': the partner; else -1. */
  other: number;
  /** 'far': vertices in the region; else 0. */
  vertices: number;
  /**
   * 'far': the region's median distance to its joint's bone over the distance to the nearest
   * bone; 'asymmetric': the lighter partner's weight over the heavier's; 'unweighted': 0.
   */
  ratio: number;
  /** A vertex to frame (the region's, or the heavier partner's heaviest; -1 for a joint alone). */
  primitive: number;
  vertex: number;
}

/** What {@link bindReport} looks at. */
export interface BindReportInput {
  /** Per primitive, positions in the joints' space, and triangle indices (null: non-indexed). */
  positions: readonly Float32Array[];
  indices: readonly (Uint32Array | null)[];
  /** Per primitive, the weights to check (joint indices into `joints`). */
  weights: readonly SkinWeights[];
  joints: readonly BindJoint[];
  /** Joints a bind left out as outside the mesh (not reported as unweighted unless in a weighted chain). */
  outside?: readonly number[];
  /** End joints were bound on purpose (they are then expected to hold weight). */
  bindEndJoints?: boolean;
  /** Only items about these joints (a branch rebind); null: all. */
  onlyJoints?: Iterable<number> | null;
  /** The mesh's voxel solid, when the caller has one (else one is made at `resolution`). */
  grid?: VoxelGrid | null;
  /** Per primitive, each vertex's welded id: copies at one position are looked at once. */
  welded?: readonly Int32Array[] | null;
}

/** Options of {@link bindReport}. */
export interface BindReportOptions {
  /** A region is far when its bone is this many times farther than the nearest visible bone… */
  farRatio?: number;
  /** …and farther by this fraction of the mesh's bounding-box diagonal. */
  farMargin?: number;
  /** A far region counts from this many vertices, or this fraction of the mesh's, whichever is more. */
  minRegionVertices?: number;
  minRegionFraction?: number;
  /** Partners differ when the lighter holds less than this fraction of the heavier's weight. */
  asymmetry?: number;
  /** Grid resolution when no grid is given. */
  resolution?: number;
  /** At most this many items (the rest are dropped, least severe first). */
  maxItems?: number;
}

/** Defaults of {@link BindReportOptions}. */
export const BIND_REPORT_DEFAULTS: Required<BindReportOptions> = {
  farRatio: 2.5,
  farMargin: 0.02,
  minRegionVertices: 12,
  minRegionFraction: 0.002,
  asymmetry: 0.5,
  resolution: 96,
  maxItems: 12,
};

/** A weight this small counts as none. */
const NONE = 1e-3;

/** Per vertex, a third of the area of the triangles around it (the vertex's share of the surface). */
function vertexAreas(positions: Float32Array, indices: Uint32Array | null): Float64Array {
  const n = Math.floor(positions.length / 3);
  const area = new Float64Array(n);
  const triangles = indices ? Math.floor(indices.length / 3) : Math.floor(n / 3);
  for (let t = 0; t < triangles; t++) {
    const a = indices ? indices[t * 3] : t * 3;
    const b = indices ? indices[t * 3 + 1] : t * 3 + 1;
    const c = indices ? indices[t * 3 + 2] : t * 3 + 2;
    if (a >= n || b >= n || c >= n) continue;
    const ux = positions[b * 3] - positions[a * 3];
    const uy = positions[b * 3 + 1] - positions[a * 3 + 1];
    const uz = positions[b * 3 + 2] - positions[a * 3 + 2];
    const vx = positions[c * 3] - positions[a * 3];
    const vy = positions[c * 3 + 1] - positions[a * 3 + 1];
    const vz = positions[c * 3 + 2] - positions[a * 3 + 2];
    const third = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 6;
    if (!Number.isFinite(third)) continue;
    area[a] += third;
    area[b] += third;
    area[c] += third;
  }
  return area;
}

/** See the module comment. Items come unweighted joints first, then far regions, then partners. */
export function bindReport(input: BindReportInput, options: BindReportOptions = {}): BindReportItem[] {
  const o = { ...BIND_REPORT_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  const { joints, weights, positions, indices } = input;
  const n = joints.length;
  const bindEnd = input.bindEndJoints ?? false;
  const outside = new Set(input.outside ?? []);
  // Joints meant to hold weight.
  const deforming = joints.map((j) => !j.excluded && (bindEnd || !j.end));

  // Weight per joint over the surface, and each joint's heaviest vertex.
  const mass = new Float64Array(n);
  const heaviest = joints.map(() => ({ weight: 0, primitive: -1, vertex: -1 }));
  const areas = positions.map((p, i) => vertexAreas(p, indices[i]));
  weights.forEach((sw, p) => {
    const K = sw.influences;
    for (let v = 0; v < sw.vertexCount; v++) {
      const area = areas[p][v] || 0;
      for (let i = v * K; i < v * K + K; i++) {
        const w = sw.weights[i];
        const j = sw.joints[i];
        if (!(w > NONE) || j >= n) continue;
        mass[j] += w * area;
        if (w > heaviest[j].weight) heaviest[j] = { weight: w, primitive: p, vertex: v };
      }
    }
  });
  const weighted = (j: number) => heaviest[j].weight > NONE;

  const items: BindReportItem[] = [];
  // 1. Joints with no weight. One left out as outside the mesh is expected to hold none, unless
  // it sits in a weighted chain within the mesh's box (a finger bone too thin for the voxels).
  const bounds = positionBounds(positions as Float32Array[]);
  const pad =
    0.05 *
    Math.hypot(bounds.max[0] - bounds.min[0], bounds.max[1] - bounds.min[1], bounds.max[2] - bounds.min[2]);
  const inBox = (j: number) =>
    joints[j].position.every((x, c) => x >= bounds.min[c] - pad && x <= bounds.max[c] + pad);
  for (let j = 0; j < n; j++) {
    if (!deforming[j] || weighted(j)) continue;
    const parent = joints[j].parent;
    const inChain = parent >= 0 && parent < n && weighted(parent) && inBox(j);
    if (outside.has(j) && !inChain) continue;
    items.push({ kind: 'unweighted', joint: j, other: -1, vertices: 0, ratio: 0, primitive: -1, vertex: -1 });
  }

  // 2. Regions bound to a far joint (bones left out as outside the mesh are no better choice).
  items.push(
    ...farRegions(
      input,
      deforming.map((d, j) => d && !outside.has(j)),
      o,
    ),
  );

  // 3. Partners bound unlike each other.
  const asymmetric: BindReportItem[] = [];
  for (let j = 0; j < n; j++) {
    const k = joints[j].partner;
    if (k === undefined || !(k > j && k < n) || joints[k].partner !== j) continue;
    // End joints too: one weighted on one side only is the same fault.
    if (joints[j].excluded || joints[k].excluded) continue;
    const light = mass[j] <= mass[k] ? j : k;
    const heavy = light === j ? k : j;
    if (!(mass[heavy] > 0) || mass[light] >= o.asymmetry * mass[heavy]) continue;
    asymmetric.push({
      kind: 'asymmetric',
      joint: light,
      other: heavy,
      vertices: 0,
      ratio: mass[light] / mass[heavy],
      primitive: heaviest[heavy].primitive,
      vertex: heaviest[heavy].vertex,
    });
  }
  items.push(...asymmetric.sort((a, b) => a.ratio - b.ratio));

  const only = input.onlyJoints ? new Set(input.onlyJoints) : null;
  const kept = only
    ? items.filter((it) => only.has(it.joint) || (it.other >= 0 && only.has(it.other)))
    : items;
  return kept.slice(0, o.maxItems);
}

/** Part 2 of {@link bindReport}: regions grouped by (bound joint, nearest joint). */
function farRegions(
  input: BindReportInput,
  deforming: boolean[],
  o: Required<BindReportOptions>,
): BindReportItem[] {
  const { joints, weights, positions, indices } = input;
  const n = joints.length;
  // The rig's bones: every joint's (end joints too, so one that holds weight is measured), and
  // the nearest is looked for among the joints meant to deform.
  const all = buildBoneSegments(
    joints.map((j) => ({ ...j, excluded: false })),
    { bindEndJoints: true },
  );
  // A leaf's bone is a guess (glTF joints have no tails): a region far from the guess may be
  // its own extremity, so leaves are not judged.
  const segmentOf = new Int32Array(n).fill(-1);
  for (let s = 0; s < all.count; s++) if (!all.leaf[s]) segmentOf[all.joint[s]] = s;
  const candidates: number[] = [];
  for (let s = 0; s < all.count; s++) if (deforming[all.joint[s]]) candidates.push(s);
  if (candidates.length < 2) return [];
  const bounds = positionBounds(positions as Float32Array[]);
  const diagonal = Math.hypot(
    bounds.max[0] - bounds.min[0],
    bounds.max[1] - bounds.min[1],
    bounds.max[2] - bounds.min[2],
  );
  const grid = input.grid ?? solidGrid(positions, indices, bounds, o.resolution);
  const margin = o.farMargin * diagonal;

  // Flagged vertices per (bound joint, nearest joint).
  const regions = new Map<number, { ratios: number[]; members: [number, number][] }>();
  let total = 0;
  let welds = 0;
  for (const ids of input.welded ?? [])
    for (let v = 0; v < ids.length; v++) welds = Math.max(welds, ids[v] + 1);
  const seen = input.welded ? new Uint8Array(welds) : null;
  weights.forEach((sw, p) => {
    const P = positions[p];
    const K = sw.influences;
    const ids = input.welded?.[p];
    for (let v = 0; v < sw.vertexCount; v++) {
      if (seen && ids) {
        if (seen[ids[v]]) continue;
        seen[ids[v]] = 1;
      }
      total++;
      let bound = -1;
      let best = 0.5;
      for (let i = v * K; i < v * K + K; i++) {
        if (sw.weights[i] >= best) {
          best = sw.weights[i];
          bound = sw.joints[i];
        }
      }
      if (bound < 0 || bound >= n || segmentOf[bound] < 0) continue;
      const x = P[v * 3];
      const y = P[v * 3 + 1];
      const z = P[v * 3 + 2];
      const dBound = Math.sqrt(segmentDistanceSquared(all.ends, segmentOf[bound], x, y, z));
      if (!(dBound > margin)) continue;
      // The nearest bone the vertex sees, among those clearly nearer than its own.
      let nearest = -1;
      let dNearest = Math.min(dBound / o.farRatio, dBound - margin);
      const order: [number, number][] = [];
      for (const s of candidates) {
        const d = Math.sqrt(segmentDistanceSquared(all.ends, s, x, y, z));
        if (d < dNearest) order.push([d, s]);
      }
      order.sort((a, b) => a[0] - b[0]);
      for (const [d, s] of order) {
        const t = segmentParameter(all.ends, s, x, y, z);
        const e = s * 6;
        const qx = all.ends[e] + t * (all.ends[e + 3] - all.ends[e]);
        const qy = all.ends[e + 1] + t * (all.ends[e + 4] - all.ends[e + 1]);
        const qz = all.ends[e + 2] + t * (all.ends[e + 5] - all.ends[e + 2]);
        if (clearLine(grid, x, y, z, qx, qy, qz)) {
          nearest = s;
          dNearest = d;
          break;
        }
      }
      if (nearest < 0) continue;
      const key = bound * n + all.joint[nearest];
      const region = regions.get(key) ?? { ratios: [], members: [] };
      region.ratios.push(dBound / Math.max(dNearest, 1e-12));
      region.members.push([p, v]);
      regions.set(key, region);
    }
  });
  const minVertices = Math.max(o.minRegionVertices, Math.ceil(o.minRegionFraction * total));
  const out: BindReportItem[] = [];
  for (const [key, region] of regions) {
    if (region.members.length < minVertices) continue;
    // The member nearest the region's centroid, to frame.
    let cx = 0;
    let cy = 0;
    let cz = 0;
    for (const [p, v] of region.members) {
      cx += positions[p][v * 3] / region.members.length;
      cy += positions[p][v * 3 + 1] / region.members.length;
      cz += positions[p][v * 3 + 2] / region.members.length;
    }
    let pick = region.members[0];
    let pickD = Number.POSITIVE_INFINITY;
    for (const [p, v] of region.members) {
      const d =
        (positions[p][v * 3] - cx) ** 2 +
        (positions[p][v * 3 + 1] - cy) ** 2 +
        (positions[p][v * 3 + 2] - cz) ** 2;
      if (d < pickD) {
        pickD = d;
        pick = [p, v];
      }
    }
    const ratios = region.ratios.sort((a, b) => a - b);
    out.push({
      kind: 'far',
      joint: Math.floor(key / n),
      other: key % n,
      vertices: region.members.length,
      ratio: ratios[ratios.length >> 1],
      primitive: pick[0],
      vertex: pick[1],
    });
  }
  return out.sort((a, b) => b.vertices - a.vertices);
}
