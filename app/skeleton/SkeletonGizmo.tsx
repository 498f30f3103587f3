import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Quaternion, type Vector3 } from 'three';
import type { PointerSample } from '../../src/interaction/paint-interaction.ts';
import { type HandleGrab, SkeletonInteraction } from '../../src/interaction/skeleton-interaction.ts';
import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';
import { RingDrag, rayAt, type ScreenRect, toPage } from '../pose/rotate-gizmo.ts';
import { useUi } from '../store.ts';
import { refreshBones } from '../viewport/bone-layout.ts';
import { viewDirection } from '../viewport/gizmo-picking.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import { ballsAt, nextInStack } from './ball-pick.ts';
import { beginMove, beginTurn, jointFrame, limbCentreUnder, placeChild } from './skeleton-actions.ts';
import { jointMarkersBridge, type MoveGizmoInfo, moveGizmoBridge } from './skeleton-bridge.ts';
import { skeletonPreview } from './skeleton-preview.ts';
import { useSkeletonUi } from './skeleton-store.ts';
import { AxisDrag, MOVE_AXES, type MoveHandle, ScreenDrag, TranslateGizmo } from './translate-gizmo.ts';
import { TURN_HANDLES, TurnGizmo, type TurnHandle } from './turn-gizmo.ts';

type Controls = { enabled: boolean } | null;
type V3 = [number, number, number];

interface Grab extends HandleGrab {
  readonly handle: MoveHandle | TurnHandle;
  /** A move (arrow, centre, ball) or a turn (a ring of the rotate gizmo). */
  readonly kind: 'move' | 'turn';
  readonly joint: number;
  /** Another joint's ball under the handle: a click (no drag) selects it. */
  readonly ball: number | null;
}

const _frame = new Quaternion();

/** The joint's world rotation as drawn now, as a three.js quaternion (identity when unknown). */
function frameOf(id: number | null, out = _frame): Quaternion {
  const q = id === null ? null : jointFrame(id);
  return q ? out.set(q[0], q[1], q[2], q[3]) : out.identity();
}

/**
 * Skeleton mode's pointer: the translate gizmo on the selected joint (G: an arrow drags along its
 * world axis, the centre in the screen plane, snapping to the limb's centre when that is on or
 * Ctrl is held) or the rotate gizmo (R: a ring about each world axis and one about the view turn
 * the joint's frame; its branch with it when children follow), a press on any joint's ball selects it and drags it in the screen plane, and
 * while placing (E) a click on the mesh adds a child joint at the limb's centre there. Every drag
 * is one undo step, shown live; Esc during a drag puts the joint back. The decisions are
 * {@link SkeletonInteraction}'s (src/interaction); this draws, picks and captures.
 */
export function SkeletonGizmo({ shown }: { shown: Shown }) {
  const selected = useUi((s) => s.selected);
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  const invalidate = useThree((s) => s.invalidate);
  const tool = useSkeletonUi((s) => s.tool);
  const gizmo = useMemo(() => new TranslateGizmo(), []);
  const turner = useMemo(() => new TurnGizmo(), []);

  useEffect(
    () => () => {
      gizmo.dispose();
      turner.dispose();
    },
    [gizmo, turner],
  );

  // Where the joint is drawn (during a drag, where the drag has it).
  const jointAt = (id: number | null): Vector3 | null =>
    id === null ? null : skeletonPreview.position(shown.scene, id);

  // Every frame follows the joint (edits move it) and the camera (constant size on screen).
  useFrame(({ camera, size }) => {
    const id = useUi.getState().selected;
    const at = jointAt(id);
    const turning = useSkeletonUi.getState().tool === 'rotate';
    gizmo.group.visible = at !== null && !turning;
    turner.group.visible = at !== null && turning;
    const rect = { left: 0, top: 0, width: size.width, height: size.height };
    if (at && turning) turner.place(at, frameOf(id), camera, rect);
    else if (at) gizmo.place(at, camera, rect);
  });

  useEffect(() => {
    void selected;
    void tool;
    invalidate();
    return () => invalidate();
  }, [selected, tool, invalidate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: jointAt reads shown, a dependency
  useEffect(() => {
    const canvas = gl.domElement;
    const controls = () => get().controls as unknown as Controls;
    const rectOf = (): ScreenRect => canvas.getBoundingClientRect();
    // The bones, balls and gizmo follow a drag's preview (editor.skeleton's 'preview' event).
    const redraw = (changed = true) => {
      if (!changed) return;
      refreshBones(shown.bones, shown.scene, shown.radius);
      posedSignal.emit();
      invalidate();
    };
    const offPreview = editor.skeleton.events.on('preview', ({ joints }) => {
      skeletonPreview.take(joints);
      redraw();
    });

    /** The joints whose balls are under a page point, best first (several where balls overlap). */
    const stackAt = (p: PointerSample): number[] =>
      ballsAt(jointMarkersBridge.list(), p, get().camera, rectOf());
    /** What a click there selects: the best ball, or the next in the stack after the selected one. */
    const ballAt = (p: PointerSample): number | null => nextInStack(stackAt(p), useUi.getState().selected);

    /** The gizmo handle of the selected joint (at `at`) under a page point, or null. */
    const handleAt = (p: PointerSample, at: Vector3): MoveHandle | null => {
      const { camera } = get();
      const rect = rectOf();
      gizmo.place(at, camera, rect);
      return gizmo.pick(p, camera, rect);
    };

    /** The rotate gizmo's ring under a page point (the gizmo on the selected joint at `at`), or null. */
    const ringAt = (p: PointerSample, at: Vector3, id: number) => {
      const { camera } = get();
      turner.place(at, frameOf(id), camera, rectOf());
      return turner.pick(p, camera, rectOf());
    };

    const turnGrab = (
      joint: number,
      at: Vector3,
      ring: { handle: TurnHandle; point: Vector3 },
      press: PointerSample,
      ball: number | null,
    ): Grab => {
      const { camera } = get();
      const axis = turner.axis(ring.handle, camera);
      const drag = new RingDrag(axis, at, ring.point, press, camera, rectOf());
      const start = frameOf(joint, new Quaternion());
      const q = new Quaternion();
      return {
        handle: ring.handle,
        kind: 'turn',
        joint,
        ball,
        // The world turn about the ring's axis, before the joint's frame as it was at the press.
        target: (p) => {
          q.setFromAxisAngle(axis, drag.angle(p.x, p.y)).multiply(start);
          return [q.x, q.y, q.z, q.w];
        },
      };
    };

    const screenGrab = (joint: number, at: Vector3, press: PointerSample): Grab => {
      const { camera } = get();
      const drag = new ScreenDrag(at, press, camera, rectOf(), (origin, dir) => limbCentreUnder(origin, dir));
      return {
        kind: 'move',
        handle: 'screen',
        joint,
        ball: null,
        target: (p, mods) => drag.target(p.x, p.y, useSkeletonUi.getState().snapToCentre !== mods.ctrlKey),
      };
    };

    const machine = new SkeletonInteraction<Grab>({
      grab: (sample) => {
        const { camera } = get();
        const rect = rectOf();
        const id = useUi.getState().selected;
        const at = jointAt(id);
        if (id !== null && at && useSkeletonUi.getState().tool === 'rotate') {
          const ring = ringAt(sample, at, id);
          const under = ring ? ballAt(sample) : null;
          if (ring) return turnGrab(id, at, ring, sample, under !== id ? under : null);
        } else if (id !== null && at) {
          // The gizmo wins a press; a click on it (no drag) selects a ball under it (a finger
          // under the forearm's X arrow, the neck above the spine's Y arrow).
          const handle = handleAt(sample, at);
          const under = handle ? ballAt(sample) : null;
          const ball = under !== id ? under : null;
          if (handle === 'screen') return { ...screenGrab(id, at, sample), ball };
          if (handle) {
            const drag = new AxisDrag(gizmo.axis(handle), at, sample, camera, rect);
            return { handle, kind: 'move', joint: id, ball, target: (p) => drag.target(p.x, p.y) };
          }
        }
        // A press on stacked balls that hold the selected joint drags it, and a click (no drag)
        // selects the next in the stack: clicking again at one spot walks through coincident
        // joints (a joint and its end joint, twist joints), as Blender's click does.
        const stack = stackAt(sample);
        const held = id !== null && stack.includes(id);
        const ball = held ? id : (stack[0] ?? null);
        const ballAtWorld = jointAt(ball);
        if (ball === null || !ballAtWorld) return null;
        if (ball !== id) editor.selectJoint(ball);
        const next = held ? nextInStack(stack, id) : null;
        return { ...screenGrab(ball, ballAtWorld, sample), ball: next !== id ? next : null };
      },
      begin: (grab) => {
        const live = grab.kind === 'turn' ? beginTurn(grab.joint) : beginMove(grab.joint);
        if (!live) return null;
        return {
          update: live.update,
          commit: () => {
            const before = editor.model;
            live.commit();
            // No edit came of it (refused, or nothing moved): draw the joints where they are.
            if (editor.model === before) redraw(skeletonPreview.clear());
          },
          cancel: () => {
            live.cancel();
            redraw(skeletonPreview.clear());
          },
        };
      },
      clicked: (grab) => {
        if (grab.ball !== null) editor.selectJoint(grab.ball);
      },
      placing: () => useSkeletonUi.getState().placing !== null,
      place: (sample) => {
        const ray = rayAt(sample.x, sample.y, get().camera, rectOf());
        return placeChild(ray.origin.toArray() as V3, ray.direction.toArray() as V3);
      },
      enabled: () => editor.model !== null,
    });
    const input = (e: PointerEvent) => ({
      x: e.clientX,
      y: e.clientY,
      pointerId: e.pointerId,
      button: e.button,
      altKey: e.altKey,
      ctrlKey: e.ctrlKey,
      shiftKey: e.shiftKey,
      metaKey: e.metaKey,
    });
    // A press on a handle or a ball is no click on a bone behind it.
    let swallowClick = false;
    let hoverCursor = '';
    const cursor = (c: string) => {
      if (c === hoverCursor) return;
      hoverCursor = c;
      canvas.style.cursor = c;
    };
    const release = (pointerId: number) => {
      const c = controls();
      if (c) c.enabled = true;
      if (canvas.hasPointerCapture(pointerId)) canvas.releasePointerCapture(pointerId);
      gizmo.highlight(null, null);
      turner.highlight(null, null);
      hoverCursor = '';
      canvas.style.cursor = '';
      invalidate();
    };
    /** Lights a handle of the gizmo shown (hovered, or dragged when `active`); true when it changed. */
    const light = (handle: string | null, active: boolean) => {
      if (useSkeletonUi.getState().tool === 'rotate') {
        const h = handle as TurnHandle | null;
        return turner.highlight(h, active ? h : null);
      }
      const h = handle as MoveHandle | null;
      return gizmo.highlight(h, active ? h : null);
    };

    let heldPointer = -1;
    const down = (e: PointerEvent) => {
      swallowClick = false;
      const outcome = machine.down(input(e));
      if (outcome === 'pass') return;
      e.stopPropagation();
      swallowClick = true;
      if (outcome === 'placed') {
        invalidate();
        return;
      }
      const c = controls();
      if (c) c.enabled = false;
      heldPointer = e.pointerId;
      canvas.setPointerCapture(e.pointerId);
      light(machine.grabbed!.handle, true);
      canvas.style.cursor = 'grabbing';
      invalidate();
    };
    const move = (e: PointerEvent) => {
      if (machine.state === 'moving') {
        if (machine.move(input(e))) invalidate();
        return;
      }
      if (e.buttons !== 0) return; // orbiting or panning: no hover
      const id = useUi.getState().selected;
      const at = jointAt(id);
      const p = { x: e.clientX, y: e.clientY };
      const turning = useSkeletonUi.getState().tool === 'rotate';
      const handle =
        at && id !== null ? (turning ? (ringAt(p, at, id)?.handle ?? null) : handleAt(p, at)) : null;
      if (light(handle, false)) invalidate();
      const placing = useSkeletonUi.getState().placing !== null;
      cursor(handle || stackAt({ x: e.clientX, y: e.clientY }).length ? 'grab' : placing ? 'crosshair' : '');
    };
    const up = (e: PointerEvent) => {
      if (!machine.up(input(e))) return;
      heldPointer = -1;
      release(e.pointerId);
    };
    // A cancelled pointer (the OS took it) is no release: the joint goes back.
    const lost = (e: PointerEvent) => {
      if (machine.state !== 'moving') return;
      machine.cancel();
      heldPointer = -1;
      release(e.pointerId);
    };
    const click = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
    };
    // Esc during a drag puts the joint back (before any other Escape command sees it).
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || machine.state !== 'moving') return;
      e.stopImmediatePropagation();
      e.preventDefault();
      machine.cancel();
      if (heldPointer >= 0) release(heldPointer);
      heldPointer = -1;
    };

    const offBridge = moveGizmoBridge.register((): MoveGizmoInfo | null => {
      const id = useUi.getState().selected;
      const at = jointAt(id);
      if (id === null || !at) return null;
      const { camera } = get();
      const rect = rectOf();
      gizmo.place(at, camera, rect);
      camera.updateMatrixWorld();
      const eye = viewDirection(camera, at);
      const arrows = {} as MoveGizmoInfo['arrows'];
      for (const axis of MOVE_AXES) {
        const [from, tip] = gizmo.arrowOnPage(axis, camera, rect);
        arrows[axis] = { from, tip, facing: Math.abs(gizmo.axis(axis).dot(eye)) };
      }
      turner.place(at, frameOf(id), camera, rect);
      const rings = {} as MoveGizmoInfo['rings'];
      for (const handle of TURN_HANDLES)
        rings[handle] = turner.ringPoints(handle).map((w) => toPage(w, camera, rect));
      const tool = useSkeletonUi.getState().tool;
      return { joint: id, tool, center: toPage(at, camera, rect), arrows, rings };
    });

    canvas.addEventListener('pointerdown', down, { capture: true });
    canvas.addEventListener('click', click, { capture: true });
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', lost);
    window.addEventListener('keydown', key, true);
    return () => {
      offBridge();
      offPreview();
      canvas.removeEventListener('pointerdown', down, { capture: true });
      canvas.removeEventListener('click', click, { capture: true });
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', lost);
      window.removeEventListener('keydown', key, true);
      if (machine.state === 'moving') {
        machine.cancel();
        const c = controls();
        if (c) c.enabled = true;
      }
      canvas.style.cursor = '';
      gizmo.highlight(null, null);
      turner.highlight(null, null);
    };
  }, [gl, get, invalidate, gizmo, turner, shown]);

  return (
    <>
      <primitive object={gizmo.group} />
      <primitive object={turner.group} />
    </>
  );
}
