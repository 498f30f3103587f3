import { type Camera, Vector3 } from 'three';
import { type PagePoint, type ScreenRect, toPage } from '../pose/rotate-gizmo.ts';
import type { JointMarker } from '../viewport/bone-layout.ts';
import { viewDirection } from '../viewport/gizmo-picking.ts';

/** A press this close to a joint ball (CSS px, or its drawn radius if larger) is on it. */
export const BALL_PX = 8;

const _eye = new Vector3();
const _edge = new Vector3();
const _side = new Vector3();

/**
 * The joints whose balls are under a page point (within their drawn radius, or BALL_PX), best
 * first: nearest on the page (as a share of the ball's radius), then nearest the camera. Several
 * where balls overlap: a joint and its end joint, twist joints, a hand seen from far away.
 */
export function ballsAt(
  markers: readonly JointMarker[],
  p: PagePoint,
  camera: Camera,
  rect: ScreenRect,
): number[] {
  _eye.setFromMatrixPosition(camera.matrixWorld);
  const hits: { owner: number; score: number }[] = [];
  for (const m of markers) {
    const c = toPage(m.at, camera, rect);
    // The ball's radius on the page: a point on its rim across the view.
    _side.crossVectors(viewDirection(camera, m.at, _edge), camera.up).normalize();
    const rim = toPage(_edge.copy(m.at).addScaledVector(_side, m.radius), camera, rect);
    const r = Math.max(BALL_PX, Math.hypot(rim.x - c.x, rim.y - c.y));
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d > r) continue;
    hits.push({ owner: m.owner, score: d / r + _eye.distanceTo(m.at) * 1e-6 });
  }
  // Stable: balls that coincide exactly keep the markers' (tree) order, so a cycle is repeatable.
  return hits.sort((a, b) => a.score - b.score).map((h) => h.owner);
}

/**
 * Which joint a click on stacked balls selects (Blender's click cycling): the one after the
 * selected joint when it is in the stack (clicking again walks through them, round to the
 * first), else the best. Null for an empty stack.
 */
export function nextInStack(stack: readonly number[], selected: number | null): number | null {
  if (stack.length === 0) return null;
  const at = selected === null ? -1 : stack.indexOf(selected);
  return at < 0 ? stack[0] : stack[(at + 1) % stack.length];
}
