import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import {
  type Camera,
  Color,
  type InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  type PerspectiveCamera,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import { posedSignal } from '../pose/posed-signal.ts';
import { useUi } from '../store.ts';
import { type JointMarker, layoutJoints } from '../viewport/bone-layout.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import { jointMarkersBridge } from './skeleton-bridge.ts';

const JOINT = new Color('#e8ecf4');
const SELECTED = new Color('#ff3df5');
const _m = new Matrix4();
const _q = new Quaternion();
const _s = new Vector3();
const _eye = new Vector3();
/** A ball's radius on screen, CSS px (smaller where the joint's bones are shorter than that). */
export const BALL_RADIUS_PX = 5;

/** World units per CSS pixel at `at` (perspective: by its distance; orthographic: the zoom). */
function worldPerPixel(camera: Camera, at: Vector3, height: number): number {
  const c = camera as PerspectiveCamera & { isOrthographicCamera?: boolean; top: number; bottom: number };
  if (c.isOrthographicCamera) return (c.top - c.bottom) / c.zoom / height;
  const distance = _eye.setFromMatrixPosition(camera.matrixWorld).distanceTo(at);
  return (2 * distance * Math.tan((c.fov * Math.PI) / 360)) / height;
}

/**
 * Skeleton mode's joints: a ball at each joint, over the mesh and the bones (Blender's Edit Mode
 * heads), the selected one magenta. They are grabbed on the page (SkeletonGizmo picks them through
 * {@link jointMarkersBridge}), so a press on a ball selects its joint and drags it.
 */
export function JointMarkers({ shown }: { shown: Shown }) {
  const selected = useUi((s) => s.selected);
  const invalidate = useThree((s) => s.invalidate);
  const ref = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => new SphereGeometry(1, 12, 8), []);
  const material = useMemo(
    () =>
      new MeshBasicMaterial({ depthTest: false, depthWrite: false, transparent: true, toneMapped: false }),
    [],
  );
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );
  const markers = useRef<JointMarker[]>([]);

  // Balls keep a few pixels on screen however close the camera comes (a hand's joints stay
  // apart and the mesh shows between them), never more than a third of their shortest bone.
  const scale = useRef({ height: 0, key: '' });
  const size = (camera: Camera, height: number, force: boolean) => {
    const mesh = ref.current;
    if (!mesh) return;
    const key = `${camera.matrixWorld.elements.join(',')}|${height}`;
    if (!force && key === scale.current.key) return;
    scale.current = { height, key };
    const list = markers.current;
    for (let i = 0; i < list.length; i++) {
      const r = Math.min(list[i].radius, BALL_RADIUS_PX * worldPerPixel(camera, list[i].at, height));
      _m.compose(list[i].at, _q, _s.setScalar(r));
      mesh.setMatrixAt(i, _m);
    }
    mesh.instanceMatrix.needsUpdate = true;
  };
  useFrame(({ camera, size: viewport }) => size(camera, viewport.height, false));

  const get = useThree((s) => s.get);
  // biome-ignore lint/correctness/useExhaustiveDependencies: size reads refs only
  useLayoutEffect(() => {
    const place = () => {
      const mesh = ref.current;
      if (!mesh) return;
      markers.current = layoutJoints(shown.scene, shown.bones, shown.radius);
      const list = markers.current;
      mesh.count = list.length;
      for (let i = 0; i < list.length; i++)
        mesh.setColorAt(i, list[i].owner === useUi.getState().selected ? SELECTED : JOINT);
      const { camera, size: viewport } = get();
      size(camera, viewport.height, true);
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
      invalidate();
    };
    place();
    const offPosed = posedSignal.on(place);
    const offBridge = jointMarkersBridge.register(() => markers.current);
    return () => {
      offPosed();
      offBridge();
    };
  }, [shown, invalidate, get]);

  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    markers.current.forEach((m, i) => {
      mesh.setColorAt(i, m.owner === selected ? SELECTED : JOINT);
    });
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [selected, invalidate]);

  return (
    <instancedMesh
      key={shown.scene.jointObjects.size}
      ref={ref}
      args={[geometry, material, shown.scene.jointObjects.size]}
      renderOrder={15}
      frustumCulled={false}
      raycast={() => {}}
    />
  );
}
