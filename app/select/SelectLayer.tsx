import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Matrix4 } from 'three';
import { SelectInteraction, selectModeOf } from '../../src/interaction/select-interaction.ts';
import { editor } from '../editor-instance.ts';
import { paintView } from '../paint/paint-view.ts';
import { strokeDriver } from '../paint/stroke-driver.ts';
import { surfacePicker } from '../paint/surface-picker.ts';
import { useUi } from '../store.ts';
import { InspectedMarker } from './InspectedMarker.tsx';
import { SelectionPoints } from './SelectionPoints.tsx';
import { setHovered, useSelectUi } from './select-store.ts';

type Controls = { enabled: boolean } | null;

/** The vertex under a page point on the surface as shown (posed when posed), or null off the mesh. */
function vertexUnder(x: number, y: number) {
  const pick = paintView.pick(x, y);
  return pick ? editor.selection.vertexAt(pick.hit) : null;
}

/**
 * Select mode's pointer, forwarded to {@link SelectInteraction} (src/interaction): a left click
 * picks the vertex under it (and pins it in the Inspector), a left drag draws a box (or a lasso
 * with Alt or the lasso toggle) and hands it to `editor.selection` with the camera's
 * view-projection. The orbit controls are off while a drag
 * is held so the box does not orbit. Hovering shows the vertex under the pointer in the
 * Inspector: one pick per animation frame, on the same picking surface as the brush.
 */
function SelectPointer() {
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  useEffect(() => {
    const canvas = gl.domElement;
    const band = document.createElement('div');
    band.className = 'select-band';
    band.dataset.testid = 'select-band';
    // Inline so the band needs no shared stylesheet edit; it never takes the pointer.
    Object.assign(band.style, {
      position: 'fixed',
      border: '1px dashed #ffb020',
      background: 'rgba(255, 176, 32, 0.08)',
      pointerEvents: 'none',
      zIndex: '50',
    });
    const controls = () => get().controls as unknown as Controls;
    const machine = new SelectInteraction(editor.selection, {
      pick: (sample) => paintView.pick(sample.x, sample.y)?.hit ?? null,
      view: () => {
        const rect = canvas.getBoundingClientRect();
        const camera = get().camera;
        camera.updateMatrixWorld();
        const m = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
        return { matrix: m.elements, width: rect.width, height: rect.height, left: rect.left, top: rect.top };
      },
      lasso: () => useSelectUi.getState().lasso,
      facing: () => (useSelectUi.getState().through ? 'through' : 'visible'),
      enabled: () => editor.model !== null,
    });
    const input = (e: PointerEvent) => ({
      x: e.clientX,
      y: e.clientY,
      pointerId: e.pointerId,
      button: e.button,
      altKey: e.altKey,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
    });
    // Hover: the latest pointer position, picked at the next animation frame.
    let hover: { x: number; y: number } | null = null;
    let frame = 0;
    const pickHover = () => {
      frame = 0;
      // Skip until the picking surface is built (entering Select mode builds it), so a hover never blocks.
      if (!hover || machine.state === 'dragging' || !editor.model || !surfacePicker.ready) return;
      try {
        setHovered(vertexUnder(hover.x, hover.y));
      } catch {
        setHovered(null);
      }
    };
    const hoverAt = (e: PointerEvent) => {
      hover = { x: e.clientX, y: e.clientY };
      if (!frame) frame = requestAnimationFrame(pickHover);
    };
    const leave = () => {
      hover = null;
      setHovered(null);
    };

    const down = (e: PointerEvent) => {
      if (machine.down(input(e)) === 'pass') return;
      const c = controls();
      if (c) c.enabled = false;
      canvas.setPointerCapture(e.pointerId);
      e.stopPropagation();
    };
    const move = (e: PointerEvent) => {
      if (machine.state === 'idle') return hoverAt(e);
      const b = machine.move(input(e));
      if (!b) return;
      if (!band.isConnected) document.body.appendChild(band);
      Object.assign(band.style, {
        left: `${b.x0}px`,
        top: `${b.y0}px`,
        width: `${b.width}px`,
        height: `${b.height}px`,
        borderRadius: b.lasso ? '40%' : '0',
      });
    };
    const up = (e: PointerEvent) => {
      if (machine.state === 'idle') return;
      band.remove();
      const c = controls();
      if (c) c.enabled = true;
      try {
        const outcome = machine.up(input(e));
        // The vertex the hover marked: the same picking, so a click takes what the marker showed.
        if (outcome.kind === 'click') {
          if (outcome.vertex) useSelectUi.setState({ inspected: outcome.vertex, hovered: outcome.vertex });
          else if (selectModeOf(input(e)) === 'replace') useSelectUi.setState({ inspected: null });
        }
      } catch (err) {
        useUi.getState().showToast('warning', (err as Error).message);
      }
    };
    canvas.addEventListener('pointerdown', down, { capture: true });
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointerleave', leave);
    return () => {
      canvas.removeEventListener('pointerdown', down, { capture: true });
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointerleave', leave);
      if (frame) cancelAnimationFrame(frame);
      machine.cancel();
      setHovered(null);
      band.remove();
      const c = controls();
      if (c) c.enabled = true;
    };
  }, [gl, get]);
  return null;
}

/** Lives in the Canvas: the selection and the inspected vertex in every mode, the pointer in Select mode. */
export function SelectLayer() {
  const mode = useUi((s) => s.mode);
  const modelRev = useUi((s) => s.modelRev);
  // The hover picks on the brush's picking surface: build it on entering Select mode (once per model).
  useEffect(() => {
    void modelRev;
    if (mode === 'select' && editor.model) void strokeDriver.prepare();
  }, [mode, modelRev]);
  return (
    <>
      <SelectionPoints />
      <InspectedMarker />
      {mode === 'select' && <SelectPointer />}
    </>
  );
}
