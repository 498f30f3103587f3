import type { PagePoint } from '../pose/rotate-gizmo.ts';
import type { JointMarker } from '../viewport/bone-layout.ts';
import type { TurnHandle } from './turn-gizmo.ts';

/** Where Skeleton mode's gizmo is on the page: for scripts and tests that drag it. */
export interface MoveGizmoInfo {
  /** The joint it moves (node index). */
  joint: number;
  /** The gizmo shown: the translate arrows (G) or the rotate rings (R). */
  tool: 'move' | 'rotate';
  /** The centre (the screen-plane handle). */
  center: PagePoint;
  /** Each arrow from where its shaft starts to its tip, and |axis · view| (1: pointing at the camera). */
  arrows: Record<'x' | 'y' | 'z', { from: PagePoint; tip: PagePoint; facing: number }>;
  /** Points around each ring of the rotate gizmo on the page (about a world axis, or the view). */
  rings: Record<TurnHandle, PagePoint[]>;
}

let markersFn: () => readonly JointMarker[] = () => [];
let gizmoFn: () => MoveGizmoInfo | null = () => null;

/** The joint balls as drawn now (the viewport registers them in Skeleton mode). */
export const jointMarkersBridge = {
  register(fn: () => readonly JointMarker[]): () => void {
    markersFn = fn;
    return () => {
      if (markersFn === fn) markersFn = () => [];
    };
  },
  list(): readonly JointMarker[] {
    return markersFn();
  },
};

/** The translate gizmo as on screen; kept outside React like viewport-bridge.ts. */
export const moveGizmoBridge = {
  register(fn: () => MoveGizmoInfo | null): () => void {
    gizmoFn = fn;
    return () => {
      if (gizmoFn === fn) gizmoFn = () => null;
    };
  },
  /** Null when none is shown (not Skeleton mode, no joint selected). */
  info(): MoveGizmoInfo | null {
    return gizmoFn();
  },
};
