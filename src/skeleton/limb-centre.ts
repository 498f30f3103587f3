/**
 * limbCentre: where a rigger puts a joint inside a limb, from one click. The view ray enters the
 * limb at the surface in front and leaves it at the surface behind; the joint goes halfway
 * between (Maya's and Blender's "snap to the middle of the volume"). Pure geometry over triangle
 * soups (the surfaces as drawn), so scripts, tests and the viewport get the same point.
 */

import { visitRayCrossings } from '../mesh/ray-triangles.ts';

type V3 = readonly [number, number, number];

/** Triangles over positions: a surface as drawn (e.g. a SkinSurface's nodes and corners). */
export interface LimbSurface {
  /** xyz per vertex, world space (the space of the ray). */
  positions: ArrayLike<number>;
  /** Three vertex indices per triangle. */
  corners: ArrayLike<number>;
}

/** Where the ray crossed the limb, and the point halfway. */
export interface LimbCentre {
  /** The first surface the ray meets (the front of the limb). */
  front: [number, number, number];
  /** Where the ray leaves that limb (its back), or null when it never does (an open shell). */
  back: [number, number, number] | null;
  /** Halfway between front and back; the front itself when there is no back. */
  centre: [number, number, number];
  /** Distances along the unit ray of front and back (back = front without one). */
  near: number;
  far: number;
}

/** A ray crossing: distance along the unit ray, and whether it enters (+1) or leaves (−1) the volume. */
export interface RayCrossing {
  distance: number;
  /** +1 where the triangle faces the ray (entering), −1 where it faces away (leaving). */
  sense: 1 | -1;
}

/**
 * Every crossing of the ray `origin + t·dir` (t > 0) with the triangles, nearest first
 * (Möller–Trumbore, both faces). The sense comes from the triangle's winding: counter-clockwise
 * seen from outside, as glTF requires.
 */
export function rayCrossings(
  surface: LimbSurface,
  origin: V3,
  dir: V3,
  out: RayCrossing[] = [],
): RayCrossing[] {
  visitRayCrossings(surface.positions, surface.corners, origin, dir, ({ distance, det }) => {
    out.push({ distance, sense: det > 0 ? 1 : -1 });
  });
  return out.sort((p, q) => p.distance - q.distance);
}

/**
 * The centre of the limb under a ray through `surfaces` (every part of a character: a jacket over
 * a torso counts as one limb with it): from the first crossing, the ray goes in and out of the
 * volume; it has left the limb where the count of surfaces it is inside of comes back to zero.
 * A ray that starts inside (the camera in the mesh) or meets only one face of an open shell gets
 * the next crossing as its back, and a single crossing gives the front alone. Null on a miss.
 */
export function limbCentre(surfaces: readonly LimbSurface[], origin: V3, dir: V3): LimbCentre | null {
  const crossings: RayCrossing[] = [];
  for (const s of surfaces) rayCrossings(s, origin, dir, crossings);
  if (crossings.length === 0) return null;
  crossings.sort((p, q) => p.distance - q.distance);
  const near = crossings[0].distance;
  // Crossings closer than this are one surface (shared edges hit twice, seams, coplanar shells).
  const eps = 1e-7 * Math.max(1, near);
  let far: number | null = null;
  if (crossings[0].sense === 1) {
    let depth = 0;
    let last = Number.NEGATIVE_INFINITY;
    let lastSense = 0;
    for (const c of crossings) {
      // A ray through a shared edge or vertex hits both triangles: count that surface once.
      if (c.distance - last <= eps && c.sense === lastSense) continue;
      last = c.distance;
      lastSense = c.sense;
      depth += c.sense;
      if (depth <= 0) {
        far = c.distance;
        break;
      }
    }
  }
  if (far === null) {
    // Inside-out, open or unbalanced shells: the next surface along the ray is the best guess.
    const next = crossings.find((c) => c.distance > near + eps);
    far = next ? next.distance : null;
  }
  const len = Math.hypot(dir[0], dir[1], dir[2]) || 1;
  const at = (t: number): [number, number, number] => [
    origin[0] + (dir[0] / len) * t,
    origin[1] + (dir[1] / len) * t,
    origin[2] + (dir[2] / len) * t,
  ];
  const mid = far === null ? near : (near + far) / 2;
  return { front: at(near), back: far === null ? null : at(far), centre: at(mid), near, far: far ?? near };
}
