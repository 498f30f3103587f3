/**
 * SelectInteraction: Select mode's pointer as a state machine over plain pointer events, an
 * injected picker and the camera's view:
 *
 *   idle ──left press──▶ dragging ──release within CLICK_SLOP──▶ click: the vertex under it
 *                           │        (nothing there: Replace clears the selection)
 *                           └──────release farther──────────▶ box, or lasso (Alt or the toggle)
 *
 * Shift adds (Shift+click on a selected vertex deselects it, as in Blender and Maya), Ctrl (or
 * Cmd) subtracts with a box or lasso. A Ctrl+click selects nothing: in every mode it picks the
 * joint under the pointer (app/viewport/joint-pick.ts). While dragging, the camera must not orbit
 * (the press is the machine's); other buttons pass to the camera.
 */
import type { ScreenFacing, SelectionView, SelectMode, VertexRef } from '../editor/selection-session.ts';
import type { PointerInput, PointerSample } from './paint-interaction.ts';

/** A press that moves less than this (pixels) is a click, not a box. */
export const CLICK_SLOP = 4;

/** What the machine needs of the selection (the editor's SelectionSession has all of it). */
export interface SelectionTarget {
  click(
    hit: { primitive: number; point: readonly [number, number, number] },
    mode: SelectMode,
  ): VertexRef | null;
  none(): number;
  /** Whether the vertex a click on `hit` would pick is selected (Shift+click then deselects it). */
  selectedAt?(hit: { primitive: number; point: readonly [number, number, number] }): boolean;
  box(
    rect: { x0: number; y0: number; x1: number; y1: number },
    view: SelectionView,
    options: { mode: SelectMode; facing: ScreenFacing },
  ): number;
  lasso(
    points: ArrayLike<number>,
    view: SelectionView,
    options: { mode: SelectMode; facing: ScreenFacing },
  ): number;
}

/** The camera a drag is read with; `left`/`top` place the viewport in the pointer's coordinates. */
export interface SelectViewport extends SelectionView {
  left: number;
  top: number;
}

export interface SelectInteractionOptions {
  /** The surface point under a sample (mesh space), or null off the mesh. */
  pick: (sample: PointerSample) => { primitive: number; point: readonly [number, number, number] } | null;
  view: () => SelectViewport;
  /** Lasso without Alt (the panel's toggle). */
  lasso?: () => boolean;
  facing?: () => ScreenFacing;
  /** False while nothing is loaded: presses pass. */
  enabled?: () => boolean;
}

/** The band to draw while dragging (pointer coordinates). */
export interface SelectBand {
  x0: number;
  y0: number;
  width: number;
  height: number;
  lasso: boolean;
}

/** What a release did ('joint': a Ctrl+click, left to the joint picker). */
export type SelectOutcome =
  | { kind: 'click'; vertex: VertexRef | null }
  | { kind: 'box' | 'lasso'; count: number }
  | { kind: 'joint' }
  | { kind: 'none' };

export const selectModeOf = (e: Pick<PointerInput, 'shiftKey' | 'ctrlKey' | 'metaKey'>): SelectMode =>
  e.shiftKey ? 'add' : e.ctrlKey || e.metaKey ? 'subtract' : 'replace';

interface Drag {
  x: number;
  y: number;
  pointerId: number;
  lasso: boolean;
  path: number[];
}

export class SelectInteraction {
  private drag: Drag | null = null;

  constructor(
    private readonly selection: SelectionTarget,
    private readonly options: SelectInteractionOptions,
  ) {}

  get state(): 'idle' | 'dragging' {
    return this.drag ? 'dragging' : 'idle';
  }

  /** 'dragging' when the press is the selection's (capture it, keep the camera still), else 'pass'. */
  down(e: PointerInput): 'pass' | 'dragging' {
    if (this.drag || e.button !== 0 || this.options.enabled?.() === false) return 'pass';
    const lasso = e.altKey === true || this.options.lasso?.() === true;
    this.drag = { x: e.x, y: e.y, pointerId: e.pointerId, lasso, path: [e.x, e.y] };
    return 'dragging';
  }

  /** The band to draw for a move of the dragging pointer; null otherwise (a hover). */
  move(e: Pick<PointerInput, 'x' | 'y' | 'pointerId'>): SelectBand | null {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return null;
    d.path.push(e.x, e.y);
    return {
      x0: Math.min(d.x, e.x),
      y0: Math.min(d.y, e.y),
      width: Math.abs(e.x - d.x),
      height: Math.abs(e.y - d.y),
      lasso: d.lasso,
    };
  }

  /** Selects what the drag drew (or the clicked vertex); throws what the selection throws. */
  up(e: PointerInput): SelectOutcome {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return { kind: 'none' };
    this.drag = null;
    const mode = selectModeOf(e);
    const facing = this.options.facing?.() ?? 'visible';
    if (Math.hypot(e.x - d.x, e.y - d.y) < CLICK_SLOP) {
      if (mode === 'subtract') return { kind: 'joint' };
      const hit = this.options.pick(e);
      const toggle = mode === 'add' && hit !== null && this.selection.selectedAt?.(hit) === true;
      const vertex = hit ? this.selection.click(hit, toggle ? 'subtract' : mode) : null;
      if (!vertex && mode === 'replace') this.selection.none();
      return { kind: 'click', vertex };
    }
    const view = this.options.view();
    if (d.lasso) {
      const local = d.path.map((v, i) => v - (i % 2 === 0 ? view.left : view.top));
      return { kind: 'lasso', count: this.selection.lasso(local, view, { mode, facing }) };
    }
    const rect = { x0: d.x - view.left, y0: d.y - view.top, x1: e.x - view.left, y1: e.y - view.top };
    return { kind: 'box', count: this.selection.box(rect, view, { mode, facing }) };
  }

  /** Drops a drag in progress (the mode was left). */
  cancel(): void {
    this.drag = null;
  }
}
