/** Pose mode's gizmo machine: a press on a ring turns the joint by the angle gained per move. */
import { describe, expect, it } from 'vitest';
import { PoseInteraction } from '../../src/interaction/pose-interaction.ts';

describe('PoseInteraction', () => {
  it('turns by the angle gained since the last move, on the grabbing pointer only', () => {
    const turns: [number, number][] = [];
    const m = new PoseInteraction({
      // A ring on the left half of the screen; the angle is the horizontal distance / 100.
      grab: (s) => (s.x < 100 ? { axis: [0, 0, 1] as const, angle: (x: number) => (x - s.x) / 100 } : null),
      turn: (axis, radians) => turns.push([axis[2], Math.round(radians * 1000) / 1000]),
    });
    expect(m.down({ x: 150, y: 0, pointerId: 1, button: 0 })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 0, altKey: true })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 2 })).toBe('pass');
    expect(m.down({ x: 50, y: 0, pointerId: 1, button: 0 })).toBe('turning');
    expect(m.move({ x: 60, y: 0, pointerId: 1 })).toBe(true);
    expect(m.move({ x: 60, y: 0, pointerId: 1 })).toBe(false); // no angle gained
    expect(m.move({ x: 90, y: 0, pointerId: 2 })).toBe(false);
    expect(m.move({ x: 40, y: 0, pointerId: 1 })).toBe(true);
    expect(m.up({ pointerId: 2 })).toBe(false);
    expect(m.up({ pointerId: 1 })).toBe(true);
    expect(m.move({ x: 80, y: 0, pointerId: 1 })).toBe(false);
    expect(turns).toEqual([
      [1, 0.1],
      [1, -0.2],
    ]);
  });

  it('passes presses while disabled, and cancel drops a turn', () => {
    let enabled = false;
    const m = new PoseInteraction({
      grab: () => ({ axis: [1, 0, 0] as const, angle: (x: number) => x }),
      turn: () => {
        throw new Error('no turn expected');
      },
      enabled: () => enabled,
    });
    expect(m.down({ x: 0, y: 0, pointerId: 1, button: 0 })).toBe('pass');
    enabled = true;
    expect(m.down({ x: 0, y: 0, pointerId: 1, button: 0 })).toBe('turning');
    m.cancel();
    expect(m.state).toBe('idle');
    expect(m.move({ x: 5, y: 0, pointerId: 1 })).toBe(false);
  });
});
