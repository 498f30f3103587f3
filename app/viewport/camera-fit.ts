import { Box3, type Camera, type Object3D, OrthographicCamera, type PerspectiveCamera, Vector3 } from 'three';
import { distanceForOrthoZoom, turntableQuaternion, VIEW_FOV } from './camera-math.ts';

/** Where the camera looks from on a fresh load: the character's front (+Z in glTF), a bit above and aside. */
const DEFAULT_DIRECTION = new Vector3(0.35, 0.2, 1).normalize();

/** Anything with a target the camera orbits (the viewport's ViewControls). */
interface Orbit {
  target: Vector3;
  update: () => void;
  /** Told after a fit: the view has a new centre. */
  framed?: () => void;
}

const _back = new Vector3();
const _right = new Vector3();
const _up = new Vector3();
const _corner = new Vector3();
const _center = new Vector3();

/**
 * Fits the camera to a box as tightly as the view allows: it looks at the box centre along the
 * current view direction (or the default one, turntable-level) from the nearest distance at which
 * all eight corners are inside the frustum; an orthographic camera gets the zoom that holds them.
 * The orientation is kept as it is (a top view stays a top view). Near/far follow the size, so
 * millimetre and kilometre models both draw. `widthShare` (0–1] fits the box into that share of
 * the view's width (a panel covers the rest; the caller slides the view over).
 */
export function fitBox(
  camera: Camera,
  controls: Orbit | null,
  box: Box3,
  resetDirection: boolean,
  widthShare = 1,
): void {
  const target = controls?.target ?? new Vector3();
  if (resetDirection) {
    const d = DEFAULT_DIRECTION;
    turntableQuaternion(Math.atan2(d.x, d.z), Math.asin(-d.y), camera.quaternion);
  }
  _back.set(0, 0, 1).applyQuaternion(camera.quaternion);
  _right.set(1, 0, 0).applyQuaternion(camera.quaternion);
  _up.set(0, 1, 0).applyQuaternion(camera.quaternion);
  box.getCenter(_center);
  const ortho = camera instanceof OrthographicCamera ? camera : null;
  const fov = ortho ? VIEW_FOV : (camera as PerspectiveCamera).fov;
  const tanV = Math.tan((fov * Math.PI) / 360);
  const aspect = ortho
    ? (ortho.right - ortho.left) / (ortho.top - ortho.bottom || 1)
    : (camera as PerspectiveCamera).aspect;
  const tanH = tanV * aspect * widthShare;
  let distance = 0;
  let depth = 0;
  let halfWidth = 0;
  let halfHeight = 0;
  for (let i = 0; i < 8; i++) {
    _corner
      .set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z)
      .sub(_center);
    const z = _corner.dot(_back);
    const x = Math.abs(_corner.dot(_right));
    const y = Math.abs(_corner.dot(_up));
    distance = Math.max(distance, z + x / tanH, z + y / tanV);
    halfWidth = Math.max(halfWidth, x);
    halfHeight = Math.max(halfHeight, y);
    depth = Math.max(depth, Math.abs(z));
  }
  distance = Math.max(distance * 1.08, 1e-3);
  const reach = (distance + depth) * 100;
  if (ortho) {
    const heightPx = ortho.top - ortho.bottom;
    const widthPx = (ortho.right - ortho.left) * widthShare;
    const fit = Math.min(widthPx / Math.max(2 * halfWidth, 1e-9), heightPx / Math.max(2 * halfHeight, 1e-9));
    ortho.zoom = fit / 1.08;
    // Where a perspective camera showing the same would stand (switching back shows the same).
    distance = distanceForOrthoZoom(ortho.zoom, heightPx, fov);
    ortho.near = -(distance + depth) * 2;
    ortho.far = (distance + depth) * 2;
    ortho.updateProjectionMatrix();
  } else {
    const perspective = camera as PerspectiveCamera;
    perspective.near = distance / 1000;
    perspective.far = reach;
    perspective.updateProjectionMatrix();
  }
  target.copy(_center);
  camera.position.copy(_center).addScaledVector(_back, distance);
  camera.updateMatrixWorld();
  controls?.update();
  controls?.framed?.();
}

/** The bounding box of the meshes under `root` (skinned ones as posed); a unit box when empty. */
export function boundsOf(root: Object3D): Box3 {
  const box = new Box3().expandByObject(root);
  return box.isEmpty() ? new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)) : box;
}

/**
 * Whether a redraw of the same file keeps the rigger's view rather than framing again: the model
 * still about the size it was and where it was (a skeleton edit that moves an ear's vertices, a
 * garment added), not a different object in the same session (a pose made the bind pose that
 * doubled the arm span still counts as the same place; a scene a hundred times larger does not).
 */
export function keepsView(was: Box3, now: Box3): boolean {
  if (was.isEmpty() || now.isEmpty()) return false;
  const a = was.getSize(new Vector3()).length();
  const b = now.getSize(new Vector3()).length();
  if (!(a > 0 && b > 0) || b > 2 * a || a > 2 * b) return false;
  return was.getCenter(new Vector3()).distanceTo(now.getCenter(new Vector3())) <= 0.25 * Math.max(a, b);
}
