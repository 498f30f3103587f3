import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { Box3, type PerspectiveCamera, Vector3 } from 'three';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { viewport } from '../viewport-bridge.ts';
import { fitBox, keepsView } from './camera-fit.ts';
import { drawnPositions } from './drawn-positions.ts';
import type { Shown } from './ModelView.tsx';

type Orbit = { target: Vector3; update: () => void } | null;

/** The file and bounds the camera was last framed on. */
const lastFramed: { opened: number; bounds: Box3 | null } = { opened: -1, bounds: null };

/** The selected joint's bones (its head to its children), or null. */
function jointBox(shown: Shown): Box3 | null {
  const id = editor.selectedJoint;
  const object = id === null ? undefined : shown.scene.jointObjects.get(id);
  if (!object) return null;
  const box = new Box3().setFromPoints([object.getWorldPosition(new Vector3())]);
  for (const bone of shown.bones) if (bone.owner === id) box.expandByPoint(bone.tail);
  return box;
}

/** The selected vertices where they are drawn (posed when posed), or null when none is selected. */
function selectionBox(): Box3 | null {
  const model = editor.model;
  if (!model || editor.selection.isEmpty) return null;
  const box = new Box3();
  const p = new Vector3();
  for (const prim of model.primitives) {
    const mask = editor.selection.selectionMask(prim.id);
    if (!mask) continue;
    const positions = editor.pose.positions(prim.id);
    for (let v = 0; v < mask.length; v++) if (mask[v]) box.expandByPoint(p.fromArray(positions, v * 3));
  }
  return box.isEmpty() ? null : box;
}

/**
 * Registers what the rest of the app may ask of the viewport (frame all, frame the selected
 * joint, where a bone is on the page), frames each new model, and reports it drawn once the
 * first frame showing it has rendered.
 */
export function useViewportCommands(shown: Shown | null): void {
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  useEffect(() => {
    const frame = (box: Box3 | null, reset: boolean) => {
      if (!box) return;
      const { camera, controls } = get();
      fitBox(camera as PerspectiveCamera, controls as unknown as Orbit, box, reset);
      invalidate();
    };
    // Like Blender's "frame selected": the selected vertices in Select mode (else the joint), the
    // joint's bones (to its children) elsewhere (else the vertices), with a margin; all if neither.
    const frameSelected = () => {
      if (!shown) return frame(null, false);
      const joint = jointBox(shown);
      const vertices = selectionBox();
      const box = editor.mode === 'select' ? (vertices ?? joint) : (joint ?? vertices);
      if (!box) return frame(shown.bounds, false);
      frame(box.expandByScalar(shown.radius * 0.08), false);
    };
    // Where a joint's bone is on the page (near its wide end), for tests and scripts that click bones.
    const boneScreenPoint = (id: number) => {
      const shape = shown?.bones.find((b) => b.owner === id);
      if (!shape) return null;
      const { camera, gl } = get();
      const p = shape.head.clone().lerp(shape.tail, 0.3).project(camera);
      const rect = gl.domElement.getBoundingClientRect();
      return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
    };
    const drawn = () => (shown ? drawnPositions(shown.scene) : new Map<number, Float32Array>());
    viewport.register({
      drawnPositions: drawn,
      invalidate,
      frameAll: () => frame(shown?.bounds ?? null, false),
      frameSelected,
      boneScreenPoint,
    });
    if (!shown) return;
    // The model's size bounds the zoom and sets the clip planes (ViewControls).
    const controls = get().controls as unknown as { sceneRadius?: number } | null;
    if (controls) controls.sceneRadius = shown.radius;
    // A newly opened file is framed; the same file redrawn after an edit of its structure keeps
    // the rigger's view (a skeleton edit leaves the mesh about where it was; a delete on a file
    // whose rest pose is not its bind pose moves the deleted joint's vertices a little).
    const was = lastFramed.bounds;
    const same = lastFramed.opened === editor.opened && was !== null && keepsView(was, shown.bounds);
    if (!same) frame(shown.bounds, true);
    lastFramed.opened = editor.opened;
    lastFramed.bounds = shown.bounds.clone();
    let live = true;
    viewport.nextFrame().then(() => {
      if (!live) return;
      viewport.modelDrawn(shown.scene.model);
      useUi.setState({ drawing: false });
    });
    return () => {
      live = false;
    };
  }, [shown, get, invalidate]);
}
