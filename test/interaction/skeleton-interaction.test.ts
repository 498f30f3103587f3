/** Skeleton mode's gizmo machine: a press on a handle starts a live move, release commits it once. */
import { describe, expect, it } from 'vitest';
import { type LiveDrag, SkeletonInteraction } from '../../src/interaction/skeleton-interaction.ts';

type V3 = [number, number, number];

function recorder() {
  const log: string[] = [];
  const live = (): LiveDrag => ({
    update: (to) => log.push(`update ${to.join(',')}`),
    commit: () => log.push('commit'),
    cancel: () => log.push('cancel'),
  });
  return { log, live };
}

describe('SkeletonInteraction', () => {
  it('a handle drag updates live on its own pointer and commits once on release', () => {
    const { log, live } = recorder();
    const m = new SkeletonInteraction({
      // A handle on the left half of the screen: the joint follows x / 10 along X.
      grab: (s) => (s.x < 100 ? { handle: 'x', target: (p) => [p.x / 10, 0, 0] as V3 } : null),
      begin: () => live(),
    });
    expect(m.down({ x: 150, y: 0, pointerId: 1, button: 0 })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 2 })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 0, altKey: true })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 0 })).toBe('moving');
    expect(m.grabbed?.handle).toBe('x');
    expect(m.move({ x: 60, y: 0, pointerId: 2 })).toBe(false);
    // Within the threshold of the press the joint does not move (a click never nudges it).
    expect(m.move({ x: 52, y: 1, pointerId: 1 })).toBe(false);
    expect(m.move({ x: 60, y: 0, pointerId: 1 })).toBe(true);
    expect(m.move({ x: 70, y: 0, pointerId: 1 })).toBe(true);
    expect(m.up({ pointerId: 2 })).toBe(false);
    expect(m.up({ pointerId: 1 })).toBe(true);
    expect(m.state).toBe('idle');
    expect(m.move({ x: 80, y: 0, pointerId: 1 })).toBe(false);
    expect(log).toEqual(['update 6,0,0', 'update 7,0,0', 'commit']);
  });

  it('a press and release without a move is a click, no step; cancel puts the joint back', () => {
    const { log, live } = recorder();
    const m = new SkeletonInteraction({
      grab: () => ({ handle: 'screen', target: () => [1, 2, 3] }),
      begin: live,
      clicked: (g) => log.push(`clicked ${g.handle}`),
    });
    m.down({ x: 0, y: 0, pointerId: 1, button: 0 });
    m.move({ x: 2, y: 0, pointerId: 1 }); // within 3 px: still a click
    m.up({ pointerId: 1 });
    m.down({ x: 0, y: 0, pointerId: 1, button: 0 });
    m.move({ x: 5, y: 0, pointerId: 1 });
    m.cancel();
    expect(m.state).toBe('idle');
    expect(log).toEqual(['cancel', 'clicked screen', 'update 1,2,3', 'cancel']);
  });

  it('skips targets that are not finite (a ray parallel to the axis) and passes the modifiers', () => {
    const { log, live } = recorder();
    const seen: boolean[] = [];
    const m = new SkeletonInteraction({
      grab: () => ({
        handle: 'y',
        target: (p, mods) => {
          seen.push(mods.ctrlKey);
          return p.x === 0 ? [Number.NaN, 0, 0] : [0, p.x, 0];
        },
      }),
      begin: live,
    });
    m.down({ x: 5, y: 0, pointerId: 1, button: 0 });
    expect(m.move({ x: 0, y: 0, pointerId: 1 })).toBe(false);
    expect(m.move({ x: 2, y: 0, pointerId: 1, metaKey: true })).toBe(true);
    m.up({ pointerId: 1 });
    expect(seen).toEqual([false, true]);
    expect(log).toEqual(['update 0,2,0', 'commit']);
  });

  it('places a joint with a click on the mesh only while placing; a refused begin passes', () => {
    let placing = false;
    const placed: number[] = [];
    const m = new SkeletonInteraction({
      grab: (s) => (s.y > 100 ? { handle: 'z', target: () => [0, 0, 0] as V3 } : null),
      begin: () => null,
      placing: () => placing,
      place: (s) => {
        if (s.x < 0) return false; // off the mesh
        placed.push(s.x);
        return true;
      },
    });
    expect(m.down({ x: 5, y: 0, pointerId: 1, button: 0 })).toBe('pass');
    placing = true;
    expect(m.down({ x: 5, y: 0, pointerId: 1, button: 0 })).toBe('placed');
    expect(m.down({ x: -5, y: 0, pointerId: 1, button: 0 })).toBe('pass');
    // Placing comes before the handles; off the mesh, a handle whose drag is refused passes.
    expect(m.down({ x: 5, y: 200, pointerId: 1, button: 0 })).toBe('placed');
    expect(m.down({ x: -5, y: 200, pointerId: 1, button: 0 })).toBe('pass');
    expect(placed).toEqual([5, 5]);
  });

  it('passes every press while disabled', () => {
    const m = new SkeletonInteraction({
      grab: () => ({ handle: 'x', target: () => [0, 0, 0] }),
      begin: () => ({ update() {}, commit() {}, cancel() {} }),
      enabled: () => false,
    });
    expect(m.down({ x: 0, y: 0, pointerId: 1, button: 0 })).toBe('pass');
  });
});
