import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Vector3 } from 'three';
import type { PointerSample } from '../../src/interaction/paint-interaction.ts';
import { type HandleGrab, SkeletonInteraction } from '../../src/interaction/skeleton-interaction.ts';
import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';
import { rayAt, type ScreenRect, toPage } from '../pose/rotate-gizmo.ts';
import { useUi } from '../store.ts';
import { refreshBones } from '../viewport/bone-layout.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import { beginMove, limbCentreUnder, placeChild } from './skeleton-actions.ts';
import { jointMarkersBridge, type MoveGizmoInfo, moveGizmoBridge } from './skeleton-bridge.ts';
import { skeletonPreview } from './skeleton-preview.ts';
import { useSkeletonUi } from './skeleton-store.ts';
import {
  AxisDrag,
  MOVE_AXES,
  type MoveHandle,
  ScreenDrag,
  TranslateGizmo,
  viewDirection,
} from './translate-gizmo.ts';

type Controls = { enabled: boolean } | null;
type V3 = [number, number, number];

/** A press this close to a joint ball (CSS px, or its drawn radius if larger) grabs the joint. */
const BALL_PX = 8;

interface Grab extends HandleGrab {
  readonly handle: MoveHandle;
  readonly joint: number;
  /** Another joint's ball under the handle: a click (no drag) selects it. */
  readonly ball: number | null;
}

/**
 * Skeleton mode's pointer: the translate gizmo on the selected joint (an arrow drags along its
 * world axis, the centre in the screen plane, snapping to the limb's centre when that is on or
 * Ctrl is held), a press on any joint's ball selects it and drags it in the screen plane, and
 * while placing (E) a click on the mesh adds a child joint at the limb's centre there. Every drag
 * is one undo step, shown live; Esc during a drag puts the joint back. The decisions are
 * {@link SkeletonInteraction}'s (src/interaction); this draws, picks and captures.
 */
export function SkeletonGizmo({ shown }: { shown: Shown }) {
  const selected = useUi((s) => s.selected);
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  const invalidate = useThree((s) => s.invalidate);
  const gizmo = useMemo(() => new TranslateGizmo(), []);

  useEffect(() => () => gizmo.dispose(), [gizmo]);

  // Where the joint is drawn (during a drag, where the drag has it).
  const jointAt = (id: number | null): Vector3 | null =>
    id === null ? null : skeletonPreview.position(shown.scene, id);

  // Every frame follows the joint (edits move it) and the camera (constant size on screen).
  useFrame(({ camera, size }) => {
    const at = jointAt(useUi.getState().selected);
    gizmo.group.visible = at !== null;
    if (at) gizmo.place(at, camera, { left: 0, top: 0, width: size.width, height: size.height });
  });

  useEffect(() => {
    void selected;
    invalidate();
    return () => invalidate();
  }, [selected, invalidate]);

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

    /** The ball under a page point: the nearest within its drawn radius (or BALL_PX), in front first. */
    const ballAt = (p: PointerSample): number | null => {
      const { camera } = get();
      const rect = rectOf();
      const eye = new Vector3().setFromMatrixPosition(camera.matrixWorld);
      let best: number | null = null;
      let bestScore = Number.POSITIVE_INFINITY;
      const edge = new Vector3();
      const side = new Vector3();
      for (const m of jointMarkersBridge.list()) {
        const c = toPage(m.at, camera, rect);
        // The ball's radius on the page: a point on its rim across the view.
        side.crossVectors(viewDirection(camera, m.at, edge), camera.up).normalize();
        const rim = toPage(edge.copy(m.at).addScaledVector(side, m.radius), camera, rect);
        const r = Math.max(BALL_PX, Math.hypot(rim.x - c.x, rim.y - c.y));
        const d = Math.hypot(p.x - c.x, p.y - c.y);
        if (d > r) continue;
        // Nearest on the page, then nearest the camera (a hand's overlapping balls).
        const score = d / r + eye.distanceTo(m.at) * 1e-6;
        if (score < bestScore) {
          bestScore = score;
          best = m.owner;
        }
      }
      return best;
    };

    /** The gizmo handle of the selected joint (at `at`) under a page point, or null. */
    const handleAt = (p: PointerSample, at: Vector3): MoveHandle | null => {
      const { camera } = get();
      const rect = rectOf();
      gizmo.place(at, camera, rect);
      return gizmo.pick(p, camera, rect);
    };

    const screenGrab = (joint: number, at: Vector3, press: PointerSample): Grab => {
      const { camera } = get();
      const drag = new ScreenDrag(at, press, camera, rectOf(), (origin, dir) => limbCentreUnder(origin, dir));
      return {
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
        if (id !== null && at) {
          // The gizmo wins a press; a click on it (no drag) selects a ball under it (a finger
          // under the forearm's X arrow, the neck above the spine's Y arrow).
          const handle = handleAt(sample, at);
          const under = handle ? ballAt(sample) : null;
          const ball = under !== id ? under : null;
          if (handle === 'screen') return { ...screenGrab(id, at, sample), ball };
          if (handle) {
            const drag = new AxisDrag(gizmo.axis(handle), at, sample, camera, rect);
            return { handle, joint: id, ball, target: (p) => drag.target(p.x, p.y) };
          }
        }
        const ball = ballAt(sample);
        const ballAtWorld = jointAt(ball);
        if (ball === null || !ballAtWorld) return null;
        if (ball !== id) editor.selectJoint(ball);
        return screenGrab(ball, ballAtWorld, sample);
      },
      begin: (grab) => {
        const live = beginMove(grab.joint);
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
      hoverCursor = '';
      canvas.style.cursor = '';
      invalidate();
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
      const handle = machine.grabbed!.handle;
      gizmo.highlight(handle, handle);
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
      const handle = at ? handleAt({ x: e.clientX, y: e.clientY }, at) : null;
      if (gizmo.highlight(handle, null)) invalidate();
      const placing = useSkeletonUi.getState().placing !== null;
      cursor(handle || ballAt({ x: e.clientX, y: e.clientY }) !== null ? 'grab' : placing ? 'crosshair' : '');
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
      return { joint: id, center: toPage(at, camera, rect), arrows };
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
    };
  }, [gl, get, invalidate, gizmo, shown]);

  return <primitive object={gizmo.group} />;
}
