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

describe('Pose mode through the test editor', () => {
  it('a quarter turn of the view-facing ring turns the joint as rotateJointInWorld does', async () => {
    const { TestEditor } = await import('../editor/test-editor.ts');
    const t = new TestEditor();
    expect(t.turnRing('LeftForeArm', 90)).toBe(true);
    const byRing = t.editor.pose.getJointQuaternion('LeftForeArm');
    const f = t.camera.forward;
    const h = Math.sin(Math.PI / 4);
    const other = new TestEditor();
    other.editor.pose.rotateJointInWorld('LeftForeArm', [
      f[0] * h,
      f[1] * h,
      f[2] * h,
      Math.cos(Math.PI / 4),
    ]);
    const direct = other.editor.pose.getJointQuaternion('LeftForeArm');
    for (let i = 0; i < 4; i++) expect(byRing[i]).toBeCloseTo(direct[i], 9);
    expect(Math.abs(byRing[3])).toBeLessThan(0.99); // it did turn
    // A press off the ring passes to the camera.
    expect(t.posePointer.down({ x: 0, y: 0, pointerId: 2, button: 0 })).toBe('pass');
  });
});
