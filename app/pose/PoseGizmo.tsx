import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { Vector3 } from 'three';
import { PoseInteraction } from '../../src/interaction/pose-interaction.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import { clipPlayer } from './clip-player.ts';
import { type GizmoInfo, gizmoBridge } from './gizmo-bridge.ts';
import { poseAction } from './pose-actions.ts';
import { axisAngle, GIZMO_AXES, type GizmoAxis, RingDrag, RotateGizmo, toPage } from './rotate-gizmo.ts';

type Controls = { enabled: boolean } | null;

/**
 * Pose mode's rotate gizmo on the selected joint: three rings in the joint's own frame, at its
 * posed position; its pointer decisions are {@link PoseInteraction}'s (src/interaction), this
 * draws and captures. Dragging a ring turns the joint through editor.pose (as the sliders do, so the
 * sliders, heat map, crease overlay and the paint surfaces follow; no undo step, like a slider:
 * posing is not an edit of the weights). The orbit controls are off while a ring is held; a press
 * off the rings orbits, and a click on a bone selects its joint as in Inspect mode.
 */
export function PoseGizmo({ shown }: { shown: Shown }) {
  const selected = useUi((s) => s.selected);
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  const invalidate = useThree((s) => s.invalidate);
  const gizmo = useMemo(() => new RotateGizmo(), []);
  const joint = selected === null ? undefined : shown.scene.jointObjects.get(selected);

  useEffect(() => () => gizmo.dispose(), [gizmo]);

  // Every frame follows the joint (pose changes re-render) and the camera (constant size on screen).
  useFrame(({ camera, size }) => {
    gizmo.group.visible = joint !== undefined;
    if (joint) gizmo.place(joint, camera, { left: 0, top: 0, width: size.width, height: size.height });
  });

  useEffect(() => {
    void joint;
    invalidate();
    return () => invalidate();
  }, [joint, invalidate]);

  useEffect(() => {
    if (selected === null || !joint) return;
    const canvas = gl.domElement;
    const controls = () => get().controls as unknown as Controls;
    // The decisions (which press turns a ring, by how much a move turns it) are the machine's.
    const machine = new PoseInteraction({
      grab: (sample) => {
        const rect = canvas.getBoundingClientRect();
        const { camera } = get();
        gizmo.place(joint, camera, rect);
        const hit = gizmo.pick(sample, camera, rect);
        if (!hit) return null;
        const ring = new RingDrag(gizmo.worldAxis(hit.axis), gizmo.center, hit.point, sample, camera, rect);
        const axis: [number, number, number] = [ring.axis.x, ring.axis.y, ring.axis.z];
        return { axis, angle: (x: number, y: number) => ring.angle(x, y), ring: hit.axis };
      },
      turn: (axis, radians) =>
        poseAction(() => editor.pose.rotateJointInWorld(selected, axisAngle(new Vector3(...axis), radians))),
      enabled: () => editor.model !== null,
    });
    const input = (e: PointerEvent) => ({
      x: e.clientX,
      y: e.clientY,
      pointerId: e.pointerId,
      button: e.button,
      altKey: e.altKey,
    });
    // A press on a ring is no click on a bone behind it.
    let swallowClick = false;
    let grabCursor = false;

    const at = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      const { camera } = get();
      gizmo.place(joint, camera, rect);
      return { rect, camera, hit: gizmo.pick({ x: e.clientX, y: e.clientY }, camera, rect) };
    };
    const cursor = (grab: boolean) => {
      if (grab === grabCursor) return;
      grabCursor = grab;
      canvas.style.cursor = grab ? 'grab' : '';
    };

    const down = (e: PointerEvent) => {
      swallowClick = false;
      if (machine.down(input(e)) === 'pass') return;
      e.stopPropagation();
      swallowClick = true;
      clipPlayer.pause(); // the ring turns the pose on screen, not a clip's next frame
      const c = controls();
      if (c) c.enabled = false;
      canvas.setPointerCapture(e.pointerId);
      const ring = machine.grabbed!.ring;
      gizmo.highlight(ring, ring);
      cursor(true);
      canvas.style.cursor = 'grabbing';
      invalidate();
    };
    const move = (e: PointerEvent) => {
      if (machine.state === 'turning') {
        machine.move(input(e));
        return;
      }
      if (e.buttons !== 0) return; // orbiting or panning: no hover
      const { hit } = at(e);
      if (gizmo.highlight(hit?.axis ?? null, null)) invalidate();
      cursor(hit !== null);
    };
    const up = (e: PointerEvent) => {
      if (!machine.up(input(e))) return;
      const c = controls();
      if (c) c.enabled = true;
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      gizmo.highlight(null, null);
      grabCursor = false;
      canvas.style.cursor = '';
      invalidate();
    };
    const click = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
    };

    const offBridge = gizmoBridge.register((): GizmoInfo => {
      const rect = canvas.getBoundingClientRect();
      const { camera } = get();
      gizmo.place(joint, camera, rect);
      camera.updateMatrixWorld();
      const eye = camera.position.clone().sub(gizmo.center).normalize();
      const rings = {} as GizmoInfo['rings'];
      for (const axis of GIZMO_AXES as GizmoAxis[]) {
        rings[axis] = {
          facing: Math.abs(gizmo.worldAxis(axis).dot(eye)),
          points: gizmo.ringPoints(axis).map((p) => toPage(p, camera, rect)),
        };
      }
      return { joint: selected, center: toPage(gizmo.center, camera, rect), rings };
    });

    canvas.addEventListener('pointerdown', down, { capture: true });
    canvas.addEventListener('click', click, { capture: true });
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    return () => {
      offBridge();
      canvas.removeEventListener('pointerdown', down, { capture: true });
      canvas.removeEventListener('click', click, { capture: true });
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      if (machine.state === 'turning') {
        const c = controls();
        if (c) c.enabled = true;
      }
      if (grabCursor || machine.state === 'turning') canvas.style.cursor = '';
      machine.cancel();
      gizmo.highlight(null, null);
    };
  }, [gl, get, invalidate, gizmo, joint, selected]);

  return <primitive object={gizmo.group} />;
}
