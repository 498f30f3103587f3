/**
 * A tldraw-style test editor: the real Editor driven by fake pointer and key events over a
 * simple orthographic camera, with a CPU raycast standing in for the viewport's picking.
 */
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import type { BrushModifiers } from '../../src/editor/brush-settings.ts';
import type { EditorEvents } from '../../src/editor/editor.ts';
import { Editor } from '../../src/editor/editor.ts';
import { PaintInteraction } from '../../src/interaction/paint-interaction.ts';
import { PoseInteraction } from '../../src/interaction/pose-interaction.ts';
import { SelectInteraction, type SelectOutcome } from '../../src/interaction/select-interaction.ts';
import { raycastTriangles } from '../../src/mesh/raycast.ts';
import { triangleCorners } from '../../src/mesh/triangles.ts';

type V3 = [number, number, number];

/** An orthographic camera: screen pixel (px, py) → a ray along `forward`. */
export class OrthoCamera {
  constructor(
    /** World point at the screen's centre. */
    readonly target: V3,
    /** Unit view direction (camera → scene). */
    readonly forward: V3,
    readonly up: V3,
    readonly pixelsPerUnit: number,
    readonly width = 800,
    readonly height = 600,
  ) {}

  get right(): V3 {
    const [f, u] = [this.forward, this.up];
    return [f[1] * u[2] - f[2] * u[1], f[2] * u[0] - f[0] * u[2], f[0] * u[1] - f[1] * u[0]];
  }

  /** The ray under a pixel: it starts 10 units before the target plane. */
  ray(px: number, py: number): { origin: V3; dir: V3 } {
    const r = this.right;
    const sx = (px - this.width / 2) / this.pixelsPerUnit;
    const sy = -(py - this.height / 2) / this.pixelsPerUnit;
    const origin = [0, 1, 2].map(
      (i) => this.target[i] + r[i] * sx + this.up[i] * sy - this.forward[i] * 10,
    ) as V3;
    return { origin, dir: this.forward };
  }

  /**
   * The camera as a selection view: column-major world → clip matrix (x, y as {@link toScreen}
   * maps them; depth along `forward`, small and increasing away from the viewer).
   */
  view(): { matrix: number[]; width: number; height: number; left: number; top: number } {
    const r = this.right;
    const u = this.up;
    const f = this.forward;
    const t = this.target;
    const sx = (2 * this.pixelsPerUnit) / this.width;
    const sy = (2 * this.pixelsPerUnit) / this.height;
    const dot = (a: readonly number[], b: readonly number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const sz = 0.01;
    // Rows: clip x, y, z, w; stored column by column.
    const rows = [
      [r[0] * sx, r[1] * sx, r[2] * sx, -dot(t, r) * sx],
      [u[0] * sy, u[1] * sy, u[2] * sy, -dot(t, u) * sy],
      [f[0] * sz, f[1] * sz, f[2] * sz, -dot(t, f) * sz],
      [0, 0, 0, 1],
    ];
    const matrix = [0, 1, 2, 3].flatMap((col) => rows.map((row) => row[col]));
    return { matrix, width: this.width, height: this.height, left: 0, top: 0 };
  }

  /** The pixel a world point projects to. */
  toScreen(p: readonly number[]): [number, number] {
    const r = this.right;
    const d = [0, 1, 2].map((i) => p[i] - this.target[i]);
    const sx = d[0] * r[0] + d[1] * r[1] + d[2] * r[2];
    const sy = d[0] * this.up[0] + d[1] * this.up[1] + d[2] * this.up[2];
    return [this.width / 2 + sx * this.pixelsPerUnit, this.height / 2 - sy * this.pixelsPerUnit];
  }
}

let cached: MannequinData | null = null;
/** The built-in mannequin at ~10k vertices (built once per test file). */
export function mannequin(): MannequinData {
  cached ??= buildMannequin({ targetVertices: 10_000 });
  return cached;
}

/** An angle in (−π, π]. */
const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));

export class TestEditor {
  readonly editor = new Editor();
  /** Every 'weights' event payload since the last {@link clearEvents}. */
  weightEvents: EditorEvents['weights'][] = [];
  private corners = new Map<number, Uint32Array>();

  constructor(
    public camera = new OrthoCamera([0.45, 1.2, 0], [0, 0, -1], [0, 1, 0], 400),
    data: MannequinData = mannequin(),
  ) {
    this.editor.events.on('weights', (r) => this.weightEvents.push(r));
    this.editor.loadDocument(mannequinToDocument(data), 'mannequin.glb');
  }

  get model() {
    return this.editor.requireModel();
  }

  /** The nearest skinned surface under a pixel, or null. */
  pick(px: number, py: number): { primitive: number; point: V3; normal: V3 } | null {
    const { origin, dir } = this.camera.ray(px, py);
    let best: { primitive: number; point: V3; normal: V3; distance: number } | null = null;
    for (const prim of this.model.primitives) {
      let corners = this.corners.get(prim.id);
      if (!corners) {
        corners = triangleCorners(prim.indices, prim.weights.vertexCount);
        this.corners.set(prim.id, corners);
      }
      const hit = raycastTriangles(prim.positions, corners, origin, dir);
      if (hit && (!best || hit.distance < best.distance)) best = { primitive: prim.id, ...hit };
    }
    return best && { primitive: best.primitive, point: best.point, normal: best.normal };
  }

  /** Paint mode's pointer: the app's own state machine, fed this camera's picks. */
  readonly paintPointer = new PaintInteraction(this.editor.paint, {
    pick: (s) => {
      const hit = this.pick(s.x, s.y);
      return (
        hit && {
          input: { ...hit, viewDir: this.camera.forward },
          worldPerPixel: 1 / this.camera.pixelsPerUnit,
        }
      );
    },
  });

  /** Select mode's pointer: the app's own state machine, fed this camera. */
  readonly selectPointer = new SelectInteraction(this.editor.selection, {
    pick: (s) => this.pick(s.x, s.y),
    view: () => this.camera.view(),
    facing: () => 'through',
  });

  /** Select mode: a left drag from `a` to `b` (world points; Shift adds, Ctrl subtracts, Alt lassoes). */
  selectDrag(a: V3, b: V3, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}): SelectOutcome {
    const [ax, ay] = this.camera.toScreen(a);
    const [bx, by] = this.camera.toScreen(b);
    const keys = { shiftKey: mods.shift, ctrlKey: mods.ctrl, altKey: mods.alt, pointerId: 1, button: 0 };
    this.selectPointer.down({ x: ax, y: ay, ...keys });
    for (let i = 1; i <= 8; i++)
      this.selectPointer.move({ x: ax + ((bx - ax) * i) / 8, y: ay + ((by - ay) * i) / 8, pointerId: 1 });
    return this.selectPointer.up({ x: bx, y: by, ...keys });
  }

  /** The joint and screen ring the Pose pointer grabs (see {@link turnRing}). */
  private ring: { joint: string; centre: [number, number]; radius: number } | null = null;

  /**
   * Pose mode's pointer: the app's own state machine. Its picker is a ring of `radius` px about
   * the joint's screen point that turns it about the view axis (the ring facing the camera).
   */
  readonly posePointer = new PoseInteraction({
    grab: (s) => {
      const r = this.ring;
      if (!r) return null;
      const [cx, cy] = r.centre;
      if (Math.abs(Math.hypot(s.x - cx, s.y - cy) - r.radius) > 6) return null;
      // Screen y points down: a clockwise drag on screen is a right-handed turn about `forward`.
      const at = (x: number, y: number) => Math.atan2(y - cy, x - cx);
      const start = at(s.x, s.y);
      return { axis: this.camera.forward, angle: (x: number, y: number) => wrap(at(x, y) - start) };
    },
    turn: (axis, radians) => {
      const h = Math.sin(radians / 2);
      this.editor.pose.rotateJointInWorld(this.ring!.joint, [
        axis[0] * h,
        axis[1] * h,
        axis[2] * h,
        Math.cos(radians / 2),
      ]);
    },
  });

  /** Pose mode: drags the view-facing ring of `joint` (radius px) by `degrees`, clockwise on screen. */
  turnRing(joint: string, degrees: number, radius = 50, steps = 12): boolean {
    // Where the joint is drawn at rest (the ring is centred on it, as the gizmo is).
    const centre = this.camera.toScreen(this.model.joints.get(this.editor.resolveJoint(joint))!.restPosition);
    this.ring = { joint, centre, radius };
    const point = (deg: number): [number, number] => [
      centre[0] + radius * Math.cos((deg * Math.PI) / 180),
      centre[1] + radius * Math.sin((deg * Math.PI) / 180),
    ];
    const [x0, y0] = point(0);
    if (this.posePointer.down({ x: x0, y: y0, pointerId: 1, button: 0 }) !== 'turning') return false;
    for (let i = 1; i <= steps; i++) {
      const [x, y] = point((degrees * i) / steps);
      this.posePointer.move({ x, y, pointerId: 1 });
    }
    return this.posePointer.up({ pointerId: 1 });
  }

  /**
   * A left press (Shift: smooth, Ctrl: invert); true when it started a stroke, or armed one (Ctrl:
   * the stroke starts at the press point once the pointer moves; released still, it paints nothing).
   */
  pointerDown(px: number, py: number, options: BrushModifiers & { pressure?: number } = {}): boolean {
    const outcome = this.paintPointer.down({
      x: px,
      y: py,
      pointerId: 1,
      button: 0,
      pressure: options.pressure,
      shiftKey: options.smooth,
      ctrlKey: options.invert,
    });
    return outcome === 'painting' || outcome === 'armed';
  }

  pointerMove(px: number, py: number, pressure?: number): void {
    this.paintPointer.move({ x: px, y: py, pointerId: 1, button: 0, pressure });
  }

  pointerUp(): void {
    this.paintPointer.up({ pointerId: 1 });
  }

  /** Escape, Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, X (toggle mirror) as the app binds them. */
  keyDown(key: string, mods: { ctrl?: boolean; shift?: boolean } = {}): void {
    const k = key.toLowerCase();
    if (k === 'escape') this.editor.paint.cancelStroke();
    else if (mods.ctrl && ((k === 'z' && mods.shift) || k === 'y')) this.editor.redo();
    else if (mods.ctrl && k === 'z') this.editor.undo();
    else if (k === 'x') this.editor.paint.setSettings({ mirror: !this.editor.paint.settings.mirror });
  }

  /** Drags in world space (projected to pixels) from `a` to `b` in `steps` pointer moves. */
  drag(a: V3, b: V3, steps = 20, options: BrushModifiers & { pressure?: number } = {}): boolean {
    const [ax, ay] = this.camera.toScreen(a);
    const [bx, by] = this.camera.toScreen(b);
    if (!this.pointerDown(ax, ay, options)) {
      this.pointerUp(); // a refused press is still released
      return false;
    }
    for (let i = 1; i <= steps; i++)
      this.pointerMove(ax + ((bx - ax) * i) / steps, ay + ((by - ay) * i) / steps, options.pressure);
    this.pointerUp();
    return true;
  }

  clearEvents(): void {
    this.weightEvents = [];
  }

  /** Skin joint index of a joint name (the mannequin has one skin). */
  joint(name: string): number {
    return this.model.skins[0].joints.indexOf(this.editor.resolveJoint(name));
  }
}
