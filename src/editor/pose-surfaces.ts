/**
 * PoseSurfaces: keeps the paint surfaces (their positions, normals and spatial index) on the
 * posed mesh, so brushes, sampling and picking hit what the user sees, and measures the crease
 * inspector's distortion on them.
 *
 * Weight changes move posed vertices too (a vertex follows its joints by its weights): their
 * posed positions are re-skinned at once, but the surfaces only follow when no stroke is in
 * progress — a brush must not chase the surface it is changing — so a stroke's changes reach
 * the index when it ends.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinSurface } from '../mesh/skin-surface.ts';
import {
  type DistortionOptions,
  nodeDistortion,
  type WorstSpotsOptions,
  worstDistortionSpots,
} from '../pose/distortion.ts';
import type { PosedMesh } from '../pose/posed-mesh.ts';
import type { PaintTargets } from './paint-targets.ts';

/** What the posed surfaces need of the editor: its surfaces, and whether a stroke is running. */
export interface SurfaceContext {
  readonly surfaces: PaintTargets;
  readonly painting: boolean;
}

/** A worst spot of the crease inspector, for the UI to frame. */
export interface CreaseSpot {
  primitive: number;
  /** A vertex of the spot (its welded group's first). */
  vertex: number;
  /** Posed world position. */
  position: [number, number, number];
  value: number;
}

interface SkinScratch {
  surface: SkinSurface;
  posed: Float32Array;
  values: Float32Array;
  scratch: Float32Array;
  /** `version:measure` that `values` were computed for ('' = never). */
  key: string;
}

export class PoseSurfaces {
  /** Bumped whenever posed positions change (pose, mode or weights): distortion is cached per version. */
  version = 0;
  private stale = false;
  private readonly scratch = new Map<number, SkinScratch>();
  private vertexValues: Float32Array[] | null = null;
  private vertexKey = '';

  constructor(
    private readonly model: SkinnedModel,
    private readonly paint: SurfaceContext,
    private readonly mesh: PosedMesh,
  ) {}

  /** The skins (indices into `model.skins`) that hold painted primitives. */
  get skins(): number[] {
    return [...new Set(this.model.primitives.map((p) => p.skins[0]))];
  }

  /**
   * Puts the posed positions on every surface, skins' and bodies' (building any not built yet),
   * and refreshes their index. Deferred while a stroke runs.
   */
  sync(): void {
    if (this.paint.painting) {
      this.stale = true;
      return;
    }
    this.stale = false;
    const targets = this.paint.surfaces;
    // The skins' surfaces (tools, selection, creases) and the bodies' (brushes), each once.
    const surfaces = new Set([...this.skins.map((s) => targets.forSkin(s)), ...targets.allBodies()]);
    for (const { surface } of surfaces) {
      surface.parts.forEach((part, p) => {
        surface.setPartPositions(p, this.mesh.positions[part.primitive], false);
      });
      surface.refresh();
    }
  }

  /** After a stroke: brings the surfaces up to the weights it changed. */
  flush(): void {
    if (this.stale) this.sync();
  }

  /**
   * Distortion per vertex of each primitive (indexed by primitive id) against the rest shape. The
   * arrays are reused: they hold the values of the latest call.
   */
  distortion(options: DistortionOptions = {}): Float32Array[] {
    this.vertexValues ??= this.model.primitives.map((p) => new Float32Array(p.weights.vertexCount));
    const out = this.vertexValues;
    const key = `${this.version}:${options.measure ?? ''}`;
    if (this.vertexKey === key) return out;
    this.vertexKey = key;
    for (const skin of this.skins) {
      const s = this.measure(skin, options);
      const { surface } = s;
      for (let v = 0; v < surface.vertexCount; v++) {
        const part = surface.parts[surface.vertexPart[v]];
        out[part.primitive][v - surface.vertexOffset[surface.vertexPart[v]]] = s.values[surface.nodeOf[v]];
      }
    }
    return out;
  }

  /** The `count` worst creases over every skin, worst first. */
  worstSpots(count: number, options: WorstSpotsOptions & DistortionOptions = {}): CreaseSpot[] {
    const spots: CreaseSpot[] = [];
    for (const skin of this.skins) {
      const s = this.measure(skin, options);
      const { surface } = s;
      for (const spot of worstDistortionSpots(surface, s.values, s.posed, count, options)) {
        spots.push({
          primitive: surface.parts[surface.nodePart[spot.node]].primitive,
          vertex: surface.nodeVertex[spot.node],
          position: spot.position,
          value: spot.value,
        });
      }
    }
    return spots.sort((a, b) => b.value - a.value).slice(0, count);
  }

  /** Node distortion of one skin from the current posed positions (not the possibly stale index). */
  private measure(skin: number, options: DistortionOptions): SkinScratch {
    const surface = this.paint.surfaces.forSkin(skin).surface;
    let s = this.scratch.get(skin);
    if (!s || s.surface !== surface) {
      const n = surface.nodeCount;
      s = {
        surface,
        posed: new Float32Array(n * 3),
        values: new Float32Array(n),
        scratch: new Float32Array(n * 3),
        key: '',
      };
      this.scratch.set(skin, s);
    }
    const key = `${this.version}:${options.measure ?? ''}`;
    if (s.key === key) return s;
    s.key = key;
    for (let g = 0; g < surface.nodeCount; g++) {
      const src = this.mesh.positions[surface.parts[surface.nodePart[g]].primitive];
      const v = surface.nodeVertex[g];
      s.posed[g * 3] = src[v * 3];
      s.posed[g * 3 + 1] = src[v * 3 + 1];
      s.posed[g * 3 + 2] = src[v * 3 + 2];
    }
    nodeDistortion(surface, surface.restPositions, s.posed, options, s.values, s.scratch);
    return s;
  }
}
