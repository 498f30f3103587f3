import { BufferAttribute, type BufferGeometry, MeshLambertMaterial, SkinnedMesh } from 'three';
import { editor } from '../editor-instance.ts';
import type { ViewScene } from '../viewport/view-scene.ts';
import { CREASE_FULL } from './crease-colors.ts';

/**
 * Distortion 0 → neutral grey, CREASE_FULL (and more) → red, through amber: a collapsing elbow
 * reads as the hot spot while the undistorted rest of the body fades back.
 */
const VERTEX = /* glsl */ `
#include <common>
attribute float crease;
varying float vCrease;`;

const FRAGMENT = /* glsl */ `
{
  float t = clamp(vCrease / ${CREASE_FULL.toFixed(3)}, 0.0, 1.0);
  vec3 grey = vec3(0.18);
  vec3 amber = vec3(1.0, 0.45, 0.02);
  vec3 red = vec3(0.9, 0.0, 0.0);
  vec3 c = t < 0.5 ? mix(grey, amber, t * 2.0) : mix(amber, red, t * 2.0 - 1.0);
  float facing = max(dot(normal, normalize(vec3(0.3, 0.45, 1.0))), 0.0);
  outgoingLight = c * (0.55 + 0.45 * facing);
}
#include <opaque_fragment>`;

function createCreaseMaterial(): MeshLambertMaterial {
  const material = new MeshLambertMaterial({ name: 'crease inspector', toneMapped: false });
  material.onBeforeCompile = (shader) => {
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', VERTEX)
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvCrease = crease;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vCrease;')
      .replace('#include <opaque_fragment>', FRAGMENT);
  };
  material.customProgramCacheKey = () => 'skinsmith-crease';
  return material;
}

/**
 * The crease inspector's overlay: a copy of each skinned mesh (same geometry, same skeleton, so
 * the same posed surface) drawn over it in a colour per vertex from editor.pose.distortion().
 * The base materials are pushed back by polygon offset (view-display.ts), so the overlay wins
 * the depth test without fighting it. Values are only measured while the overlay is on.
 */
export class CreaseOverlay {
  private readonly material = createCreaseMaterial();
  private readonly overlays: { mesh: SkinnedMesh; prim: number }[] = [];
  private readonly attrs = new Map<number, BufferAttribute>();
  private on = false;

  constructor(private readonly scene: ViewScene) {
    for (const s of scene.skinned) this.attach(s.mesh, s.prim.id);
  }

  /** Adds an overlay on `mesh` (a skinned view, or the dual-quaternion preview's copy of one). */
  attach(mesh: SkinnedMesh, prim: number): void {
    this.attribute(mesh.geometry, prim);
    const overlay = new SkinnedMesh(mesh.geometry, this.material);
    overlay.bind(mesh.skeleton, mesh.bindMatrix);
    overlay.frustumCulled = false;
    overlay.name = `${mesh.name} (creases)`;
    overlay.raycast = () => {};
    overlay.visible = this.on;
    mesh.add(overlay);
    this.overlays.push({ mesh: overlay, prim });
  }

  get enabled(): boolean {
    return this.on;
  }

  set enabled(on: boolean) {
    this.on = on;
    for (const o of this.overlays) o.mesh.visible = on;
    this.sync();
  }

  /** Measures the distortion of the current posed surface (when shown) and uploads it. */
  sync(): void {
    if (!this.on || editor.model !== this.scene.model) return;
    const values = editor.pose.distortion();
    for (const [prim, attr] of this.attrs) {
      const v = values[prim];
      // Copied: the editor reuses its arrays from call to call, and they belong to it.
      if (v?.length === attr.array.length) (attr.array as Float32Array).set(v);
      attr.needsUpdate = true;
    }
  }

  dispose(): void {
    for (const o of this.overlays) o.mesh.removeFromParent();
    this.material.dispose();
  }

  private attribute(geometry: BufferGeometry, prim: number): void {
    let attr = this.attrs.get(prim);
    if (!attr) {
      const count = this.scene.model.primitives[prim].weights.vertexCount;
      attr = new BufferAttribute(new Float32Array(count), 1);
      this.attrs.set(prim, attr);
    }
    geometry.setAttribute('crease', attr);
  }
}
