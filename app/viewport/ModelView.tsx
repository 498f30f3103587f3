import { useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import { type Box3, Vector3 } from 'three';
import { editor } from '../editor-instance.ts';
import { PoseGizmo } from '../pose/PoseGizmo.tsx';
import { poseObjects } from '../pose/pose-view.ts';
import { RigOverlay } from '../rig/RigOverlay.tsx';
import { JointMarkers } from '../skeleton/JointMarkers.tsx';
import { SkeletonGizmo } from '../skeleton/SkeletonGizmo.tsx';
import { skeletonPreview } from '../skeleton/skeleton-preview.ts';
import { useUi } from '../store.ts';
import { viewport } from '../viewport-bridge.ts';
import { Bones } from './Bones.tsx';
import { type BoneShape, layoutBones } from './bone-layout.ts';
import { boundsOf } from './camera-fit.ts';
import { usePoseSync } from './usePoseSync.ts';
import { useViewportCommands } from './useViewportCommands.ts';
import { useLayerHeat, useWeightOverlays } from './useWeightOverlays.ts';
import { ViewDisplay } from './view-display.ts';
import { buildViewScene, disposeViewScene, type ViewScene } from './view-scene.ts';
import { redrawInPlace } from './view-scene-update.ts';

export interface Shown {
  scene: ViewScene;
  display: ViewDisplay;
  bounds: Box3;
  /** Half the bounds' diagonal: the model's scale, for bone sizes and framing a joint. */
  radius: number;
  bones: BoneShape[];
}

/** Shown scenes whose objects a later one took over: their cleanup must not dispose them. */
const handedOver = new WeakSet<Shown>();

/**
 * Draws the editor's current model: rebuilds the three.js scene when a model is loaded (from the
 * same GLB export would write), then follows selection, display toggles and weight edits
 * without rebuilding (uniforms, material swaps, partial attribute uploads). A skeleton edit that
 * keeps every node and vertex (a joint moved, turned, renamed, re-parented; its undo) is drawn on
 * the scene it has (redrawInPlace): a new Shown over the same objects, in the same frame.
 */
export function ModelView() {
  const modelRev = useUi((s) => s.modelRev);
  const heatmap = useUi((s) => s.heatmap);
  const textures = useUi((s) => s.textures);
  const wireframe = useUi((s) => s.wireframe);
  const influences = useUi((s) => s.influences);
  const transfer = useUi((s) => s.transferView);
  const layerHeat = useLayerHeat();
  const selected = useUi((s) => s.selected);
  const mode = useUi((s) => s.mode);
  const posing = mode === 'pose';
  const skeleton = mode === 'skeleton';
  const invalidate = useThree((s) => s.invalidate);
  const [shown, setShown] = useState<Shown | null>(null);
  const current = useRef<Shown | null>(null);
  current.current = shown;

  // A new model: build its scene; a later model arriving first wins (the stale build is dropped).
  useEffect(() => {
    void modelRev;
    const model = editor.model;
    if (!model) return;
    const was = current.current;
    if (was && was.scene.model !== model && editor.skeleton.sameShape(was.scene.model, model)) {
      const scene = redrawInPlace(was.scene, model);
      if (scene) {
        // The objects now stand at the new rest pose: a frame drawn before the pose view of the
        // new scene syncs must still show the editor's pose.
        if (editor.pose.shown !== 'rest' && editor.mode !== 'skeleton') poseObjects(scene);
        handedOver.add(was);
        skeletonPreview.clear();
        setShown({ ...was, scene, bones: layoutBones(scene, was.radius) });
        return;
      }
    }
    let stale = false;
    (async () => {
      try {
        const scene = await buildViewScene(model, await editor.renderBytes());
        if (stale) return disposeViewScene(scene);
        const bounds = boundsOf(scene.root);
        const radius = bounds.getSize(new Vector3()).length() / 2;
        // A drag's preview belongs to the scene it was drawn on: the edited skeleton replaces it.
        skeletonPreview.clear();
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
      if (handedOver.has(shown)) return;
      shown.display.dispose();
      disposeViewScene(shown.scene);
    };
  }, [shown]);

  useEffect(() => {
    if (!shown) return;
    if (transfer) {
      const last = editor.lastTransfer;
      shown.display.setTransferStatus(last?.model === shown.scene.model ? last.status : null);
    }
    shown.display.apply({ heatmap, layerHeat, influences, transfer, textures, wireframe });
    invalidate();
  }, [shown, heatmap, layerHeat, influences, transfer, textures, wireframe, invalidate]);

  useEffect(() => {
    shown?.display.setJoint(selected);
    invalidate();
  }, [shown, selected, invalidate]);

  // Weight edits: only the changed vertex ranges are uploaded; the count view and preview follow.
  useWeightOverlays(shown);
  useViewportCommands(shown);
  usePoseSync(shown);

  if (!shown) return null;
  return (
    <>
      <primitive object={shown.scene.root} />
      <Bones shapes={shown.bones} scene={shown.scene} radius={shown.radius} />
      {posing && <PoseGizmo shown={shown} />}
      <RigOverlay shown={shown} />
      {skeleton && <JointMarkers shown={shown} />}
      {skeleton && <SkeletonGizmo shown={shown} />}
    </>
  );
}
