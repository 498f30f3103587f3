/**
 * selectOnScreen: box and lasso selection — the nodes whose projection falls inside a screen
 * rectangle or polygon, either through the mesh or only those facing the camera (and, with
 * 'visible', only those not hidden behind other surface).
 */
import type { SkinSurface } from '../mesh/skin-surface.ts';
import { DepthBuffer } from './depth-buffer.ts';
import type { ScreenProjection } from './screen-projection.ts';

/** A screen region in viewport pixels (x right, y down). */
export type ScreenShape =
  /** A rectangle between two corners (any order). */
  | { kind: 'box'; x0: number; y0: number; x1: number; y1: number }
  /** A closed polygon: x, y pairs (at least 3 points), even-odd rule. */
  | { kind: 'lasso'; points: ArrayLike<number> };

/**
 * Which nodes inside the shape count: 'through' all of them (X-ray); 'front' those whose normal
 * faces the camera; 'visible' those facing the camera and not hidden behind other surface.
 */
export type ScreenFacing = 'through' | 'front' | 'visible';

/** Options of {@link selectOnScreen}. */
export interface ScreenSelectOptions {
  facing?: ScreenFacing;
  /** 'visible': how far behind the drawn surface a node may lie, as a fraction of the depth range. */
  depthTolerance?: number;
  /**
   * 'visible': the depth buffer to test against (e.g. drawn from every skin); default one drawn
   * from `surface` alone.
   */
  depth?: DepthBuffer | null;
}

/** Defaults of {@link ScreenSelectOptions}. */
export const SCREEN_SELECT_DEFAULTS: Required<ScreenSelectOptions> = {
  facing: 'front',
  depthTolerance: 0.01,
  depth: null,
};

/** True when (x, y) lies inside the polygon `p` (x, y pairs), even-odd rule. */
export function insidePolygon(p: ArrayLike<number>, x: number, y: number): boolean {
  const n = p.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = p[i * 2];
    const yi = p[i * 2 + 1];
    const xj = p[j * 2];
    const yj = p[j * 2 + 1];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Sets `out[node]` to 1 for every node of `surface` (at its current positions) inside `shape`
 * under `view`, 0 elsewhere. Returns the number of nodes picked.
 */
export function selectOnScreen(
  surface: SkinSurface,
  view: ScreenProjection,
  shape: ScreenShape,
  out: Uint8Array,
  options: ScreenSelectOptions = SCREEN_SELECT_DEFAULTS,
): number {
  const { facing, depthTolerance } = { ...SCREEN_SELECT_DEFAULTS, ...options };
  const G = surface.nodeCount;
  out.fill(0, 0, G);
  // The shape's bounds first: most nodes are rejected there, before the polygon test.
  let bx0: number;
  let by0: number;
  let bx1: number;
  let by1: number;
  let polygon: ArrayLike<number> | null = null;
  if (shape.kind === 'box') {
    bx0 = Math.min(shape.x0, shape.x1);
    bx1 = Math.max(shape.x0, shape.x1);
    by0 = Math.min(shape.y0, shape.y1);
    by1 = Math.max(shape.y0, shape.y1);
  } else {
    polygon = shape.points;
    if (polygon.length < 6) return 0;
    bx0 = by0 = Number.POSITIVE_INFINITY;
    bx1 = by1 = Number.NEGATIVE_INFINITY;
    for (let k = 0; k + 1 < polygon.length; k += 2) {
      bx0 = Math.min(bx0, polygon[k]);
      bx1 = Math.max(bx1, polygon[k]);
      by0 = Math.min(by0, polygon[k + 1]);
      by1 = Math.max(by1, polygon[k + 1]);
    }
  }
  const P = surface.positions;
  const N = facing === 'through' ? null : surface.normals;
  let depth: DepthBuffer | null = null;
  if (facing === 'visible') {
    depth = options.depth ?? null;
    if (!depth) {
      depth = new DepthBuffer(view);
      depth.rasterize(surface.positions, surface.corners);
    }
  }
  let picked = 0;
  for (let g = 0; g < G; g++) {
    const x = P[g * 3];
    const y = P[g * 3 + 1];
    const z = P[g * 3 + 2];
    if (!view.project(x, y, z)) continue;
    const sx = view.sx;
    const sy = view.sy;
    if (sx < bx0 || sx > bx1 || sy < by0 || sy > by1) continue;
    if (polygon && !insidePolygon(polygon, sx, sy)) continue;
    if (N && !view.facing(x, y, z, N[g * 3], N[g * 3 + 1], N[g * 3 + 2])) continue;
    if (depth && !depth.visible(sx, sy, view.key, depthTolerance)) continue;
    out[g] = 1;
    picked++;
  }
  return picked;
}
