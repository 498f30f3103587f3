/**
 * SelectionSession: vertex selection on the Editor (`editor.selection`) — click, box, lasso, by
 * joint, grow / shrink, mirror, invert, all, none — the API the viewport and scripts call.
 *
 * The selection is one flag per vertex of each skinned primitive ({@link selectionMask}); every
 * operation works on the welded nodes of each body's surface (every skin of one skeleton, welded
 * where parts touch: what the brushes paint, so posed positions are what box and lasso see), so a
 * seam's vertices — and the two sides of a hem between parts — are always selected together,
 * grow and shrink walk across parts, and the mirror finds a hand in another skin. Tools and
 * brushes read it: nothing selected means "everything".
 */
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { DepthBuffer } from '../select/depth-buffer.ts';
import { growNodeMask, shrinkNodeMask } from '../select/grow-shrink.ts';
import { nodeMaskOf, scatterNodeMask, type VertexMasks } from '../select/node-mask.ts';
import { nearestNodeOnPart, raycastNode } from '../select/pick-node.ts';
import { ScreenProjection, type Viewport } from '../select/screen-projection.ts';
import { type ScreenFacing, type ScreenShape, selectOnScreen } from '../select/screen-select.ts';
import { selectByJoint } from '../select/select-by-joint.ts';
import { mirrorNodeMask } from '../select/select-mirror.ts';
import { combineMask, SELECT_MODES, type SelectMode } from '../select/select-mode.ts';
import { Emitter } from './emitter.ts';
import type { PaintTarget } from './paint-targets.ts';
import { jointStatsOf, type SelectionJointStats } from './selection-stats.ts';
import type { SessionContext } from './session-context.ts';

export type { SelectionJointStats } from './selection-stats.ts';
export type { ScreenFacing, SelectMode, Viewport };

/** What SelectionSession tells the viewport and panels. */
export type SelectionEvents = {
  /** The selection changed on these primitives (all of them after a model change). */
  change: { primitives: number[]; count: number };
};

/** The camera a box or lasso was drawn with. */
export interface SelectionView extends Viewport {
  /** Column-major view-projection of mesh space (three.js: projection · view · mesh world). */
  matrix: ArrayLike<number>;
}

/** Options of box and lasso selection. */
export interface ScreenPickOptions {
  mode?: SelectMode;
  /** 'front' (default): facing the camera; 'visible': and not hidden; 'through': X-ray. */
  facing?: ScreenFacing;
}

/** A selected vertex a script can name. */
export interface VertexRef {
  primitive: number;
  vertex: number;
}

export class SelectionSession {
  readonly events = new Emitter<SelectionEvents>();
  private readonly editor: SessionContext;
  private masks: VertexMasks = new Map();
  private total = 0;
  /** Node masks per paint target for the current selection (dropped on every change). */
  private nodeMasks = new WeakMap<PaintTarget, Uint8Array>();

  constructor(editor: SessionContext) {
    this.editor = editor;
    editor.events.on('model', (model) => {
      this.masks = new Map();
      this.total = 0;
      this.nodeMasks = new WeakMap();
      this.events.emit('change', { primitives: model.primitives.map((p) => p.id), count: 0 });
    });
  }

  /** Selected vertices over every primitive (each vertex of a seam counts). */
  get count(): number {
    return this.total;
  }

  /** True when nothing is selected (tools and brushes then work on everything). */
  get isEmpty(): boolean {
    return this.total === 0;
  }

  /**
   * The flags (one per vertex, 1 = selected) of a primitive, or null when nothing is selected
   * anywhere (the painter's "no mask"). A primitive with nothing selected while others have a
   * selection gets all zeros. The array is the session's own: read it, don't keep it.
   */
  selectionMask(primitive: number): Uint8Array | null {
    if (this.total === 0) return null;
    const prim = this.editor.requireModel().primitives[primitive];
    if (!prim) return null;
    let m = this.masks.get(primitive);
    if (!m) this.masks.set(primitive, (m = new Uint8Array(prim.weights.vertexCount)));
    return m;
  }

  /** Every primitive's flags, or null when nothing is selected (what `editor.paint.flood` takes). */
  get activeMasks(): ReadonlyMap<number, Uint8Array> | null {
    return this.total === 0 ? null : this.masks;
  }

  /**
   * The selected nodes of a paint target's surface, or null when nothing is selected anywhere.
   * Kept until the selection changes (a stroke reads it once, not per dab): read it, don't change it.
   */
  nodeMask(target: PaintTarget): Uint8Array | null {
    if (this.total === 0) return null;
    let m = this.nodeMasks.get(target);
    if (!m) this.nodeMasks.set(target, (m = nodeMaskOf(target.surface, this.masks)));
    return m;
  }

  /** The selected vertices, per primitive, ascending. */
  vertices(): VertexRef[] {
    const out: VertexRef[] = [];
    for (const [primitive, m] of [...this.masks].sort((a, b) => a[0] - b[0]))
      for (let v = 0; v < m.length; v++) if (m[v]) out.push({ primitive, vertex: v });
    return out;
  }

  // --- Picks ---

  /**
   * The vertex nearest `point` (a hit on `primitive`, mesh space, as the viewport's picking
   * reports it: on the posed surface when posed), without selecting it — what the Inspector shows
   * under the pointer. Null when the primitive is not skinned.
   */
  vertexAt(hit: { primitive: number; point: readonly [number, number, number] }): VertexRef | null {
    const found = this.nodeAt(hit);
    if (!found) return null;
    const s = found.target.surface;
    return { primitive: s.parts[s.nodePart[found.node]].primitive, vertex: s.nodeVertex[found.node] };
  }

  /** Whether the vertex a click on `hit` would pick is selected (Shift+click then deselects it). */
  selectedAt(hit: { primitive: number; point: readonly [number, number, number] }): boolean {
    const v = this.vertexAt(hit);
    return v !== null && (this.masks.get(v.primitive)?.[v.vertex] ?? 0) !== 0;
  }

  /**
   * Click: the vertex nearest `point` (a hit on `primitive`, mesh space, as the viewport's
   * picking reports it) with its seam partners. Returns the vertex, or null if not skinned.
   */
  click(
    hit: { primitive: number; point: readonly [number, number, number] },
    mode: SelectMode = 'replace',
  ): VertexRef | null {
    const found = this.nodeAt(hit);
    if (!found) return null;
    const { target, node } = found;
    this.pickNodes(mode, (t, picked) => {
      if (t === target) picked[node] = 1;
    });
    const s = target.surface;
    return { primitive: s.parts[s.nodePart[node]].primitive, vertex: s.nodeVertex[node] };
  }

  /** Click from a ray (scripts, tests): the vertex nearest the first hit over every body, or null. */
  raycast(
    origin: readonly [number, number, number],
    dir: readonly [number, number, number],
    mode: SelectMode = 'replace',
  ): VertexRef | null {
    let best: { target: PaintTarget; node: number; distance: number } | null = null;
    for (const target of this.allTargets()) {
      const hit = raycastNode(target.surface, origin, dir);
      if (hit && (!best || hit.distance < best.distance)) best = { target, ...hit };
    }
    if (!best) return null;
    const { target, node } = best;
    this.pickNodes(mode, (t, picked) => {
      if (t === target) picked[node] = 1;
    });
    const s = target.surface;
    return { primitive: s.parts[s.nodePart[node]].primitive, vertex: s.nodeVertex[node] };
  }

  /** Box select: the vertices projecting inside the rectangle (viewport pixels, any corner order). */
  box(
    rect: { x0: number; y0: number; x1: number; y1: number },
    view: SelectionView,
    options: ScreenPickOptions = {},
  ): number {
    return this.screen({ kind: 'box', ...rect }, view, options);
  }

  /** Lasso select: the vertices projecting inside the polygon (x, y pairs in viewport pixels). */
  lasso(points: ArrayLike<number>, view: SelectionView, options: ScreenPickOptions = {}): number {
    return this.screen({ kind: 'lasso', points }, view, options);
  }

  /** The vertices where a joint (id or name) weighs more than `threshold`. */
  byJoint(joint: number | string, options: { threshold?: number; mode?: SelectMode } = {}): number {
    const id = this.editor.resolveJoint(joint);
    const threshold = options.threshold ?? 0;
    if (!(threshold >= 0 && threshold < 1))
      throw new RangeError(`threshold must be in [0, 1) (got ${threshold})`);
    const model = this.editor.requireModel();
    return this.pickNodes(options.mode ?? 'replace', (t, picked) => {
      const j = t.jointIndex.get(id);
      if (j === undefined) return;
      const weights = t.surface.parts.map((p) => model.primitives[p.primitive].weights);
      // Each part's own index of the joint (-1: its skin does not list it).
      const local = t.surface.parts.map((_, p) => {
        const m = t.partSkins?.local[p];
        return m ? m[j] : j;
      });
      selectByJoint(t.surface, weights, local, picked, { threshold });
    });
  }

  /** Selects exactly these vertices of a primitive (with their seam and hem partners), combined by `mode`. */
  setVertices(primitive: number, vertices: ArrayLike<number>, mode: SelectMode = 'replace'): number {
    const target = this.targets().forBody(primitive);
    if (!target) throw new Error(`Primitive ${primitive} is not skinned.`);
    const s = target.surface;
    const p = s.partOf(primitive);
    const n = s.vertexOffset[p + 1] - s.vertexOffset[p];
    return this.pickNodes(mode, (t, picked) => {
      if (t !== target) return;
      for (let k = 0; k < vertices.length; k++) {
        const v = vertices[k];
        if (!(Number.isInteger(v) && v >= 0 && v < n))
          throw new RangeError(`vertex ${v} is not in primitive ${primitive}`);
        picked[s.nodeOf[s.vertexOffset[p] + v]] = 1;
      }
    });
  }

  // --- Whole-selection operations ---

  /** Adds the ring of neighbours along the surface (across parts that touch), `steps` times. */
  grow(steps = 1): number {
    return this.update((t, nodes) => growNodeMask(t.surface.adjacency, nodes, { steps }));
  }

  /** Removes the selection's border ring, `steps` times. */
  shrink(steps = 1): number {
    return this.update((t, nodes) => shrinkNodeMask(t.surface.adjacency, nodes, { steps }));
  }

  /** Replaces the selection by its mirror image, in any part of the body (or adds it, with `extend`). */
  mirror(options: { axis?: MirrorAxis; extend?: boolean } = {}): number {
    const axis = options.axis ?? this.editor.paint.settings.mirrorAxis;
    return this.update((t, nodes) => {
      const { mask } = mirrorNodeMask(t.surface.mirror(axis).partner, nodes, { extend: options.extend });
      nodes.set(mask);
    });
  }

  /** Selects what was not selected and the other way round. */
  invert(): number {
    return this.update((_, nodes) => {
      for (let g = 0; g < nodes.length; g++) nodes[g] = nodes[g] ? 0 : 1;
    });
  }

  /** Selects every vertex of every skinned primitive. */
  all(): number {
    return this.update((_, nodes) => nodes.fill(1));
  }

  /** Clears the selection (tools then work on everything). */
  none(): number {
    return this.update((_, nodes) => nodes.fill(0));
  }

  /**
   * The selected vertices' weight of a joint (id or name; default the selected joint): average,
   * min, max over the selection (every vertex when nothing is selected).
   */
  jointStats(joint: number | string | null = this.editor.selectedJoint): SelectionJointStats {
    const id = joint === null ? null : this.editor.resolveJoint(joint);
    return jointStatsOf(this.editor.requireModel(), id, this.activeMasks);
  }

  // --- Internals ---

  private targets() {
    return this.editor.surfaces;
  }

  /** The node nearest a hit point on a primitive, with its target; null if not skinned. */
  private nodeAt(hit: {
    primitive: number;
    point: readonly [number, number, number];
  }): { target: PaintTarget; node: number } | null {
    const target = this.targets().forBody(hit.primitive);
    if (!target) return null;
    const s = target.surface;
    const node = nearestNodeOnPart(s, s.partOf(hit.primitive), hit.point);
    return node < 0 ? null : { target, node };
  }

  /** The body of every skeleton (built on first use): each skinned primitive is in one. */
  private allTargets(): PaintTarget[] {
    return this.targets().allBodies();
  }

  private screen(shape: ScreenShape, view: SelectionView, options: ScreenPickOptions): number {
    const projection = new ScreenProjection(view.matrix, view);
    const facing = options.facing ?? 'front';
    const targets = this.allTargets();
    let depth: DepthBuffer | null = null;
    if (facing === 'visible') {
      // One buffer over every body: one character's arm can hide another's body.
      depth = new DepthBuffer(projection);
      for (const t of targets) depth.rasterize(t.surface.positions, t.surface.corners);
    }
    return this.pickNodes(options.mode ?? 'replace', (t, picked) => {
      selectOnScreen(t.surface, projection, shape, picked, { facing, depth });
    });
  }

  /** Runs a pick per body into a fresh node mask and combines it with the selection by `mode`. */
  private pickNodes(mode: SelectMode, pick: (t: PaintTarget, picked: Uint8Array) => void): number {
    if (!SELECT_MODES.includes(mode)) throw new Error(`Unknown selection mode "${mode}".`);
    return this.update((t, nodes) => {
      const picked = new Uint8Array(nodes.length);
      pick(t, picked);
      combineMask(nodes, picked, mode);
    });
  }

  /** Edits each body's node mask in place, writes it back to the vertex masks, emits the change. */
  private update(edit: (t: PaintTarget, nodes: Uint8Array) => void): number {
    const changed: number[] = [];
    for (const t of this.allTargets()) {
      const nodes = nodeMaskOf(t.surface, this.masks);
      edit(t, nodes);
      changed.push(...scatterNodeMask(t.surface, nodes, this.masks));
    }
    let total = 0;
    for (const m of this.masks.values()) for (let v = 0; v < m.length; v++) total += m[v];
    this.total = total;
    this.nodeMasks = new WeakMap();
    if (changed.length) this.events.emit('change', { primitives: changed, count: total });
    return total;
  }
}
