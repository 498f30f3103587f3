import type { ThreeEvent } from '@react-three/fiber';
import { useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, MeshLambertMaterial, type WebGLRenderer } from 'three';
import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';
import { useUi } from '../store.ts';
import { type BoneShape, boneMatrix, limbRadii, octahedronGeometry } from './bone-layout.ts';
import { orbitPivot } from './orbit-pivot.ts';
import type { ViewScene } from './view-scene.ts';

const BONE = new Color('#a9b0c0');
const SELECTED = new Color('#ff3df5');
// Amber like the tree's lock: a locked joint reads as "hands off" in the viewport too; selected
// and locked, a dimmed magenta.
const LOCKED = new Color('#b9853f');
const SELECTED_LOCKED = new Color('#a8609f');

/**
 * The skeleton as octahedral bones drawn over the mesh (the depth buffer is cleared just before
 * them, so they are never hidden yet still occlude each other). Clicking a bone selects its joint.
 * One InstancedMesh for all bones: a skeleton of 800 joints is one draw call.
 */
export function Bones({ shapes, scene, radius }: { shapes: BoneShape[]; scene: ViewScene; radius: number }) {
  const visible = useUi((s) => s.bones);
  const selected = useUi((s) => s.selected);
  const locksRev = useUi((s) => s.locksRev);
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  const ref = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => octahedronGeometry(), []);
  const material = useMemo(
    () => new MeshLambertMaterial({ flatShading: true, transparent: true, opacity: 0.9, toneMapped: false }),
    [],
  );
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );

  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const m = new Matrix4();
    for (let i = 0; i < shapes.length; i++) mesh.setMatrixAt(i, boneMatrix(shapes[i], m));
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    mesh.onBeforeRender = (renderer: WebGLRenderer) => renderer.clearDepth();
  }, [shapes]);

  // Then, off the first frame (a BVH over the mesh: ~0.5 s at 300k vertices), each glyph thins
  // to the limb it runs through: a finger's no wider than the finger.
  useEffect(() => {
    const timer = setTimeout(() => {
      const mesh = ref.current;
      if (!mesh) return;
      limbRadii(scene, shapes, radius).forEach((r, i) => {
        shapes[i].radius = r;
      });
      const m = new Matrix4();
      for (let i = 0; i < shapes.length; i++) mesh.setMatrixAt(i, boneMatrix(shapes[i], m));
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
      invalidate();
    }, 0);
    return () => clearTimeout(timer);
  }, [shapes, scene, radius, invalidate]);

  // Posing moves the shapes in place (app/pose/pose-view.ts): re-place the instances.
  useEffect(
    () =>
      posedSignal.on(() => {
        const mesh = ref.current;
        if (!mesh) return;
        const m = new Matrix4();
        for (let i = 0; i < shapes.length; i++) mesh.setMatrixAt(i, boneMatrix(shapes[i], m));
        mesh.instanceMatrix.needsUpdate = true;
        mesh.computeBoundingSphere();
      }),
    [shapes],
  );

  useLayoutEffect(() => {
    void locksRev;
    const mesh = ref.current;
    if (!mesh) return;
    shapes.forEach((shape, i) => {
      const locked = editor.locks.has(shape.owner);
      const color = shape.owner === selected ? (locked ? SELECTED_LOCKED : SELECTED) : locked ? LOCKED : BONE;
      mesh.setColorAt(i, color);
    });
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [shapes, selected, locksRev, invalidate]);

  // Hidden bones stay mounted (cheap) but must not catch clicks meant for the orbit controls.
  // In Paint mode a left press on the mesh paints: Alt+click picks a bone there.
  const onClick = (e: ThreeEvent<MouseEvent>) => {
    if (!visible || e.instanceId === undefined) return;
    if (useUi.getState().mode === 'paint' && !e.nativeEvent.altKey) return;
    e.stopPropagation();
    editor.selectJoint(shapes[e.instanceId].owner);
    orbitPivot.set(e.point); // a picked bone: the view may orbit about it
  };
  const setCursor = (cursor: string) => () => {
    if (useUi.getState().mode === 'paint') return; // the brush owns the cursor
    gl.domElement.style.cursor = visible ? cursor : '';
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a three.js object (R3F), not a DOM element
    <instancedMesh
      key={shapes.length}
      ref={ref}
      args={[geometry, material, shapes.length]}
      visible={visible}
      renderOrder={10}
      frustumCulled={false}
      onClick={onClick}
      onPointerOver={setCursor('pointer')}
      onPointerOut={setCursor('')}
    />
  );
}
