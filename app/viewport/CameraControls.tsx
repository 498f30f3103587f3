import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { type PerspectiveCamera, Vector3 } from 'three';
import { editor } from '../editor-instance.ts';
import { paintView } from '../paint/paint-view.ts';
import { strokeDriver } from '../paint/stroke-driver.ts';
import { surfacePicker } from '../paint/surface-picker.ts';
import { cameraBridge } from './camera-bridge.ts';
import { useCamera } from './camera-store.ts';
import { orbitPivot } from './orbit-pivot.ts';
import { ViewControls } from './view-controls.ts';

const triple = (v: Vector3): [number, number, number] => [v.x, v.y, v.z];

/**
 * Installs the viewport's camera controls (view-controls.ts) as R3F's default controls, keeps
 * them in step with the camera settings (turntable or trackball, orbit around the last picked
 * point, orthographic), and registers the camera bridge for the toolbar, keys and scripts.
 */
export function CameraControls() {
  const get = useThree((s) => s.get);
  const set = useThree((s) => s.set);
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  const events = useThree((s) => s.events);
  const controls = useMemo(
    () =>
      new ViewControls(get().camera as PerspectiveCamera, {
        // The brush's picking surface. Not built yet (Inspect mode): the view plane this time,
        // and it is built in the background (with the Preparing badge) for the next.
        pickSurface: (x, y) => {
          if (!editor.model) return null;
          if (!surfacePicker.ready) {
            void strokeDriver.prepare();
            return null;
          }
          const point = paintView.pick(x, y)?.hit.point;
          return point ? new Vector3(point[0], point[1], point[2]) : null;
        },
        painting: () => editor.mode === 'paint',
        invalidate: () => invalidate(),
      }),
    [get, invalidate],
  );

  useEffect(() => {
    const element = (events.connected as HTMLElement | undefined) ?? gl.domElement;
    controls.connect(element);
    const previous = get().controls;
    set({ controls });
    return () => {
      controls.dispose();
      set({ controls: previous });
    };
  }, [controls, events.connected, gl, get, set]);

  // The settings, now and as they change; the projection swaps R3F's default camera.
  useEffect(() => {
    const apply = ({ style, aroundPick, ortho }: ReturnType<typeof useCamera.getState>) => {
      controls.style = style;
      controls.aroundPick = aroundPick;
      const { size } = get();
      const camera = controls.setOrthographic(ortho, size.width, size.height);
      if (get().camera !== camera) set({ camera });
    };
    apply(useCamera.getState());
    return useCamera.subscribe(apply);
  }, [controls, get, set]);

  useEffect(
    () =>
      cameraBridge.register({
        preset: (preset) => controls.preset(preset),
        orbitStep: (step) => controls.step(step),
        state: () => {
          const { camera } = controls;
          camera.updateMatrixWorld();
          const q = camera.quaternion;
          return {
            position: triple(camera.position),
            target: triple(controls.target),
            forward: triple(new Vector3(0, 0, -1).applyQuaternion(q)),
            up: triple(new Vector3(0, 1, 0).applyQuaternion(q)),
            right: triple(new Vector3(1, 0, 0).applyQuaternion(q)),
            orthographic: camera === controls.orthographic,
            pixelsPerUnit: 1 / controls.worldPerPixel(),
            pivot: orbitPivot.point ? triple(orbitPivot.point) : null,
          };
        },
      }),
    [controls],
  );
  return null;
}
