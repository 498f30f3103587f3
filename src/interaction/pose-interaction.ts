/**
 * PoseInteraction: Pose mode's rotate gizmo as a state machine over plain pointer events and an
 * injected ring picker:
 *
 *   idle ──left press on a ring──▶ turning ──release / cancel──▶ idle
 *                                    (each move turns the joint by the angle gained since the last)
 *
 * A press off the rings (or another button, or Alt) passes to the camera, so a rigger orbits
 * without leaving the mode. Turning is not an edit of the weights: no undo step, as a slider.
 */
import type { PointerInput, PointerSample } from './paint-interaction.ts';

/** A ring grabbed at a press: its world axis, and the angle turned so far for a pointer position. */
export interface RingGrab {
  readonly axis: readonly [number, number, number];
  angle(x: number, y: number): number;
}

export interface PoseInteractionOptions<G extends RingGrab> {
  /** The ring under a press, grabbed there; null off the rings. */
  grab: (sample: PointerSample) => G | null;
  /** Turns the joint by `radians` about the world `axis`. */
  turn: (axis: readonly [number, number, number], radians: number) => void;
  /** False while nothing can be turned (no model, no joint): presses pass. */
  enabled?: () => boolean;
}

/** Angles below this are not worth a pose change (pointer jitter). */
const MIN_TURN = 1e-7;

export class PoseInteraction<G extends RingGrab = RingGrab> {
  private drag: { pointerId: number; ring: G; applied: number } | null = null;

  constructor(private readonly options: PoseInteractionOptions<G>) {}

  get state(): 'idle' | 'turning' {
    return this.drag ? 'turning' : 'idle';
  }

  /** The ring being turned (for highlighting), or null. */
  get grabbed(): G | null {
    return this.drag?.ring ?? null;
  }

  down(e: PointerInput): 'pass' | 'turning' {
    if (this.drag || e.button !== 0 || e.altKey || this.options.enabled?.() === false) return 'pass';
    const ring = this.options.grab(e);
    if (!ring) return 'pass';
    this.drag = { pointerId: e.pointerId, ring, applied: 0 };
    return 'turning';
  }

  /** Turns by the angle gained since the last move; false when this move is not the drag's or too small. */
  move(e: Pick<PointerInput, 'x' | 'y' | 'pointerId'>): boolean {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return false;
    const angle = d.ring.angle(e.x, e.y);
    const delta = angle - d.applied;
    if (Math.abs(delta) < MIN_TURN) return false;
    d.applied = angle;
    this.options.turn(d.ring.axis, delta);
    return true;
  }

  /** True when it ended the drag. */
  up(e: Pick<PointerInput, 'pointerId'>): boolean {
    if (!this.drag || e.pointerId !== this.drag.pointerId) return false;
    this.drag = null;
    return true;
  }

  cancel(): void {
    this.drag = null;
  }
}
