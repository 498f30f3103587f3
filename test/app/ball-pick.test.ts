/**
 * Joint balls under the pointer (app/skeleton/ball-pick.ts): every ball within its drawn radius,
 * best first (nearest on the page, then nearest the camera), and click cycling through a stack of
 * coincident joints: the one after the selected joint, round to the first.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { toPage } from '../../app/pose/rotate-gizmo.ts';
import { ballsAt, nextInStack } from '../../app/skeleton/ball-pick.ts';

const rect = { left: 0, top: 0, width: 800, height: 600 };

function camera(): PerspectiveCamera {
  const c = new PerspectiveCamera(40, 800 / 600, 0.01, 100);
  c.position.set(0, 1, 3);
  c.lookAt(0, 1, 0);
  c.updateMatrixWorld(true);
  return c;
}

describe('balls under the pointer', () => {
  it('lists every ball at a spot, the nearest on the page first, then the nearest the camera', () => {
    const cam = camera();
    const markers = [
      { owner: 1, at: new Vector3(0, 1, 0), radius: 0.01 },
      // An end joint on the same spot, farther from the camera.
      { owner: 2, at: new Vector3(0, 1, -0.001), radius: 0.01 },
      // Twist joint a hair away on the page.
      { owner: 3, at: new Vector3(0.002, 1, 0), radius: 0.01 },
      { owner: 4, at: new Vector3(0.5, 1, 0), radius: 0.01 },
    ];
    const p = toPage(new Vector3(0, 1, 0), cam, rect);
    expect(ballsAt(markers, p, cam, rect)).toEqual([1, 2, 3]);
    const off = toPage(new Vector3(0.25, 1, 0), cam, rect);
    expect(ballsAt(markers, off, cam, rect)).toEqual([]);
  });

  it('a click on a stack selects the best, then each next one after the selected, round again', () => {
    const stack = [5, 9, 7];
    expect(nextInStack(stack, null)).toBe(5);
    expect(nextInStack(stack, 2)).toBe(5);
    const seen = [5];
    for (let k = 0; k < 3; k++) seen.push(nextInStack(stack, seen.at(-1)!)!);
    expect(seen).toEqual([5, 9, 7, 5]);
    expect(nextInStack([4], 4)).toBe(4);
    expect(nextInStack([], 4)).toBeNull();
  });
});
