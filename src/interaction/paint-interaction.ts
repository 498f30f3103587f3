/**
 * PaintInteraction: Paint mode's pointer as a small state machine over plain pointer events and
 * an injected surface picker, so the viewport and the Node test editor drive the same decisions:
 *
 *   idle ──left press on the mesh──▶ painting ──release / cancel──▶ idle
 *     │                                  (the stroke takes every move of that pointer)
 *     ├──left press on the mesh, the editor refuses (no joint, locked)──▶ refused ──release──▶ idle
 *     └──Ctrl + left press on the mesh──▶ armed ──moved past CLICK_SLOP──▶ painting (inverted,
 *                                          │      from the press point) or refused
 *                                          └──release──▶ idle: a Ctrl+click, the joint picker's
 *
 * Any other press (another button, Alt+left, off the mesh, or while something else holds the
 * pointer such as the radial control) is passed on: the orbit controls take it, as in Blender.
 * A press on the mesh is the brush's even when refused: it must not orbit or pick a bone.
 */
import type { BrushModifiers } from '../editor/brush-settings.ts';
import type { StrokeInput } from '../editor/paint-record.ts';
import { CLICK_SLOP } from './select-interaction.ts';

/** A pointer position in the picker's coordinates (page pixels in the app). */
export interface PointerSample {
  x: number;
  y: number;
  /** Pen pressure in [0, 1]; 1 for a mouse. */
  pressure?: number;
}

/** The parts of a DOM PointerEvent the machines read. */
export interface PointerInput extends PointerSample {
  pointerId: number;
  /** 0 left, 1 middle, 2 right. */
  button: number;
  altKey?: boolean;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** A move's coalesced samples (a fast pen gives many per frame); the event itself when absent. */
  samples?: readonly PointerSample[];
}

/** Where a sample meets the paint surface: the stroke input there, and world units per pixel. */
export interface SurfaceHit {
  input: StrokeInput;
  worldPerPixel: number;
}

/** What the machine needs of painting (the editor's PaintSession has all of it). */
export interface PaintStrokes {
  readonly painting: boolean;
  beginStroke(input: StrokeInput, modifiers: BrushModifiers): boolean;
  strokeTo(input: StrokeInput): void;
  endStroke(): unknown;
}

export interface PaintInteractionOptions {
  /** The surface under a sample, or null off the mesh. */
  pick: (sample: PointerSample) => SurfaceHit | null;
  /** True while something else holds the pointer (the radial size control): presses pass. */
  blocked?: () => boolean;
  /** Called with the first hit before the stroke begins (the app turns a pixel radius into world units there). */
  beforeStroke?: (hit: SurfaceHit) => void;
}

/**
 * What a press did: 'pass' (not the brush's: let the camera have it), 'refused', 'painting', or
 * 'armed' (Ctrl held: an inverted stroke once it moves, a Ctrl+click if it does not).
 */
export type PressOutcome = 'pass' | 'refused' | 'painting' | 'armed';

/**
 * What a release did: 'ended' a stroke, 'released' a refused press, 'clicked' (a Ctrl press that
 * never moved: nothing painted, the joint picker's click), or 'none'.
 */
export type ReleaseOutcome = 'ended' | 'released' | 'clicked' | 'none';

export type PaintState = 'idle' | 'painting' | 'refused' | 'armed';

export const modifiersOf = (e: Pick<PointerInput, 'shiftKey' | 'ctrlKey' | 'metaKey'>): BrushModifiers => ({
  smooth: e.shiftKey === true,
  invert: e.ctrlKey === true || e.metaKey === true,
});

export class PaintInteraction {
  private current: PaintState = 'idle';
  /** The pointer that holds the stroke or the refused press. */
  private pointer: number | null = null;
  /** An armed (Ctrl) press: where it was, its surface hit and modifiers, until it moves. */
  private pending: {
    x: number;
    y: number;
    hit: SurfaceHit;
    pressure: number;
    modifiers: BrushModifiers;
  } | null = null;

  constructor(
    private readonly strokes: PaintStrokes,
    private readonly options: PaintInteractionOptions,
  ) {}

  get state(): PaintState {
    // A stroke ended or cancelled from elsewhere (Escape, undo, a mode change) is over here too.
    if (this.current === 'painting' && !this.strokes.painting) this.reset();
    return this.current;
  }

  /** The left button is held on the mesh (painting or refused): the cursor stays where it is. */
  get pressed(): boolean {
    return this.state !== 'idle';
  }

  down(e: PointerInput): PressOutcome {
    if (this.state !== 'idle' || e.button !== 0 || e.altKey || this.options.blocked?.()) return 'pass';
    const hit = this.options.pick(e);
    if (!hit) return 'pass';
    this.pointer = e.pointerId;
    const modifiers = modifiersOf(e);
    // Ctrl: Ctrl+click picks a joint from the surface (every mode), Ctrl+drag paints inverted.
    if (modifiers.invert) {
      this.pending = { x: e.x, y: e.y, hit, pressure: e.pressure ?? 1, modifiers };
      this.current = 'armed';
      return 'armed';
    }
    return this.begin(hit, e.pressure ?? 1, modifiers);
  }

  private begin(hit: SurfaceHit, pressure: number, modifiers: BrushModifiers): 'painting' | 'refused' {
    this.options.beforeStroke?.(hit);
    this.current = this.strokes.beginStroke({ ...hit.input, pressure }, modifiers) ? 'painting' : 'refused';
    return this.current;
  }

  /** Continues the stroke through every sample on the mesh; returns how many were painted. */
  move(e: PointerInput): number {
    const armed = this.pending;
    if (this.state === 'armed' && armed && e.pointerId === this.pointer) {
      // Still a click; past the slop it is a stroke from the press point.
      if (Math.hypot(e.x - armed.x, e.y - armed.y) < CLICK_SLOP) return 0;
      this.pending = null;
      if (this.begin(armed.hit, armed.pressure, armed.modifiers) !== 'painting') return 0;
    }
    if (this.state !== 'painting' || e.pointerId !== this.pointer) return 0;
    let painted = 0;
    for (const sample of e.samples ?? [e]) {
      const hit = this.options.pick(sample);
      if (!hit) continue; // off the mesh: skipped, the stroke goes on where it comes back
      this.strokes.strokeTo({ ...hit.input, pressure: sample.pressure ?? 1 });
      painted++;
    }
    return painted;
  }

  up(e: Pick<PointerInput, 'pointerId'>): ReleaseOutcome {
    const state = this.state;
    if (state === 'idle' || e.pointerId !== this.pointer) return 'none';
    this.reset();
    if (state === 'refused') return 'released';
    if (state === 'armed') return 'clicked';
    if (this.strokes.painting) this.strokes.endStroke();
    return 'ended';
  }

  /** Ends a stroke in progress (leaving the mode keeps what was painted: one undo step). */
  finish(): void {
    if (this.state === 'painting') this.up({ pointerId: this.pointer! });
    this.reset();
  }

  private reset(): void {
    this.current = 'idle';
    this.pointer = null;
    this.pending = null;
  }
}
