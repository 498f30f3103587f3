import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, Matrix4, Points, PointsMaterial } from 'three';
import type { SelectMode } from '../../src/editor/selection-session.ts';
import { editor } from '../editor-instance.ts';
import { paintView } from '../paint/paint-view.ts';
import { useUi } from '../store.ts';
import { useSelectUi } from './select-store.ts';

type Controls = { enabled: boolean } | null;

/** Shift adds, Ctrl (or Cmd) subtracts, as in Blender and Maya. */
const modeOf = (e: PointerEvent): SelectMode =>
  e.shiftKey ? 'add' : e.ctrlKey || e.metaKey ? 'subtract' : 'replace';

/** A press that moves less than this (CSS px) is a click, not a box. */
const CLICK_SLOP = 4;

/**
 * Select mode's pointer: a left click picks the vertex under it, a left drag draws a box (or a
 * lasso with Alt or the lasso toggle) and hands it to `editor.selection` with the camera's
 * view-projection. The orbit controls are off while a drag is held so the box does not orbit.
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
      if (!start || e.pointerId !== start.id) return;
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
        const ray = paintView.rayAt(e.clientX, e.clientY);
        if (!ray) return;
        const o = ray.origin;
        const d = ray.direction;
        const hit = editor.selection.raycast([o.x, o.y, o.z], [d.x, d.y, d.z], mode);
        if (hit) useSelectUi.setState({ inspected: hit });
        else if (mode === 'replace') editor.selection.none();
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
    return () => {
      canvas.removeEventListener('pointerdown', down, { capture: true });
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      band.remove();
      const c = controls();
      if (c) c.enabled = true;
    };
  }, [gl, get]);
  return null;
}

/**
 * The selection in the viewport: the selected vertices as points at their bind-pose positions,
 * drawn over the mesh (no depth test, so a box "through" the model shows what it took).
 */
function SelectionPoints() {
  const invalidate = useThree((s) => s.invalidate);
  const modelRev = useUi((s) => s.modelRev);
  const points = useMemo(() => {
    const p = new Points(
      new BufferGeometry(),
      new PointsMaterial({ color: '#ffb020', size: 4, sizeAttenuation: false, depthTest: false }),
    );
    p.renderOrder = 10;
    p.frustumCulled = false;
    return p;
  }, []);
  useEffect(() => {
    void modelRev;
    const rebuild = () => {
      const model = editor.model;
      const xyz: number[] = [];
      if (model)
        for (const { primitive, vertex } of editor.selection.vertices()) {
          const pos = model.primitives[primitive].positions;
          xyz.push(pos[vertex * 3], pos[vertex * 3 + 1], pos[vertex * 3 + 2]);
        }
      points.geometry.dispose();
      points.geometry = new BufferGeometry();
      points.geometry.setAttribute('position', new BufferAttribute(new Float32Array(xyz), 3));
      useSelectUi.setState({ count: editor.selection.count });
      invalidate();
    };
    rebuild();
    return editor.selection.events.on('change', rebuild);
  }, [points, invalidate, modelRev]);
  useEffect(() => () => points.geometry.dispose(), [points]);
  return <primitive object={points} />;
}

/** Lives in the Canvas: the selection overlay in every mode, the pointer in Select mode. */
export function SelectLayer() {
  const mode = useUi((s) => s.mode);
  return (
    <>
      <SelectionPoints />
      {mode === 'select' && <SelectPointer />}
    </>
  );
}
