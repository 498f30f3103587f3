/**
 * Legs under a garment. The axis vote that fills the body's volume fills a skirt, a coat or a
 * robe too, legs and all: seen from the front, a covered leg is lost in the garment's width,
 * and a medial path from the foot wanders to the middle of the filled garment. But the legs'
 * own surfaces are still there inside the fill, as surface voxels deep in the solid (a bare
 * surface is never more than a voxel deep), and the ring of them around a leg in a row has the
 * leg's axis at its centre.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import { rowOf } from './slices.ts';

type Vec3 = [number, number, number];

/** How deep (voxels) a surface voxel must be to be enclosed by other material. */
const ENCLOSED = 2.5;

/**
 * The middle of the leg hidden under a garment in the row at height y on one side (`sign` 1:
 * the character's left, +x): the centroid of the enclosed surface voxels between the mid-plane
 * and `reach` out, near `near` (the leg's middle lower down). Null when the row is not covered
 * (the leg is seen) or holds too few such voxels to be a leg.
 */
export function hiddenLegMiddle(
  analysis: BodyAnalysis,
  y: number,
  sign: 1 | -1,
  near: Vec3,
  reach: number,
): Vec3 | null {
  const { solid, view } = analysis;
  // Covered: seen from the front, the row around the leg is far wider than a leg.
  const span = view.span([near[0], y], [1, 0], reach);
  if (!span) return null;
  const seen = span.hi - span.lo;
  const j = rowOf(solid, y);
  let n = 0;
  let sx = 0;
  let sz = 0;
  let lo = Infinity;
  let hi = -Infinity;
  let front = -Infinity;
  let back = Infinity;
  const r = Math.ceil(reach / solid.h);
  const [ci, , ck] = solid.voxelOf(near);
  for (let k = Math.max(0, ck - r); k <= Math.min(solid.nz - 1, ck + r); k++)
    for (let i = Math.max(0, ci - r); i <= Math.min(solid.nx - 1, ci + r); i++) {
      const c = solid.index(i, j, k);
      if (!solid.surface[c] || solid.depth[c] < ENCLOSED) continue;
      const x = solid.origin[0] + (i + 0.5) * solid.h;
      if (sign * x <= 0) continue;
      n++;
      sx += x;
      sz += solid.origin[2] + (k + 0.5) * solid.h;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      front = Math.max(front, solid.origin[2] + (k + 0.5) * solid.h);
      back = Math.min(back, solid.origin[2] + (k + 0.5) * solid.h);
    }
  if (n < 8 || seen < 1.8 * (hi - lo + solid.h)) return null;
  // A whole ring around the leg, roughly round (where the garment hugs the leg only the faces
  // between the legs lie deep: a flat band, whose centroid is no axis).
  const wide = hi - lo + solid.h;
  const deep = front - back + solid.h;
  if (wide < 0.6 * deep || deep < 0.6 * wide) return null;
  return [sx / n, y, sz / n];
}
