import { addAfterEffect, Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { type DirectionalLight, NeutralToneMapping, Vector3 } from 'three';
import { PaintLayer } from '../paint/PaintLayer.tsx';
import { SelectLayer } from '../select/SelectLayer.tsx';
import { viewport } from '../viewport-bridge.ts';
import { CameraControls } from './CameraControls.tsx';
import { VIEW_FOV } from './camera-math.ts';
import { ModelView } from './ModelView.tsx';

export const BACKGROUND = '#2b2b2b';

const _offset = new Vector3();

/**
 * A key light that follows the camera (from above-left of the view), so whatever side the
 * rigger orbits to is lit; the hemisphere light fills the rest.
 */
function CameraLight() {
  const light = useRef<DirectionalLight>(null);
  const controls = useThree((s) => s.controls) as unknown as { target: Vector3 } | null;
  useFrame(({ camera }) => {
    const l = light.current;
    if (!l) return;
    const target = controls?.target ?? _offset.set(0, 0, 0);
    const distance = camera.position.distanceTo(target) || 1;
    _offset.set(-0.5, 0.8, 1).normalize().multiplyScalar(distance).applyQuaternion(camera.quaternion);
    l.position.copy(target).add(_offset);
    l.target.position.copy(target);
    l.target.updateMatrixWorld();
  });
  return <directionalLight ref={light} intensity={2.2} />;
}

/** Tells the bridge after every rendered frame (scripts and tests await frames). */
function FrameSignal() {
  useEffect(() => addAfterEffect(() => viewport.rendered()), []);
  return null;
}

/** The 3D view: renders on demand only (a still editor costs no GPU time). */
export function Viewport() {
  return (
    <div className="viewport-canvas">
      <Canvas
        frameloop="demand"
        dpr={[1, 2]}
        camera={{ fov: VIEW_FOV, near: 0.01, far: 1000, position: [0, 1, 4] }}
        gl={{ antialias: true }}
        onCreated={({ gl }) => {
          // Neutral (Khronos PBR Neutral) keeps the file's colours closer than ACES does.
          gl.toneMapping = NeutralToneMapping;
        }}
      >
        <color attach="background" args={[BACKGROUND]} />
        <hemisphereLight args={['#dfe6f2', '#3a3530', 1.4]} />
        <CameraLight />
        <CameraControls />
        <ModelView />
        <PaintLayer />
        <SelectLayer />
        <FrameSignal />
      </Canvas>
    </div>
  );
}
