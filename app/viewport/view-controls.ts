import {
  EventDispatcher,
  OrthographicCamera,
  type PerspectiveCamera,
  Plane,
  Raycaster,
  Vector2,
  Vector3,
} from 'three';
import {
  applyPreset,
  type CameraPose,
  distanceForOrthoZoom,
  type OrbitStep,
  type OrbitStyle,
  orbit,
  orthoZoomFor,
  pan,
  stepOrbit,
  type ViewPreset,
  wheelZoomFactor,
  zoomOrthographicToward,
  zoomToward,
} from './camera-math.ts';
import { orbitPivot } from './orbit-pivot.ts';

/** What the controls ask of the app: the surface under a page point, the mode, a redraw. */
export interface ViewControlsHost {
  /** The surface under a page point (as drawn), or null off the mesh or before picking is built. */
  pickSurface(x: number, y: number): Vector3 | null;
  /** True in a mode where a left drag paints (a stroke's end becomes the orbit pivot). */
  painting(): boolean;
  invalidate(): void;
}

type Drag = 'orbit' | 'pan' | 'dolly';

/** A press the controls watch for the pivot: where it went down and whether the camera took it. */
interface Press {
  id: number;
  x: number;
  y: number;
  moved: boolean;
  camera: boolean;
}

/** Pointer movement under which a press is a click. */
const CLICK_SLOP = 4;

const _ndc = new Vector2();
const _plane = new Plane();
const _forward = new Vector3();
const _point = new Vector3();

/**
 * The viewport's camera controls, as Blender's and Maya's: left drag orbits (turntable about the
 * up axis by default, trackball as a setting), right drag (or Shift/Ctrl + left, Shift + middle)
 * pans, middle drag dollies, the wheel zooms toward the point under the cursor; the orbit turns
 * about the last painted or picked point when that setting is on. Perspective or orthographic.
 *
 * It stands where three's OrbitControls stood (R3F's default controls): `target`, `enabled`,
 * `update()` and a 'change' event. Presses that another handler takes first (a brush stroke, a
 * selection box, a gizmo ring: they stop the event or turn `enabled` off) never reach it.
 */
export class ViewControls extends EventDispatcher<{ change: object }> {
  /** The view centre: on the camera's axis; what framing aims at and zoom and orbit default to. */
  readonly target = new Vector3();
  enabled = true;
  style: OrbitStyle = 'turntable';
  aroundPick = true;
  /** The model's size (half its diagonal): bounds the zoom and sets the clip planes. */
  sceneRadius = 1;
  readonly perspective: PerspectiveCamera;
  readonly orthographic = new OrthographicCamera(-1, 1, 1, -1, -1, 1);
  camera: PerspectiveCamera | OrthographicCamera;

  private element: HTMLElement | null = null;
  private drag: { mode: Drag; pointer: number; x: number; y: number; pivot: Vector3 } | null = null;
  private press: Press | null = null;
  private readonly raycaster = new Raycaster();

  constructor(
    camera: PerspectiveCamera,
    private readonly host: ViewControlsHost,
  ) {
    super();
    this.perspective = camera;
    this.camera = camera;
  }

  /** The pose the math moves: the current camera's position and orientation, and the target. */
  private get pose(): CameraPose {
    return { position: this.camera.position, quaternion: this.camera.quaternion, target: this.target };
  }

  private get heightPx(): number {
    return this.element?.clientHeight || 1;
  }

  /** Distance from the camera to the view centre (for an orthographic camera: what it stands for). */
  get distance(): number {
    return this.camera.position.distanceTo(this.target);
  }

  /** World units per CSS pixel at the view centre. */
  worldPerPixel(): number {
    const cam = this.camera;
    if (cam instanceof OrthographicCamera) return (cam.top - cam.bottom) / cam.zoom / this.heightPx;
    return (2 * this.distance * Math.tan((cam.fov * Math.PI) / 360)) / cam.zoom / this.heightPx;
  }

  /** After any move: clip planes that hold the model at this distance, matrices, and a redraw. */
  update(): void {
    const cam = this.camera;
    const reach = (this.distance + 2 * this.sceneRadius) * 100;
    if (cam instanceof OrthographicCamera) {
      // An orthographic view has no eye to be behind: the whole model is drawn, behind the
      // camera's place too, over a depth range no deeper than it needs.
      const depth = (this.distance + 2 * this.sceneRadius) * 2;
      cam.near = -depth;
      cam.far = depth;
    } else {
      cam.near = Math.max(this.distance / 1000, 1e-6);
      cam.far = reach;
    }
    cam.updateProjectionMatrix();
    cam.updateMatrixWorld();
    this.dispatchEvent({ type: 'change' });
    this.host.invalidate();
  }

  /** Framing (frame all, frame selected, a new model) centres the view: the orbit pivot is its centre again. */
  framed(): void {
    orbitPivot.clear();
  }

  /** One numpad orbit step, about the orbit pivot as a drag would turn. */
  step(step: OrbitStep): void {
    stepOrbit(this.pose, step, this.aroundPick && orbitPivot.point ? orbitPivot.point : this.target);
    this.update();
  }

  /** Turns to one of the axis views about the view centre. */
  preset(preset: ViewPreset): void {
    applyPreset(this.pose, preset);
    this.update();
  }

  /**
   * Switches to the orthographic camera (or back), showing the same: the orthographic zoom
   * matches the perspective size at the view centre. Returns the camera now in use.
   */
  setOrthographic(on: boolean, width: number, height: number): PerspectiveCamera | OrthographicCamera {
    const ortho = this.orthographic;
    const persp = this.perspective;
    if (on && this.camera !== ortho) {
      ortho.position.copy(persp.position);
      ortho.quaternion.copy(persp.quaternion);
      Object.assign(ortho, { left: -width / 2, right: width / 2, top: height / 2, bottom: -height / 2 });
      ortho.zoom = orthoZoomFor(this.distance, height, persp.fov);
      this.camera = ortho;
    } else if (!on && this.camera !== persp) {
      const distance = distanceForOrthoZoom(ortho.zoom, height, persp.fov);
      persp.quaternion.copy(ortho.quaternion);
      persp.position.set(0, 0, distance).applyQuaternion(persp.quaternion).add(this.target);
      persp.aspect = width / Math.max(height, 1);
      this.camera = persp;
    }
    this.update();
    return this.camera;
  }

  connect(element: HTMLElement): void {
    this.element = element;
    element.addEventListener('pointerdown', this.onWatchDown, { capture: true });
    element.addEventListener('pointerup', this.onWatchUp, { capture: true });
    element.addEventListener('pointerdown', this.onDown);
    element.addEventListener('wheel', this.onWheel, { passive: false });
    element.addEventListener('contextmenu', this.onContextMenu);
    // The page must not scroll or zoom under a touch drag on the view.
    element.style.touchAction = 'none';
  }

  dispose(): void {
    const element = this.element;
    if (!element) return;
    element.removeEventListener('pointerdown', this.onWatchDown, { capture: true });
    element.removeEventListener('pointerup', this.onWatchUp, { capture: true });
    element.removeEventListener('pointerdown', this.onDown);
    this.endDrag();
    element.removeEventListener('wheel', this.onWheel);
    element.removeEventListener('contextmenu', this.onContextMenu);
    this.element = null;
  }

  /** The world point under a page point on the plane through the view centre, facing the camera. */
  private planePoint(x: number, y: number): Vector3 | null {
    const rect = this.element?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return null;
    _ndc.set(((x - rect.left) / rect.width) * 2 - 1, -((y - rect.top) / rect.height) * 2 + 1);
    this.camera.updateMatrixWorld();
    this.raycaster.setFromCamera(_ndc, this.camera);
    this.camera.getWorldDirection(_forward);
    _plane.setFromNormalAndCoplanarPoint(_forward, this.target);
    return this.raycaster.ray.intersectPlane(_plane, _point)?.clone() ?? null;
  }

  /** Zooms by `factor` (< 1 closer) toward what is under a page point: the surface, else the view plane. */
  zoomAt(x: number, y: number, factor: number): void {
    const point = this.host.pickSurface(x, y) ?? this.planePoint(x, y) ?? this.target.clone();
    const cam = this.camera;
    // Bounded: not into the surface, not so far the model is a dot.
    const min = this.sceneRadius * 1e-3;
    const max = this.sceneRadius * 500;
    if (cam instanceof OrthographicCamera) {
      const distance = distanceForOrthoZoom(cam.zoom, this.heightPx, this.perspective.fov);
      const f = Math.min(Math.max(factor, min / distance), max / distance);
      cam.zoom = zoomOrthographicToward(this.pose, point, f, cam.zoom);
    } else {
      const distance = this.distance;
      const f = Math.min(Math.max(factor, min / distance), max / distance);
      zoomToward(this.pose, point, f);
    }
    this.update();
  }

  private onWheel = (e: WheelEvent) => {
    if (!this.enabled) return;
    e.preventDefault();
    this.zoomAt(e.clientX, e.clientY, wheelZoomFactor(e.deltaY, e.deltaMode));
  };

  private onContextMenu = (e: Event) => {
    if (this.enabled) e.preventDefault();
  };

  private dragMode(e: PointerEvent): Drag | null {
    const mod = e.ctrlKey || e.metaKey || e.shiftKey;
    if (e.button === 0) return mod ? 'pan' : 'orbit';
    if (e.button === 1) return e.shiftKey ? 'pan' : 'dolly';
    if (e.button === 2) return 'pan';
    return null;
  }

  private onDown = (e: PointerEvent) => {
    if (this.press?.id === e.pointerId) this.press.camera = true;
    // A drag whose release never came (let go outside the window) ends at the next press.
    if (this.drag?.pointer === e.pointerId) this.endDrag();
    if (!this.enabled || this.drag) return;
    const mode = this.dragMode(e);
    if (!mode) return;
    // Orbit turns about the pivot; a dolly drag closes in on what was under the press.
    const pivot =
      mode === 'dolly'
        ? (this.host.pickSurface(e.clientX, e.clientY) ??
          this.planePoint(e.clientX, e.clientY) ??
          this.target)
        : this.aroundPick && orbitPivot.point
          ? orbitPivot.point
          : this.target;
    this.drag = { mode, pointer: e.pointerId, x: e.clientX, y: e.clientY, pivot: pivot.clone() };
    // The drag's moves and release are followed on the window (no pointer capture: a right
    // press's context menu and the click after a press must still reach what is under the pointer).
    window.addEventListener('pointermove', this.onMove);
    window.addEventListener('pointerup', this.onUp);
    window.addEventListener('pointercancel', this.onUp);
  };

  private onMove = (e: PointerEvent) => {
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    if (e.pointerType === 'mouse' && e.buttons === 0) {
      this.endDrag(); // released where we did not hear it
      return;
    }
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (dx === 0 && dy === 0) return;
    if (drag.mode === 'orbit') orbit(this.pose, dx, dy, this.heightPx, this.style, drag.pivot);
    else if (drag.mode === 'pan') pan(this.pose, dx, dy, this.worldPerPixel());
    else {
      // Drag down: out, up: in.
      this.zoomAtPoint(drag.pivot, 2 ** (dy / 200));
      return;
    }
    this.update();
  };

  /** A dolly drag zooms toward a fixed point (the pivot), not the moving pointer. */
  private zoomAtPoint(point: Vector3, factor: number): void {
    const cam = this.camera;
    if (cam instanceof OrthographicCamera)
      cam.zoom = zoomOrthographicToward(this.pose, point, factor, cam.zoom);
    else zoomToward(this.pose, point, factor);
    this.update();
  }

  private onUp = (e: PointerEvent) => {
    if (this.drag && e.pointerId === this.drag.pointer) this.endDrag();
  };

  private endDrag(): void {
    this.drag = null;
    window.removeEventListener('pointermove', this.onMove);
    window.removeEventListener('pointerup', this.onUp);
    window.removeEventListener('pointercancel', this.onUp);
  }

  // The pivot: every left press is watched (capture phase, before the brush or the selection box
  // take it) and its release decides: a stroke's end, or a click on the surface, becomes the pivot.
  private onWatchDown = (e: PointerEvent) => {
    if (e.button !== 0) return;
    this.press = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, camera: false };
  };

  private onWatchUp = (e: PointerEvent) => {
    const press = this.press;
    if (!press || press.id !== e.pointerId) return;
    this.press = null;
    const click = Math.hypot(e.clientX - press.x, e.clientY - press.y) <= CLICK_SLOP;
    const stroke = !press.camera && this.host.painting();
    if (!click && !stroke) return;
    const hit =
      this.host.pickSurface(e.clientX, e.clientY) ??
      (stroke ? this.host.pickSurface(press.x, press.y) : null);
    if (hit) orbitPivot.set(hit);
  };
}
