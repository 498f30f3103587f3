/**
 * SkeletonInteraction: Skeleton mode's pointer as a state machine over plain pointer events and
 * injected pickers, so the viewport and the Node test editor make the same decisions:
 *
 *   idle ──left press on a gizmo handle (an arrow, the centre, a ring)──▶ moving ──release──▶ idle (the drag is ONE undo step)
 *     │                                       ├──release before moving 3 px──▶ idle: a click
 *     │                                       └──Esc / pointer cancel──▶ idle (nothing changed)
 *     └──left press on the mesh while placing (before any handle)──▶ placed: a new joint there
 *
 * While moving, each pointer move asks the handle where the joint goes (a point on the grabbed
 * axis, on the screen plane, or at the limb's centre under the pointer) or how it is turned (a
 * ring of the rotate gizmo: a world rotation) and hands it to the drag,
 * which shows it live; release commits it. Any other press (another button, Alt, off the handles)
 * passes to the camera, so a rigger orbits without leaving the mode.
 */
import type { PointerInput, PointerSample } from './paint-interaction.ts';

type V3 = [number, number, number];
type Quat = [number, number, number, number];

/** A gizmo handle grabbed at a press: where the joint goes for a later pointer position. */
export interface HandleGrab {
  /** Which handle ('x', 'y', 'z', 'screen', or a ring of the rotate gizmo): for highlighting. */
  readonly handle: string;
  /**
   * The joint's new world position (a move handle) or world rotation x, y, z, w (a ring) for the
   * pointer at (x, y); null keeps the last one.
   */
  target(sample: PointerSample, modifiers: { ctrlKey: boolean; shiftKey: boolean }): V3 | Quat | null;
}

/** A live edit: shown as it goes, one undo step when committed, nothing when cancelled. */
export interface LiveDrag {
  update(to: V3 | Quat): void;
  commit(): void;
  cancel(): void;
}

export interface SkeletonInteractionOptions<G extends HandleGrab> {
  /** The gizmo handle under a press, or null off the handles. */
  grab: (sample: PointerSample) => G | null;
  /** Starts a live move of the selected joint (null: refused, e.g. no joint selected). */
  begin: (grab: G) => LiveDrag | null;
  /** True while a click on the mesh places a joint (Add joint). */
  placing?: () => boolean;
  /** A click on the mesh while placing: true when it placed one (a miss passes to the camera). */
  place?: (sample: PointerSample) => boolean;
  /** False while nothing can be edited (no model): presses pass. */
  enabled?: () => boolean;
  /**
   * A press on a handle released without dragging: a click (a joint's ball under an arrow
   * selects that joint). The live edit is cancelled first.
   */
  clicked?: (grab: G) => void;
  /** The pointer must travel this far (px) from the press before the joint moves: a click never nudges it. */
  threshold?: number;
}

/** Default {@link SkeletonInteractionOptions.threshold}, px. */
export const DRAG_THRESHOLD_PX = 3;

export class SkeletonInteraction<G extends HandleGrab = HandleGrab> {
  private drag: {
    pointerId: number;
    grab: G;
    live: LiveDrag;
    moved: boolean;
    press: { x: number; y: number };
  } | null = null;

  constructor(private readonly options: SkeletonInteractionOptions<G>) {}

  get state(): 'idle' | 'moving' {
    return this.drag ? 'moving' : 'idle';
  }

  /** The handle being dragged (for highlighting), or null. */
  get grabbed(): G | null {
    return this.drag?.grab ?? null;
  }

  /** What a press did: 'pass' (the camera's), 'moving' (a handle grabbed) or 'placed' (a joint added). */
  down(e: PointerInput): 'pass' | 'moving' | 'placed' {
    if (this.drag || e.button !== 0 || e.altKey || this.options.enabled?.() === false) return 'pass';
    // Placing a joint (E) takes the click first: the new joint goes where the rigger pointed.
    if (this.options.placing?.() && this.options.place?.(e)) return 'placed';
    const grab = this.options.grab(e);
    const live = grab && this.options.begin(grab);
    if (!grab || !live) return 'pass';
    this.drag = { pointerId: e.pointerId, grab, live, moved: false, press: { x: e.x, y: e.y } };
    return 'moving';
  }

  /** Moves the joint to where the handle says; false when this move is not the drag's. */
  move(e: Pick<PointerInput, 'x' | 'y' | 'pointerId' | 'ctrlKey' | 'shiftKey' | 'metaKey'>): boolean {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return false;
    const threshold = this.options.threshold ?? DRAG_THRESHOLD_PX;
    if (!d.moved && Math.hypot(e.x - d.press.x, e.y - d.press.y) < threshold) return false;
    const to = d.grab.target(e, { ctrlKey: !!(e.ctrlKey || e.metaKey), shiftKey: !!e.shiftKey });
    if (!to?.every(Number.isFinite)) return false;
    d.live.update(to);
    d.moved = true;
    return true;
  }

  /** Ends the drag: committed as one step when the joint moved. True when it ended a drag. */
  up(e: Pick<PointerInput, 'pointerId'>): boolean {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return false;
    this.drag = null;
    if (d.moved) d.live.commit();
    else {
      d.live.cancel();
      this.options.clicked?.(d.grab);
    }
    return true;
  }

  /** Drops a drag in progress: the joint goes back where it was, no step. */
  cancel(): void {
    const d = this.drag;
    this.drag = null;
    d?.live.cancel();
  }
}
