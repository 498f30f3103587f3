/**
 * autoResolution: the voxel grid auto-bind needs for a mesh, from the mesh itself.
 *
 * A fixed grid (256 voxels along the longest axis) costs the same on a 160-vertex cylinder as
 * on a 300k-vertex character, and the geodesic pass's cost follows the solid voxels. A mesh
 * resolves features about as fine as its triangles, so the voxel edge follows the triangle
 * size: the surface gets about `voxelsPerVertex` surface voxels per vertex (the work then
 * grows with the mesh, as bone heat's does), and the whole solid at most `maxSolidVoxels`
 * (estimated from the enclosed volume before anything is voxelised, so the grid is built once).
 */

/** Sizes of a mesh that set its grid. */
export interface MeshMeasure {
  vertices: number;
  /** Total triangle area. */
  area: number;
  /** Volume enclosed (per primitive, |signed volume| by the divergence theorem; open parts approximate). */
  volume: number;
}

/** Measures the primitives (positions in one space; triangle indices or null for non-indexed). */
export function measureMesh(
  positions: readonly Float32Array[],
  indices: readonly (Uint32Array | null)[],
): MeshMeasure {
  let vertices = 0;
  let area = 0;
  let volume = 0;
  positions.forEach((p, k) => {
    const n = Math.floor(p.length / 3);
    vertices += n;
    const idx = indices[k];
    const triangles = idx ? Math.floor(idx.length / 3) : Math.floor(n / 3);
    let signed = 0;
    for (let t = 0; t < triangles; t++) {
      const a = (idx ? idx[t * 3] : t * 3) * 3;
      const b = (idx ? idx[t * 3 + 1] : t * 3 + 1) * 3;
      const c = (idx ? idx[t * 3 + 2] : t * 3 + 2) * 3;
      if (a >= p.length || b >= p.length || c >= p.length) continue;
      const ax = p[a];
      const ay = p[a + 1];
      const az = p[a + 2];
      const ux = p[b] - ax;
      const uy = p[b + 1] - ay;
      const uz = p[b + 2] - az;
      const vx = p[c] - ax;
      const vy = p[c + 1] - ay;
      const vz = p[c + 2] - az;
      const cx = uy * vz - uz * vy;
      const cy = uz * vx - ux * vz;
      const cz = ux * vy - uy * vx;
      const twice = Math.sqrt(cx * cx + cy * cy + cz * cz);
      if (!Number.isFinite(twice)) continue;
      area += twice / 2;
      signed += (ax * cx + ay * cy + az * cz) / 6;
    }
    volume += Math.abs(signed);
  });
  return { vertices, area, volume };
}

/** Options of {@link autoResolution}. */
export interface AutoResolutionOptions {
  /** Surface voxels per vertex the grid aims at. */
  voxelsPerVertex?: number;
  /** The solid stays under about this many voxels. */
  maxSolidVoxels?: number;
  /** Bounds of the result (voxels along the longest axis). */
  min?: number;
  max?: number;
}

/** Defaults of {@link AutoResolutionOptions}. */
export const AUTO_RESOLUTION_DEFAULTS: Required<AutoResolutionOptions> = {
  voxelsPerVertex: 1,
  maxSolidVoxels: 600_000,
  min: 16,
  max: 512,
};

/**
 * Voxels along the longest axis of a box of that `longest` extent for a mesh of `measure`
 * (see the module comment).
 */
export function autoResolution(
  measure: MeshMeasure,
  longest: number,
  options: AutoResolutionOptions = {},
): number {
  const o = { ...AUTO_RESOLUTION_DEFAULTS };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (o as Record<string, unknown>)[k] = v;
  if (!(longest > 0) || !(measure.area > 0) || measure.vertices === 0) return o.min;
  // Surface voxels ≈ area / h²: h for the aimed count…
  let h = Math.sqrt(measure.area / (o.voxelsPerVertex * measure.vertices));
  // …no finer than keeps the solid (volume / h³ + the shell) under the cap.
  const solid = (edge: number) => measure.volume / edge ** 3 + (2 * measure.area) / edge ** 2;
  while (solid(h) > o.maxSolidVoxels) h *= 1.05;
  const resolution = Math.ceil(longest / h + 2.5);
  return Math.min(o.max, Math.max(o.min, resolution));
}
