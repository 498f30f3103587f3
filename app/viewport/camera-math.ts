import { Quaternion, Vector3 } from 'three';
import type { OrbitStep, ViewPreset } from './view-preset.ts';

export type { OrbitStep, ViewPreset };

/**
 * The viewport camera's moves as pure math over a pose (position, orientation, the point it
 * looks at), as Blender and Maya move theirs. The world's +Y is up (glTF; a Z-up file's root
 * rotation makes it so in the scene) and the character faces +Z. Nothing here touches the DOM;
 * view-controls.ts turns pointer and wheel events into these calls.
 */

/** The camera as these functions move it; `target` is on its view axis, in front of it. */
export interface CameraPose {
  position: Vector3;
  quaternion: Quaternion;
  target: Vector3;
}

/** How a drag orbits: around the up axis, the character never tilting (Blender's and Maya's default), or freely. */
export type OrbitStyle = 'turntable' | 'trackball';

/** The perspective camera's vertical field of view, degrees. */
export const VIEW_FOV = 35;

/** How much one wheel notch (100 px of deltaY) zooms: Blender's step. */
export const ZOOM_PER_NOTCH = 1.2;

const X = new Vector3(1, 0, 0);
const Y = new Vector3(0, 1, 0);
const _q = new Quaternion();
const _q2 = new Quaternion();
const _v = new Vector3();
const _w = new Vector3();
const _pivot = new Vector3();

/** The orientation looking from azimuth `azimuth` (0: from +Z, π/2: from +X) at elevation `elevation` (−π/2: from above), no roll. */
export function turntableQuaternion(azimuth: number, elevation: number, out = new Quaternion()): Quaternion {
  return out.setFromAxisAngle(Y, azimuth).multiply(_q2.setFromAxisAngle(X, elevation));
}

/** The azimuth and elevation of an orientation (its roll ignored), as {@link turntableQuaternion} takes them. */
export function turntableAngles(q: Quaternion): { azimuth: number; elevation: number } {
  // The right vector is horizontal without roll, and defined even looking straight down.
  const right = _v.copy(X).applyQuaternion(q);
  const azimuth = Math.atan2(-right.z, right.x);
  const forward = _w.set(0, 0, -1).applyQuaternion(q);
  const horizontal = -(forward.x * Math.sin(azimuth) + forward.z * Math.cos(azimuth));
  return { azimuth, elevation: Math.atan2(forward.y, horizontal) };
}

/** Radians turned by a drag of `pixels` over a view `heightPx` tall: its height turns the view once round. */
export function orbitAngle(pixels: number, heightPx: number): number {
  return heightPx > 0 ? (2 * Math.PI * pixels) / heightPx : 0;
}

/** Turns the whole pose (position, orientation, target) by `rotation` about `pivot`: the pivot stays where it is on screen. */
function rotateAbout(pose: CameraPose, rotation: Quaternion, pivot: Vector3): void {
  pose.position.sub(pivot).applyQuaternion(rotation).add(pivot);
  pose.target.sub(pivot).applyQuaternion(rotation).add(pivot);
  pose.quaternion.premultiply(rotation).normalize();
}

/**
 * Orbits by a drag of (dx, dy) pixels about `pivot`. Turntable: dx turns about the world's up
 * axis, dy tilts between straight above and straight below (never over the top, so the
 * character is never upside down or rolled). Trackball: the view turns about the screen axis
 * across the drag, rolling freely.
 */
export function orbit(
  pose: CameraPose,
  dx: number,
  dy: number,
  heightPx: number,
  style: OrbitStyle,
  pivot: Vector3 = pose.target,
): void {
  // A copy: the pivot may be the target, which the turn moves.
  const pivotPoint = _pivot.copy(pivot);
  if (style === 'turntable') {
    const { azimuth, elevation } = turntableAngles(pose.quaternion);
    const nextElevation = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, elevation - orbitAngle(dy, heightPx)));
    const next = turntableQuaternion(azimuth - orbitAngle(dx, heightPx), nextElevation, _q);
    // The turn that takes the old orientation to the new one (it also levels any roll a trackball left).
    const rotation = next.multiply(_q2.copy(pose.quaternion).invert());
    rotateAbout(pose, rotation, pivotPoint);
    return;
  }
  const angle = orbitAngle(Math.hypot(dx, dy), heightPx);
  if (angle === 0) return;
  const up = new Vector3(0, 1, 0).applyQuaternion(pose.quaternion);
  const right = new Vector3(1, 0, 0).applyQuaternion(pose.quaternion);
  const axis = up.multiplyScalar(dx).addScaledVector(right, dy).normalize();
  rotateAbout(pose, _q.setFromAxisAngle(axis, -angle), pivotPoint);
}

/** One numpad orbit step: 15°, as Blender's default. */
export const ORBIT_STEP = Math.PI / 12;

/**
 * Turns the view one numpad step about `pivot`, as a turntable (whatever the drag style): 'right'
 * moves the camera to its right round the character (from the front, six steps give the right
 * view), 'up' raises it (six give the top view), 'opposite' looks from the other side (top and
 * bottom swap). The pivot stays where it is on screen; the distance is kept.
 */
export function stepOrbit(pose: CameraPose, step: OrbitStep, pivot: Vector3 = pose.target): void {
  const pivotPoint = _pivot.copy(pivot);
  let { azimuth, elevation } = turntableAngles(pose.quaternion);
  if (step === 'left') azimuth -= ORBIT_STEP;
  else if (step === 'right') azimuth += ORBIT_STEP;
  else if (step === 'up') elevation -= ORBIT_STEP;
  else if (step === 'down') elevation += ORBIT_STEP;
  else {
    azimuth += Math.PI;
    elevation = -elevation;
  }
  elevation = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, elevation));
  const next = turntableQuaternion(azimuth, elevation, _q);
  rotateAbout(pose, next.multiply(_q2.copy(pose.quaternion).invert()), pivotPoint);
}

/** Slides the view by (dx, dy) pixels at `worldPerPixel`: the scene follows the pointer. */
export function pan(pose: CameraPose, dx: number, dy: number, worldPerPixel: number): void {
  const offset = _v.set(-dx * worldPerPixel, dy * worldPerPixel, 0).applyQuaternion(pose.quaternion);
  pose.position.add(offset);
  pose.target.add(offset);
}

/**
 * Perspective zoom toward `point` (the surface under the cursor, or a point on the view plane
 * under it): position and target are scaled about it by `factor` (< 1 closer), so the point
 * stays under the cursor and the view never passes through it.
 */
export function zoomToward(pose: CameraPose, point: Vector3, factor: number): void {
  pose.position.sub(point).multiplyScalar(factor).add(point);
  pose.target.sub(point).multiplyScalar(factor).add(point);
}

/**
 * Orthographic zoom toward `point`: the new zoom is `zoom / factor`, and the view slides across
 * so the point stays under the cursor (depth is left as it is). Returns the new zoom.
 */
export function zoomOrthographicToward(
  pose: CameraPose,
  point: Vector3,
  factor: number,
  zoom: number,
): number {
  const forward = _v.set(0, 0, -1).applyQuaternion(pose.quaternion);
  // The target's offset from the point across the view, scaled; its depth kept.
  const across = _w.copy(pose.target).sub(point);
  across.addScaledVector(forward, -across.dot(forward));
  const shift = across.multiplyScalar(factor - 1);
  pose.position.add(shift);
  pose.target.add(shift);
  return zoom / factor;
}

/** The zoom factor of a wheel event: ZOOM_PER_NOTCH per 100 px (lines and pages counted as pixels), one notch's worth bounded. */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const pixels = deltaMode === 1 ? deltaY * 33 : deltaMode === 2 ? deltaY * 800 : deltaY;
  const bounded = Math.max(-300, Math.min(300, pixels));
  return ZOOM_PER_NOTCH ** (bounded / 100);
}

const PRESETS: Record<ViewPreset, [azimuth: number, elevation: number]> = {
  front: [0, 0],
  back: [Math.PI, 0],
  right: [Math.PI / 2, 0],
  left: [-Math.PI / 2, 0],
  top: [0, -Math.PI / 2],
  bottom: [0, Math.PI / 2],
};

/** The orientation of a preset view (top: the character's front down the screen, as Blender's). */
export function presetQuaternion(preset: ViewPreset, out = new Quaternion()): Quaternion {
  const [azimuth, elevation] = PRESETS[preset];
  return turntableQuaternion(azimuth, elevation, out);
}

/** Turns the view to a preset about its target, at the same distance (Blender's numpad keeps the view centre). */
export function applyPreset(pose: CameraPose, preset: ViewPreset): void {
  const distance = pose.position.distanceTo(pose.target) || 1;
  presetQuaternion(preset, pose.quaternion);
  pose.position.set(0, 0, distance).applyQuaternion(pose.quaternion).add(pose.target);
}

/** The orthographic zoom (pixels per world unit) that shows what a perspective camera shows at `distance`. */
export function orthoZoomFor(distance: number, heightPx: number, fov = VIEW_FOV): number {
  return heightPx / (2 * Math.max(distance, 1e-9) * Math.tan((fov * Math.PI) / 360));
}

/** The perspective distance that shows what an orthographic zoom shows. */
export function distanceForOrthoZoom(zoom: number, heightPx: number, fov = VIEW_FOV): number {
  return heightPx / (2 * Math.max(zoom, 1e-9) * Math.tan((fov * Math.PI) / 360));
}
