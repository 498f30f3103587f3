/**
 * Box and lasso selection through a view-projection matrix: an orthographic camera picks exactly
 * the vertices inside, front faces only by the normal, 'visible' only what the depth buffer sees;
 * the camera is recovered from perspective and orthographic matrices alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { orthographicMatrix, ScreenProjection } from '../../src/select/screen-projection.ts';
import { type ScreenShape, selectOnScreen } from '../../src/select/screen-select.ts';

/** Column-major a · b. */
function mul(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const out = new Float64Array(16);
  for (let c = 0; c < 4; c++)
    for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

/** A view matrix (column-major) for a camera at `eye` looking along `forward`, y up. */
function lookAlong(eye: number[], forward: number[]): Float64Array {
  const f = forward;
  const up = [0, 1, 0];
  let r = [f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2], f[0] * up[1] - f[1] * up[0]];
  const len = Math.hypot(r[0], r[1], r[2]);
  r = r.map((x) => x / len);
  const u = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  // biome-ignore format: columns
  return Float64Array.of(
    r[0], u[0], -f[0], 0,
    r[1], u[1], -f[1], 0,
    r[2], u[2], -f[2], 0,
    -dot(r, eye), -dot(u, eye), dot(f, eye), 1,
  );
}

/** three.js' perspective projection (column-major). */
function perspective(fovDeg: number, aspect: number, near: number, far: number): Float64Array {
  const t = 1 / Math.tan((fovDeg * Math.PI) / 360);
  // biome-ignore format: columns
  return Float64Array.of(
    t / aspect, 0, 0, 0,
    0, t, 0, 0,
    0, 0, -(far + near) / (far - near), -1,
    0, 0, (-2 * far * near) / (far - near), 0,
  );
}

let data: MannequinData;
let surface: SkinSurface;
const W = 800;
const H = 600;
// Mesh x in [-1, 1] and y in [0.2, 1.7] fill the 800 × 600 viewport, looking along -Z.
const front = new ScreenProjection(orthographicMatrix(-1, 1, 0.2, 1.7), { width: W, height: H });
const toWorld = (sx: number, sy: number) => [(sx / W) * 2 - 1, 1.7 - (sy / H) * 1.5];

beforeAll(() => {
  data = buildMannequin({ targetVertices: 5000 });
  surface = new SkinSurface([{ primitive: 0, positions: data.positions, indices: data.indices }]);
});

function pick(view: ScreenProjection, shape: ScreenShape, facing: 'through' | 'front' | 'visible') {
  const out = new Uint8Array(surface.nodeCount);
  const n = selectOnScreen(surface, view, shape, out, { facing });
  return { out, n };
}

describe('box select, orthographic', () => {
  const box = { kind: 'box' as const, x0: 700, y0: 330, x1: 420, y1: 100 };
  const [wx0, wy1] = toWorld(420, 100);
  const [wx1, wy0] = toWorld(700, 330);
  const margin = 1e-4;

  it('through: exactly the vertices whose x, y lie inside the box', () => {
    const { out, n } = pick(front, box, 'through');
    expect(n).toBeGreaterThan(100);
    const P = surface.positions;
    for (let g = 0; g < surface.nodeCount; g++) {
      const x = P[g * 3];
      const y = P[g * 3 + 1];
      const inside = x > wx0 + margin && x < wx1 - margin && y > wy0 + margin && y < wy1 - margin;
      const outside = x < wx0 - margin || x > wx1 + margin || y < wy0 - margin || y > wy1 + margin;
      if (inside) expect(out[g], `node ${g}`).toBe(1);
      if (outside) expect(out[g], `node ${g}`).toBe(0);
    }
  });

  it('front: the vertices inside whose normal faces the camera (+Z)', () => {
    const through = pick(front, box, 'through').out;
    const { out } = pick(front, box, 'front');
    const N = surface.normals;
    for (let g = 0; g < surface.nodeCount; g++) expect(out[g]).toBe(through[g] && N[g * 3 + 2] >= 0 ? 1 : 0);
    expect(out.includes(1)).toBe(true);
    expect(out.every((x, g) => x <= through[g])).toBe(true);
  });

  it('a lasso around the same rectangle picks the same; a triangle picks inside it', () => {
    const rect = { kind: 'lasso' as const, points: [420, 100, 700, 100, 700, 330, 420, 330] };
    expect(Array.from(pick(front, rect, 'through').out)).toEqual(Array.from(pick(front, box, 'through').out));
    const tri = [420, 330, 700, 330, 560, 100];
    const { out } = pick(front, { kind: 'lasso', points: tri }, 'through');
    const P = surface.positions;
    const sx = (g: number) => ((P[g * 3] + 1) / 2) * W;
    const sy = (g: number) => ((1.7 - P[g * 3 + 1]) / 1.5) * H;
    const side = (ax: number, ay: number, bx: number, by: number, x: number, y: number) =>
      (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    for (let g = 0; g < surface.nodeCount; g++) {
      const s = [0, 2, 4].map((k) => {
        const k2 = (k + 2) % 6;
        return side(tri[k], tri[k + 1], tri[k2], tri[k2 + 1], sx(g), sy(g));
      });
      if (s.every((v) => v < -1e-3) || s.every((v) => v > 1e-3)) expect(out[g]).toBe(1);
      else if (s.some((v) => v < -1e-3) && s.some((v) => v > 1e-3)) expect(out[g]).toBe(0);
    }
  });
});

describe('visible only', () => {
  it('skips a quad hidden behind another, keeps one that sticks out', () => {
    const quad = (x0: number, x1: number, y0: number, y1: number, z: number) => ({
      positions: Float32Array.of(x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z),
      indices: Uint32Array.of(0, 1, 2, 0, 2, 3),
    });
    const view = new ScreenProjection(orthographicMatrix(-1, 3, -1, 2), { width: 400, height: 300 });
    const all = { kind: 'box' as const, x0: 0, y0: 0, x1: 400, y1: 300 };
    // Both face +Z (the camera); the second lies behind the first, entirely or half.
    for (const [back, expected] of [
      [quad(0.2, 0.8, 0.2, 0.8, -0.5), [1, 1, 1, 1, 0, 0, 0, 0]],
      [quad(0.5, 2, 0.2, 0.8, -0.5), [1, 1, 1, 1, 0, 1, 1, 0]],
    ] as const) {
      const s = new SkinSurface([
        { primitive: 0, ...quad(-0.5, 1.5, 0, 1, 0.5) },
        { primitive: 1, ...back },
      ]);
      const out = new Uint8Array(s.nodeCount);
      selectOnScreen(s, view, all, out, { facing: 'front' });
      expect(Array.from(out)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
      selectOnScreen(s, view, all, out, { facing: 'visible' });
      expect(Array.from(out)).toEqual(expected);
    }
  });

  it('from the side, the far leg hides behind the near one', () => {
    // Camera on +X looking along -X (at the mannequin's left side).
    const view = new ScreenProjection(
      mul(orthographicMatrix(-1, 1, 0, 1.5), lookAlong([5, 0, 0], [-1, 0, 0])),
      {
        width: W,
        height: H,
      },
    );
    for (const [i, x] of [-1, 0, 0].entries()) expect(view.eye[i]).toBeCloseTo(x, 9);
    const legs = { kind: 'box' as const, x0: 0, y0: (0.7 / 1.5) * H, x1: W, y1: H };
    const frontSet = pick(view, legs, 'front').out;
    const visible = pick(view, legs, 'visible').out;
    const P = surface.positions;
    const N = surface.normals;
    // The far (right) leg's inner side, facing the camera squarely (not its silhouette).
    const farLeg = (g: number) =>
      P[g * 3] < -0.04 && P[g * 3 + 1] > 0.1 && P[g * 3 + 1] < 0.6 && N[g * 3] > 0.3;
    let farFacing = 0;
    for (let g = 0; g < surface.nodeCount; g++) {
      expect(visible[g]).toBeLessThanOrEqual(frontSet[g]);
      if (frontSet[g] && farLeg(g)) farFacing++;
      if (farLeg(g)) expect(visible[g], `node ${g}`).toBe(0);
    }
    expect(farFacing).toBeGreaterThan(10); // the inner thigh faces the camera: only depth hides it
  });
});

describe('ScreenProjection', () => {
  it('recovers the eye of a perspective camera and projects its target to the centre', () => {
    const eye = [1, 2, 5];
    const target = [0.2, 1, 0];
    const f = target.map((t, i) => t - eye[i]);
    const len = Math.hypot(...f);
    const view = lookAlong(
      eye,
      f.map((x) => x / len),
    );
    const p = new ScreenProjection(mul(perspective(50, W / H, 0.1, 100), view), { width: W, height: H });
    expect(p.perspective).toBe(true);
    for (let i = 0; i < 3; i++) expect(p.eye[i]).toBeCloseTo(eye[i], 9);
    expect(p.project(target[0], target[1], target[2])).toBe(true);
    expect(p.sx).toBeCloseTo(W / 2, 6);
    expect(p.sy).toBeCloseTo(H / 2, 6);
    // A point behind the camera is not on screen; a normal towards the eye faces it.
    expect(p.project(eye[0] - f[0], eye[1] - f[1], eye[2] - f[2])).toBe(false);
    expect(p.facing(0.2, 1, 0, -f[0], -f[1], -f[2])).toBe(true);
    expect(p.facing(0.2, 1, 0, f[0], f[1], f[2])).toBe(false);
  });

  it('refuses a singular matrix and an empty viewport', () => {
    expect(() => new ScreenProjection(new Float64Array(16), { width: 10, height: 10 })).toThrow(/singular/);
    expect(() => new ScreenProjection(orthographicMatrix(0, 1, 0, 1), { width: 0, height: 10 })).toThrow(
      /size/,
    );
  });
});
