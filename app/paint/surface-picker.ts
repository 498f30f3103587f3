import { BufferAttribute, BufferGeometry, DoubleSide, type Ray } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import type { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { editor } from '../editor-instance.ts';

type V3 = [number, number, number];

/** Where the pointer's ray meets the paintable surface. */
export interface SurfaceHit {
  /** SkinnedModel primitive id (what StrokeInput.primitive wants). */
  primitive: number;
  /** World space (= the space of the brush queries, see src/pose/posed-mesh.ts). */
  point: V3;
  /** Smooth unit normal at the hit, facing the viewer. */
  normal: V3;
  /** Along the ray. */
  distance: number;
  /** The triangle hit (nodes of the primitive's paint surface) and the point's barycentric weights. */
  triangle: { nodes: [number, number, number]; bary: [number, number, number] };
}

interface Entry {
  surface: SkinSurface;
  bvh: MeshBVH;
  geometry: BufferGeometry;
}

/**
 * Picking for the brush: a BVH per skin over the PaintSession's own SkinSurface (welded nodes,
 * current positions), so the point a stroke gets is on exactly the surface the brush queries,
 * posed or not, and one pick covers every primitive of the skin. Built on first use per model
 * (or by {@link prepare}); {@link refit} after the surfaces' positions change (a new pose).
 */
class SurfacePicker {
  private entries: Entry[] = [];
  private key: object | null = null;
  /** A pose has been set on this model: surface positions move with pose and weight changes. */
  private posed = false;
  /** The surfaces may have moved since the BVHs were fitted. */
  private stale = false;

  /**
   * PoseSession moves the surfaces on a pose change, and — once posed — on weight changes (a
   * vertex follows its joints by its weights; during a stroke only when it ends). Refit lazily.
   */
  constructor() {
    editor.events.on('model', () => {
      this.posed = this.stale = false;
    });
    editor.pose.events.on('pose', () => {
      this.posed = true;
      this.stale = true;
    });
    // Mid-stroke the picker keeps its surface (the stroke's depth is held); after it, re-fit.
    editor.events.on('committed', () => {
      if (this.follows()) this.stale = true;
    });
  }

  /** The surfaces move with weight changes: posed, or a rest pose that is not the bind pose. */
  private follows(): boolean {
    return this.posed || (editor.model !== null && !editor.pose.restIsBind);
  }

  /** True when the picking structures of the current model exist. */
  get ready(): boolean {
    return this.key !== null && this.key === this.currentKey();
  }

  /** Builds the surfaces (weld, adjacency, index) and the BVHs of the current model now. */
  prepare(): void {
    const key = this.currentKey();
    if (!key || key === this.key) return;
    this.dispose();
    const model = editor.requireModel();
    editor.paint.prepare();
    for (const skin of new Set(model.primitives.map((p) => p.skins[0]))) {
      const surface = editor.surfaces.forSkin(skin).surface;
      if (surface.corners.length < 3) continue;
      const geometry = new BufferGeometry();
      // Shared, not copied: the BVH reads the surface's live positions (refit after a pose).
      geometry.setAttribute('position', new BufferAttribute(surface.positions, 3));
      geometry.setIndex(new BufferAttribute(surface.corners, 1));
      // indirect: the BVH keeps its own triangle order and leaves the surface's corners untouched.
      const bvh = new MeshBVH(geometry, { indirect: true });
      this.entries.push({ surface, bvh, geometry });
    }
    this.key = key;
  }

  /** Follows moved surface positions (a pose applied to the paint surfaces). */
  refit(): void {
    this.stale = false;
    for (const e of this.entries) {
      e.geometry.getAttribute('position').needsUpdate = true;
      e.bvh.refit();
    }
  }

  /** The nearest surface hit along `ray` (world space), or null. */
  pick(ray: Ray): SurfaceHit | null {
    if (!editor.model) return null;
    this.prepare();
    if (this.stale) this.refit();
    let best: SurfaceHit | null = null;
    for (const { surface, bvh } of this.entries) {
      const hit = bvh.raycastFirst(ray, DoubleSide);
      if (!hit?.face || (best && hit.distance >= best.distance)) continue;
      const { a, b, c } = hit.face;
      const bary = hit.barycoord;
      // The part of the corner nearest the hit (a triangle never spans parts: nodes are per part).
      const w = bary ? [bary.x, bary.y, bary.z] : [1, 0, 0];
      const node = w[0] >= w[1] && w[0] >= w[2] ? a : w[1] >= w[2] ? b : c;
      const normal = smoothNormal(surface.normals, a, b, c, w, hit.face.normal);
      if (normal[0] * ray.direction.x + normal[1] * ray.direction.y + normal[2] * ray.direction.z > 0) {
        normal[0] = -normal[0];
        normal[1] = -normal[1];
        normal[2] = -normal[2];
      }
      best = {
        primitive: surface.parts[surface.nodePart[node]].primitive,
        point: [hit.point.x, hit.point.y, hit.point.z],
        normal,
        distance: hit.distance,
        triangle: { nodes: [a, b, c], bary: [w[0], w[1], w[2]] },
      };
    }
    return best;
  }

  dispose(): void {
    for (const e of this.entries) e.geometry.dispose();
    this.entries = [];
    this.key = null;
  }

  // The PaintSession rebuilds its targets per model: they are what the BVHs are valid for.
  private currentKey(): object | null {
    return editor.model ? editor.surfaces : null;
  }
}

function smoothNormal(
  normals: Float32Array,
  a: number,
  b: number,
  c: number,
  w: number[],
  fallback: { x: number; y: number; z: number },
): V3 {
  let x = 0;
  let y = 0;
  let z = 0;
  for (let k = 0; k < 3; k++) {
    const n = (k === 0 ? a : k === 1 ? b : c) * 3;
    x += normals[n] * w[k];
    y += normals[n + 1] * w[k];
    z += normals[n + 2] * w[k];
  }
  const len = Math.hypot(x, y, z);
  return len > 1e-8 ? [x / len, y / len, z / len] : [fallback.x, fallback.y, fallback.z];
}

/** The page's one picker (the viewport's pointer and scripts share it). */
export const surfacePicker = new SurfacePicker();
