/**
 * UndoStack: the editor's history of weight changes. Each step is a list of WeightPatches (one
 * per touched primitive). Marks work as in tldraw: `mark()` before a multi-part action, then
 * `bailToMark` to throw its steps away (cancel) or `squashToMark` to make them one step. The
 * memory held is bounded: past `maxBytes`, the oldest steps are dropped (and reported).
 *
 * The stack holds data only: the caller applies an entry's `before` (undo) or `after` (redo)
 * slots with `applyWeightPatch`, its `structure` change when it has one, and its coverage change
 * (`covered`) on weight layers.
 */
import { type CoverChange, coverChangeBytes, mergeCoverChanges } from './cover-change.ts';
import { mergeWeightPatches, type WeightPatch, weightPatchBytes } from './weight-patch.ts';

/**
 * A change of the model itself (a skin created): the editor swaps whole models, so the step
 * carries how to go back and forth. Undo reverts the patches first, then `undo()`; redo calls
 * `redo()` first, then applies the patches (they belong to the model after the change).
 */
export interface StructureChange {
  undo(): void;
  redo(): void;
  /** Memory the change keeps alive (the model it can go back to). */
  bytes: number;
}

/** One undoable step. */
export interface UndoEntry {
  /** What the user did ("Draw stroke", "Flood"), for menus and notices. */
  label: string;
  patches: WeightPatch[];
  /** Set when the step also changed the model's structure. */
  structure?: StructureChange;
  /** Memory held by the patches, the coverage change and what the structure change keeps. */
  bytes: number;
  /** The weight layer (and whether its mask) the patches were made on; absent: the base's weights. */
  layer?: { layer: number; mask: boolean };
  /**
   * What the step did to its layer's coverage (see CoverChange: the vertices it came to cover,
   * and those a tool put back to the stack below): undo plays it backwards, redo forwards (a
   * brush covers what it touched, even a vertex left at the value it had). Empty is meaningful:
   * undo and redo then keep coverage as it is while the patches go back and forth. Absent (mask,
   * un-layered and structure steps): coverage follows the weights.
   */
  covered?: CoverChange;
  /** Order of creation (marks compare against it). */
  serial: number;
  /** A stable name for the step, given by whoever saves it (autosave): kept through a restore. */
  key?: string;
}

/** A step as {@link UndoStack.load} takes it back: data only (no structure change can be loaded). */
export type LoadedStep = Pick<UndoEntry, 'label' | 'patches' | 'layer' | 'covered' | 'key'>;

/** Options of {@link UndoStack}. */
export interface UndoStackOptions {
  /** Most memory the steps may hold together (default 512 MB). */
  maxBytes?: number;
  /** Told when old steps are dropped to stay within `maxBytes`. */
  onDrop?: (steps: number, bytes: number) => void;
}

/** Defaults of {@link UndoStackOptions}. */
export const UNDO_STACK_DEFAULTS = { maxBytes: 512 * 1024 * 1024 };

/** A position in the stack returned by {@link UndoStack.mark}. */
export type UndoMark = number;

export class UndoStack {
  maxBytes: number;
  private onDrop: ((steps: number, bytes: number) => void) | null;
  private done: UndoEntry[] = [];
  private undone: UndoEntry[] = [];
  private serial = 0;
  private held = 0;

  constructor(options: UndoStackOptions = {}) {
    this.maxBytes = options.maxBytes ?? UNDO_STACK_DEFAULTS.maxBytes;
    this.onDrop = options.onDrop ?? null;
  }

  /** Memory held by all steps (undo and redo). */
  get bytes(): number {
    return this.held;
  }
  get canUndo(): boolean {
    return this.done.length > 0;
  }
  get canRedo(): boolean {
    return this.undone.length > 0;
  }
  /** Steps that can be undone. */
  get undoCount(): number {
    return this.done.length;
  }
  get redoCount(): number {
    return this.undone.length;
  }

  /** The steps, oldest first, and the undone ones (the last is the next to redo). Read only. */
  get steps(): { done: readonly UndoEntry[]; undone: readonly UndoEntry[] } {
    return { done: this.done, undone: this.undone };
  }

  /**
   * Replaces every step with `done` (oldest first) and `undone` (the last is the next to redo): a
   * history brought back from a saved session. Memory is counted, and bounded, as for new steps.
   */
  load(done: readonly LoadedStep[], undone: readonly LoadedStep[]): void {
    this.clear();
    const make = (step: LoadedStep): UndoEntry => {
      const bytes = step.patches.reduce((n, p) => n + weightPatchBytes(p), coverChangeBytes(step.covered));
      this.held += bytes;
      return {
        label: step.label,
        patches: step.patches,
        bytes,
        serial: this.serial++,
        ...(step.layer && { layer: step.layer }),
        ...(step.covered && { covered: step.covered }),
        ...(step.key !== undefined && { key: step.key }),
      };
    };
    this.done = done.map(make);
    this.undone = undone.map(make);
    this.enforceLimit();
  }

  /**
   * Records a step (none when `patches` is empty and there is no `structure` change, unless
   * `keepEmpty`: a stroke that changed no weight but gave its layer vertices to cover); clears
   * the redo steps.
   */
  push(
    label: string,
    patches: WeightPatch[],
    structure?: StructureChange,
    keepEmpty = false,
  ): UndoEntry | null {
    if (patches.length === 0 && !structure && !keepEmpty) return null;
    for (const e of this.undone) this.held -= e.bytes;
    this.undone = [];
    const bytes = patches.reduce((n, p) => n + weightPatchBytes(p), structure?.bytes ?? 0);
    const entry: UndoEntry = {
      label,
      patches,
      bytes,
      serial: this.serial++,
      ...(structure && { structure }),
    };
    this.done.push(entry);
    this.held += bytes;
    this.enforceLimit();
    return entry;
  }

  /**
   * Gives the last step what it did to its layer's coverage (known only once the step's weights
   * went into the layer), counted in the memory held.
   */
  setCoverChange(entry: UndoEntry, covered: CoverChange): void {
    if (this.done[this.done.length - 1] !== entry) throw new Error('Only the last step takes its coverage.');
    const bytes = coverChangeBytes(covered) - coverChangeBytes(entry.covered);
    entry.covered = covered;
    entry.bytes += bytes;
    this.held += bytes;
    this.enforceLimit();
  }

  /** The step to revert (apply its `before`), now moved to the redo side; null when none. */
  undo(): UndoEntry | null {
    const entry = this.done.pop();
    if (!entry) return null;
    this.undone.push(entry);
    return entry;
  }

  /** The step to re-apply (its `after`); null when none. */
  redo(): UndoEntry | null {
    const entry = this.undone.pop();
    if (!entry) return null;
    this.done.push(entry);
    return entry;
  }

  /** Remembers the current position: steps pushed after it can be bailed or squashed. */
  mark(): UndoMark {
    return this.serial;
  }

  /**
   * Removes the steps pushed since `mark`, newest first, and returns them: the caller reverts
   * each (applies `before`, in the returned order). Redo steps are kept.
   */
  bailToMark(mark: UndoMark): UndoEntry[] {
    const out: UndoEntry[] = [];
    while (this.done.length && this.done[this.done.length - 1].serial >= mark) {
      const e = this.done.pop()!;
      this.held -= e.bytes;
      out.push(e);
    }
    return out;
  }

  /** Merges the steps pushed since `mark` into one (labelled `label`, default the first's). */
  squashToMark(mark: UndoMark, label?: string): UndoEntry | null {
    let i = this.done.length;
    while (i > 0 && this.done[i - 1].serial >= mark) i--;
    // Patches after a structure change belong to the new model: only the first step may change it.
    if (this.done.slice(i + 1).some((s) => s.structure))
      throw new Error('Cannot squash a model change that follows other steps.');
    const steps = this.done.splice(i);
    if (steps.length === 0) return null;
    const byPrimitive = new Map<number, WeightPatch>();
    for (const step of steps) {
      this.held -= step.bytes;
      for (const p of step.patches) {
        const prev = byPrimitive.get(p.primitive);
        byPrimitive.set(p.primitive, prev ? mergeWeightPatches(prev, p) : p);
      }
    }
    // The steps' coverage changes one after the other: covered by one, uncovered by a later one
    // is no change.
    let covered: CoverChange | undefined;
    for (const step of steps) if (step.covered) covered = mergeCoverChanges(covered ?? null, step.covered);
    const structure = steps[0].structure;
    const patches = [...byPrimitive.values()];
    const bytes =
      patches.reduce((n, p) => n + weightPatchBytes(p), structure?.bytes ?? 0) + coverChangeBytes(covered);
    // The layer of the first step that changed weights or coverage (a stroke may only cover).
    const layer = steps.find((s) => s.patches.length || s.covered?.size)?.layer;
    const entry: UndoEntry = {
      label: label ?? steps[0].label,
      patches,
      bytes,
      serial: steps[0].serial,
      ...(structure && { structure }),
      ...(layer && { layer }),
      ...(covered && { covered }),
    };
    this.done.push(entry);
    this.held += bytes;
    this.enforceLimit();
    return entry;
  }

  /** Forgets every step (a new model was loaded). */
  clear(): void {
    this.done = [];
    this.undone = [];
    this.held = 0;
  }

  /** Drops the oldest steps (redo side first: they are the least likely to be wanted). */
  private enforceLimit(): void {
    let steps = 0;
    let bytes = 0;
    // Never drop the newest step: a single huge flood still gets its one undo.
    while (this.held > this.maxBytes && this.done.length + this.undone.length > 1) {
      const e = this.undone.length ? this.undone.shift()! : this.done.shift()!;
      this.held -= e.bytes;
      steps++;
      bytes += e.bytes;
    }
    if (steps > 0) this.onDrop?.(steps, bytes);
  }
}
