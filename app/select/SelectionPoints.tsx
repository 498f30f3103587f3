import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, Points, PointsMaterial } from 'three';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { useSelectUi } from './select-store.ts';
import { onShownPositionsMoved, shownPositions } from './shown-positions.ts';

/** The selected vertices of one primitive (local indices, ascending). */
interface SelectedPart {
  primitive: number;
  vertices: Uint32Array;
}

function selectedParts(): SelectedPart[] {
  const model = editor.model;
  if (!model || editor.selection.isEmpty) return [];
  const out: SelectedPart[] = [];
  for (const prim of model.primitives) {
    const mask = editor.selection.selectionMask(prim.id);
    if (!mask) continue;
    let n = 0;
    for (let v = 0; v < mask.length; v++) n += mask[v];
    if (n === 0) continue;
    const vertices = new Uint32Array(n);
    n = 0;
    for (let v = 0; v < mask.length; v++) if (mask[v]) vertices[n++] = v;
    out.push({ primitive: prim.id, vertices });
  }
  return out;
}

/**
 * The selection in the viewport: the selected vertices as points where the mesh shows them
 * (posed when posed), drawn over the mesh (no depth test, so a box "through" the model shows what
 * it took). In Paint mode they are smaller and let the heat map show through: they mark what the
 * brush may change while the selection masks it.
 */
export function SelectionPoints() {
  const invalidate = useThree((s) => s.invalidate);
  const modelRev = useUi((s) => s.modelRev);
  const mode = useUi((s) => s.mode);
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
    const m = points.material as PointsMaterial;
    const painting = mode === 'paint';
    m.size = painting ? 3 : 4;
    m.transparent = painting;
    m.opacity = painting ? 0.7 : 1;
    m.needsUpdate = true;
    invalidate();
  }, [points, mode, invalidate]);

  useEffect(() => {
    void modelRev;
    let parts: SelectedPart[] = [];
    let xyz = new Float32Array(0);
    const fill = () => {
      let k = 0;
      for (const { primitive, vertices } of parts) {
        const src = shownPositions(primitive);
        if (!src) continue;
        for (let i = 0; i < vertices.length; i++, k += 3) {
          const v = vertices[i] * 3;
          xyz[k] = src[v];
          xyz[k + 1] = src[v + 1];
          xyz[k + 2] = src[v + 2];
        }
      }
      points.geometry.getAttribute('position').needsUpdate = true;
      invalidate();
    };
    const rebuild = () => {
      parts = selectedParts();
      xyz = new Float32Array(3 * parts.reduce((n, p) => n + p.vertices.length, 0));
      points.geometry.dispose();
      points.geometry = new BufferGeometry();
      points.geometry.setAttribute('position', new BufferAttribute(xyz, 3));
      fill();
      useSelectUi.setState({ count: editor.selection.count });
    };
    rebuild();
    const offChange = editor.selection.events.on('change', rebuild);
    const offMoved = onShownPositionsMoved(() => {
      if (parts.length) fill();
    });
    return () => {
      offChange();
      offMoved();
    };
  }, [points, invalidate, modelRev]);
  useEffect(() => () => points.geometry.dispose(), [points]);
  return <primitive object={points} />;
}
