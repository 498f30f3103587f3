/**
 * LayerStack: the weight layers of one loaded model (issue 15) — a base and layers above it,
 * each holding per primitive the weights it painted and a mask — and the three buffers the
 * editor works with:
 *
 * - `shown` (the model's own `prim.weights`): the stack composed, what the viewport skins and
 *   heat-maps and what export writes;
 * - `edit(p)`: what brushes, tools, auto-bind, transfer and the inspector read and write — the
 *   active layer's weights where it has some, and elsewhere the stack composed below it, so a
 *   stroke on a new layer sees exactly what a flat stroke sees (and, where the layer covers
 *   fully, gives exactly the flat result, bit for bit);
 * - `maskEdit(p)`: the active layer's mask as two-joint weights (joint 0 = mask, joint 1 = the
 *   rest), so every brush paints masks too.
 *
 * Copy on write: after an edit, `syncWeights` stores each changed vertex in the active layer —
 * or clears it there when it equals what is below (nothing to cover) — and recomposes it.
 * With no layer ever added, `edit(p)` is `shown[p]` itself and nothing costs anything.
 *
 * Layer operations replace objects rather than changing them (a merge makes a new layer, a
 * flatten a new base), so an undo snapshot that holds references ({@link StackState}) stays
 * valid under the undo stack's last-in-first-out order.
 */
import { type CoverChange, coverVertex, netCoverChange } from '../history/cover-change.ts';
import { findInvariantViolations } from '../skin/invariants.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { composeLayers } from './compose-layers.ts';
import { coverage, emptyLayer, type WeightLayer } from './weight-layer.ts';

/** The base layer's id: always at the bottom, always visible, full cover. */
export const BASE_LAYER = 0;

/** One layer of the stack: its properties and its data per primitive (index = primitive id). */
export interface StackLayer {
  id: number;
  name: string;
  visible: boolean;
  opacity: number;
  parts: WeightLayer[];
}

/** What the Layers panel lists (top first, the base last). */
export interface LayerInfo {
  id: number;
  name: string;
  visible: boolean;
  opacity: number;
  base: boolean;
  active: boolean;
  /** Vertices the layer has weights at (the base: all). */
  painted: number;
}

/** The stack's layout at one moment, for undo (references: see the file comment). */
export interface StackState {
  base: SkinWeights[];
  baseName: string;
  layers: { layer: StackLayer; name: string; visible: boolean; opacity: number }[];
  active: number;
  nextId: number;
}

/** Saved layers (project files, autosave): the base is the composed weights' own, or given. */
export interface SavedLayer {
  name: string;
  visible: boolean;
  opacity: number;
  parts: { joints: Uint16Array; weights: Float32Array; mask: Float32Array }[];
}

function sameSlots(a: SkinWeights, b: SkinWeights, v: number): boolean {
  const K = a.influences;
  const o = v * K;
  for (let i = o; i < o + K; i++) {
    if (a.joints[i] !== b.joints[i] || !Object.is(a.weights[i], b.weights[i])) return false;
  }
  return true;
}

function copySlots(from: SkinWeights, to: SkinWeights, v: number): void {
  const K = from.influences;
  const o = v * K;
  for (let i = o; i < o + K; i++) {
    to.joints[i] = from.joints[i];
    to.weights[i] = from.weights[i];
  }
}

/** Copies K slots at offset o between raw arrays (the per-dab path: no object lookups). */
function copyRun(
  fJ: Uint16Array,
  fW: Float32Array,
  tJ: Uint16Array,
  tW: Float32Array,
  o: number,
  K: number,
): void {
  for (let i = o; i < o + K; i++) {
    tJ[i] = fJ[i];
    tW[i] = fW[i];
  }
}

function clearSlots(sw: SkinWeights, v: number): void {
  const K = sw.influences;
  sw.joints.fill(0, v * K, v * K + K);
  sw.weights.fill(0, v * K, v * K + K);
}

function hasWeights(sw: SkinWeights, v: number): boolean {
  return sw.weights[v * sw.influences] > 0;
}

/** Writes mask value m as two-joint weights at v (joint 0 = m, joint 1 = 1 − m, strongest first). */
function putMask(sw: SkinWeights, v: number, m: number): void {
  const K = sw.influences;
  const o = v * K;
  sw.joints.fill(0, o, o + K);
  sw.weights.fill(0, o, o + K);
  const rest = Math.fround(1 - m);
  if (m >= rest) {
    sw.weights[o] = m;
    if (rest > 0) {
      sw.joints[o + 1] = 1;
      sw.weights[o + 1] = rest;
    }
  } else {
    sw.joints[o] = 1;
    sw.weights[o] = rest;
    if (m > 0) sw.weights[o + 1] = m;
  }
}

/**
 * A whole stack as plain data (autosave, project files): the base's weights per primitive, the
 * layers above it bottom to top, which is active (index among `layers`, -1: the base), the base's
 * name. Arrays are copies: the editor goes on painting into its own.
 */
export interface SavedStack {
  baseName: string;
  active: number;
  base: { joints: Uint16Array; weights: Float32Array }[];
  layers: SavedLayer[];
}

/** Per primitive, what {@link LayerStack.paintedVertex} reads and writes (see there). */
interface PaintCtx {
  K: number;
  vertexCount: number;
  eJ: Uint16Array;
  eW: Float32Array;
  sJ: Uint16Array;
  sW: Float32Array;
  /** The active layer's own slots (the base's when it is active). */
  oJ: Uint16Array;
  oW: Float32Array;
  mask: Float32Array | null;
  /** Nothing above the active layer can cover, and it is shown at full opacity. */
  fast: boolean;
  parts: WeightLayer[];
  /** Vertices shown but not yet copied into the layer (each once: `queued` flags them). */
  list: Int32Array;
  count: number;
  queued: Uint8Array;
}

export class LayerStack {
  /** The composed weights (the model's `prim.weights`), same objects for the stack's life. */
  readonly shown: readonly SkinWeights[];
  baseName = 'Base';
  private base: SkinWeights[];
  private layers: StackLayer[] = [];
  private active = BASE_LAYER;
  private nextId = 1;
  private editBuf: SkinWeights[] | null = null;
  private underBuf: SkinWeights[] | null = null;
  private maskBuf: SkinWeights[] | null = null;
  /**
   * Per primitive, what painting needs (see {@link paintedVertex}), with the vertices whose slots
   * are in the edit buffer (and shown) but not yet copied into the active layer.
   */
  private paintCtx: (PaintCtx | undefined)[] = [];
  /**
   * Per primitive, what the active layer came to cover (`v`) or stopped covering (`~v`) since
   * {@link takeCovered}, in order: a brush covers every vertex it touches, even one it left at
   * the value it had, so undo and redo must say which coverage to take back or give again.
   */
  private coverLog: number[][] = [];
  /**
   * Per primitive, the locked joints (skin joint index → non-zero), so blends keep locked
   * weights (DESIGN.md invariant 3). Setting them recomposes nothing: a lock changes no weight.
   */
  private locks: (Uint8Array | null)[] = [];
  /** See {@link lists}; null after any change of the layout or of the active layer. */
  private cache: { all: WeightLayer[][]; below: WeightLayer[][]; activeIndex: number } | null = null;

  constructor(shown: readonly SkinWeights[]) {
    this.shown = shown;
    this.base = [...shown];
  }

  /** The locked joints per primitive (see {@link locks}). */
  setLocks(masks: readonly (Uint8Array | null)[]): void {
    this.locks = [...masks];
  }

  /** True once a layer was ever added: `edit` is then a buffer of its own. */
  get layered(): boolean {
    return this.editBuf !== null;
  }

  /** Layers above the base, bottom to top. */
  get count(): number {
    return this.layers.length;
  }

  get activeId(): number {
    return this.active;
  }

  get activeIsBase(): boolean {
    return this.active === BASE_LAYER;
  }

  /** The weights edits of primitive p read and write (see the file comment). */
  edit(p: number): SkinWeights {
    return this.editBuf ? this.editBuf[p] : this.shown[p];
  }

  /** The active layer's mask of primitive p as two-joint weights (only while a layer is active). */
  maskEdit(p: number): SkinWeights {
    if (!this.maskBuf || this.activeIsBase) throw new Error('The base layer has no mask.');
    return this.maskBuf[p];
  }

  /** The weights of primitive p every edit buffer of this stack uses, in order (for painters). */
  editList(primitives: readonly number[]): SkinWeights[] {
    return primitives.map((p) => this.edit(p));
  }

  /** The layer with `id` (not the base), or throws a clear error. */
  layer(id: number): StackLayer {
    const l = this.layers.find((x) => x.id === id);
    if (!l) throw new Error(id === BASE_LAYER ? 'The base layer cannot do that.' : `No layer with id ${id}.`);
    return l;
  }

  /** The layer named `name` or with id `name` (a number), for scripts. */
  resolve(layer: number | string): number {
    if (typeof layer === 'number') {
      if (layer !== BASE_LAYER) this.layer(layer);
      return layer;
    }
    if (layer === this.baseName) return BASE_LAYER;
    const l = this.layers.find((x) => x.name === layer);
    if (!l) throw new Error(`No layer named "${layer}".`);
    return l.id;
  }

  /** The panel's list: top first, the base last. */
  list(): LayerInfo[] {
    this.flush();
    const out: LayerInfo[] = this.layers
      .map((l) => ({
        id: l.id,
        name: l.name,
        visible: l.visible,
        opacity: l.opacity,
        base: false,
        active: l.id === this.active,
        painted: l.parts.reduce((n, part) => n + paintedCount(part.weights), 0),
      }))
      .reverse();
    const vertices = this.shown.reduce((n, sw) => n + sw.vertexCount, 0);
    out.push({
      id: BASE_LAYER,
      name: this.baseName,
      visible: true,
      opacity: 1,
      base: true,
      active: this.activeIsBase,
      painted: vertices,
    });
    return out;
  }

  /** The active layer's own weights of primitive p (zero where it painted nothing; the base: all). */
  ownWeights(p: number): SkinWeights {
    this.flush();
    return this.activeIsBase ? this.base[p] : this.layer(this.active).parts[p].weights;
  }

  /** The active layer's mask of primitive p (all 1 for the base). */
  ownMask(p: number): Float32Array | null {
    this.flush();
    return this.activeIsBase ? null : this.layer(this.active).parts[p].mask;
  }

  // --- Edits of the buffers ---

  /**
   * Stores the edit buffer's vertices [start, end) of primitive p in the active layer (copy on
   * write) and recomposes those that changed. Returns how many changed.
   */
  syncWeights(p: number, start: number, end: number, keepCover = false): number {
    this.flush();
    return this.editBuf ? this.syncRun(p, null, start, end, keepCover) : 0;
  }

  /**
   * {@link syncWeights} for a list of vertices (an undo patch's). `keepCover`: a covered vertex
   * back at exactly the stack below stays covered (the step says which to uncover: {@link setCovered}).
   */
  syncWeightsAt(p: number, vertices: ArrayLike<number>, keepCover = false): number {
    this.flush();
    return this.editBuf ? this.syncRun(p, vertices, 0, vertices.length, keepCover) : 0;
  }

  /**
   * A dab's vertices, each known to have changed in the edit buffer: {@link paintedVertex} for
   * each (a list, where the caller has one).
   */
  syncPainted(p: number, vertices: Int32Array): void {
    for (let k = 0; k < vertices.length; k++) this.paintedVertex(p, vertices[k]);
  }

  /**
   * Vertex v of primitive p just changed in the edit buffer (the brush's writer calls this as it
   * writes, while the slots are in cache): shown at once and, where nothing above covers and the
   * active layer covers fully, its copy into the layer deferred to {@link flush} (a third array
   * per vertex would double what layers add to a dab); elsewhere stored and recomposed now.
   */
  paintedVertex(p: number, v: number): void {
    if (!this.editBuf) return;
    const c = this.paintCtx[p] ?? this.makePaintCtx(p);
    const K = c.K;
    const o = v * K;
    const eJ = c.eJ;
    const eW = c.eW;
    if (c.fast && c.mask![v] >= 1 && eW[o] > 0) {
      const sJ = c.sJ;
      const sW = c.sW;
      if (K === 4) {
        // One glTF set (the usual case), unrolled: this runs for every vertex a dab changes.
        sJ[o] = eJ[o];
        sJ[o + 1] = eJ[o + 1];
        sJ[o + 2] = eJ[o + 2];
        sJ[o + 3] = eJ[o + 3];
        sW[o] = eW[o];
        sW[o + 1] = eW[o + 1];
        sW[o + 2] = eW[o + 2];
        sW[o + 3] = eW[o + 3];
      } else {
        for (let i = o; i < o + K; i++) {
          sJ[i] = eJ[i];
          sW[i] = eW[i];
        }
      }
      // Each vertex once, however many dabs of the stroke change it.
      if (c.queued[v] === 0) {
        c.queued[v] = 1;
        if (c.count === c.list.length) {
          const grown = new Int32Array(c.list.length * 2);
          grown.set(c.list);
          c.list = grown;
        }
        c.list[c.count++] = v;
      }
      return;
    }
    const oJ = c.oJ;
    const oW = c.oW;
    // A layer (not the base) comes to cover v.
    if (c.mask !== null && !(oW[o] > 0)) this.logCover(p, v);
    for (let i = o; i < o + K; i++) {
      oJ[i] = eJ[i];
      oW[i] = eW[i];
    }
    composeLayers(this.base[p], c.parts, this.shown[p] as SkinWeights, v, v + 1, this.locks[p] ?? null);
  }

  /** Logs vertex v covered (`v`) or uncovered (`~v`) by the active layer. */
  private logCover(p: number, v: number): void {
    const log = this.coverLog[p];
    if (log) log.push(v);
    else this.coverLog[p] = [v];
  }

  /** Forgets the coverage logged since {@link takeCovered} (replayed history, stray edits). */
  dropCovered(): void {
    this.flush();
    this.coverLog = [];
  }

  /**
   * What the active layer's coverage did since the last call, as the net change per primitive
   * (null: none), then forgets it: a step keeps it so that undo and redo give coverage back
   * exactly (see {@link setCovered}).
   */
  takeCovered(): CoverChange | null {
    this.flush();
    const { all, activeIndex } = this.lists();
    let out: CoverChange | null = null;
    this.coverLog.forEach((log, p) => {
      if (!log?.length || activeIndex < 0) return;
      const own = all[p][activeIndex].weights;
      const change = netCoverChange(log, (v) => hasWeights(own, v));
      if (change.length === 0) return;
      out ??= new Map();
      out.set(p, change);
    });
    this.coverLog = [];
    return out;
  }

  /**
   * Replays a step's coverage change of primitive p (see CoverChange) forwards (redo) or
   * backwards (undo): a vertex to cover takes the edit buffer's slots, one to uncover gives the
   * edit buffer the stack below back; each recomposed.
   */
  setCovered(p: number, change: ArrayLike<number>, forwards: boolean): void {
    if (!this.editBuf) return;
    this.flush();
    const { all, activeIndex } = this.lists();
    if (activeIndex < 0) return;
    const parts = all[p];
    const own = parts[activeIndex].weights;
    const edit = this.editBuf[p];
    const under = this.underBuf![p];
    const shown = this.shown[p] as SkinWeights;
    for (let k = 0; k < change.length; k++) {
      const v = coverVertex(change[k]);
      const covered = change[k] >= 0 === forwards;
      if (covered === hasWeights(own, v)) continue;
      if (covered) copySlots(edit, own, v);
      else {
        clearSlots(own, v);
        copySlots(under, edit, v);
      }
      composeLayers(this.base[p], parts, shown, v, v + 1, this.locks[p] ?? null);
    }
  }

  /** What {@link paintedVertex} needs of primitive p, made once per layout and active layer. */
  private makePaintCtx(p: number): PaintCtx {
    const { all, activeIndex } = this.lists();
    const parts = all[p];
    const edit = this.editBuf![p];
    const shown = this.shown[p] as SkinWeights;
    // The base active: its own weights are the base (composed at once, never deferred).
    const own = activeIndex < 0 ? this.base[p] : parts[activeIndex].weights;
    const ctx: PaintCtx = {
      K: edit.influences,
      vertexCount: edit.vertexCount,
      eJ: edit.joints,
      eW: edit.weights,
      sJ: shown.joints,
      sW: shown.weights,
      oJ: own.joints,
      oW: own.weights,
      mask: activeIndex < 0 ? null : parts[activeIndex].mask,
      fast: activeIndex >= 0 && this.nothingCoversAbove(parts, activeIndex),
      parts,
      list: new Int32Array(1024),
      count: 0,
      queued: new Uint8Array(edit.vertexCount),
    };
    this.paintCtx[p] = ctx;
    return ctx;
  }

  /** Copies the vertices {@link paintedVertex} deferred into the active layer's own weights. */
  flush(): void {
    for (let p = 0; p < this.paintCtx.length; p++) {
      const c = this.paintCtx[p];
      if (!c || c.count === 0) continue;
      const K = c.K;
      for (let k = 0; k < c.count; k++) {
        c.queued[c.list[k]] = 0;
        const o = c.list[k] * K;
        if (!(c.oW[o] > 0)) this.logCover(p, c.list[k]);
        for (let i = o; i < o + K; i++) {
          c.oJ[i] = c.eJ[i];
          c.oW[i] = c.eW[i];
        }
      }
      c.count = 0;
    }
  }

  /** Flushes, then forgets the paint contexts (the layout or the active layer changes). */
  private resetPaint(): void {
    this.flush();
    this.paintCtx = [];
    // What the previous layer came to cover is its steps' business (already taken at commit).
    this.coverLog = [];
  }

  /**
   * True when the active layer covers fully wherever its mask is 1 and no layer above it can
   * cover anything: there the composition is the layer's own slots (what composeLayers copies).
   */
  private nothingCoversAbove(parts: readonly WeightLayer[], activeIndex: number): boolean {
    const layer = parts[activeIndex];
    let clear = layer.visible && layer.opacity >= 1;
    for (let l = activeIndex + 1; l < parts.length && clear; l++)
      clear = !parts[l].visible || !(parts[l].opacity > 0);
    return clear;
  }

  /** Stores the mask buffer's vertices [start, end) of primitive p in the active layer's mask. */
  syncMask(p: number, start: number, end: number): number {
    this.flush();
    if (!this.maskBuf || this.activeIsBase) return 0;
    const part = this.layer(this.active).parts[p];
    const buf = this.maskBuf[p];
    let n = 0;
    for (let v = start; v < end; v++) {
      const m = buf.weightOf(v, 0);
      if (Object.is(part.mask[v], m)) continue;
      part.mask[v] = m;
      this.recompose(p, v, v + 1);
      n++;
    }
    return n;
  }

  /** {@link syncMask} for a list of vertices. */
  syncMaskAt(p: number, vertices: ArrayLike<number>): number {
    let n = 0;
    for (let k = 0; k < vertices.length; k++) n += this.syncMask(p, vertices[k], vertices[k] + 1);
    return n;
  }

  /**
   * Copy on write of vertices (`list[start..end)`, or `start..end` themselves) from the edit
   * buffer into the active layer, and their recomposition. Hoisted out of the vertex loop: this
   * runs on every dab, over thousands of vertices.
   */
  private syncRun(
    p: number,
    list: ArrayLike<number> | null,
    start: number,
    end: number,
    keepCover: boolean,
  ): number {
    const edit = this.editBuf![p];
    const { all, activeIndex } = this.lists();
    const parts = all[p];
    const shown = this.shown[p] as SkinWeights;
    const base = this.base[p];
    let n = 0;
    if (activeIndex < 0) {
      for (let k = start; k < end; k++) {
        const v = list ? list[k] : k;
        if (sameSlots(edit, base, v)) continue;
        copySlots(edit, base, v);
        composeLayers(base, parts, shown, v, v + 1, this.locks[p] ?? null);
        n++;
      }
      return n;
    }
    const layer = parts[activeIndex];
    const own = layer.weights;
    const under = this.underBuf![p];
    // Where nothing above can cover and the active layer covers fully, the composition is the
    // layer's own slots: no need to walk the stack.
    const clearAbove = this.nothingCoversAbove(parts, activeIndex);
    const K = edit.influences;
    const eJ = edit.joints;
    const eW = edit.weights;
    const oJ = own.joints;
    const oW = own.weights;
    const sJ = shown.joints;
    const sW = shown.weights;
    const mask = layer.mask;
    for (let k = start; k < end; k++) {
      const v = list ? list[k] : k;
      const o = v * K;
      if (oW[o] > 0) {
        if (sameSlots(edit, own, v)) continue;
        // Back to exactly what is below (an edit undone by hand): the layer no longer covers it.
        if (!keepCover && sameSlots(edit, under, v)) {
          clearSlots(own, v);
          this.logCover(p, ~v);
        } else copyRun(eJ, eW, oJ, oW, o, K);
      } else {
        if (sameSlots(edit, under, v)) continue;
        copyRun(eJ, eW, oJ, oW, o, K);
        this.logCover(p, v);
      }
      if (clearAbove && mask[v] >= 1 && oW[o] > 0) copyRun(oJ, oW, sJ, sW, o, K);
      else composeLayers(base, parts, shown, v, v + 1, this.locks[p] ?? null);
      n++;
    }
    return n;
  }

  /**
   * Per primitive, the layers' parts bottom to top (`all`) and those below the active layer
   * (`below`): made once per layout, not per vertex (a dab recomposes thousands of vertices).
   */
  private lists(): { all: WeightLayer[][]; below: WeightLayer[][]; activeIndex: number } {
    if (this.cache) return this.cache;
    const activeIndex = this.layers.findIndex((l) => l.id === this.active);
    const all = this.shown.map((_, p) => this.layers.map((l) => l.parts[p]));
    const below = all.map((parts) => parts.slice(0, Math.max(0, activeIndex)));
    this.cache = { all, below, activeIndex };
    return this.cache;
  }

  private recompose(p: number, start: number, end: number): void {
    composeLayers(
      this.base[p],
      this.lists().all[p],
      this.shown[p] as SkinWeights,
      start,
      end,
      this.locks[p] ?? null,
    );
  }

  /** Recomposes every vertex and refreshes the active layer's buffers (after a layer operation). */
  recomposeAll(): void {
    this.flush();
    this.cache = null;
    this.resetPaint();
    if (!this.editBuf) return;
    for (let p = 0; p < this.shown.length; p++) this.recompose(p, 0, this.shown[p].vertexCount);
    this.refreshActive();
  }

  /**
   * After a property of `layer` changed (visibility, opacity): only the vertices it has weights at
   * can look different, in the composed weights and, when it lies below the active layer, in the
   * active layer's view of what is under it.
   */
  private layerChanged(layer: StackLayer): void {
    this.resetPaint();
    if (!this.editBuf) return;
    const { all, below, activeIndex } = this.lists();
    const underToo = this.layers.indexOf(layer) < activeIndex;
    for (let p = 0; p < this.shown.length; p++) {
      const own = layer.parts[p].weights;
      const K = own.influences;
      const shown = this.shown[p] as SkinWeights;
      const base = this.base[p];
      const under = this.underBuf![p];
      const edit = this.editBuf[p];
      const active = underToo ? this.layers[activeIndex].parts[p].weights : null;
      for (let v = 0; v < own.vertexCount; v++) {
        if (!(own.weights[v * K] > 0)) continue;
        composeLayers(base, all[p], shown, v, v + 1, this.locks[p] ?? null);
        if (!active) continue;
        composeLayers(base, below[p], under, v, v + 1, this.locks[p] ?? null);
        if (!hasWeights(active, v)) copySlots(under, edit, v);
      }
    }
  }

  /** Fills the edit, under and mask buffers for the active layer. */
  private refreshActive(): void {
    this.cache = null;
    this.resetPaint();
    if (!this.editBuf) return;
    const { below, activeIndex: index } = this.lists();
    for (let p = 0; p < this.shown.length; p++) {
      const edit = this.editBuf[p];
      if (index < 0) {
        edit.joints.set(this.base[p].joints);
        edit.weights.set(this.base[p].weights);
        continue;
      }
      const under = this.underBuf![p];
      composeLayers(this.base[p], below[p], under, 0, under.vertexCount, this.locks[p] ?? null);
      const part = this.layers[index].parts[p];
      const mask = this.maskBuf![p];
      for (let v = 0; v < edit.vertexCount; v++) {
        copySlots(hasWeights(part.weights, v) ? part.weights : under, edit, v);
        putMask(mask, v, part.mask[v]);
      }
    }
  }

  /** Allocates the edit buffers (first layer). Returns true when they are new. */
  private ensureLayered(): boolean {
    if (this.editBuf) return false;
    this.base = this.shown.map((sw) => sw.clone());
    this.editBuf = this.shown.map((sw) => sw.clone());
    this.underBuf = this.shown.map((sw) => sw.clone());
    this.maskBuf = this.shown.map((sw) => new SkinWeights(sw.vertexCount, Math.max(2, sw.influences)));
    return true;
  }

  // --- Layer operations (the editor records each as an undo step around them) ---

  /** Makes `id` the layer edits go to. */
  setActive(id: number): void {
    this.flush();
    if (id !== BASE_LAYER) this.layer(id);
    if (id === this.active) return;
    this.active = id;
    this.refreshActive();
  }

  /**
   * Adds an empty layer above the active one and makes it active. Returns its id and whether the
   * edit buffers are new (painters must be rebuilt on them).
   */
  add(name?: string): { id: number; rebind: boolean } {
    this.flush();
    const rebind = this.ensureLayered();
    const id = this.nextId++;
    const layer: StackLayer = {
      id,
      name: name?.trim() || this.freeName('Layer'),
      visible: true,
      opacity: 1,
      parts: this.shown.map((sw) => emptyLayer(id, '', sw.vertexCount, sw.influences)),
    };
    this.insertAboveActive(layer);
    return { id, rebind };
  }

  /** A copy of `id` (the base too: a layer covering every vertex) above it, made active. */
  duplicate(id: number): { id: number; rebind: boolean } {
    this.flush();
    const rebind = this.ensureLayered();
    const copyId = this.nextId++;
    const from = id === BASE_LAYER ? null : this.layer(id);
    const layer: StackLayer = {
      id: copyId,
      name: this.freeName(`${from ? from.name : this.baseName} copy`),
      visible: true,
      opacity: from ? from.opacity : 1,
      parts: this.shown.map((sw, p) => {
        const part = emptyLayer(copyId, '', sw.vertexCount, sw.influences);
        part.weights = from ? from.parts[p].weights.clone() : this.base[p].clone();
        if (from) part.mask = from.parts[p].mask.slice();
        return part;
      }),
    };
    this.active = id;
    this.insertAboveActive(layer);
    return { id: copyId, rebind };
  }

  private insertAboveActive(layer: StackLayer): void {
    for (const part of layer.parts) part.opacity = layer.opacity;
    const index = this.layers.findIndex((l) => l.id === this.active);
    this.layers.splice(index + 1, 0, layer);
    this.active = layer.id;
    this.recomposeAll();
  }

  /** Deletes a layer (not the base); the one below becomes active if it was. */
  remove(id: number): void {
    this.flush();
    const index = this.layers.indexOf(this.layer(id));
    this.layers.splice(index, 1);
    if (this.active === id) this.active = index > 0 ? this.layers[index - 1].id : BASE_LAYER;
    this.recomposeAll();
  }

  /** Moves a layer to position `index` among the layers above the base (0 = just above it). */
  move(id: number, index: number): void {
    this.flush();
    const layer = this.layer(id);
    const from = this.layers.indexOf(layer);
    const to = Math.max(0, Math.min(this.layers.length - 1, Math.round(index)));
    if (from === to) return;
    this.layers.splice(from, 1);
    this.layers.splice(to, 0, layer);
    this.recomposeAll();
  }

  /** Position of a layer among those above the base (0 = just above it); -1 for the base. */
  indexOf(id: number): number {
    return id === BASE_LAYER ? -1 : this.layers.indexOf(this.layer(id));
  }

  setVisible(id: number, visible: boolean): void {
    this.flush();
    const layer = this.layer(id);
    if (layer.visible === visible) return;
    layer.visible = visible;
    for (const part of layer.parts) part.visible = visible;
    this.layerChanged(layer);
  }

  setOpacity(id: number, opacity: number): void {
    this.flush();
    if (!Number.isFinite(opacity)) throw new Error(`Opacity must be a number from 0 to 1 (got ${opacity}).`);
    const layer = this.layer(id);
    const a = Math.min(1, Math.max(0, opacity));
    if (layer.opacity === a) return;
    layer.opacity = a;
    for (const part of layer.parts) part.opacity = a;
    this.layerChanged(layer);
  }

  rename(id: number, name: string): void {
    const clean = name.trim();
    if (!clean) throw new Error('A layer needs a name.');
    if (id === BASE_LAYER) this.baseName = clean;
    else this.layer(id).name = clean;
  }

  /**
   * Merges a layer into the one below (the base too): the result looks the same over whatever is
   * below it (coverage 1 − (1 − a)(1 − b), weights blended as composition blends them). The
   * merged layer is a new object with the lower layer's id and name.
   */
  mergeDown(id: number): void {
    this.flush();
    const layer = this.layer(id);
    const index = this.layers.indexOf(layer);
    if (index === 0) {
      this.base = this.shown.map((sw, p) => {
        const out = new SkinWeights(sw.vertexCount, sw.influences);
        composeLayers(this.base[p], [layer.parts[p]], out);
        return out;
      });
      this.layers.splice(0, 1);
      this.active = BASE_LAYER;
    } else {
      const below = this.layers[index - 1];
      const merged: StackLayer = {
        id: below.id,
        name: below.name,
        visible: true,
        opacity: 1,
        parts: this.shown.map((sw, p) => mergeParts(below.parts[p], layer.parts[p], sw)),
      };
      this.layers.splice(index - 1, 2, merged);
      this.active = merged.id;
    }
    this.recomposeAll();
  }

  /** Bakes every layer into the base (the composed weights become the base), leaving no layers. */
  flatten(): void {
    this.flush();
    if (this.layers.length === 0) return;
    this.base = this.shown.map((sw) => sw.clone());
    this.layers = [];
    this.active = BASE_LAYER;
    this.recomposeAll();
  }

  /** The layout now, for undo. */
  state(): StackState {
    this.flush();
    return {
      // Before the first layer the base is the composed weights themselves, which later change:
      // keep a copy then (after, the base is replaced, never changed, by layer operations).
      base: this.editBuf ? [...this.base] : this.base.map((sw) => sw.clone()),
      baseName: this.baseName,
      layers: this.layers.map((layer) => ({
        layer,
        name: layer.name,
        visible: layer.visible,
        opacity: layer.opacity,
      })),
      active: this.active,
      nextId: this.nextId,
    };
  }

  /** Back to a layout from {@link state} (recomposes everything). */
  restore(state: StackState): { rebind: boolean } {
    this.flush();
    const rebind = state.layers.length > 0 && this.ensureLayered();
    this.base = [...state.base];
    // Names are not part of the layout: a rename is not an undo step, and undoing something
    // older must not take it back.
    this.layers = state.layers.map(({ layer, visible, opacity }) => {
      layer.visible = visible;
      layer.opacity = opacity;
      for (const part of layer.parts) {
        part.visible = visible;
        part.opacity = opacity;
      }
      return layer;
    });
    this.active = state.active;
    this.nextId = state.nextId;
    this.recomposeAll();
    return { rebind };
  }

  /** Memory a state keeps alive that the live stack may drop (rough, for the undo budget). */
  stateBytes(state: StackState): number {
    let n = 256;
    for (const { layer } of state.layers)
      for (const part of layer.parts) n += part.weights.weights.byteLength * 1.5 + part.mask.byteLength;
    return n;
  }

  // --- Saving and restoring (project files, autosave) ---

  /** The layers above the base, bottom to top, as plain arrays. */
  saved(): SavedLayer[] {
    this.flush();
    return this.layers.map((l) => ({
      name: l.name,
      visible: l.visible,
      opacity: l.opacity,
      parts: l.parts.map((part) => ({
        joints: part.weights.joints,
        weights: part.weights.weights,
        mask: part.mask,
      })),
    }));
  }

  /** The whole stack as copies (see {@link SavedStack}), or null when it has no layer above the base. */
  snapshot(): SavedStack | null {
    this.flush();
    if (this.layers.length === 0) return null;
    return {
      baseName: this.baseName,
      active: this.layers.findIndex((l) => l.id === this.active),
      base: this.base.map((sw) => ({ joints: sw.joints.slice(), weights: sw.weights.slice() })),
      layers: this.saved().map((l) => ({
        ...l,
        parts: l.parts.map((part) => ({
          joints: part.joints.slice(),
          weights: part.weights.slice(),
          mask: part.mask.slice(),
        })),
      })),
    };
  }

  /** Replaces the stack with a saved one (checked against the model; throws a clear error). */
  loadSnapshot(saved: SavedStack): { rebind: boolean } {
    const base = saved.base.map((b, p) => {
      const like = this.shown[p];
      if (!like || b.joints.length !== like.joints.length || b.weights.length !== like.weights.length)
        throw new Error('The saved layers do not fit this model (vertex counts differ).');
      return new SkinWeights(
        like.vertexCount,
        like.influences,
        Uint16Array.from(b.joints),
        Float32Array.from(b.weights),
      );
    });
    const result = this.load(base, saved.layers, saved.active);
    if (saved.baseName.trim()) this.baseName = saved.baseName.trim();
    if (saved.active < 0) this.setActive(BASE_LAYER);
    return result;
  }

  /** The base's weights of primitive p (the composed weights when there are no layers). */
  baseWeights(p: number): SkinWeights {
    return this.base[p];
  }

  /**
   * Replaces the stack with a saved one: `base` per primitive and the layers above it (checked
   * against the model's vertex counts; throws a clear error when they do not fit).
   */
  load(base: readonly SkinWeights[], layers: readonly SavedLayer[], activeIndex = -1): { rebind: boolean } {
    this.flush();
    const fits = (sw: SkinWeights, p: number) =>
      sw.vertexCount === this.shown[p].vertexCount && sw.influences === this.shown[p].influences;
    if (base.length !== this.shown.length || !base.every(fits))
      throw new Error('The saved layers do not fit this model (vertex counts differ).');
    for (const l of layers) {
      if (l.parts.length !== this.shown.length) throw new Error(`Layer "${l.name}" does not fit this model.`);
      l.parts.forEach((part, p) => {
        const n = this.shown[p].vertexCount;
        const K = this.shown[p].influences;
        if (part.joints.length !== n * K || part.weights.length !== n * K || part.mask.length !== n)
          throw new Error(`Layer "${l.name}" does not fit this model (vertex counts differ).`);
      });
    }
    // Saved data is checked before it can reach the shown (and exported) weights.
    base.forEach((sw, p) => {
      if (findInvariantViolations(sw).length > 0)
        throw new Error(`the saved base weights of primitive ${p} are not valid weights`);
    });
    for (const l of layers)
      for (const [p, part] of l.parts.entries())
        if (!validLayerSlots(part.joints, part.weights, this.shown[p].influences))
          throw new Error(
            `layer "${l.name}" holds weights that are not valid (negative, not finite or not summing to 1)`,
          );
    const rebind = layers.length > 0 && this.ensureLayered();
    this.base = base.map((sw) => (this.editBuf ? sw.clone() : sw));
    this.layers = layers.map((l) => {
      const id = this.nextId++;
      const opacity = Math.min(1, Math.max(0, l.opacity));
      return {
        id,
        name: l.name,
        visible: l.visible,
        opacity,
        parts: l.parts.map((part, p) => ({
          id,
          name: '',
          visible: l.visible,
          opacity,
          weights: new SkinWeights(
            this.shown[p].vertexCount,
            this.shown[p].influences,
            Uint16Array.from(part.joints),
            Float32Array.from(part.weights),
          ),
          mask: Float32Array.from(part.mask, (m) => Math.min(1, Math.max(0, m || 0))),
        })),
      };
    });
    this.active = this.layers[activeIndex]?.id ?? this.layers.at(-1)?.id ?? BASE_LAYER;
    if (this.editBuf) this.recomposeAll();
    return { rebind };
  }

  private freeName(stem: string): string {
    const taken = new Set([this.baseName, ...this.layers.map((l) => l.name)]);
    if (!taken.has(stem) && stem !== 'Layer') return stem;
    for (let i = 1; ; i++) if (!taken.has(`${stem} ${i}`)) return `${stem} ${i}`;
  }
}

/** Each vertex of a saved layer: no weights (not covered), or finite non-negative ones summing to 1. */
function validLayerSlots(joints: Uint16Array, weights: Float32Array, K: number): boolean {
  if (joints.length !== weights.length || weights.length % K !== 0) return false;
  for (let o = 0; o < weights.length; o += K) {
    let sum = 0;
    for (let i = o; i < o + K; i++) {
      const w = weights[i];
      if (!(w >= 0) || !Number.isFinite(w)) return false;
      sum += w;
    }
    if (sum !== 0 && Math.abs(sum - 1) > 1e-4) return false;
  }
  return true;
}

function paintedCount(sw: SkinWeights): number {
  let n = 0;
  for (let v = 0; v < sw.vertexCount; v++) if (hasWeights(sw, v)) n++;
  return n;
}

/** One layer that looks like `top` over `below` over anything (see {@link LayerStack.mergeDown}). */
function mergeParts(below: WeightLayer, top: WeightLayer, like: SkinWeights): WeightLayer {
  const out = emptyLayer(below.id, '', like.vertexCount, like.influences);
  const none = new SkinWeights(like.vertexCount, like.influences);
  // Compose over an empty base: uncovered stays empty, blends are normalised over the two.
  composeLayers(none, [below, top], out.weights);
  for (let v = 0; v < like.vertexCount; v++) {
    const a = hasWeights(below.weights, v) ? coverage(below, v) : 0;
    const b = hasWeights(top.weights, v) ? coverage(top, v) : 0;
    out.mask[v] = 1 - (1 - a) * (1 - b);
  }
  return out;
}
