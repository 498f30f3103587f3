import { Box3, type Object3D, type PerspectiveCamera, Sphere, Vector3 } from 'three';

const _box = new Box3();
const _dir = new Vector3();

/** Where the camera looks from on a fresh load: the character's front (+Z in glTF), a bit above and aside. */
const DEFAULT_DIRECTION = new Vector3(0.35, 0.2, 1).normalize();

/** Anything with a target the camera orbits (OrbitControls). */
interface Orbit {
  target: Vector3;
  update: () => void;
}

/**
 * Fits the camera to a sphere, keeping the current view direction (or the default one), and
 * sets near/far from the size so models from millimetres to kilometres all draw.
 */
export function fitSphere(
  camera: PerspectiveCamera,
  controls: Orbit | null,
  sphere: Sphere,
  resetDirection: boolean,
): void {
  const radius = Math.max(sphere.radius, 1e-4);
  const target = controls?.target ?? new Vector3();
  if (resetDirection) _dir.copy(DEFAULT_DIRECTION);
  else _dir.copy(camera.position).sub(target).normalize();
  if (_dir.lengthSq() === 0) _dir.copy(DEFAULT_DIRECTION);
  const vFov = (camera.fov * Math.PI) / 180;
  const hFov = 2 * Math.atan(Math.tan(vFov / 2) * camera.aspect);
  const distance = (radius / Math.sin(Math.min(vFov, hFov) / 2)) * 1.05;
  target.copy(sphere.center);
  camera.position.copy(sphere.center).addScaledVector(_dir, distance);
  camera.near = distance / 1000;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  camera.lookAt(target);
  controls?.update();
}

/** The bounding sphere of the visible meshes under `root` (skinned ones as posed). */
export function boundsOf(root: Object3D): Sphere {
  _box.makeEmpty();
  _box.expandByObject(root);
  if (_box.isEmpty()) return new Sphere(new Vector3(), 1);
  return _box.getBoundingSphere(new Sphere());
}
