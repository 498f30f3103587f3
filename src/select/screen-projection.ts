/**
 * ScreenProjection: mesh-space points to viewport pixels through a 4×4 view-projection matrix,
 * for box and lasso selection. Works for perspective and orthographic cameras alike: the camera
 * is recovered from the matrix itself (no separate eye or direction to keep in sync).
 */
import { matInvert } from '../pose/matrix.ts';

/** The viewport in pixels (CSS pixels, like pointer events). */
export interface Viewport {
  width: number;
  height: number;
}

export class ScreenProjection {
  /** Column-major view-projection (three.js: `projectionMatrix · matrixWorldInverse · mesh.matrixWorld`). */
  readonly matrix: Float64Array;
  readonly width: number;
  readonly height: number;
  /** True for a perspective camera (w varies with depth). */
  readonly perspective: boolean;
  /** Camera position (perspective) or camera → scene direction (orthographic), mesh space. */
  readonly eye: Float64Array;
  /** Results of the last {@link project}: pixel x (right), pixel y (down), nearness (larger = nearer). */
  sx = 0;
  sy = 0;
  key = 0;

  /**
   * @param matrix 16 numbers, column-major, mapping mesh space to clip space (OpenGL / three.js
   *   conventions: NDC z from -1 near to +1 far).
   */
  constructor(matrix: ArrayLike<number>, viewport: Viewport) {
    if (matrix.length < 16) throw new RangeError('a view-projection matrix has 16 numbers');
    if (!(viewport.width > 0 && viewport.height > 0)) throw new RangeError('the viewport must have a size');
    this.matrix = Float64Array.from({ length: 16 }, (_, k) => matrix[k]);
    this.width = viewport.width;
    this.height = viewport.height;
    const inv = new Float64Array(16);
    if (!matInvert(this.matrix, 0, inv, 0)) throw new RangeError('the view-projection matrix is singular');
    // The clip-space point (0, 0, 1, 0) is the camera: a finite point for a perspective camera
    // (every view ray passes through it), a point at infinity along the view for an orthographic one.
    const x = inv[8];
    const y = inv[9];
    const z = inv[10];
    const w = inv[11];
    const m = this.matrix;
    // A perspective matrix puts depth into w (row 4 of the projection is not 0 0 0 1).
    this.perspective = Math.abs(m[3]) + Math.abs(m[7]) + Math.abs(m[11]) > 1e-12;
    if (this.perspective) this.eye = Float64Array.of(x / w, y / w, z / w);
    else {
      const len = Math.hypot(x, y, z) || 1;
      this.eye = Float64Array.of(x / len, y / len, z / len);
    }
  }

  /**
   * Projects (x, y, z) into {@link sx}, {@link sy}, {@link key}; returns false when the point is
   * behind a perspective camera (or at its plane) and so not on screen.
   */
  project(x: number, y: number, z: number): boolean {
    const m = this.matrix;
    const cx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const cy = m[1] * x + m[5] * y + m[9] * z + m[13];
    const cz = m[2] * x + m[6] * y + m[10] * z + m[14];
    const cw = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (!(cw > 0)) return false;
    this.sx = ((cx / cw + 1) / 2) * this.width;
    this.sy = ((1 - cy / cw) / 2) * this.height;
    // Both are linear in screen space, so a rasteriser can interpolate them across a triangle.
    this.key = this.perspective ? 1 / cw : -cz / cw;
    return true;
  }

  /**
   * True when a surface with normal (nx, ny, nz) at (x, y, z) faces the camera (the normal
   * points against the view ray); a zero normal counts as facing.
   */
  facing(x: number, y: number, z: number, nx: number, ny: number, nz: number): boolean {
    const e = this.eye;
    const dx = this.perspective ? x - e[0] : e[0];
    const dy = this.perspective ? y - e[1] : e[1];
    const dz = this.perspective ? z - e[2] : e[2];
    return nx * dx + ny * dy + nz * dz <= 0;
  }
}

/**
 * A column-major orthographic view-projection looking along -Z (like a default three.js
 * OrthographicCamera at the origin): mesh x in [left, right] and y in [bottom, top] fill the
 * viewport, z in [-far, -near] is in depth range. Handy for scripts and tests.
 */
export function orthographicMatrix(
  left: number,
  right: number,
  bottom: number,
  top: number,
  near = -100,
  far = 100,
): Float64Array {
  const w = right - left;
  const h = top - bottom;
  const d = far - near;
  // biome-ignore format: a matrix reads best in columns
  return Float64Array.of(
    2 / w, 0, 0, 0,
    0, 2 / h, 0, 0,
    0, 0, -2 / d, 0,
    -(right + left) / w, -(top + bottom) / h, -(far + near) / d, 1,
  );
}
