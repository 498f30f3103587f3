/**
 * DepthBuffer: a small software z-buffer of the surface as the camera sees it, so box and lasso
 * selection can skip vertices hidden behind other parts of the mesh ("visible only"). One pass
 * over the triangles, then one look-up per vertex: far cheaper than a ray per vertex.
 */
import type { ScreenProjection } from './screen-projection.ts';

/** Options of {@link DepthBuffer}. */
export interface DepthBufferOptions {
  /** Most pixels the buffer holds; a larger viewport is sampled at a lower resolution. */
  maxPixels?: number;
}

/** Defaults of {@link DepthBufferOptions}. */
export const DEPTH_BUFFER_DEFAULTS: Required<DepthBufferOptions> = { maxPixels: 1 << 20 };

export class DepthBuffer {
  readonly width: number;
  readonly height: number;
  /** Buffer pixels per viewport pixel (≤ 1). */
  readonly scale: number;
  /** Nearness (ScreenProjection.key) of the nearest surface at each pixel; -Infinity where empty. */
  readonly nearest: Float32Array;
  /** Smallest and largest nearness rasterised (the depth range tolerances are relative to). */
  minKey = Number.POSITIVE_INFINITY;
  maxKey = Number.NEGATIVE_INFINITY;
  private readonly view: ScreenProjection;
  private readonly tri = new Float64Array(9);

  constructor(view: ScreenProjection, options: DepthBufferOptions = DEPTH_BUFFER_DEFAULTS) {
    const maxPixels = options.maxPixels ?? DEPTH_BUFFER_DEFAULTS.maxPixels;
    this.view = view;
    this.scale = Math.min(1, Math.sqrt(maxPixels / (view.width * view.height)));
    this.width = Math.max(1, Math.ceil(view.width * this.scale));
    this.height = Math.max(1, Math.ceil(view.height * this.scale));
    this.nearest = new Float32Array(this.width * this.height).fill(Number.NEGATIVE_INFINITY);
  }

  /**
   * Draws the triangles `corners` (3 point indices each) over `positions` (xyz). Triangles with a
   * corner behind the camera are skipped (a selection never needs them).
   */
  rasterize(positions: Float32Array, corners: Uint32Array): void {
    const view = this.view;
    const t = this.tri;
    const s = this.scale;
    const triangles = Math.floor(corners.length / 3);
    for (let k = 0; k < triangles; k++) {
      let ok = true;
      for (let c = 0; c < 3 && ok; c++) {
        const i = corners[k * 3 + c] * 3;
        ok = view.project(positions[i], positions[i + 1], positions[i + 2]);
        t[c * 3] = view.sx * s;
        t[c * 3 + 1] = view.sy * s;
        t[c * 3 + 2] = view.key;
      }
      if (ok) this.fill(t);
    }
  }

  /** Fills one screen triangle (x, y, key per corner), keeping the nearest key per pixel centre. */
  private fill(t: Float64Array): void {
    // Indexed, not destructured: destructuring walks the array's iterator per triangle.
    const x0 = t[0];
    const y0 = t[1];
    const k0 = t[2];
    const x1 = t[3];
    const y1 = t[4];
    const k1 = t[5];
    const x2 = t[6];
    const y2 = t[7];
    const k2 = t[8];
    const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (area === 0 || !Number.isFinite(area)) return;
    const W = this.width;
    const H = this.height;
    const xa = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
    const xb = Math.min(W - 1, Math.ceil(Math.max(x0, x1, x2)));
    const ya = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
    const yb = Math.min(H - 1, Math.ceil(Math.max(y0, y1, y2)));
    const inv = 1 / area;
    const buf = this.nearest;
    for (let py = ya; py <= yb; py++) {
      const cy = py + 0.5;
      for (let px = xa; px <= xb; px++) {
        const cx = px + 0.5;
        // Barycentric weights by edge functions; the sign of `area` cancels out.
        const b0 = ((x1 - cx) * (y2 - cy) - (x2 - cx) * (y1 - cy)) * inv;
        const b1 = ((x2 - cx) * (y0 - cy) - (x0 - cx) * (y2 - cy)) * inv;
        const b2 = 1 - b0 - b1;
        if (b0 < 0 || b1 < 0 || b2 < 0) continue;
        const key = b0 * k0 + b1 * k1 + b2 * k2;
        const at = py * W + px;
        if (key > buf[at]) buf[at] = key;
        if (key < this.minKey) this.minKey = key;
        if (key > this.maxKey) this.maxKey = key;
      }
    }
  }

  /**
   * True when a point at viewport pixel (sx, sy) with nearness `key` is not behind the surface
   * drawn there, allowing `tolerance` × the buffer's depth range (a vertex lies on the very
   * triangles that cover it, so it ties with them, give or take the pixel's slope).
   */
  visible(sx: number, sy: number, key: number, tolerance: number): boolean {
    const px = Math.floor(sx * this.scale);
    const py = Math.floor(sy * this.scale);
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return true;
    const near = this.nearest[py * this.width + px];
    const range = this.maxKey > this.minKey ? this.maxKey - this.minKey : Math.abs(this.maxKey) || 1;
    return key >= near - tolerance * range;
  }
}
