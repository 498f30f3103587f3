import { Box3, type Object3D, type PerspectiveCamera, Vector3 } from 'three';

/** Where the camera looks from on a fresh load: the character's front (+Z in glTF), a bit above and aside. */
const DEFAULT_DIRECTION = new Vector3(0.35, 0.2, 1).normalize();

/** Anything with a target the camera orbits (OrbitControls). */
interface Orbit {
  target: Vector3;
  update: () => void;
}

const _back = new Vector3();
const _right = new Vector3();
const _up = new Vector3();
const _corner = new Vector3();
const _center = new Vector3();

/**
 * Fits the camera to a box as tightly as the view allows: it looks at the box centre along the
 * current view direction (or the default one) from the nearest distance at which all eight
 * corners are inside the frustum. Near/far follow the size, so millimetre and kilometre models
 * both draw.
 */
export function fitBox(
  camera: PerspectiveCamera,
  controls: Orbit | null,
  box: Box3,
  resetDirection: boolean,
): void {
  const target = controls?.target ?? new Vector3();
  if (resetDirection) _back.copy(DEFAULT_DIRECTION);
  else _back.copy(camera.position).sub(target).normalize();
  if (_back.lengthSq() === 0) _back.copy(DEFAULT_DIRECTION);
  _right.crossVectors(camera.up, _back).normalize();
  if (_right.lengthSq() === 0) _right.set(1, 0, 0);
  _up.crossVectors(_back, _right);
  const tanV = Math.tan((camera.fov * Math.PI) / 360);
  const tanH = tanV * camera.aspect;
  box.getCenter(_center);
  let distance = 0;
  let depth = 0;
  for (let i = 0; i < 8; i++) {
    _corner
      .set(i & 1 ? box.max.x : box.min.x, i & 2 ? box.max.y : box.min.y, i & 4 ? box.max.z : box.min.z)
      .sub(_center);
    const z = _corner.dot(_back);
    distance = Math.max(
      distance,
      z + Math.abs(_corner.dot(_right)) / tanH,
      z + Math.abs(_corner.dot(_up)) / tanV,
    );
    depth = Math.max(depth, Math.abs(z));
  }
  distance = Math.max(distance * 1.08, 1e-3);
  target.copy(_center);
  camera.position.copy(_center).addScaledVector(_back, distance);
  camera.near = distance / 1000;
  camera.far = (distance + depth) * 100;
  camera.updateProjectionMatrix();
  camera.lookAt(target);
  controls?.update();
}

/** The bounding box of the meshes under `root` (skinned ones as posed); a unit box when empty. */
export function boundsOf(root: Object3D): Box3 {
  const box = new Box3().expandByObject(root);
  return box.isEmpty() ? new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)) : box;
}
