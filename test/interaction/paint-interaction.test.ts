/**
 * Paint mode's pointer machine: which presses are the brush's and which go to the camera, and
 * that a stroke follows its own pointer from press to release.
 */
import { describe, expect, it } from 'vitest';
import type { StrokeInput } from '../../src/editor/paint-record.ts';
import { PaintInteraction, type PaintStrokes } from '../../src/interaction/paint-interaction.ts';

/** Strokes that record what they were asked, refusing when told to. */
function fakeStrokes(refuse = false) {
  const calls: string[] = [];
  const strokes: { -readonly [K in keyof PaintStrokes]: PaintStrokes[K] } & {
    calls: string[];
    cancel(): void;
  } = {
    calls,
    painting: false,
    beginStroke(input: StrokeInput, mods) {
      calls.push(
        `begin ${input.point[0]} ${mods.smooth ? 'smooth' : ''}${mods.invert ? 'invert' : ''}`.trim(),
      );
      strokes.painting = !refuse;
      return !refuse;
    },
    strokeTo(input) {
      calls.push(`to ${input.point[0]} p${input.pressure}`);
    },
    endStroke() {
      calls.push('end');
      strokes.painting = false;
    },
    cancel() {
      strokes.painting = false;
    },
  };
  return strokes;
}

/** The mesh covers x in [0, 100): a hit there, off the mesh elsewhere. */
const pick = (s: { x: number; y: number }) =>
  s.x >= 0 && s.x < 100
    ? {
        input: {
          primitive: 0,
          point: [s.x, s.y, 0] as [number, number, number],
          viewDir: [0, 0, -1] as [number, number, number],
        },
        worldPerPixel: 0.01,
      }
    : null;

const press = (x: number, extra: object = {}) => ({ x, y: 0, pointerId: 1, button: 0, ...extra });

describe('PaintInteraction', () => {
  it('passes presses that are not the brush’s to the camera', () => {
    let blocked = false;
    const strokes = fakeStrokes();
    const m = new PaintInteraction(strokes, { pick, blocked: () => blocked });
    expect(m.down(press(10, { button: 2 }))).toBe('pass');
    expect(m.down(press(10, { altKey: true }))).toBe('pass');
    expect(m.down(press(500))).toBe('pass');
    blocked = true;
    expect(m.down(press(10))).toBe('pass');
    expect(strokes.calls).toEqual([]);
    expect(m.state).toBe('idle');
  });

  it('paints from press to release on its own pointer; samples off the mesh are skipped', () => {
    const strokes = fakeStrokes();
    const seen: number[] = [];
    const m = new PaintInteraction(strokes, { pick, beforeStroke: (hit) => seen.push(hit.worldPerPixel) });
    expect(m.down(press(10, { shiftKey: true, pressure: 0.5 }))).toBe('painting');
    expect(seen).toEqual([0.01]);
    expect(m.move({ ...press(20), pointerId: 2 })).toBe(0); // another pointer: not this stroke's
    expect(
      m.move({
        ...press(20),
        samples: [
          { x: 20, y: 0, pressure: 0.7 },
          { x: 300, y: 0 },
          { x: 30, y: 0 },
        ],
      }),
    ).toBe(2);
    expect(m.down(press(40))).toBe('pass'); // a second press while painting
    expect(m.up({ pointerId: 2 })).toBe('none');
    expect(m.up({ pointerId: 1 })).toBe('ended');
    expect(strokes.calls).toEqual(['begin 10 smooth', 'to 20 p0.7', 'to 30 p1', 'end']);
    expect(m.state).toBe('idle');
  });

  it('holds a refused press until its release, and forgets a stroke cancelled elsewhere', () => {
    const refusing = fakeStrokes(true);
    const m = new PaintInteraction(refusing, { pick });
    expect(m.down(press(10, { shiftKey: true }))).toBe('refused');
    expect(m.pressed).toBe(true);
    expect(m.move(press(20))).toBe(0);
    expect(m.up({ pointerId: 1 })).toBe('released');
    expect(refusing.calls).toEqual(['begin 10 smooth']);

    const strokes = fakeStrokes();
    const n = new PaintInteraction(strokes, { pick });
    expect(n.down(press(10))).toBe('painting');
    strokes.cancel(); // Escape
    expect(n.state).toBe('idle');
    expect(n.up({ pointerId: 1 })).toBe('none');
    expect(strokes.calls).toEqual(['begin 10']);
  });

  // Issue 26 item 4: Ctrl+click picks a joint from the surface in every mode, so in Paint mode a
  // Ctrl press waits to see whether it is a click or an inverted stroke.
  it('holds a Ctrl press: a click paints nothing, a drag is an inverted stroke from the press point', () => {
    const strokes = fakeStrokes();
    const m = new PaintInteraction(strokes, { pick });
    expect(m.down(press(10, { ctrlKey: true }))).toBe('armed');
    expect(m.pressed).toBe(true);
    expect(m.move(press(12))).toBe(0); // within the click slop
    expect(m.up({ pointerId: 1 })).toBe('clicked');
    expect(strokes.calls).toEqual([]);
    expect(m.state).toBe('idle');

    expect(m.down(press(10, { metaKey: true }))).toBe('armed');
    expect(m.move(press(30))).toBe(1);
    expect(m.state).toBe('painting');
    expect(m.up({ pointerId: 1 })).toBe('ended');
    expect(strokes.calls).toEqual(['begin 10 invert', 'to 30 p1', 'end']);

    // Refused once it moves: held as a refused press until released.
    const refusing = fakeStrokes(true);
    const r = new PaintInteraction(refusing, { pick });
    expect(r.down(press(10, { ctrlKey: true }))).toBe('armed');
    expect(r.move(press(40))).toBe(0);
    expect(r.state).toBe('refused');
    expect(r.up({ pointerId: 1 })).toBe('released');
  });
});
