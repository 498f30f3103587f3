import {
  type Camera,
  Group,
  Mesh,
  type MeshBasicMaterial,
  type Object3D,
  type OrthographicCamera,
  Plane,
  Quaternion,
  Ray,
  TorusGeometry,
  Vector2,
  Vector3,
} from 'three';
import { handleMaterial, lightHandles } from '../viewport/gizmo-look.ts';
import { type PagePoint, pickRing, ringPoints, viewDirection } from '../viewport/gizmo-picking.ts';

/** The gizmo's axes: the joint's local X, Y and Z (Blender's and Maya's colours). */
export type GizmoAxis = 'x' | 'y' | 'z';
export const GIZMO_AXES: readonly GizmoAxis[] = ['x', 'y', 'z'];

const COLORS: Record<GizmoAxis, string> = { x: '#ff4d5e', y: '#7bd33c', z: '#3d8bff' };

/** Ring radius on screen, CSS px (the gizmo keeps this size however far the camera is). */
export const RING_PX = 64;
/** A press this close to a ring (CSS px) grabs it. */
export const GRAB_PX = 9;
/** Samples per ring for picking and for the script API's ring points. */
const SAMPLES = 72;
/** Below this |axis · view|, a ring is seen nearly edge-on: drag along its tangent instead. */
const EDGE_ON = 0.25;

/** The canvas' place on the page, CSS px. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type { PagePoint };

const _v = new Vector3();
const _w = new Vector3();
const _s = new Vector3();
const _ndc = new Vector2();

/** A world point on the page (CSS px), through `camera`. */
export function toPage(
  p: Vector3,
  camera: Camera,
  rect: ScreenRect,
  out: PagePoint = { x: 0, y: 0 },
): PagePoint {
  _v.copy(p).project(camera);
  out.x = rect.left + ((_v.x + 1) / 2) * rect.width;
  out.y = rect.top + ((1 - _v.y) / 2) * rect.height;
  return out;
}

/** The world ray under a page point. */
export function rayAt(x: number, y: number, camera: Camera, rect: ScreenRect, out = new Ray()): Ray {
  _ndc.set(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
  if ((camera as OrthographicCamera).isOrthographicCamera) {
    out.origin.set(_ndc.x, _ndc.y, -1).unproject(camera);
    out.direction.set(0, 0, -1).transformDirection(camera.matrixWorld);
  } else {
    out.origin.setFromMatrixPosition(camera.matrixWorld);
    out.direction.set(_ndc.x, _ndc.y, 0.5).unproject(camera).sub(out.origin).normalize();
  }
  return out;
}

/**
 * A drag on one ring: turns a pointer position into the angle (radians, about the ring's world
 * axis, right-handed) the joint has turned since the press. Seen face-on, the angle is the one the
 * pointer sweeps around the centre on the ring's plane, so the grabbed point follows the pointer;
 * seen edge-on (the plane is a line on screen), the pointer's travel along the ring's tangent at
 * the grabbed point, in radians of that ring.
 */
export class RingDrag {
  readonly axis = new Vector3();
  private readonly center = new Vector3();
  private readonly plane = new Plane();
  private readonly ray = new Ray();
  private readonly start = new Vector3();
  private readonly pressPage: PagePoint;
  /** Page px per radian along the tangent (edge-on drags). */
  private readonly tangentPx: PagePoint = { x: 0, y: 0 };
  private readonly faceOn: boolean;
  private last = 0;
  private total = 0;

  constructor(
    axis: Vector3,
    center: Vector3,
    grabbed: Vector3,
    press: PagePoint,
    private readonly camera: Camera,
    private readonly rect: ScreenRect,
  ) {
    this.axis.copy(axis).normalize();
    this.center.copy(center);
    this.pressPage = { ...press };
    const eye = (camera as OrthographicCamera).isOrthographicCamera
      ? _v.set(0, 0, 1).transformDirection(camera.matrixWorld)
      : _v.setFromMatrixPosition(camera.matrixWorld).sub(center).normalize();
    this.faceOn = Math.abs(eye.dot(this.axis)) > EDGE_ON;
    this.plane.setFromNormalAndCoplanarPoint(this.axis, center);
    if (this.faceOn) {
      const hit = this.planePoint(press.x, press.y);
      this.start.copy(hit ?? grabbed).sub(center);
    } else {
      // d(grabbed)/dθ = axis × (grabbed − centre): a small step along it, seen on the page.
      const eps = 1e-3;
      const a = toPage(grabbed, camera, rect, { x: 0, y: 0 });
      _w.copy(grabbed).sub(center);
      _s.crossVectors(this.axis, _w).multiplyScalar(eps).add(grabbed);
      const b = toPage(_s, camera, rect, { x: 0, y: 0 });
      this.tangentPx.x = (b.x - a.x) / eps;
      this.tangentPx.y = (b.y - a.y) / eps;
    }
  }

  /** The angle turned since the press, radians (a face-on ring counts whole turns). */
  angle(x: number, y: number): number {
    if (!this.faceOn) {
      const t = this.tangentPx;
      const len2 = t.x * t.x + t.y * t.y;
      if (len2 < 1e-9) return this.total;
      this.total = ((x - this.pressPage.x) * t.x + (y - this.pressPage.y) * t.y) / len2;
      return this.total;
    }
    const hit = this.planePoint(x, y);
    if (!hit) return this.total;
    const v = hit.sub(this.center);
    const a = Math.atan2(_s.crossVectors(this.start, v).dot(this.axis), this.start.dot(v));
    // Unwrap: a drag can go round more than half a turn.
    let d = a - this.last;
    if (d > Math.PI) d -= 2 * Math.PI;
    else if (d < -Math.PI) d += 2 * Math.PI;
    this.last = a;
    this.total += d;
    return this.total;
  }

  private planePoint(x: number, y: number): Vector3 | null {
    rayAt(x, y, this.camera, this.rect, this.ray);
    return this.ray.intersectPlane(this.plane, _w);
  }
}

/**
 * Three rings around a joint, one per local axis, drawn over everything at a constant size on
 * screen: the Pose mode's rotate gizmo. It only draws, picks and measures; turning the joint is
 * the caller's (through editor.pose, the path the sliders take).
 */
export class RotateGizmo {
  readonly group = new Group();
  private readonly rings = new Map<GizmoAxis, Mesh<TorusGeometry, MeshBasicMaterial>>();
  private hovered: GizmoAxis | null = null;
  private active: GizmoAxis | null = null;

  constructor() {
    const geometry = new TorusGeometry(1, 0.022, 6, 96);
    for (const axis of GIZMO_AXES) {
      const material = handleMaterial(COLORS[axis]);
      const ring = new Mesh(geometry, material);
      // The torus lies in its XY plane (axis Z): turn it onto the axis it is about.
      if (axis === 'x') ring.rotation.set(0, Math.PI / 2, 0);
      if (axis === 'y') ring.rotation.set(Math.PI / 2, 0, 0);
      ring.renderOrder = 20; // after the bones overlay, which clears the depth buffer
      ring.raycast = () => {}; // picked on the page (picking below), never by R3F's pointer events
      this.rings.set(axis, ring);
      this.group.add(ring);
    }
    this.group.visible = false;
    this.group.name = 'pose-gizmo';
  }

  /**
   * Puts the rings on a joint: at its world position, turned as its world frame (scale removed),
   * sized to RING_PX on screen for `camera`.
   */
  place(joint: Object3D, camera: Camera, rect: ScreenRect): void {
    joint.matrixWorld.decompose(this.group.position, this.group.quaternion, _s);
    this.group.scale.setScalar(this.worldPerPixel(camera, rect) * RING_PX);
    this.group.updateMatrixWorld(true);
  }

  /** The world axis of a ring (the joint's local axis as it is now). */
  worldAxis(axis: GizmoAxis, out = new Vector3()): Vector3 {
    out.set(axis === 'x' ? 1 : 0, axis === 'y' ? 1 : 0, axis === 'z' ? 1 : 0);
    return out.applyQuaternion(this.group.quaternion).normalize();
  }

  get center(): Vector3 {
    return this.group.position;
  }

  /** World points around a ring (its centre line), `SAMPLES` of them. */
  ringPoints(axis: GizmoAxis): Vector3[] {
    const ring = this.rings.get(axis)!;
    ring.updateMatrixWorld(true);
    return ringPoints(ring.matrixWorld, SAMPLES);
  }

  /**
   * The ring under a page point (within GRAB_PX), with the nearest point on it; null off the
   * rings. Where rings cross, the one seen face-on wins (gizmo-picking.ts).
   */
  pick(p: PagePoint, camera: Camera, rect: ScreenRect): { axis: GizmoAxis; point: Vector3 } | null {
    if (!this.group.visible) return null;
    const rings = GIZMO_AXES.map((axis) => ({
      handle: axis,
      axis: this.worldAxis(axis),
      points: this.ringPoints(axis),
    }));
    const eye = viewDirection(camera, this.center, new Vector3());
    const hit = pickRing(p, rings, eye, (w) => toPage(w, camera, rect), GRAB_PX);
    return hit && { axis: hit.handle, point: hit.point };
  }

  /** Highlights the ring under the pointer (hover) or the one being dragged; true when it changed. */
  highlight(hovered: GizmoAxis | null, active: GizmoAxis | null = this.active): boolean {
    if (hovered === this.hovered && active === this.active) return false;
    this.hovered = hovered;
    this.active = active;
    // While one ring turns, the others step back.
    lightHandles(
      [...this.rings].map(([axis, ring]) => [axis, [ring.material]] as [GizmoAxis, MeshBasicMaterial[]]),
      COLORS,
      hovered,
      active,
      0.35,
    );
    return true;
  }

  dispose(): void {
    const first = this.rings.values().next().value;
    first?.geometry.dispose();
    for (const ring of this.rings.values()) ring.material.dispose();
  }

  /** World units per CSS pixel at the gizmo's centre. */
  private worldPerPixel(camera: Camera, rect: ScreenRect): number {
    const ortho = camera as OrthographicCamera;
    if (ortho.isOrthographicCamera) return (ortho.top - ortho.bottom) / ortho.zoom / rect.height;
    const fov = (camera as unknown as { fov: number }).fov;
    _v.setFromMatrixPosition(camera.matrixWorld);
    const distance = _v.distanceTo(this.group.position);
    return (2 * distance * Math.tan((fov * Math.PI) / 360)) / rect.height;
  }
}

/** A world-space turn about `axis` by `angle` radians, as x, y, z, w (editor.pose.rotateJointInWorld's). */
export function axisAngle(axis: Vector3, angle: number): [number, number, number, number] {
  const q = new Quaternion().setFromAxisAngle(axis, angle);
  return [q.x, q.y, q.z, q.w];
}
