/**
 * SkinSurface: a paintable surface — the skinned primitives of one skin (the tools' surfaces),
 * or of every skin of one skeleton (the brushes' body, `weldParts`), welded and numbered as
 * one. Brushes work on its nodes (welded vertices): one node per distinct position within a
 * primitive, so seam duplicates are painted as one (invariant 4), and with `weldParts` one per
 * place where parts touch, so one stroke crosses part borders and blends them.
 *
 * Built once per mesh: weld map (on the stored positions: seams are topology), adjacency (CSR),
 * spatial index; components, normals and the mirror map of each axis (from the rest shape: the
 * mesh as drawn unposed) on first use. Positions can be replaced (a posed mesh): the normals and
 * the spatial index follow, the topology does not change.
 */
import { type Adjacency, buildAdjacency, type Components, connectedComponents } from './adjacency.ts';
import {
  axisIndex,
  buildMirrorMap,
  MIRROR_MAP_DEFAULTS,
  type MirrorAxis,
  type MirrorMap,
} from './mirror-map.ts';
import { computeNodeNormals } from './normals.ts';
import { weldAcrossParts } from './part-weld.ts';
import { PointGrid } from './point-grid.ts';
import { TRIANGLES, triangleCorners } from './triangles.ts';
import { buildWeldMap } from './weld-map.ts';

/** One primitive of the surface. */
export interface SurfacePartInput {
  /** The primitive's id in the SkinnedModel. */
  primitive: number;
  /** Stored positions (`POSITION`): welding reads them. */
  positions: Float32Array;
  /**
   * Where the viewport draws the vertices unposed (the file's rest pose, src/pose/rest-positions.ts),
   * when that is not `positions`: the surface starts there and mirrors from there.
   */
  shown?: Float32Array;
  indices: Uint32Array | null;
  /** glTF draw mode (4 = triangles, the default). */
  mode?: number;
}

/** Options of {@link SkinSurface}. */
export interface SkinSurfaceOptions {
  /** See `WeldMapOptions.tolerance`. */
  weldTolerance?: number;
  /** Mirror partner tolerance, world units (default: 1e-3 of the bounding-box diagonal). */
  mirrorTolerance?: number;
  /**
   * Weld across parts too: nodes of different primitives drawn at one place (a hem, a modular
   * seam) become one node whose members span those primitives (./part-weld.ts). Off by default:
   * the weight tools read a node's members as one primitive's vertices.
   */
  weldParts?: boolean;
}

/** Defaults of {@link SkinSurfaceOptions}. */
export const SKIN_SURFACE_DEFAULTS: SkinSurfaceOptions = { weldTolerance: 0 };

export class SkinSurface {
  readonly parts: readonly SurfacePartInput[];
  /** Global vertex numbering: part p's vertices are `vertexOffset[p] .. vertexOffset[p + 1]`. */
  readonly vertexOffset: Uint32Array;
  readonly vertexCount: number;
  /** Part of each global vertex. */
  readonly vertexPart: Uint16Array;
  /** Node of each global vertex. */
  readonly nodeOf: Uint32Array;
  readonly nodeCount: number;
  /**
   * Part p's nodes are `nodeOffset[p] .. nodeOffset[p + 1]` (with `weldParts`, a node welded
   * across parts is in the range of its earliest vertex's part).
   */
  readonly nodeOffset: Uint32Array;
  /** CSR offsets into `members` (nodeCount + 1). */
  readonly nodeStart: Uint32Array;
  /**
   * Global vertices of each node, ascending; the first is the node's representative. Without
   * `weldParts` they are all in the node's part; with it they may be in several
   * (`vertexPart` of each).
   */
  readonly members: Uint32Array;
  /** Most vertices any node has (1 for a mesh without seams). */
  readonly maxMembers: number;
  /** Part of each node (its representative's). */
  readonly nodePart: Uint16Array;
  /** Local vertex index (within its part) of each node's representative. */
  readonly nodeVertex: Uint32Array;
  /** Triangles over nodes (3 node ids each). */
  readonly corners: Uint32Array;
  readonly adjacency: Adjacency;
  /** Node positions as drawn unposed (xyz): the parts' `shown`, else their stored positions. */
  readonly restPositions: Float32Array;
  /** Current node positions (the rest shape until {@link setPartPositions}). */
  readonly positions: Float32Array;
  /** Spatial index over the current positions. */
  readonly grid: PointGrid;
  private readonly mirrors = new Map<MirrorAxis, MirrorMap>();
  private readonly mirrorSpaces = new Map<MirrorAxis, Float32Array>();
  private readonly options: SkinSurfaceOptions;
  private posed = false;
  private _components: Components | null = null;
  private _normals: Float32Array | null = null;
  private normalsDirty = true;

  constructor(parts: readonly SurfacePartInput[], options: SkinSurfaceOptions = SKIN_SURFACE_DEFAULTS) {
    if (parts.length > 0xffff) throw new RangeError('too many primitives in one skin');
    this.parts = parts;
    this.options = { ...SKIN_SURFACE_DEFAULTS, ...options };
    const P = parts.length;
    this.vertexOffset = new Uint32Array(P + 1);
    parts.forEach((p, i) => {
      this.vertexOffset[i + 1] = this.vertexOffset[i] + p.positions.length / 3;
    });
    const N = (this.vertexCount = this.vertexOffset[P]);
    this.vertexPart = new Uint16Array(N);
    this.nodeOf = new Uint32Array(N);
    this.nodeOffset = new Uint32Array(P + 1);

    // 1. Weld each part; nodes are numbered part by part.
    const welds = parts.map((p) =>
      buildWeldMap(p.positions, p.positions.length / 3, { tolerance: this.options.weldTolerance }),
    );
    welds.forEach((w, i) => {
      this.nodeOffset[i + 1] = this.nodeOffset[i] + w.groupCount;
    });
    let G = this.nodeOffset[P];
    let nodeStart: Uint32Array = new Uint32Array(G + 1);
    let members: Uint32Array = new Uint32Array(N);
    let nodePart: Uint16Array = new Uint16Array(G);
    let nodeVertex: Uint32Array = new Uint32Array(G);
    let rest: Float32Array = new Float32Array(G * 3);
    const nodeOf = this.nodeOf;
    for (let i = 0; i < P; i++) {
      const w = welds[i];
      const v0 = this.vertexOffset[i];
      const g0 = this.nodeOffset[i];
      const pos = parts[i].shown ?? parts[i].positions;
      const { groupOf, groupStart, members: local, groupCount } = w;
      this.vertexPart.fill(i, v0, this.vertexOffset[i + 1]);
      for (let v = 0; v < groupOf.length; v++) nodeOf[v0 + v] = g0 + groupOf[v];
      for (let g = 0; g < groupCount; g++) {
        nodeStart[g0 + g + 1] = v0 + groupStart[g + 1];
        const rep = local[groupStart[g]];
        nodePart[g0 + g] = i;
        nodeVertex[g0 + g] = rep;
        rest[(g0 + g) * 3] = pos[rep * 3];
        rest[(g0 + g) * 3 + 1] = pos[rep * 3 + 1];
        rest[(g0 + g) * 3 + 2] = pos[rep * 3 + 2];
      }
      for (let k = 0; k < local.length; k++) members[v0 + k] = v0 + local[k];
    }

    // 1b. Across parts: nodes of different parts drawn at one place become one node (part-weld.ts).
    // Its spatial index is the surface's own when nothing merges (the nodes are the same).
    let grid: PointGrid | null = null;
    if (this.options.weldParts && P > 1) {
      grid = new PointGrid(rest, G);
      const merged = weldAcrossParts(
        { count: G, start: nodeStart, members, part: nodePart, vertex: nodeVertex, rest },
        nodeOf,
        this.nodeOffset,
        grid,
      );
      if (merged) {
        ({ count: G, start: nodeStart, members, part: nodePart, vertex: nodeVertex, rest } = merged);
        grid = null;
      }
    }
    this.nodeCount = G;
    this.nodeStart = nodeStart;
    this.members = members;
    this.nodePart = nodePart;
    this.nodeVertex = nodeVertex;
    this.restPositions = rest;

    let most = 0;
    for (let g = 0; g < G; g++) most = Math.max(most, nodeStart[g + 1] - nodeStart[g]);
    this.maxMembers = most;

    // 2. Triangles over nodes, adjacency.
    let cornerCount = 0;
    const lists = parts.map((p) => {
      const mode = p.mode ?? TRIANGLES;
      // Indexed triangle lists (the usual case) are read in place; others are unrolled first.
      const list =
        mode === TRIANGLES && p.indices
          ? p.indices
          : triangleCorners(p.indices, p.positions.length / 3, mode);
      const n = list.length - (list.length % 3);
      cornerCount += n;
      return { list, n };
    });
    let corners = new Uint32Array(cornerCount);
    let at = 0;
    for (let i = 0; i < P; i++) {
      const { list, n } = lists[i];
      const v0 = this.vertexOffset[i];
      const vc = this.vertexOffset[i + 1] - v0;
      for (let k = 0; k < n; k += 3) {
        const a = list[k];
        const b = list[k + 1];
        const c = list[k + 2];
        if (a >= vc || b >= vc || c >= vc) continue; // a broken index: drop the triangle
        corners[at++] = nodeOf[v0 + a];
        corners[at++] = nodeOf[v0 + b];
        corners[at++] = nodeOf[v0 + c];
      }
    }
    if (at < cornerCount) corners = corners.slice(0, at);
    this.corners = corners;
    this.adjacency = buildAdjacency(G, corners);

    // 3. Current positions and the spatial index (normals and components on first use).
    this.positions = rest.slice();
    this.grid = grid ?? new PointGrid(this.positions, G);
  }

  /** Connected components over the welded adjacency (computed on first use). */
  get components(): Components {
    this._components ??= connectedComponents(this.adjacency);
    return this._components;
  }

  /** Unit normals at the current positions (recomputed on first use after a change). */
  get normals(): Float32Array {
    if (this.normalsDirty) {
      this._normals ??= new Float32Array(this.nodeCount * 3);
      computeNodeNormals(this.positions, this.corners, this._normals, this.nodeCount);
      this.normalsDirty = false;
    }
    return this._normals!;
  }

  /**
   * The current positions of primitive `primitive`'s own vertices (xyz per vertex, in its vertex
   * order: each vertex at its node's position), into `out` if given; null for a primitive not here.
   */
  vertexPositions(primitive: number, out?: Float32Array): Float32Array | null {
    const part = this.partOf(primitive);
    if (part < 0) return null;
    const v0 = this.vertexOffset[part];
    const n = this.vertexOffset[part + 1] - v0;
    const result = out ?? new Float32Array(n * 3);
    for (let v = 0; v < n; v++) {
      const g = this.nodeOf[v0 + v];
      result[v * 3] = this.positions[g * 3];
      result[v * 3 + 1] = this.positions[g * 3 + 1];
      result[v * 3 + 2] = this.positions[g * 3 + 2];
    }
    return result;
  }

  /** Index of the part holding SkinnedModel primitive `primitive`, or -1. */
  partOf(primitive: number): number {
    return this.parts.findIndex((p) => p.primitive === primitive);
  }

  /**
   * The mirror map across the plane of `axis`, built from the rest shape on first use. Partners
   * are looked for within the node's own primitive first (so coincident vertices of two
   * primitives don't steal each other's partners), then in the other primitives (a left glove
   * mirrored by a separate right glove).
   */
  mirror(axis: MirrorAxis = 'x'): MirrorMap {
    let map = this.mirrors.get(axis);
    if (map) return map;
    map = this.mirrorFrom(this.restPositions, axis, this.posed ? null : this.grid);
    let from = this.restPositions;
    // A rest pose that is not the bind pose may be asymmetric (a wolf's rest pose mid-stride)
    // while the stored mesh, modelled symmetric, is not: the pairs are topology, so take the
    // space where more vertices find theirs. The tolerance reported stays the rest pose's.
    if (map.unmatched > 0 && this.parts.some((p) => p.shown)) {
      const stored = this.storedNodePositions();
      const alt = this.mirrorFrom(stored, axis, null);
      if (alt.unmatched < map.unmatched) {
        map = { ...alt, tolerance: map.tolerance };
        from = stored;
      }
    }
    this.mirrors.set(axis, map);
    this.mirrorSpaces.set(axis, from);
    return map;
  }

  /**
   * The node positions the mirror map of `axis` was built from (the rest shape, or the stored
   * mesh where that mirrors better): which side of the plane a node is on, consistently with its
   * partner.
   */
  mirrorSpace(axis: MirrorAxis = 'x'): Float32Array {
    this.mirror(axis);
    return this.mirrorSpaces.get(axis)!;
  }

  /** The parts' stored positions (`POSITION`) per node. */
  private storedNodePositions(): Float32Array {
    const out = new Float32Array(this.nodeCount * 3);
    for (let g = 0; g < this.nodeCount; g++) {
      const pos = this.parts[this.nodePart[g]].positions;
      const v = this.nodeVertex[g];
      out[g * 3] = pos[v * 3];
      out[g * 3 + 1] = pos[v * 3 + 1];
      out[g * 3 + 2] = pos[v * 3 + 2];
    }
    return out;
  }

  /** The mirror map of node positions `rest` (`grid`: an index over them, or null to build one). */
  private mirrorFrom(rest: Float32Array, axis: MirrorAxis, grid: PointGrid | null): MirrorMap {
    const P = this.parts.length;
    const G = this.nodeCount;
    const whole = grid ?? new PointGrid(rest, G);
    const tolerance =
      this.options.mirrorTolerance ?? MIRROR_MAP_DEFAULTS.relativeTolerance * boundsDiagonal(rest, G);
    if (P === 1) return buildMirrorMap(rest, G, { axis, grid: whole, tolerance });
    const partner = new Int32Array(G);
    const a = axisIndex(axis);
    let unmatched = 0;
    for (let p = 0; p < P; p++) {
      const g0 = this.nodeOffset[p];
      const g1 = this.nodeOffset[p + 1];
      const own = buildMirrorMap(rest.subarray(g0 * 3, g1 * 3), g1 - g0, { axis, tolerance }).partner;
      for (let k = 0; k < g1 - g0; k++) {
        let m = own[k] >= 0 ? g0 + own[k] : -1;
        if (m < 0) {
          const g = g0 + k;
          const x = a === 0 ? -rest[g * 3] : rest[g * 3];
          const y = a === 1 ? -rest[g * 3 + 1] : rest[g * 3 + 1];
          const z = a === 2 ? -rest[g * 3 + 2] : rest[g * 3 + 2];
          m = whole.nearest(x, y, z, tolerance);
        }
        partner[g0 + k] = m;
        if (m < 0) unmatched++;
      }
    }
    return { axis, partner, unmatched, tolerance };
  }

  /**
   * Replaces part `part`'s positions (e.g. the posed mesh; same vertex count, mesh space). With
   * `refresh` false, call {@link refresh} after the last part.
   */
  setPartPositions(part: number, positions: Float32Array, refresh = true): void {
    const expected = this.vertexOffset[part + 1] - this.vertexOffset[part];
    if (positions.length !== expected * 3) throw new RangeError(`part ${part} has ${expected} vertices`);
    for (let g = this.nodeOffset[part]; g < this.nodeOffset[part + 1]; g++) {
      const v = this.nodeVertex[g];
      this.positions[g * 3] = positions[v * 3];
      this.positions[g * 3 + 1] = positions[v * 3 + 1];
      this.positions[g * 3 + 2] = positions[v * 3 + 2];
    }
    this.posed = true;
    if (refresh) this.refresh();
  }

  /** Back to the rest shape. */
  resetPositions(): void {
    this.positions.set(this.restPositions);
    this.posed = false;
    this.refresh();
  }

  /** Recomputes normals and the spatial index from `positions`. */
  refresh(): void {
    this.normalsDirty = true;
    this.grid.rebuild(this.positions, this.nodeCount);
  }
}

/** Length of the bounding-box diagonal of the first `count` points. */
function boundsDiagonal(positions: Float32Array, count: number): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i * 3 + c];
      if (v < lo[c]) lo[c] = v;
      if (v > hi[c]) hi[c] = v;
    }
  }
  return count > 0 ? Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) : 0;
}
