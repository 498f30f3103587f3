import {
  BufferAttribute,
  type Material,
  type Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  SkinnedMesh,
  type Texture,
  Mesh as ThreeMesh,
} from 'three';
import { createCountMaterial, createPaletteMaterial } from './count-material.ts';
import { createHeatMaterial, type HeatMaterial } from './heat-material.ts';
import { TRANSFER_ATTRIBUTE, TRANSFER_COLORS_SRGB, TRANSFER_UNTOUCHED } from './transfer-colors.ts';
import type { ViewScene } from './view-scene.ts';

export interface DisplayFlags {
  heatmap: boolean;
  /** The heat map shows the active weight layer alone (its weights or its mask), not the result. */
  layerHeat: boolean;
  /** The influence-count view; it takes the heat map's place while on. */
  influences: boolean;
  /** The last transfer's matched / inpainted view; it takes the heat map's place while on. */
  transfer: boolean;
  textures: boolean;
  wireframe: boolean;
}

interface MeshRecord {
  mesh: Mesh;
  original: Material;
  untextured?: Material;
  heat?: HeatMaterial;
  layerHeat?: HeatMaterial;
  counts?: Material;
  transfer?: Material;
  /** The skinned primitive's id in the model (skinned meshes the editor owns). */
  primitive?: number;
  /** The skinned primitive's joint lookup, for skinned meshes the editor owns. */
  localIndex?: Map<number, number>;
  sets: 1 | 2;
  wire?: Mesh;
}

/** The material's copy with every texture removed (the "textures" toggle), keeping its colours. */
function withoutTextures(material: Material): Material {
  const copy = material.clone();
  for (const [key, value] of Object.entries(copy)) {
    if ((value as Texture | null)?.isTexture) (copy as unknown as Record<string, unknown>)[key] = null;
  }
  copy.needsUpdate = true;
  return copy;
}

/**
 * How a ViewScene is drawn: each mesh's material is swapped between the file's own, an
 * untextured copy, and a heat map or influence-count view (skinned; grey when unskinned);
 * wireframe is an overlay sharing the mesh's geometry (and skeleton), so it follows the skinned
 * surface.
 * Variants are made on first use and disposed with the display.
 */
export class ViewDisplay {
  private records: MeshRecord[] = [];
  private grey = new MeshLambertMaterial({ color: '#7c7c7c', name: 'unskinned (heat map)' });
  private wireMaterial = new MeshBasicMaterial({
    color: '#000000',
    wireframe: true,
    transparent: true,
    opacity: 0.35,
    depthWrite: false,
    toneMapped: false,
  });
  private joint: number | null = null;
  private statusShown = false;

  constructor(view: ViewScene) {
    for (const s of view.skinned) {
      this.records.push({
        mesh: s.mesh,
        original: s.mesh.material as Material,
        localIndex: s.localIndex,
        primitive: s.prim.id,
        sets: s.prim.weights.influences > 4 ? 2 : 1,
      });
    }
    for (const mesh of view.plain) this.records.push({ mesh, original: mesh.material as Material, sets: 1 });
    for (const r of this.records) {
      // Pushes filled faces back a little so the wireframe overlay is not lost in z-fighting.
      r.original.polygonOffset = true;
      r.original.polygonOffsetFactor = 1;
      r.original.polygonOffsetUnits = 1;
    }
  }

  apply(flags: DisplayFlags): void {
    for (const r of this.records) {
      let material: Material;
      if (flags.transfer)
        material = r.localIndex && this.statusShown ? (r.transfer ??= this.transferMaterial(r)) : this.grey;
      else if (flags.influences)
        material = r.localIndex ? (r.counts ??= createCountMaterial(r.original)) : this.grey;
      else if (flags.heatmap)
        material = r.localIndex
          ? flags.layerHeat
            ? (r.layerHeat ??= createHeatMaterial(r.original, r.sets, true))
            : this.heatOf(r)
          : this.grey;
      else if (flags.textures) material = r.original;
      else material = r.untextured ??= withoutTextures(r.original);
      r.mesh.material = material;
      if (flags.wireframe) (r.wire ??= this.makeWire(r.mesh)).visible = true;
      else if (r.wire) r.wire.visible = false;
    }
  }

  /** Shows `joint`'s weights: each heat material gets the joint's index in its own mesh's skin. */
  setJoint(joint: number | null): void {
    this.joint = joint;
    for (const r of this.records) if (r.heat) r.heat.userData.heatJoint.value = this.localJoint(r);
  }

  /**
   * Gives each skinned mesh the transfer-status attribute: the last transfer's outcome per
   * vertex for its targets, "not transferred" for every other skinned vertex. Once per scene
   * (a transfer makes a new model, hence a new scene).
   */
  setTransferStatus(status: ReadonlyMap<number, Uint8Array> | null): void {
    if (this.statusShown) return;
    this.statusShown = true;
    for (const r of this.records) {
      if (r.primitive === undefined) continue;
      const n = r.mesh.geometry.getAttribute('position').count;
      // The status is per vertex of the primitive the viewport draws: a length that differs would
      // be a bug upstream, drawn as "not transferred" rather than as colours on wrong vertices.
      const given = status?.get(r.primitive);
      const values = given && given.length === n ? given.slice() : new Uint8Array(n).fill(TRANSFER_UNTOUCHED);
      r.mesh.geometry.setAttribute(TRANSFER_ATTRIBUTE, new BufferAttribute(values, 1));
    }
  }

  dispose(): void {
    for (const r of this.records) {
      r.untextured?.dispose();
      r.heat?.dispose();
      r.layerHeat?.dispose();
      r.counts?.dispose();
      r.transfer?.dispose();
      r.wire?.removeFromParent();
      r.mesh.material = r.original;
    }
    this.grey.dispose();
    this.wireMaterial.dispose();
  }

  private localJoint(r: MeshRecord): number {
    return this.joint === null ? -1 : (r.localIndex?.get(this.joint) ?? -1);
  }

  private transferMaterial(r: MeshRecord): Material {
    return createPaletteMaterial(r.original, {
      attribute: TRANSFER_ATTRIBUTE,
      colors: TRANSFER_COLORS_SRGB,
      view: 'transfer status',
    });
  }

  private heatOf(r: MeshRecord): HeatMaterial {
    if (!r.heat) {
      r.heat = createHeatMaterial(r.original, r.sets);
      r.heat.userData.heatJoint.value = this.localJoint(r);
    }
    return r.heat;
  }

  private makeWire(mesh: Mesh): Mesh {
    let wire: Mesh;
    if ((mesh as SkinnedMesh).isSkinnedMesh) {
      const skinned = mesh as SkinnedMesh;
      const s = new SkinnedMesh(mesh.geometry, this.wireMaterial);
      // Same skeleton and bind matrix as the mesh, and an identity transform under it: same surface.
      s.bind(skinned.skeleton, skinned.bindMatrix);
      s.frustumCulled = false;
      wire = s;
    } else {
      wire = new ThreeMesh(mesh.geometry, this.wireMaterial);
    }
    wire.name = `${mesh.name} (wireframe)`;
    wire.raycast = () => {};
    mesh.add(wire);
    return wire;
  }
}
