/**
 * The Pose mode's rotate gizmo (app/pose/rotate-gizmo.ts): it picks the ring under the pointer,
 * keeps its size on screen, and turns a drag into the angle that keeps the grabbed point under
 * the pointer, for a ring seen face-on and one seen edge-on.
 */
import { Object3D, PerspectiveCamera, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { RING_PX, RingDrag, RotateGizmo, type ScreenRect, toPage } from '../../app/pose/rotate-gizmo.ts';

const rect: ScreenRect = { left: 100, top: 50, width: 800, height: 600 };

function camera(position: Vector3, target = new Vector3()): PerspectiveCamera {
  const c = new PerspectiveCamera(35, rect.width / rect.height, 0.01, 100);
  c.position.copy(position);
  c.lookAt(target);
  c.updateMatrixWorld();
  c.updateProjectionMatrix();
  return c;
}

/** A joint at `at`, turned by `q`, scaled (the gizmo ignores the scale). */
function joint(at: Vector3, q = new Quaternion(), scale = 1): Object3D {
  const o = new Object3D();
  o.position.copy(at);
  o.quaternion.copy(q);
  o.scale.setScalar(scale);
  o.updateMatrixWorld();
  return o;
}

const turned = (p: Vector3, center: Vector3, axis: Vector3, angle: number) =>
  p.clone().sub(center).applyQuaternion(new Quaternion().setFromAxisAngle(axis, angle)).add(center);

describe('rotate gizmo', () => {
  it('sits on the joint in its frame, RING_PX on screen at any distance', () => {
    for (const distance of [2, 8, 40]) {
      const cam = camera(new Vector3(0, 1, distance), new Vector3(0.3, 1, 0));
      const g = new RotateGizmo();
      const q = new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 0.4);
      g.place(joint(new Vector3(0.3, 1, 0), q, 0.01), cam, rect);
      expect(g.center.distanceTo(new Vector3(0.3, 1, 0))).toBeLessThan(1e-9);
      expect(g.worldAxis('x').distanceTo(new Vector3(1, 0, 0).applyQuaternion(q))).toBeLessThan(1e-9);
      // The ring facing the camera most: its radius on the page.
      const c = toPage(g.center, cam, rect);
      const pts = g.ringPoints('z').map((p) => toPage(p, cam, rect));
      const r = Math.max(...pts.map((p) => Math.hypot(p.x - c.x, p.y - c.y)));
      expect(r).toBeGreaterThan(RING_PX * 0.9);
      expect(r).toBeLessThan(RING_PX * 1.1);
    }
  });

  it('picks the ring under the pointer, and nothing off the rings', () => {
    const cam = camera(new Vector3(0, 0, 5));
    const g = new RotateGizmo();
    g.group.visible = true;
    g.place(joint(new Vector3()), cam, rect);
    const c = toPage(g.center, cam, rect);
    // Face-on Z ring: a point on its circle, away from where X and Y cross the view.
    const onZ = toPage(new Vector3(Math.SQRT1_2, Math.SQRT1_2, 0).multiplyScalar(g.group.scale.x), cam, rect);
    expect(g.pick(onZ, cam, rect)?.axis).toBe('z');
    expect(g.pick({ x: onZ.x + 3, y: onZ.y - 2 }, cam, rect)?.axis).toBe('z');
    expect(g.pick({ x: c.x + RING_PX * 2, y: c.y }, cam, rect)).toBeNull();
    // Inside the Z ring, on its diagonal: far from it and from the edge-on X and Y rings (the axes).
    expect(g.pick({ x: (c.x + onZ.x) / 2, y: (c.y + onZ.y) / 2 }, cam, rect)).toBeNull();
    g.group.visible = false;
    expect(g.pick(onZ, cam, rect)).toBeNull();
  });

  // The rigger's tour: grabbing the face-on ring where an edge-on ring's line crosses it picked
  // the edge-on ring (a 60° drag turned 2° about another axis).
  it('where rings cross, the ring seen face-on wins', () => {
    const cam = camera(new Vector3(0, 0, 5));
    const g = new RotateGizmo();
    g.group.visible = true;
    g.place(joint(new Vector3()), cam, rect);
    // At 3 o'clock the face-on Z ring meets the edge-on Y ring (a line along X on the page).
    const cross = toPage(new Vector3(g.group.scale.x, 0, 0), cam, rect);
    for (const dy of [-2, -1, 0, 1, 2])
      expect(g.pick({ x: cross.x - 1, y: cross.y + dy }, cam, rect)?.axis).toBe('z');
    // Well inside the Z ring, on the Y ring's line: that one.
    const inside = toPage(new Vector3(g.group.scale.x * 0.5, 0, 0), cam, rect);
    expect(g.pick(inside, cam, rect)?.axis).toBe('y');
  });

  it('face-on: the angle is the one swept round the centre, whole turns counted', () => {
    const cam = camera(new Vector3(0.2, 0.1, 5), new Vector3(0.2, 0.1, 0));
    const center = new Vector3(0.2, 0.1, 0);
    const axis = new Vector3(0, 0, 1);
    const grabbed = new Vector3(0.5, 0, 0).add(center);
    const press = toPage(grabbed, cam, rect);
    const drag = new RingDrag(axis, center, grabbed, press, cam, rect);
    let last = 0;
    for (let deg = 10; deg <= 400; deg += 10) {
      const target = toPage(turned(grabbed, center, axis, (deg * Math.PI) / 180), cam, rect);
      last = drag.angle(target.x, target.y);
    }
    expect((last * 180) / Math.PI).toBeCloseTo(400, 6);
    // The other way round: negative.
    const back = new RingDrag(axis, center, grabbed, press, cam, rect);
    const p = toPage(turned(grabbed, center, axis, -0.7), cam, rect);
    expect(back.angle(p.x, p.y)).toBeCloseTo(-0.7, 6);
  });

  it('edge-on: the pointer’s travel along the ring’s tangent, so a small turn lands under the pointer', () => {
    const cam = camera(new Vector3(0, 0, 5));
    const center = new Vector3(0, 0, 0);
    const axis = new Vector3(1, 0, 0); // the X ring is a vertical line on the page
    const grabbed = new Vector3(0, 0, 0.4); // its front point, nearest the camera
    const press = toPage(grabbed, cam, rect);
    const drag = new RingDrag(axis, center, grabbed, press, cam, rect);
    const angle = 0.05;
    const target = toPage(turned(grabbed, center, axis, angle), cam, rect);
    expect(drag.angle(target.x, target.y)).toBeCloseTo(angle, 3);
    // Moving across the tangent turns nothing.
    expect(drag.angle(press.x + 30, press.y)).toBeCloseTo(0, 9);
  });
});
