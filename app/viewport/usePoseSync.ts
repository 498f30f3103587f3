import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { Box3, type PerspectiveCamera, Vector3 } from 'three';
import { editor } from '../editor-instance.ts';
import { spotFraming } from '../pose/frame-spot.ts';
import { usePose } from '../pose/pose-store.ts';
import { PoseView } from '../pose/pose-view.ts';
import { useUi } from '../store.ts';
import { fitBox } from './camera-fit.ts';
import type { Shown } from './ModelView.tsx';

type Orbit = { target: Vector3; update: () => void } | null;

/**
 * Keeps the shown model in the editor's pose: on every pose event the loader's bones take the
 * editor's node transforms (GPU skinning then draws the surface the brush picks on), the bones
 * overlay, the dual-quaternion preview and the crease overlay follow, and one frame is rendered.
 */
export function usePoseSync(shown: Shown | null): void {
  const invalidate = useThree((s) => s.invalidate);
  const crease = usePose((s) => s.crease);
  const [view, setView] = useState<PoseView | null>(null);

  useEffect(() => {
    if (!shown) return;
    const v = new PoseView(shown);
    setView(v);
    const offPose = editor.pose.events.on('pose', () => {
      v.sync();
      invalidate();
    });
    // Painting while posed moves the posed vertices: the CPU copies (preview, creases) follow.
    const offWeights = editor.events.on('weights', (changes) => {
      v.weightsChanged(changes.map((c) => c.primitive));
      invalidate();
    });
    return () => {
      offPose();
      offWeights();
      v.dispose();
      setView(null);
    };
  }, [shown, invalidate]);

  // A crease spot from the panel: framed like a joint, a box around the point of a tenth of the model.
  const get = useThree((s) => s.get);
  useEffect(() => {
    if (!shown) return;
    return spotFraming.register((point) => {
      const { camera, controls } = get();
      const box = new Box3().setFromCenterAndSize(
        new Vector3(...point),
        new Vector3().setScalar(shown.radius * 0.2),
      );
      fitBox(camera as PerspectiveCamera, controls as unknown as Orbit, box, false);
      invalidate();
    });
  }, [shown, get, invalidate]);

  // Skeleton mode draws the rest pose (PoseView.sync): entering or leaving it redraws the pose.
  const skeletonMode = useUi((s) => s.mode) === 'skeleton';
  useEffect(() => {
    if (!view) return;
    view.crease.enabled = crease && !skeletonMode;
    view.sync();
    invalidate();
  }, [view, crease, skeletonMode, invalidate]);

  // Before each render: never a frame of another pose than the editor's (a change whose event
  // this view missed is caught here), and the preview copies wear the originals' materials.
  useFrame(() => {
    if (!view) return;
    if (!view.inStep) view.sync();
    view.dq.followMaterials();
  });
}
