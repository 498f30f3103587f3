/**
 * Skeleton mode's translate gizmo (app/skeleton/translate-gizmo.ts): it picks the arrow or the
 * centre under the pointer, keeps its size on screen, and turns a drag into the joint position
 * that keeps the grabbed point under the pointer, along an axis or in the screen plane.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { rayAt, type ScreenRect, toPage } from '../../app/pose/rotate-gizmo.ts';
import { ARROW_PX, AxisDrag, ScreenDrag, TranslateGizmo } from '../../app/skeleton/translate-gizmo.ts';

const rect: ScreenRect = { left: 100, top: 50, width: 800, height: 600 };

function camera(position: Vector3, target = new Vector3()): PerspectiveCamera {
  const c = new PerspectiveCamera(35, rect.width / rect.height, 0.01, 100);
  c.position.copy(position);
  c.lookAt(target);
  c.updateMatrixWorld();
  c.updateProjectionMatrix();
  return c;
}

describe('TranslateGizmo', () => {
  const at = new Vector3(0.3, 1.2, 0);
  const cam = camera(new Vector3(1.5, 2, 4), at);

  it('keeps ARROW_PX on screen and picks the centre, each arrow, and nothing off them', () => {
    const gizmo = new TranslateGizmo();
    gizmo.group.visible = true;
    gizmo.place(at, cam, rect);
    const centre = toPage(at, cam, rect);
    for (const axis of ['x', 'y', 'z'] as const) {
      const [, tip] = gizmo.arrowOnPage(axis, cam, rect);
      const length = Math.hypot(tip.x - centre.x, tip.y - centre.y);
      // Foreshortened by the view, never longer than ARROW_PX.
      expect(length).toBeLessThanOrEqual(ARROW_PX + 1);
      expect(length).toBeGreaterThan(ARROW_PX * 0.3);
      const [from] = gizmo.arrowOnPage(axis, cam, rect);
      const mid = { x: (from.x + tip.x) / 2, y: (from.y + tip.y) / 2 };
      expect(gizmo.pick(mid, cam, rect)).toBe(axis);
    }
    expect(gizmo.pick({ x: centre.x + 3, y: centre.y - 2 }, cam, rect)).toBe('screen');
    expect(gizmo.pick({ x: centre.x + 200, y: centre.y + 200 }, cam, rect)).toBeNull();
    gizmo.group.visible = false;
    expect(gizmo.pick(centre, cam, rect)).toBeNull();
    gizmo.dispose();
  });

  it('an arrow seen end-on cannot be grabbed (its drag would be ill-defined)', () => {
    const front = camera(new Vector3(0.3, 1.2, 5), at);
    const gizmo = new TranslateGizmo();
    gizmo.group.visible = true;
    gizmo.place(at, front, rect);
    const c = toPage(at, front, rect);
    // Just outside the centre circle, where the z arrow (pointing at the camera) would be.
    const near = gizmo.pick({ x: c.x + 14, y: c.y + 14 }, front, rect);
    expect(near).not.toBe('z');
  });
});

describe('AxisDrag', () => {
  it('moves the joint along its axis so that the grabbed point stays under the pointer', () => {
    const at = new Vector3(0, 1, 0);
    const cam = camera(new Vector3(1, 2, 4), at);
    const grabbedWorld = at.clone().add(new Vector3(0.1, 0, 0));
    const press = toPage(grabbedWorld, cam, rect);
    const drag = new AxisDrag(new Vector3(1, 0, 0), at, press, cam, rect);
    // Where the point 0.25 further along X is on the page: the joint must move 0.25.
    const to = toPage(grabbedWorld.clone().add(new Vector3(0.25, 0, 0)), cam, rect);
    const moved = drag.target(to.x, to.y)!;
    expect(moved[0]).toBeCloseTo(0.25, 4);
    expect(moved[1]).toBeCloseTo(1, 6);
    expect(moved[2]).toBeCloseTo(0, 6);
    // A pointer off the axis line moves it to the nearest point: still only along X.
    const off = drag.target(to.x, to.y + 40)!;
    expect(off[1]).toBeCloseTo(1, 6);
    expect(off[2]).toBeCloseTo(0, 6);
  });

  it('gives nothing for a ray along the axis', () => {
    const at = new Vector3(0, 0, 0);
    const cam = camera(new Vector3(0, 0, 5), at);
    const c = toPage(at, cam, rect);
    const drag = new AxisDrag(new Vector3(0, 0, 1), at, c, cam, rect);
    expect(drag.target(c.x, c.y)).toBeNull();
  });
});

describe('ScreenDrag', () => {
  it('follows the pointer in the plane facing the camera, keeping the depth', () => {
    const at = new Vector3(0.2, 1, -0.1);
    const cam = camera(new Vector3(2, 2, 3), at);
    const press = toPage(at, cam, rect);
    const drag = new ScreenDrag(at, { x: press.x + 5, y: press.y - 3 }, cam, rect);
    const moved = drag.target(press.x + 45, press.y + 17, false)!;
    const view = at.clone().sub(cam.position).normalize();
    // Same depth along the view…
    expect(new Vector3(...moved).sub(at).dot(view)).toBeCloseTo(0, 6);
    // …and on the page the joint moved as the pointer did.
    const page = toPage(new Vector3(...moved), cam, rect);
    expect(page.x - press.x).toBeCloseTo(40, 1);
    expect(page.y - press.y).toBeCloseTo(20, 1);
  });

  it('snapping asks the caller with the pointer ray, and falls back to the plane on a miss', () => {
    const at = new Vector3(0, 1, 0);
    const cam = camera(new Vector3(0, 1, 4), at);
    const press = toPage(at, cam, rect);
    const asked: number[][] = [];
    const drag = new ScreenDrag(at, press, cam, rect, (origin, dir) => {
      asked.push([...origin, ...dir]);
      return asked.length === 1 ? [9, 9, 9] : null;
    });
    expect(drag.target(press.x + 10, press.y, true)).toEqual([9, 9, 9]);
    const ray = rayAt(press.x + 10, press.y, cam, rect);
    expect(asked[0][3]).toBeCloseTo(ray.direction.x, 9);
    const miss = drag.target(press.x + 10, press.y, true)!;
    expect(miss[2]).toBeCloseTo(0, 6);
    expect(drag.target(press.x + 10, press.y, false)).toEqual(miss);
    expect(asked).toHaveLength(2);
  });
});
