import type { GizmoAxis, PagePoint } from './rotate-gizmo.ts';

/** Where the rotate gizmo is on the page: for scripts and tests that drag its rings. */
export interface GizmoInfo {
  /** The joint it turns (node index). */
  joint: number;
  center: PagePoint;
  /**
   * Per axis: points around the ring on the page, and how squarely it faces the camera
   * (|axis · view|: 1 face-on, 0 edge-on).
   */
  rings: Record<GizmoAxis, { facing: number; points: PagePoint[] }>;
}

let infoFn: () => GizmoInfo | null = () => null;

/** The viewport registers the gizmo while Pose mode shows one; kept outside React like viewport-bridge.ts. */
export const gizmoBridge = {
  register(fn: () => GizmoInfo | null): () => void {
    infoFn = fn;
    return () => {
      if (infoFn === fn) infoFn = () => null;
    };
  },
  /** The gizmo as on screen now, or null when none is shown (not Pose mode, no joint selected). */
  info(): GizmoInfo | null {
    return infoFn();
  },
};
