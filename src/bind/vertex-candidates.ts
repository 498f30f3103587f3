/**
 * collectCandidates: each vertex's nearest bone segments with their distances, from the voxel
 * label field (geodesic) or straight to the segments (closest), restricted to the bones inside
 * the vertex's part where that applies.
 */
import { segmentDistanceSquared, segmentParameter } from './bone-segments.ts';
import { CandidateList } from './candidate-list.ts';
import { type LabelField, NO_LABEL } from './geodesic-labels.ts';
import { type InfluenceTable, storeNearest } from './influence-table.ts';
import { type PartBones, restrictedBones } from './part-bones.ts';
import { testBit, type VoxelGrid } from './voxel-grid.ts';

/**
 * Candidates of the grid-space point (u, v, w) from the label field: for each solid voxel of
 * the 2×2×2 block of voxel centres around the point, each label's voxel distance plus the
 * straight step from that centre to the point. Taking the best over the block interpolates
 * between voxels without crossing more than one voxel of empty space. Distances in voxels.
 */
export function gatherVoxelCandidates(
  grid: VoxelGrid,
  field: LabelField,
  u: number,
  v: number,
  w: number,
  list: CandidateList,
): void {
  const { L, labels, dist } = field;
  const x0 = Math.floor(u - 0.5);
  const y0 = Math.floor(v - 0.5);
  const z0 = Math.floor(w - 0.5);
  for (let dz = 0; dz <= 1; dz++) {
    const z = z0 + dz;
    if (z < 0 || z >= grid.nz) continue;
    for (let dy = 0; dy <= 1; dy++) {
      const y = y0 + dy;
      if (y < 0 || y >= grid.ny) continue;
      for (let dx = 0; dx <= 1; dx++) {
        const x = x0 + dx;
        if (x < 0 || x >= grid.nx) continue;
        const s = grid.solidIndex(grid.cell(x, y, z));
        if (s < 0) continue;
        const step = Math.hypot(u - x - 0.5, v - y - 0.5, w - z - 0.5);
        for (let i = s * L; i < s * L + L; i++) {
          if (labels[i] !== NO_LABEL) list.offer(labels[i], dist[i] + step);
        }
      }
    }
  }
}

/**
 * Candidates of point (x, y, z) by straight-line distance to every segment (`ends` in the same
 * space as the point), or only those flagged in `allowed`.
 */
export function gatherSegmentCandidates(
  ends: Float64Array,
  count: number,
  x: number,
  y: number,
  z: number,
  list: CandidateList,
  allowed: Uint8Array | null = null,
): void {
  for (let s = 0; s < count; s++) {
    if (!allowed || allowed[s]) list.offer(s, Math.sqrt(segmentDistanceSquared(ends, s, x, y, z)));
  }
}

/**
 * Replaces each candidate's voxel distance by the straight distance to its segment where the
 * way there is clear: the voxel distance is within `ratio` (plus 1.5 voxels) of the straight
 * one and the straight line from the vertex to the nearest point of the bone stays in the
 * solid (bone heat's visibility test, on the voxels). The straight distance is exact where the
 * voxel one is blocky and direction-biased, which decides which of two nearby bones is the
 * nearest on small parts (fingers, a low-poly hand); where the solid makes a detour (an armpit,
 * the gap between the legs) the geodesic distance stays.
 */
function preferStraight(
  list: CandidateList,
  grid: VoxelGrid,
  ends: Float64Array,
  x: number,
  y: number,
  z: number,
  ratio: number,
) {
  const h = grid.h;
  // Only bones near enough to take part in the vertex's weights (bone heat's regions reach
  // twice the nearest distance): the line-of-sight march is the costly part.
  const near = 2 * list.minDistance();
  for (let c = 0; c < list.count; c++) {
    if (list.dist[c] > near) continue;
    const o = list.labels[c] * 6;
    const t = segmentParameter(ends, list.labels[c], x, y, z);
    const ax = ends[o];
    const ay = ends[o + 1];
    const az = ends[o + 2];
    const dx = ends[o + 3] - ax;
    const dy = ends[o + 4] - ay;
    const dz = ends[o + 5] - az;
    const qx = ax + t * dx;
    const qy = ay + t * dy;
    const qz = az + t * dz;
    const straight = Math.hypot(qx - x, qy - y, qz - z);
    if (list.dist[c] > straight * ratio + 1.5 * h) continue;
    if (clearLine(grid, x, y, z, qx, qy, qz)) list.dist[c] = straight;
  }
}

/**
 * Whether the straight line from world point p (a vertex, on the surface) to q stays in the
 * solid, sampled every half voxel; the first voxel around p is not tested (the vertex may sit
 * just outside its shell's voxels).
 */
export function clearLine(
  grid: VoxelGrid,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
) {
  const inv = 1 / grid.h;
  const u0 = (px - grid.origin[0]) * inv;
  const v0 = (py - grid.origin[1]) * inv;
  const w0 = (pz - grid.origin[2]) * inv;
  const du = (qx - px) * inv;
  const dv = (qy - py) * inv;
  const dw = (qz - pz) * inv;
  const length = Math.hypot(du, dv, dw);
  const steps = Math.ceil(length * 2);
  for (let k = steps; k > 0; k--) {
    const f = k / steps;
    if (f * length < 1) break;
    const u = u0 + du * f;
    const v = v0 + dv * f;
    const w = w0 + dw * f;
    if (u < 0 || v < 0 || w < 0 || u >= grid.nx || v >= grid.ny || w >= grid.nz) return false;
    if (!testBit(grid.solid, grid.cell(Math.floor(u), Math.floor(v), Math.floor(w)))) return false;
  }
  return true;
}

/** Scales each candidate's distance by how little the vertex faces away from that bone. */
function facingBias(
  list: CandidateList,
  ends: Float64Array,
  normals: Float32Array,
  v: number,
  x: number,
  y: number,
  z: number,
) {
  const nx = normals[v * 3];
  const ny = normals[v * 3 + 1];
  const nz = normals[v * 3 + 2];
  if (nx === 0 && ny === 0 && nz === 0) return;
  for (let c = 0; c < list.count; c++) {
    const o = list.labels[c] * 6;
    const t = segmentParameter(ends, list.labels[c], x, y, z);
    const ax = ends[o];
    const ay = ends[o + 1];
    const az = ends[o + 2];
    const dx = ends[o + 3] - ax;
    const dy = ends[o + 4] - ay;
    const dz = ends[o + 5] - az;
    const wx = x - ax - t * dx;
    const wy = y - ay - t * dy;
    const wz = z - az - t * dz;
    const wl = Math.hypot(wx, wy, wz);
    if (!(wl > 0)) continue;
    const cos = (wx * nx + wy * ny + wz * nz) / wl;
    list.dist[c] /= 0.5 * (cos + 1.001);
  }
}

/** What {@link collectCandidates} needs. */
export interface CandidateSources {
  /** World-space segment ends and their count. */
  worldEnds: Float64Array;
  count: number;
  /** Geodesic field and its grid (null: straight-line distances only). */
  grid: VoxelGrid | null;
  field: LabelField | null;
  parts: PartBones | null;
  /**
   * Per primitive, vertex normals: when given, a distance is divided by (1 + cos) / 2, cos
   * between the normal and the direction from the bone to the vertex, so a bone behind the
   * surface (the vertex faces away from it) counts as far (as Blender's bone heat does).
   */
  normals: Float32Array[] | null;
  /** Voxel distances this close to straight ones become straight (0: off; see preferStraight). */
  straightRatio: number;
  check: () => void;
}

/**
 * Fills `tables[i]` (one per primitive, world-space `positions[i]`) with each vertex's nearest
 * candidates, distances in world units. Returns how many vertices fell back to straight-line
 * distances because the geodesic field did not reach them.
 */
export function collectCandidates(
  positions: readonly Float32Array[],
  tables: readonly InfluenceTable[],
  src: CandidateSources,
): number {
  const list = new CandidateList();
  const { grid, field, parts } = src;
  let fallback = 0;
  positions.forEach((p, i) => {
    src.check();
    const n = Math.floor(p.length / 3);
    for (let v = 0; v < n; v++) {
      list.clear();
      const x = p[v * 3];
      const y = p[v * 3 + 1];
      const z = p[v * 3 + 2];
      const allowed = parts ? restrictedBones(parts, parts.partOf[i][v], src.worldEnds, x, y, z) : null;
      if (grid && field) {
        const inv = 1 / grid.h;
        gatherVoxelCandidates(
          grid,
          field,
          (x - grid.origin[0]) * inv,
          (y - grid.origin[1]) * inv,
          (z - grid.origin[2]) * inv,
          list,
        );
        if (allowed) list.retain(allowed);
        for (let c = 0; c < list.count; c++) list.dist[c] *= grid.h;
        if (src.straightRatio > 0) preferStraight(list, grid, src.worldEnds, x, y, z, src.straightRatio);
        if (list.count === 0) fallback++;
      }
      if (list.count === 0) gatherSegmentCandidates(src.worldEnds, src.count, x, y, z, list, allowed);
      // Facing only means something where the bones are inside this piece (not for a hat
      // floating above the head, whose underside faces every bone).
      if (src.normals && !parts?.boneless[parts.partOf[i][v]])
        facingBias(list, src.worldEnds, src.normals[i], v, x, y, z);
      storeNearest(list, tables[i], v);
    }
  });
  return fallback;
}
