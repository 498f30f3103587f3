import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { Box3, type PerspectiveCamera, Vector3 } from 'three';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { viewport } from '../viewport-bridge.ts';
import { Bones } from './Bones.tsx';
import { type BoneShape, layoutBones } from './bone-layout.ts';
import { boundsOf, fitBox } from './camera-fit.ts';
import { uploadSkinRange } from './skin-attributes.ts';
import { ViewDisplay } from './view-display.ts';
import { buildViewScene, disposeViewScene, type ViewScene } from './view-scene.ts';

interface Shown {
  scene: ViewScene;
  display: ViewDisplay;
  bounds: Box3;
  /** Half the bounds' diagonal: the model's scale, for bone sizes and framing a joint. */
  radius: number;
  bones: BoneShape[];
}

type Orbit = { target: Vector3; update: () => void } | null;

/**
 * Draws the editor's current model: rebuilds the three.js scene when a model is loaded (from the
 * same GLB export would write), then follows selection, display toggles and weight edits
 * without rebuilding (uniforms, material swaps, partial attribute uploads).
 */
export function ModelView() {
  const modelRev = useUi((s) => s.modelRev);
  const heatmap = useUi((s) => s.heatmap);
  const textures = useUi((s) => s.textures);
  const wireframe = useUi((s) => s.wireframe);
  const selected = useUi((s) => s.selected);
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const [shown, setShown] = useState<Shown | null>(null);

  // A new model: build its scene; a later model arriving first wins (the stale build is dropped).
  useEffect(() => {
    void modelRev;
    const model = editor.model;
    if (!model) return;
    let stale = false;
    (async () => {
      try {
        const scene = await buildViewScene(model, await editor.renderBytes());
        if (stale) return disposeViewScene(scene);
        const bounds = boundsOf(scene.root);
        const radius = bounds.getSize(new Vector3()).length() / 2;
        const bones = layoutBones(scene, radius);
        setShown({ scene, display: new ViewDisplay(scene), bounds, radius, bones });
      } catch (err) {
        if (stale) return;
        useUi.setState({ drawing: false });
        viewport.modelFailed(model, err as Error);
        editor.notify({
          level: 'error',
          message: `The viewport could not draw ${editor.fileName}: ${(err as Error).message}`,
        });
      }
    })();
    return () => {
      stale = true;
    };
  }, [modelRev]);

  useEffect(() => {
    if (!shown) return;
    return () => {
      shown.display.dispose();
      disposeViewScene(shown.scene);
    };
  }, [shown]);

  useEffect(() => {
    shown?.display.apply({ heatmap, textures, wireframe });
    invalidate();
  }, [shown, heatmap, textures, wireframe, invalidate]);

  useEffect(() => {
    shown?.display.setJoint(selected);
    invalidate();
  }, [shown, selected, invalidate]);

  // Weight edits: upload only the changed vertex ranges of the affected geometries.
  useEffect(() => {
    if (!shown) return;
    return editor.events.on('weights', (changes) => {
      for (const { primitive, start, end } of changes) {
        const prim = shown.scene.model.primitives[primitive];
        for (const geometry of shown.scene.geometries.get(primitive) ?? []) {
          uploadSkinRange(geometry, prim.weights, start, end);
        }
      }
      invalidate();
    });
  }, [shown, invalidate]);

  // Camera commands, and "drawn" once the first frame with this model has rendered.
  useEffect(() => {
    const frame = (box: Box3 | null, reset: boolean) => {
      if (!box) return;
      const { camera, controls } = get();
      fitBox(camera as PerspectiveCamera, controls as unknown as Orbit, box, reset);
      invalidate();
    };
    // The selected joint with a margin of a fifth of the model around it (a joint is a point).
    const frameSelected = () => {
      const id = editor.selectedJoint;
      const object = id === null ? undefined : shown?.scene.jointObjects.get(id);
      if (!shown || !object) return frame(shown?.bounds ?? null, false);
      const size = new Vector3().setScalar(shown.radius * 0.2);
      frame(new Box3().setFromCenterAndSize(object.getWorldPosition(new Vector3()), size), false);
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
    viewport.register({
      invalidate,
      frameAll: () => frame(shown?.bounds ?? null, false),
      frameSelected,
      boneScreenPoint,
    });
    if (!shown) return;
    frame(shown.bounds, true);
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

  if (!shown) return null;
  return (
    <>
      <primitive object={shown.scene.root} />
      <Bones shapes={shown.bones} radius={shown.radius} />
    </>
  );
}
