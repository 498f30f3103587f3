/**
 * LayerSession: the weight layers on the Editor (issue 15) — the API the Layers panel and
 * scripts call. Every operation that changes what is shown (add with a copy, delete, reorder,
 * visibility, opacity, merge, flatten) is one undo step; choosing the active layer or the paint
 * target (weights or mask) is not an edit. The stack itself is src/layers' LayerStack, one per
 * model (kept with the model, so undoing a structure step brings its layers back).
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import {
  BASE_LAYER,
  type LayerInfo,
  LayerStack,
  type SavedStack,
  type StackState,
} from '../layers/layer-stack.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { Editor } from './editor.ts';
import { Emitter } from './emitter.ts';

/** What the brushes paint on the active layer: its weights or its mask. */
export type LayerTarget = 'weights' | 'mask';

/** What the heat map shows: the composed weights, or the active layer's own (or its mask). */
export type LayerView = 'composed' | 'layer';

export type LayerEvents = {
  /** The list, the active layer, a property, the target or the view changed. */
  changed: LayerInfo[];
};

/** Which layer (and which of its buffers) an undo step's patches belong to. */
export interface LayerTag {
  layer: number;
  mask: boolean;
}

export class LayerSession {
  readonly events = new Emitter<LayerEvents>();
  private readonly editor: Editor;
  private readonly stacks = new WeakMap<SkinnedModel, LayerStack>();
  private current: LayerStack | null = null;
  private paintTarget: LayerTarget = 'weights';
  private heatView: LayerView = 'composed';
  /** The layout before an opacity drag began (committed as one step when it ends). */
  private dragStart: { id: number; state: StackState } | null = null;

  constructor(editor: Editor) {
    this.editor = editor;
    // An opacity drag ends in its own step; any other finished edit (undo, a stroke, a layer
    // operation) means a drag start still held is stale (a drag that ended where it began).
    editor.events.on('committed', () => {
      this.dragStart = null;
    });
  }

  /** The stack of the loaded model. */
  get stack(): LayerStack {
    const model = this.editor.requireModel();
    if (this.current && this.stacks.get(model) === this.current) return this.current;
    let stack = this.stacks.get(model);
    if (!stack) {
      stack = new LayerStack(model.primitives.map((p) => p.weights));
      this.stacks.set(model, stack);
    }
    this.current = stack;
    return stack;
  }

  /**
   * Called when a model is installed. A structure step (`previous` given: meshes added, weights
   * transferred) carries the previous model's layers onto the new one: primitives that are the
   * same keep their base and layer data, new ones start on the base, and whatever the step
   * changed in the weights of kept primitives goes to the active layer (copy on write).
   */
  modelInstalled(model: SkinnedModel, previous: SkinnedModel | null): void {
    this.dragStart = null;
    if (!previous) {
      this.paintTarget = 'weights';
      this.current = null;
    }
    const before = previous ? this.stacks.get(previous) : undefined;
    if (before && before.count > 0 && !this.stacks.has(model)) this.carry(before, previous!, model);
    this.current = null;
    void this.stack;
    if (this.stack.activeIsBase) this.paintTarget = 'weights';
    this.emit();
  }

  private carry(before: LayerStack, previous: SkinnedModel, model: SkinnedModel): void {
    // The same primitive in both models: the same mesh and primitive index (structure steps copy
    // the document in order and append what they add), with the same vertex count and K.
    const key = (p: { meshIndex: number; primitiveIndex: number }) => `${p.meshIndex}/${p.primitiveIndex}`;
    const was = new Map(previous.primitives.map((p) => [key(p), p.id]));
    const from = model.primitives.map((p) => {
      const q = was.get(key(p));
      const a = q === undefined ? undefined : previous.primitives[q].weights;
      return a && a.vertexCount === p.weights.vertexCount && a.influences === p.weights.influences ? q! : -1;
    });
    const kept = (i: number) => from[i] >= 0;
    const stack = new LayerStack(model.primitives.map((p) => p.weights));
    const result = model.primitives.map((p) => p.weights.clone());
    const base = model.primitives.map((p, i) =>
      kept(i) ? before.baseWeights(from[i]).clone() : p.weights.clone(),
    );
    const layers = before.saved().map((l) => ({
      ...l,
      parts: model.primitives.map((p, i) =>
        kept(i)
          ? l.parts[from[i]]
          : {
              joints: new Uint16Array(p.weights.vertexCount * p.weights.influences),
              weights: new Float32Array(p.weights.vertexCount * p.weights.influences),
              mask: new Float32Array(p.weights.vertexCount).fill(1),
            },
      ),
    }));
    const active = before.activeIsBase ? -1 : before.indexOf(before.activeId);
    stack.load(base, layers, active);
    if (active < 0) stack.setActive(BASE_LAYER);
    // The step's result where it differs from the carried composition: onto the active layer.
    model.primitives.forEach((p, i) => {
      if (!kept(i)) return;
      const edit = stack.edit(i);
      const want = result[i];
      const K = want.influences;
      for (let v = 0; v < want.vertexCount; v++) {
        if (sameVertex(p.weights, want, v)) continue;
        edit.joints.set(want.joints.subarray(v * K, v * K + K), v * K);
        edit.weights.set(want.weights.subarray(v * K, v * K + K), v * K);
        stack.syncWeights(i, v, v + 1);
      }
    });
    // Carrying covers nothing a step could take back: the structure step swaps whole stacks.
    stack.dropCovered();
    this.stacks.set(model, stack);
    // A hidden, faded or masked active layer (or one under another) does not show all of it: say so.
    let unseen = 0;
    model.primitives.forEach((p, i) => {
      if (!kept(i)) return;
      for (let v = 0; v < p.weights.vertexCount; v++) if (!sameVertex(p.weights, result[i], v)) unseen++;
    });
    if (unseen > 0) {
      const name = stack.list().find((l) => l.active)?.name ?? 'the active layer';
      this.editor.notify({
        level: 'warning',
        message: `${unseen} vertices this step changed went to layer "${name}", which does not show them fully there (hidden, faded, masked or under another layer): show it, or flatten, to see the step's result.`,
      });
    }
  }

  /**
   * Gives `model`, before a structure step installs it, these layers (a skeleton edit that moved
   * weights between joints has moved them in every layer too) instead of carrying the current
   * model's as they are. Throws when they do not fit the model.
   */
  seed(model: SkinnedModel, saved: SavedStack): void {
    const stack = new LayerStack(model.primitives.map((p) => p.weights));
    stack.loadSnapshot(saved);
    this.stacks.set(model, stack);
  }

  /** The stack as plain data for autosave and project files (null: no layer above the base). */
  snapshot(): SavedStack | null {
    return this.editor.model ? this.stack.snapshot() : null;
  }

  /**
   * Puts a saved stack back (a restored session, an opened project): not an undo step, it is the
   * state the work was saved in. Throws a clear error when it does not fit the model.
   */
  restore(saved: SavedStack): void {
    this.editor.paintSessionEnd();
    this.dragStart = null;
    const stack = this.stack;
    stack.loadSnapshot(saved);
    this.editor.rebindPainters();
    if (stack.activeIsBase) this.paintTarget = 'weights';
    this.announceAll();
    this.emit();
  }

  /** The panel's list: top first, the base last. */
  list(): LayerInfo[] {
    return this.editor.model ? this.stack.list() : [];
  }

  get activeId(): number {
    return this.stack.activeId;
  }

  /** What brushes paint: the active layer's weights or its mask (the base has no mask). */
  get target(): LayerTarget {
    return this.paintTarget;
  }

  setTarget(target: LayerTarget): void {
    if (target !== 'weights' && target !== 'mask') throw new Error(`Unknown paint target "${target}".`);
    if (target === 'mask' && this.stack.activeIsBase)
      throw new Error('The base layer has no mask: add a layer (or pick one) to paint a mask.');
    this.editor.paintSessionEnd();
    this.paintTarget = target;
    this.emit();
  }

  /** What the heat map shows (see {@link LayerView}). */
  get view(): LayerView {
    return this.heatView;
  }

  setView(view: LayerView): void {
    if (view !== 'composed' && view !== 'layer') throw new Error(`Unknown layer view "${view}".`);
    this.heatView = view;
    this.emit();
  }

  /** Makes a layer (id or name) the one edits go to. */
  setActive(layer: number | string): void {
    const stack = this.stack;
    const id = stack.resolve(layer);
    if (id === stack.activeId) return;
    this.editor.paintSessionEnd();
    stack.setActive(id);
    if (id === BASE_LAYER) this.paintTarget = 'weights';
    this.emit();
  }

  /** Adds an empty layer above the active one and makes it active. Returns its id. */
  add(name?: string): number {
    let id = BASE_LAYER;
    this.step('Add layer', (s) => {
      id = s.add(name).id;
    });
    return id;
  }

  /** Copies a layer (default the active one; the base too) above it. Returns the copy's id. */
  duplicate(layer: number | string = this.activeId): number {
    const from = this.stack.resolve(layer);
    let id = BASE_LAYER;
    this.step('Duplicate layer', (s) => {
      id = s.duplicate(from).id;
    });
    return id;
  }

  /** Deletes a layer (default the active one; not the base). */
  remove(layer: number | string = this.activeId): void {
    const id = this.layerId(layer, 'deleted');
    this.step('Delete layer', (s) => s.remove(id));
  }

  /** Moves a layer to `index` among the layers above the base (0 = just above the base). */
  move(layer: number | string, index: number): void {
    const id = this.layerId(layer, 'moved');
    if (!Number.isFinite(index)) throw new Error(`A layer position must be a number (got ${index}).`);
    if (this.stack.indexOf(id) === Math.round(index)) return;
    this.step('Move layer', (s) => s.move(id, index));
  }

  setVisible(layer: number | string, visible: boolean): void {
    const id = this.layerId(layer, 'hidden');
    this.step(visible ? 'Show layer' : 'Hide layer', (s) => s.setVisible(id, visible));
  }

  /**
   * Sets a layer's opacity (0–1). While `dragging`, the change shows at once and becomes one
   * undo step when a call without it ends the drag.
   */
  setOpacity(layer: number | string, opacity: number, dragging = false): void {
    const id = this.layerId(layer, 'faded');
    const stack = this.stack;
    if (dragging) {
      if (this.dragStart?.id !== id) this.dragStart = { id, state: stack.state() };
      stack.setOpacity(id, opacity);
      this.announceAll();
      this.emit();
      return;
    }
    const start = this.dragStart?.id === id ? this.dragStart.state : null;
    this.dragStart = null;
    this.step('Layer opacity', (s) => s.setOpacity(id, opacity), start);
  }

  /** Renames a layer (the base too). Not an undo step: no weight changes. */
  rename(layer: number | string, name: string): void {
    const stack = this.stack;
    stack.rename(stack.resolve(layer), name);
    this.emit();
  }

  /** Merges a layer (default the active one) into the layer below it. */
  mergeDown(layer: number | string = this.activeId): void {
    const id = this.layerId(layer, 'merged down');
    this.step('Merge layer down', (s) => s.mergeDown(id));
  }

  /** Bakes every layer into the base. */
  flatten(): void {
    if (this.stack.count === 0) return;
    this.step('Flatten layers', (s) => s.flatten());
  }

  /**
   * The heat map's value per vertex of `primitive` for joint `joint` (id) in the layer view: the
   * active layer's own weight (0 where it painted nothing), or its mask when painting masks.
   * Writes [start, end) of `out`.
   */
  heatValues(primitive: number, joint: number | null, out: Float32Array, start = 0, end = out.length): void {
    const stack = this.stack;
    if (this.paintTarget === 'mask' && !stack.activeIsBase) {
      const mask = stack.ownMask(primitive)!;
      out.set(mask.subarray(start, end), start);
      return;
    }
    const model = this.editor.requireModel();
    const prim = model.primitives[primitive];
    const j = joint === null ? -1 : model.skins[prim.skins[0]].joints.indexOf(joint);
    const sw = stack.ownWeights(primitive);
    for (let v = start; v < end; v++) out[v] = j < 0 ? 0 : sw.weightOf(v, j);
  }

  private layerId(layer: number | string, verb: string): number {
    const id = this.stack.resolve(layer);
    if (id === BASE_LAYER)
      throw new Error(`The base layer cannot be ${verb}: it is the bottom of the stack.`);
    return id;
  }

  /** Runs a layer operation as one undo step (before/after layouts swapped by undo and redo). */
  private step(label: string, op: (stack: LayerStack) => void, from: StackState | null = null): void {
    this.editor.paintSessionEnd();
    const stack = this.stack;
    const before = from ?? stack.state();
    op(stack);
    const after = stack.state();
    if (stack.activeIsBase) this.paintTarget = 'weights';
    const restore = (state: StackState) => {
      const s = this.stack;
      if (s.restore(state).rebind) this.editor.rebindPainters();
      if (s.activeIsBase) this.paintTarget = 'weights';
      this.announceAll();
      this.emit();
    };
    this.editor.rebindPainters();
    this.editor.commitStep(label, [], null, {
      undo: () => restore(before),
      redo: () => restore(after),
      bytes: stack.stateBytes(before),
    });
    this.announceAll();
    this.emit();
  }

  /** Every vertex changed (views redraw), without syncing the edit buffers back. */
  private announceAll(): void {
    const model = this.editor.requireModel();
    this.editor.announceComposed(
      model.primitives.map((p) => ({ primitive: p.id, start: 0, end: p.weights.vertexCount })),
    );
  }

  private emit(): void {
    this.events.emit('changed', this.list());
  }
}

function sameVertex(a: SkinWeights, b: SkinWeights, v: number): boolean {
  const K = a.influences;
  for (let i = v * K; i < v * K + K; i++)
    if (a.joints[i] !== b.joints[i] || !Object.is(a.weights[i], b.weights[i])) return false;
  return true;
}
