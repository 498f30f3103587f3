import {
  type Camera,
  CylinderGeometry,
  Group,
  Mesh,
  type MeshBasicMaterial,
  type OrthographicCamera,
  Quaternion,
  TorusGeometry,
  Vector3,
} from 'three';
import { GRAB_PX, type PagePoint, RING_PX, type ScreenRect, toPage } from '../pose/rotate-gizmo.ts';
import { handleMaterial, lightHandles } from '../viewport/gizmo-look.ts';
import { pickRing, ringPoints, viewDirection } from '../viewport/gizmo-picking.ts';

/** A ring of the turn gizmo: one about each world axis, and one about the view direction. */
export type TurnHandle = 'x' | 'y' | 'z' | 'view';
export const TURN_HANDLES: readonly TurnHandle[] = ['x', 'y', 'z', 'view'];

const COLORS: Record<TurnHandle, string> = { x: '#ff4d5e', y: '#7bd33c', z: '#3d8bff', view: '#f2f2f2' };
/** The view ring sits outside the axis rings (Blender's white ring), this much larger. */
export const VIEW_RING_SCALE = 1.25;
/** The joint's own axes, drawn inside the rings, as a share of the ring radius. */
const FRAME_LENGTH = 0.55;
/** Samples per ring for picking and for the script API's ring points. */
const SAMPLES = 72;

const _v = new Vector3();
const _q = new Quaternion();

/**
 * Skeleton mode's rotate gizmo on the selected joint (R): a ring about each world axis and a
 * larger one about the view direction, drawn over everything at a constant size on screen, with
 * the joint's own axes inside so a rigger sees its frame turn (Blender's and Maya's colours). It
 * only draws, picks and measures; turning the joint is the editor's (editor.skeleton's orient).
 */
export class TurnGizmo {
  readonly group = new Group();
  private readonly rings = new Map<TurnHandle, Mesh<TorusGeometry, MeshBasicMaterial>>();
  private readonly frame: Group;
  private readonly barGeometry: CylinderGeometry;
  private hovered: TurnHandle | null = null;
  private active: TurnHandle | null = null;
  private readonly geometry = new TorusGeometry(1, 0.022, 6, 96);

  constructor() {
    for (const handle of TURN_HANDLES) {
      const material = handleMaterial(COLORS[handle]);
      const ring = new Mesh(this.geometry, material);
      // The torus lies in its XY plane (about Z): turn it onto its axis; the view ring faces the camera.
      if (handle === 'x') ring.rotation.set(0, Math.PI / 2, 0);
      if (handle === 'y') ring.rotation.set(Math.PI / 2, 0, 0);
      if (handle === 'view') ring.scale.setScalar(VIEW_RING_SCALE);
      ring.renderOrder = 20; // after the bones overlay, which clears the depth buffer
      ring.raycast = () => {}; // picked on the page (below), never by R3F's pointer events
      this.rings.set(handle, ring);
      this.group.add(ring);
    }
    // The joint's frame: a short bar per local axis (thicker than a line, which a heat map swallows).
    this.frame = new Group();
    this.frame.name = 'joint-frame';
    const bar = new CylinderGeometry(0.03, 0.03, FRAME_LENGTH, 8);
    bar.translate(0, FRAME_LENGTH / 2, 0);
    this.barGeometry = bar;
    for (const axis of ['x', 'y', 'z'] as const) {
      const material = handleMaterial(COLORS[axis]);
      const mesh = new Mesh(bar, material);
      // The bar points +Y: turn it onto its axis.
      if (axis === 'x') mesh.rotation.set(0, 0, -Math.PI / 2);
      if (axis === 'z') mesh.rotation.set(Math.PI / 2, 0, 0);
      mesh.renderOrder = 21;
      mesh.raycast = () => {};
      this.frame.add(mesh);
    }
    this.group.add(this.frame);
    this.group.visible = false;
    this.group.name = 'turn-gizmo';
  }

  get center(): Vector3 {
    return this.group.position;
  }

  /**
   * Puts the gizmo at a world point, sized to RING_PX on screen; the view ring faces the camera
   * and the axes show `frame` (the joint's world rotation, as drawn now).
   */
  place(at: Vector3, frame: Quaternion, camera: Camera, rect: ScreenRect): void {
    this.group.position.copy(at);
    this.group.scale.setScalar(this.worldPerPixel(camera, rect) * RING_PX);
    this.rings.get('view')!.quaternion.copy(camera.getWorldQuaternion(_q));
    this.frame.quaternion.copy(frame);
    this.group.updateMatrixWorld(true);
  }

  /**
   * The world axis a ring turns about: a world axis, or for the view ring the direction from the
   * joint to the camera (so a drag turns the way the pointer goes round on screen).
   */
  axis(handle: TurnHandle, camera: Camera, out = new Vector3()): Vector3 {
    if (handle === 'view') return viewDirection(camera, this.center, out).negate();
    return out.set(handle === 'x' ? 1 : 0, handle === 'y' ? 1 : 0, handle === 'z' ? 1 : 0);
  }

  /** World points around a ring (its centre line), `SAMPLES` of them. */
  ringPoints(handle: TurnHandle): Vector3[] {
    const ring = this.rings.get(handle)!;
    ring.updateMatrixWorld(true);
    return ringPoints(ring.matrixWorld, SAMPLES);
  }

  /**
   * The ring under a page point (within GRAB_PX), with the nearest point on it; null off the
   * rings. Where rings cross, the one seen face-on wins (gizmo-picking.ts).
   */
  pick(p: PagePoint, camera: Camera, rect: ScreenRect): { handle: TurnHandle; point: Vector3 } | null {
    if (!this.group.visible) return null;
    const rings = TURN_HANDLES.map((handle) => ({
      handle,
      axis: this.axis(handle, camera),
      points: this.ringPoints(handle),
    }));
    const eye = viewDirection(camera, this.center, new Vector3());
    return pickRing(p, rings, eye, (w) => toPage(w, camera, rect), GRAB_PX);
  }

  /** Lights the ring under the pointer (hover) or the one being dragged; true when it changed. */
  highlight(hovered: TurnHandle | null, active: TurnHandle | null = this.active): boolean {
    if (hovered === this.hovered && active === this.active) return false;
    this.hovered = hovered;
    this.active = active;
    // While one ring turns, the others step back.
    lightHandles(
      [...this.rings].map(([handle, ring]) => [handle, [ring.material]] as [TurnHandle, MeshBasicMaterial[]]),
      COLORS,
      hovered,
      active,
    );
    return true;
  }

  dispose(): void {
    this.geometry.dispose();
    for (const ring of this.rings.values()) ring.material.dispose();
    this.barGeometry.dispose();
    for (const bar of this.frame.children) ((bar as Mesh).material as MeshBasicMaterial).dispose();
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
