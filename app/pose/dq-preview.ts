import { Bone, BufferAttribute, BufferGeometry, type Material, Matrix4, Skeleton, SkinnedMesh } from 'three';
import { editor } from '../editor-instance.ts';
import type { SkinnedView, ViewScene } from '../viewport/view-scene.ts';

/** The copy's own attributes (the CPU-skinned surface); every other one is the original's. */
const OWN = new Set(['position', 'normal']);

interface Copy {
  view: SkinnedView;
  mesh: SkinnedMesh;
  geometry: BufferGeometry;
  position: BufferAttribute;
}

/**
 * The dual-quaternion preview. three.js only skins with linear blend, so in this mode each
 * skinned mesh is swapped for a copy whose positions are the editor's CPU-skinned ones
 * (editor.pose.positions, dual-quaternion mode). The copy is still a SkinnedMesh — with the
 * same weights but a skeleton of identity bones, so the GPU's Σ w·I·v leaves the positions as
 * they are — which keeps the heat map (it reads the skin attributes under USE_SKINNING) and
 * live weight uploads working on it. Export never sees any of this: it stays linear blend.
 */
export class DqPreview {
  private copies: Copy[] | null = null;
  private shown = false;
  /** Called with each copy made (the crease overlay attaches to it). */
  onCopy: ((mesh: SkinnedMesh, prim: number) => void) | null = null;

  constructor(private readonly scene: ViewScene) {}

  /** Shows the CPU-skinned copies (true) or the GPU-skinned originals (false). */
  sync(show: boolean): void {
    if (!show && !this.shown) return;
    this.shown = show;
    const copies = show ? this.make() : (this.copies ?? []);
    for (const c of copies) {
      c.view.mesh.visible = !show;
      c.mesh.visible = show;
    }
    if (show) this.refresh(null);
  }

  /** Uploads the posed positions (of `primitives`, or all) to the shown copies. */
  refresh(primitives: Iterable<number> | null): void {
    if (!this.shown || !this.copies) return;
    const only = primitives ? new Set(primitives) : null;
    for (const c of this.copies) {
      if (only && !only.has(c.view.prim.id)) continue;
      const posed = editor.pose.positions(c.view.prim.id);
      if (posed.length === c.position.array.length) (c.position.array as Float32Array).set(posed);
      c.position.needsUpdate = true;
      // Lighting follows the posed surface (seams may show a faint edge: a preview).
      c.geometry.computeVertexNormals();
    }
  }

  /**
   * Keeps each copy in the material the display chose for its original, and on its attributes
   * but the positions (the quantise preview swaps the skin attributes, the influence-count view
   * adds one): call before rendering.
   */
  followMaterials(): void {
    if (!this.shown || !this.copies) return;
    for (const c of this.copies) {
      c.mesh.material = c.view.mesh.material as Material;
      const from = c.view.mesh.geometry.attributes;
      const to = c.geometry.attributes;
      for (const name in from)
        if (!OWN.has(name) && to[name] !== from[name]) c.geometry.setAttribute(name, from[name]);
      for (const name in to) if (!OWN.has(name) && !(name in from)) c.geometry.deleteAttribute(name);
    }
  }

  dispose(): void {
    for (const c of this.copies ?? []) {
      c.mesh.removeFromParent();
      c.mesh.skeleton.dispose();
      c.geometry.dispose();
      c.view.mesh.visible = true;
    }
    this.copies = null;
  }

  private make(): Copy[] {
    if (this.copies) return this.copies;
    this.copies = this.scene.skinned.map((view) => {
      const source = view.mesh.geometry;
      const geometry = new BufferGeometry();
      for (const [name, attr] of Object.entries(source.attributes))
        if (name !== 'position' && name !== 'normal') geometry.setAttribute(name, attr);
      const position = new BufferAttribute(new Float32Array(view.prim.weights.vertexCount * 3), 3);
      geometry.setAttribute('position', position);
      geometry.setIndex(source.index);
      for (const g of source.groups) geometry.addGroup(g.start, g.count, g.materialIndex);
      geometry.setDrawRange(source.drawRange.start, source.drawRange.count);
      const bones = view.mesh.skeleton.bones.map(() => new Bone());
      const identity = new Skeleton(
        bones,
        bones.map(() => new Matrix4()),
      );
      const mesh = new SkinnedMesh(geometry, view.mesh.material);
      mesh.bind(identity, new Matrix4());
      mesh.frustumCulled = false;
      mesh.name = `${view.mesh.name} (dual quaternion preview)`;
      mesh.raycast = () => {};
      view.mesh.parent?.add(mesh);
      this.onCopy?.(mesh, view.prim.id);
      return { view, mesh, geometry, position };
    });
    return this.copies;
  }
}
