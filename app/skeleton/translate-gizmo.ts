import {
  type Camera,
  ConeGeometry,
  CylinderGeometry,
  Group,
  Mesh,
  type MeshBasicMaterial,
  type OrthographicCamera,
  Plane,
  Quaternion,
  Ray,
  RingGeometry,
  Vector3,
} from 'three';
import { type PagePoint, rayAt, type ScreenRect, toPage } from '../pose/rotate-gizmo.ts';
import { handleMaterial, lightHandles } from '../viewport/gizmo-look.ts';
import { distanceToSegment, viewDirection } from '../viewport/gizmo-picking.ts';

/** A handle of the translate gizmo: one world axis, or the screen plane (the centre). */
export type MoveHandle = 'x' | 'y' | 'z' | 'screen';
export const MOVE_AXES = ['x', 'y', 'z'] as const;

const COLORS: Record<MoveHandle, string> = { x: '#ff4d5e', y: '#7bd33c', z: '#3d8bff', screen: '#f2f2f2' };

/** Arrow length on screen, CSS px (constant however far the camera is). */
export const ARROW_PX = 78;
/** A press this close to an arrow (CSS px) grabs it. */
export const GRAB_PX = 9;
/** The centre circle's radius on screen, CSS px: a press inside drags in the screen plane. */
export const CENTRE_PX = 12;
/** Arrows start this far out (fraction of their length), leaving the centre to the screen handle. */
const SHAFT_START = 0.22;
/** Below this |axis · view| an arrow points nearly at the camera: it cannot be dragged along. */
const END_ON = 0.96;

type V3 = [number, number, number];

const _v = new Vector3();
const _w = new Vector3();
const _q = new Quaternion();

/**
 * A drag along one world axis through the joint: the joint goes to the point of the axis line
 * nearest the pointer's ray, offset so the grabbed point stays under the pointer.
 */
export class AxisDrag {
  private readonly origin = new Vector3();
  private readonly axis = new Vector3();
  private readonly ray = new Ray();
  private readonly start: number | null;

  constructor(
    axis: Vector3,
    jointAt: Vector3,
    press: PagePoint,
    private readonly camera: Camera,
    private readonly rect: ScreenRect,
  ) {
    this.axis.copy(axis).normalize();
    this.origin.copy(jointAt);
    this.start = this.param(press.x, press.y);
  }

  /** The joint's world position for the pointer at (x, y); null where the ray runs along the axis. */
  target(x: number, y: number): V3 | null {
    const t = this.param(x, y);
    if (t === null || this.start === null) return null;
    return _v
      .copy(this.origin)
      .addScaledVector(this.axis, t - this.start)
      .toArray() as V3;
  }

  /** Parameter along the axis of its point nearest the pointer's ray. */
  private param(x: number, y: number): number | null {
    rayAt(x, y, this.camera, this.rect, this.ray);
    const d = this.ray.direction;
    const b = d.dot(this.axis);
    const denom = 1 - b * b;
    if (denom < 1e-6) return null;
    const w = _w.copy(this.ray.origin).sub(this.origin);
    return (this.axis.dot(w) - b * d.dot(w)) / denom;
  }
}

/**
 * A drag in the plane through the joint facing the camera: the joint follows the pointer on
 * screen and keeps its depth; or, snapping, goes to the limb's centre under the pointer (the
 * caller's `snap`, which the editor answers from the drawn surface).
 */
export class ScreenDrag {
  private readonly plane = new Plane();
  private readonly ray = new Ray();
  private readonly start = new Vector3();
  private readonly grabbed = new Vector3();
  private readonly offset: boolean;

  constructor(
    jointAt: Vector3,
    press: PagePoint,
    private readonly camera: Camera,
    private readonly rect: ScreenRect,
    private readonly snap: ((origin: V3, dir: V3) => V3 | null) | null = null,
  ) {
    this.start.copy(jointAt);
    this.plane.setFromNormalAndCoplanarPoint(viewDirection(camera, jointAt, _v), jointAt);
    rayAt(press.x, press.y, camera, rect, this.ray);
    const hit = this.ray.intersectPlane(this.plane, _w);
    this.offset = hit !== null;
    this.grabbed.copy(hit ?? jointAt);
  }

  /** The joint's world position for the pointer at (x, y); `snapping` asks for the limb centre. */
  target(x: number, y: number, snapping: boolean): V3 | null {
    rayAt(x, y, this.camera, this.rect, this.ray);
    if (snapping && this.snap) {
      const centre = this.snap(this.ray.origin.toArray() as V3, this.ray.direction.toArray() as V3);
      if (centre) return centre;
    }
    const hit = this.ray.intersectPlane(this.plane, _w);
    if (!hit) return null;
    if (!this.offset) return hit.toArray() as V3;
    return hit.sub(this.grabbed).add(this.start).toArray() as V3;
  }
}

/**
 * Skeleton mode's translate gizmo on the selected joint: an arrow per world axis and a circle at
 * the centre for the screen plane, drawn over everything at a constant size on screen (Blender's
 * and Maya's colours). It only draws, picks and measures; moving the joint is the editor's.
 */
export class TranslateGizmo {
  readonly group = new Group();
  private readonly parts = new Map<MoveHandle, Mesh[]>();
  private hovered: MoveHandle | null = null;
  private active: MoveHandle | null = null;
  private readonly geometries = [
    new CylinderGeometry(0.026, 0.026, 1 - SHAFT_START - 0.18, 8),
    new ConeGeometry(0.08, 0.22, 12),
    new RingGeometry(0.13, 0.17, 32),
  ];

  constructor() {
    const [shaft, cone, ring] = this.geometries;
    const material = (handle: MoveHandle) => handleMaterial(COLORS[handle]);
    for (const axis of MOVE_AXES) {
      const m = material(axis);
      const arm = new Group();
      const s = new Mesh(shaft, m);
      s.position.y = SHAFT_START + (1 - SHAFT_START - 0.18) / 2;
      const c = new Mesh(cone, m);
      c.position.y = 1 - 0.1;
      arm.add(s, c);
      // The parts point +Y: turn them onto their axis.
      if (axis === 'x') arm.rotation.set(0, 0, -Math.PI / 2);
      if (axis === 'z') arm.rotation.set(Math.PI / 2, 0, 0);
      this.group.add(arm);
      this.parts.set(axis, [s, c]);
    }
    const centre = new Mesh(ring, material('screen'));
    centre.name = 'screen-handle';
    this.group.add(centre);
    this.parts.set('screen', [centre]);
    for (const meshes of this.parts.values())
      for (const mesh of meshes) {
        mesh.renderOrder = 20; // after the bones overlay, which clears the depth buffer
        mesh.raycast = () => {}; // picked on the page (below), never by R3F's pointer events
      }
    this.group.visible = false;
    this.group.name = 'move-gizmo';
  }

  get center(): Vector3 {
    return this.group.position;
  }

  /** Puts the gizmo at a world point, sized to ARROW_PX on screen; the centre circle faces the camera. */
  place(at: Vector3, camera: Camera, rect: ScreenRect): void {
    this.group.position.copy(at);
    this.group.scale.setScalar(this.worldPerPixel(camera, rect) * ARROW_PX);
    const centre = this.parts.get('screen')![0];
    // The ring lies in its XY plane: face it to the camera (world rotation = the camera's).
    camera.getWorldQuaternion(_q);
    centre.quaternion.copy(_q);
    this.group.updateMatrixWorld(true);
  }

  /** The world axis of an arrow. */
  axis(handle: 'x' | 'y' | 'z', out = new Vector3()): Vector3 {
    return out.set(handle === 'x' ? 1 : 0, handle === 'y' ? 1 : 0, handle === 'z' ? 1 : 0);
  }

  /** An arrow's ends on the page (from where its shaft starts to its tip). */
  arrowOnPage(handle: 'x' | 'y' | 'z', camera: Camera, rect: ScreenRect): [PagePoint, PagePoint] {
    const size = this.group.scale.x;
    const a = _v.copy(this.center).addScaledVector(this.axis(handle, _w), size * SHAFT_START);
    const from = toPage(a, camera, rect);
    const b = _v.copy(this.center).addScaledVector(this.axis(handle, _w), size);
    return [from, toPage(b, camera, rect)];
  }

  /** The handle under a page point, or null: the centre first, then the nearest arrow within GRAB_PX. */
  pick(p: PagePoint, camera: Camera, rect: ScreenRect): MoveHandle | null {
    if (!this.group.visible) return null;
    const c = toPage(this.center, camera, rect);
    if (Math.hypot(p.x - c.x, p.y - c.y) <= CENTRE_PX) return 'screen';
    const eye = viewDirection(camera, this.center, new Vector3());
    let best: MoveHandle | null = null;
    let bestDistance = GRAB_PX;
    for (const axis of MOVE_AXES) {
      if (Math.abs(this.axis(axis, _w).dot(eye)) > END_ON) continue;
      const [a, b] = this.arrowOnPage(axis, camera, rect);
      const d = distanceToSegment(p, a, b);
      if (d < bestDistance) {
        bestDistance = d;
        best = axis;
      }
    }
    return best;
  }

  /** Lights the handle under the pointer (hover) or the one being dragged; true when it changed. */
  highlight(hovered: MoveHandle | null, active: MoveHandle | null = this.active): boolean {
    if (hovered === this.hovered && active === this.active) return false;
    this.hovered = hovered;
    this.active = active;
    // While one handle drags, the others step back.
    lightHandles(
      [...this.parts].map(
        ([handle, meshes]) =>
          [handle, meshes.map((m) => m.material as MeshBasicMaterial)] as [MoveHandle, MeshBasicMaterial[]],
      ),
      COLORS,
      hovered,
      active,
    );
    return true;
  }

  dispose(): void {
    for (const g of this.geometries) g.dispose();
    for (const meshes of this.parts.values()) (meshes[0].material as MeshBasicMaterial).dispose();
  }

  /** World units per CSS pixel at the gizmo's centre. */
  private worldPerPixel(camera: Camera, rect: ScreenRect): number {
    const ortho = camera as OrthographicCamera;
    if (ortho.isOrthographicCamera) return (ortho.top - ortho.bottom) / ortho.zoom / rect.height;
    const fov = (camera as unknown as { fov: number }).fov;
    const distance = _v.setFromMatrixPosition(camera.matrixWorld).distanceTo(this.group.position);
    return (2 * distance * Math.tan((fov * Math.PI) / 360)) / rect.height;
  }
}
