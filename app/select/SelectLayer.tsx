import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Matrix4 } from 'three';
import type { SelectMode } from '../../src/editor/selection-session.ts';
import { editor } from '../editor-instance.ts';
import { paintView } from '../paint/paint-view.ts';
import { strokeDriver } from '../paint/stroke-driver.ts';
import { surfacePicker } from '../paint/surface-picker.ts';
import { useUi } from '../store.ts';
import { InspectedMarker } from './InspectedMarker.tsx';
import { SelectionPoints } from './SelectionPoints.tsx';
import { setHovered, useSelectUi } from './select-store.ts';

type Controls = { enabled: boolean } | null;

/** Shift adds, Ctrl (or Cmd) subtracts, as in Blender and Maya. */
const modeOf = (e: PointerEvent): SelectMode =>
  e.shiftKey ? 'add' : e.ctrlKey || e.metaKey ? 'subtract' : 'replace';

/** A press that moves less than this (CSS px) is a click, not a box. */
const CLICK_SLOP = 4;

/** The vertex under a page point on the surface as shown (posed when posed), or null off the mesh. */
function vertexUnder(x: number, y: number) {
  const pick = paintView.pick(x, y);
  return pick ? editor.selection.vertexAt(pick.hit) : null;
}

/**
 * Select mode's pointer: a left click picks the vertex under it (and pins it in the Inspector),
 * a left drag draws a box (or a lasso with Alt or the lasso toggle) and hands it to
 * `editor.selection` with the camera's view-projection. The orbit controls are off while a drag
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
    let start: { x: number; y: number; id: number; lasso: boolean } | null = null;
    let path: number[] = [];
    const controls = () => get().controls as unknown as Controls;
    // Hover: the latest pointer position, picked at the next animation frame.
    let hover: { x: number; y: number } | null = null;
    let frame = 0;
    const pickHover = () => {
      frame = 0;
      // Skip until the picking surface is built (entering Select mode builds it), so a hover never blocks.
      if (!hover || start || !editor.model || !surfacePicker.ready) return;
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
      if (e.button !== 0 || !editor.model) return;
      const lasso = e.altKey || useSelectUi.getState().lasso;
      start = { x: e.clientX, y: e.clientY, id: e.pointerId, lasso };
      path = [e.clientX, e.clientY];
      const c = controls();
      if (c) c.enabled = false;
      canvas.setPointerCapture(e.pointerId);
      e.stopPropagation();
    };
    const move = (e: PointerEvent) => {
      if (!start) return hoverAt(e);
      if (e.pointerId !== start.id) return;
      path.push(e.clientX, e.clientY);
      const x0 = Math.min(start.x, e.clientX);
      const y0 = Math.min(start.y, e.clientY);
      if (!band.isConnected) document.body.appendChild(band);
      Object.assign(band.style, {
        left: `${x0}px`,
        top: `${y0}px`,
        width: `${Math.abs(e.clientX - start.x)}px`,
        height: `${Math.abs(e.clientY - start.y)}px`,
        borderRadius: start.lasso ? '40%' : '0',
      });
    };
    const up = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const s = start;
      start = null;
      band.remove();
      const c = controls();
      if (c) c.enabled = true;
      try {
        select(e, s, path);
      } catch (err) {
        useUi.getState().showToast('warning', (err as Error).message);
      }
    };
    const select = (e: PointerEvent, s: { x: number; y: number; lasso: boolean }, pts: number[]) => {
      const mode = modeOf(e);
      const facing = useSelectUi.getState().through ? 'through' : 'visible';
      if (Math.hypot(e.clientX - s.x, e.clientY - s.y) < CLICK_SLOP) {
        // The vertex the hover marked: the same picking, so a click takes what the marker showed.
        const pick = paintView.pick(e.clientX, e.clientY);
        const hit = pick ? editor.selection.click(pick.hit, mode) : null;
        if (hit) useSelectUi.setState({ inspected: hit, hovered: hit });
        else if (mode === 'replace') {
          editor.selection.none();
          useSelectUi.setState({ inspected: null });
        }
        return;
      }
      const rect = canvas.getBoundingClientRect();
      const camera = get().camera;
      camera.updateMatrixWorld();
      const m = new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
      const view = { matrix: m.elements, width: rect.width, height: rect.height };
      if (s.lasso) {
        const local = pts.map((v, i) => v - (i % 2 === 0 ? rect.left : rect.top));
        editor.selection.lasso(local, view, { mode, facing });
      } else {
        const r = {
          x0: s.x - rect.left,
          y0: s.y - rect.top,
          x1: e.clientX - rect.left,
          y1: e.clientY - rect.top,
        };
        editor.selection.box(r, view, { mode, facing });
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
