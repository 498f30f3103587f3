import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  type InstancedMesh,
  LineBasicMaterial,
  Matrix4,
  MeshBasicMaterial,
  type PerspectiveCamera,
  Plane,
  Raycaster,
  SphereGeometry,
  Vector2,
  Vector3,
} from 'three';
import type { FittedSkeleton } from '../../src/editor/rig-session.ts';
import { MARKER_NAMES, markerLabel } from '../../src/skeleton/fit/markers.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { fitBox } from '../viewport/camera-fit.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import {
  armNext,
  type MarkerState,
  type Placing,
  placeMarker,
  type RigUi,
  refit,
  useRig,
} from './rig-store.ts';

type Vec3 = [number, number, number];
type Orbit = { target: Vector3; update: () => void; enabled: boolean } | null;

const COLORS: Record<MarkerState | 'chain', Color> = {
  guessed: new Color('#5fd0ff'),
  // Never drawn (a missing marker has no place yet); listed for the panel's legend.
  missing: new Color('#ff6b6b'),
  placed: new Color('#ffb13b'),
  mirrored: new Color('#ffd98a'),
  chain: new Color('#ffb13b'),
};
const BONE = new Color('#7cf29a');
const ARMED = new Color('#ffffff');
/** How near (CSS pixels) a press must be to a marker to drag it. */
const GRAB_PX = 12;

/** The markers to draw: name, world point, colour. */
function markerList(s: RigUi): { name: Placing; p: Vec3; color: Color }[] {
  if (s.template === 'quadruped') return []; // fitted from the mesh alone
  if (s.template === 'chain') {
    const out: { name: Placing; p: Vec3; color: Color }[] = [];
    if (s.chain.from) out.push({ name: 'chainFrom', p: s.chain.from, color: COLORS.chain });
    if (s.chain.to) out.push({ name: 'chainTo', p: s.chain.to, color: COLORS.chain });
    return out;
  }
  const markers = s.markers;
  if (!markers) return [];
  return MARKER_NAMES.flatMap((n) => {
    const { position, state } = markers[n];
    return position ? [{ name: n, p: position, color: COLORS[state] }] : [];
  });
}

/** Bone segments (joint to parent) of a fitted skeleton, xyz pairs. */
function boneSegments(fitted: FittedSkeleton | null): Float32Array {
  if (!fitted) return new Float32Array(0);
  const out: number[] = [];
  for (const j of fitted.joints) {
    if (j.parent < 0) continue;
    out.push(...fitted.joints[j.parent].position, ...j.position);
  }
  return Float32Array.from(out);
}

/**
 * The Rig panel's view: the markers (guessed blue, placed orange, mirrored pale) and the fitted
 * skeleton drawn over the mesh; a click on the mesh places the armed marker, a marker dragged
 * moves in the view's plane (its mirror partner follows) and the skeleton refits as it moves;
 * the camera turns to the body's front when asked. Everything else stays with the orbit camera.
 */
export function RigOverlay({ shown }: { shown: Shown }) {
  const open = useRig((s) => s.open);
  const template = useRig((s) => s.template);
  const markers = useRig((s) => s.markers);
  const chain = useRig((s) => s.chain);
  const armed = useRig((s) => s.armed);
  const frontView = useRig((s) => s.frontView);
  const { gl, get, invalidate } = useThree();
  const markerMesh = useRef<InstancedMesh>(null);
  const jointMesh = useRef<InstancedMesh>(null);
  const sphere = useMemo(() => new SphereGeometry(1, 12, 8), []);
  const markerMaterial = useMemo(
    () => new MeshBasicMaterial({ depthTest: false, transparent: true, opacity: 0.95, toneMapped: false }),
    [],
  );
  const jointMaterial = useMemo(
    () =>
      new MeshBasicMaterial({
        color: BONE,
        depthTest: false,
        transparent: true,
        opacity: 0.9,
        toneMapped: false,
      }),
    [],
  );
  const lineMaterial = useMemo(
    () =>
      new LineBasicMaterial({
        color: BONE,
        depthTest: false,
        transparent: true,
        opacity: 0.9,
        toneMapped: false,
      }),
    [],
  );
  const lines = useMemo(() => new BufferGeometry(), []);
  useEffect(
    () => () => {
      sphere.dispose();
      markerMaterial.dispose();
      jointMaterial.dispose();
      lineMaterial.dispose();
      lines.dispose();
    },
    [sphere, markerMaterial, jointMaterial, lineMaterial, lines],
  );
  const size = shown.radius * 0.018;

  // The fitted skeleton: follows every refit.
  const preview = useRef<FittedSkeleton | null>(editor.rig.preview);
  useEffect(() => {
    const draw = (fitted: FittedSkeleton | null) => {
      preview.current = fitted;
      const seg = boneSegments(open ? fitted : null);
      lines.setAttribute('position', new BufferAttribute(seg, 3));
      lines.computeBoundingSphere();
      const mesh = jointMesh.current;
      if (mesh) {
        const joints = open && fitted ? fitted.joints : [];
        const m = new Matrix4();
        joints.forEach((j, i) => {
          m.makeScale(size * 0.6, size * 0.6, size * 0.6).setPosition(
            j.position[0],
            j.position[1],
            j.position[2],
          );
          mesh.setMatrixAt(i, m);
        });
        mesh.count = joints.length;
        mesh.instanceMatrix.needsUpdate = true;
      }
      invalidate();
    };
    draw(editor.rig.preview);
    return editor.rig.events.on('preview', draw);
  }, [open, lines, size, invalidate]);

  // The markers.
  useEffect(() => {
    const mesh = markerMesh.current;
    if (!mesh) return;
    const list = open ? markerList({ ...useRig.getState(), template, markers, chain }) : [];
    const m = new Matrix4();
    list.forEach((k, i) => {
      const s = k.name === armed ? size * 1.5 : size;
      m.makeScale(s, s, s).setPosition(k.p[0], k.p[1], k.p[2]);
      mesh.setMatrixAt(i, m);
      mesh.setColorAt(i, k.name === armed ? ARMED : k.color);
    });
    mesh.count = list.length;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [open, template, markers, chain, armed, size, invalidate]);

  // The body's front framed (a quadruped's left side: head to the screen's left, as Blender's
  // Right view and Maya's side view show an animal modelled facing their front view).
  useEffect(() => {
    if (!frontView) return;
    const frame = editor.rig.frame;
    const front = useRig.getState().template === 'quadruped' ? frame?.left : frame?.front;
    if (!front) return;
    const { camera, controls } = get();
    const centre = shown.bounds.getCenter(new Vector3());
    camera.up.set(0, 1, 0);
    camera.position.copy(centre).add(new Vector3(...front));
    // fitBox keeps the camera's orientation: turn it to face the body first.
    camera.lookAt(centre);
    // The panel covers the view's right: fit the body into the part left free (a T-pose is
    // wide), then slide the view over to it.
    const panel = document.querySelector('.rig-panel')?.getBoundingClientRect();
    const rect = gl.domElement.getBoundingClientRect();
    const orbit = controls as unknown as Orbit;
    const covered = !!panel && !!orbit && panel.left > rect.left && panel.left < rect.right;
    const share = covered ? Math.max(0.3, (panel!.left - rect.left) / rect.width) : 1;
    fitBox(camera as PerspectiveCamera, orbit, shown.bounds, false, share);
    if (covered && panel && orbit) {
      const p = camera as PerspectiveCamera;
      const distance = p.position.distanceTo(orbit.target);
      // The view controls know the scale in either projection (an orthographic camera has no fov).
      const worldPerPixel =
        (orbit as NonNullable<Orbit> & { worldPerPixel?: () => number }).worldPerPixel?.() ??
        (2 * distance * Math.tan((p.fov * Math.PI) / 360)) / rect.height;
      const free = panel.left - rect.left;
      const slide = (rect.width / 2 - free / 2) * worldPerPixel;
      const right = new Vector3().setFromMatrixColumn(p.matrixWorld, 0).multiplyScalar(slide);
      p.position.add(right);
      orbit.target.add(right);
    }
    orbit?.update();
    invalidate();
  }, [frontView, shown, gl, get, invalidate]);

  // Pointer: place the armed marker with a click on the mesh; drag markers.
  useEffect(() => {
    if (!open) return;
    const canvas = gl.domElement;
    const wrapper = canvas.parentElement ?? canvas;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const ray = (e: PointerEvent) => {
      const rect = canvas.getBoundingClientRect();
      ndc.set(
        ((e.clientX - rect.left) / rect.width) * 2 - 1,
        -((e.clientY - rect.top) / rect.height) * 2 + 1,
      );
      raycaster.setFromCamera(ndc, get().camera);
      return raycaster;
    };
    const screenOf = (p: Vec3) => {
      const rect = canvas.getBoundingClientRect();
      const v = new Vector3(...p).project(get().camera);
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    };
    let drag: { name: Placing; plane: Plane; pointerId: number } | null = null;
    let placedByPress = false;
    const block = (e: PointerEvent) => {
      e.stopPropagation();
      e.preventDefault();
    };
    const startDrag = (name: Placing, at: Vec3, e: PointerEvent) => {
      const normal = get().camera.getWorldDirection(new Vector3());
      drag = {
        name,
        plane: new Plane().setFromNormalAndCoplanarPoint(normal, new Vector3(...at)),
        pointerId: e.pointerId,
      };
      wrapper.setPointerCapture?.(e.pointerId);
      block(e);
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || e.altKey || useRig.getState().progress !== null) return;
      const s = useRig.getState();
      // The armed marker: placed where the press meets the mesh (and dragged on from there).
      if (s.armed) {
        const hit = ray(e).intersectObject(shown.scene.root, true)[0];
        if (!hit) {
          // A click beside the mesh places nothing: say so, rather than seem to ignore it.
          const what =
            s.armed === 'chainFrom'
              ? 'chain’s start'
              : s.armed === 'chainTo'
                ? 'chain’s end'
                : `${markerLabel(s.armed)} marker`;
          useUi.getState().showToast('info', `Click on the mesh to place the ${what}.`);
          return;
        }
        const at: Vec3 = [hit.point.x, hit.point.y, hit.point.z];
        placeMarker(s.armed, at);
        startDrag(s.armed, at, e);
        placedByPress = true;
        return;
      }
      // A marker under the pointer: drag it.
      for (const k of markerList(s)) {
        const q = screenOf(k.p);
        if (Math.hypot(q.x - e.clientX, q.y - e.clientY) > GRAB_PX) continue;
        startDrag(k.name, k.p, e);
        return;
      }
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      const p = ray(e).ray.intersectPlane(drag.plane, new Vector3());
      if (!p) return;
      block(e);
      placeMarker(drag.name, [p.x, p.y, p.z]);
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      block(e);
      drag = null;
      void refit();
      if (placedByPress) armNext();
      placedByPress = false;
    };
    wrapper.addEventListener('pointerdown', down, { capture: true });
    wrapper.addEventListener('pointermove', move, { capture: true });
    wrapper.addEventListener('pointerup', up, { capture: true });
    const cursor = () => {
      canvas.style.cursor = useRig.getState().armed ? 'crosshair' : '';
    };
    cursor();
    const unsubscribe = useRig.subscribe(cursor);
    return () => {
      wrapper.removeEventListener('pointerdown', down, { capture: true });
      wrapper.removeEventListener('pointermove', move, { capture: true });
      wrapper.removeEventListener('pointerup', up, { capture: true });
      unsubscribe();
      canvas.style.cursor = '';
    };
  }, [open, gl, get, shown]);

  return (
    <group visible={open}>
      <lineSegments geometry={lines} material={lineMaterial} renderOrder={20} frustumCulled={false} />
      <instancedMesh
        ref={jointMesh}
        args={[sphere, jointMaterial, 256]}
        renderOrder={21}
        frustumCulled={false}
      />
      <instancedMesh
        ref={markerMesh}
        args={[sphere, markerMaterial, 16]}
        renderOrder={22}
        frustumCulled={false}
      />
    </group>
  );
}
