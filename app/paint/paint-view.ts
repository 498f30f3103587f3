import { type Camera, type OrthographicCamera, type PerspectiveCamera, Ray, Vector2, Vector3 } from 'three';
import { type SurfaceHit, surfacePicker } from './surface-picker.ts';

type V3 = [number, number, number];

/** A pick at a page point, with what a stroke needs to turn screen pixels into world units. */
export interface ViewPick {
  hit: SurfaceHit;
  /** Camera → hit, unit (front-faces-only and the stroke record). */
  viewDir: V3;
  /** World units per CSS pixel at the hit's depth. */
  worldPerPixel: number;
}

interface Registered {
  camera: () => Camera;
  canvas: HTMLCanvasElement;
}

let view: Registered | null = null;
const _ndc = new Vector2();
const _ray = new Ray();
const _v = new Vector3();

/**
 * The camera and canvas the brush works in, registered by the viewport's paint layer: the
 * pointer, the cursor and scripts (`skinsmith.paint.stroke`) all go through the same rays.
 */
export const paintView = {
  register(camera: () => Camera, canvas: HTMLCanvasElement): () => void {
    const mine: Registered = { camera, canvas };
    view = mine;
    return () => {
      if (view === mine) view = null;
    };
  },

  get canvas(): HTMLCanvasElement | null {
    return view?.canvas ?? null;
  },

  /** The world ray under a page point (CSS pixels), or null when no viewport is up. */
  rayAt(x: number, y: number, out: Ray = _ray): Ray | null {
    if (!view) return null;
    const rect = view.canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    _ndc.set(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    const camera = view.camera();
    camera.updateMatrixWorld();
    out.origin.setFromMatrixPosition(camera.matrixWorld);
    if ((camera as OrthographicCamera).isOrthographicCamera) {
      out.origin.set(_ndc.x, _ndc.y, -1).unproject(camera);
      out.direction.set(0, 0, -1).transformDirection(camera.matrixWorld);
    } else {
      out.direction.set(_ndc.x, _ndc.y, 0.5).unproject(camera).sub(out.origin).normalize();
    }
    return out;
  },

  /** The surface under a page point, or null (off the mesh, or no viewport). */
  pick(x: number, y: number): ViewPick | null {
    const ray = this.rayAt(x, y);
    if (!ray || !view) return null;
    const hit = surfacePicker.pick(ray);
    if (!hit) return null;
    const d = ray.direction;
    return {
      hit,
      viewDir: [d.x, d.y, d.z],
      worldPerPixel: worldPerPixel(view.camera(), hit.point, view.canvas.getBoundingClientRect().height),
    };
  },

  /** Page coordinates (CSS pixels) of a world point, or null. */
  toPage(point: readonly number[]): { x: number; y: number } | null {
    if (!view) return null;
    const rect = view.canvas.getBoundingClientRect();
    const p = _v.set(point[0], point[1], point[2]).project(view.camera());
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  },
};

/** World units per CSS pixel at `point`'s depth: how a radius in pixels becomes one in metres. */
export function worldPerPixel(camera: Camera, point: readonly number[], heightPx: number): number {
  if (heightPx <= 0) return 0;
  if ((camera as OrthographicCamera).isOrthographicCamera) {
    const o = camera as OrthographicCamera;
    return (o.top - o.bottom) / o.zoom / heightPx;
  }
  const p = camera as PerspectiveCamera;
  const depth = Math.max(-_v.set(point[0], point[1], point[2]).applyMatrix4(p.matrixWorldInverse).z, p.near);
  return (2 * depth * Math.tan((p.fov * Math.PI) / 360)) / p.zoom / heightPx;
}
