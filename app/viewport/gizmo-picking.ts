/**
 * Picking shared by the viewport's gizmos (Pose mode's rotate rings, Skeleton mode's move arrows
 * and turn rings): distances on the page, a ring's sampled centre line, and which ring a press
 * grabs where several pass under it.
 */
import { type Camera, type Matrix4, type OrthographicCamera, Vector3 } from 'three';

/** A point on the page (CSS pixels). */
export type PagePoint = { x: number; y: number };

/** Distance on the page from `p` to the segment a–b. */
export function distanceToSegment(p: PagePoint, a: PagePoint, b: PagePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** `samples` world points around a unit ring in its local XY plane, placed by `matrixWorld`. */
export function ringPoints(matrixWorld: Matrix4, samples: number): Vector3[] {
  const out: Vector3[] = [];
  for (let i = 0; i < samples; i++) {
    const t = (i / samples) * Math.PI * 2;
    out.push(new Vector3(Math.cos(t), Math.sin(t), 0).applyMatrix4(matrixWorld));
  }
  return out;
}

const _eye = new Vector3();

/** The unit vector camera → scene at `at` (the view ray's direction there). */
export function viewDirection(camera: Camera, at: Vector3, out = new Vector3()): Vector3 {
  if ((camera as OrthographicCamera).isOrthographicCamera)
    return out.set(0, 0, -1).transformDirection(camera.matrixWorld);
  return out.copy(at).sub(_eye.setFromMatrixPosition(camera.matrixWorld)).normalize();
}

/** Extra page pixels a ring seen exactly edge-on counts against it where rings cross. */
const EDGE_PENALTY_PX = 4;

/**
 * The ring a press at `p` grabs (within `grabPx` of its centre line on the page), with the ring's
 * nearest sampled point; null off every ring. Where rings cross (a world axis lies on two of them)
 * the one seen face-on wins: an edge-on ring turns by the pointer's travel along it, which is not
 * what a rigger aimed at. `eye` is the unit view direction at the gizmo; `axis` each ring's.
 */
export function pickRing<H>(
  p: PagePoint,
  rings: readonly { handle: H; axis: Vector3; points: readonly Vector3[] }[],
  eye: Vector3,
  toPage: (w: Vector3) => PagePoint,
  grabPx: number,
): { handle: H; point: Vector3 } | null {
  let best: { handle: H; point: Vector3 } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const { handle, axis, points } of rings) {
    const page = points.map(toPage);
    const edgeOn = (1 - Math.abs(axis.dot(eye))) * EDGE_PENALTY_PX;
    for (let i = 0; i < page.length; i++) {
      const d = distanceToSegment(p, page[i], page[(i + 1) % page.length]);
      if (d <= grabPx && d + edgeOn < bestScore) {
        bestScore = d + edgeOn;
        best = { handle, point: points[i] };
      }
    }
  }
  return best;
}
