/**
 * Select mode's pointer machine: a click picks (or clears), a drag boxes or lassos in viewport
 * pixels with the modifiers' mode, other buttons pass to the camera.
 */
import { describe, expect, it } from 'vitest';
import { SelectInteraction, type SelectionTarget } from '../../src/interaction/select-interaction.ts';

function fakeSelection() {
  const calls: unknown[] = [];
  const target: SelectionTarget = {
    click: (hit, mode) => {
      calls.push(['click', hit.point[0], mode]);
      return { primitive: hit.primitive, vertex: 7 };
    },
    none: () => {
      calls.push(['none']);
      return 0;
    },
    box: (rect, _view, o) => {
      calls.push(['box', rect, o.mode, o.facing]);
      return 3;
    },
    lasso: (points, _view, o) => {
      calls.push(['lasso', Array.from(points), o.mode]);
      return 2;
    },
  };
  return { target, calls };
}

const view = () => ({ matrix: new Array(16).fill(0), width: 200, height: 100, left: 10, top: 20 });
const pick = (s: { x: number }) => (s.x < 100 ? { primitive: 0, point: [s.x, 0, 0] as const } : null);
const at = (x: number, y: number, extra: object = {}) => ({ x, y, pointerId: 1, button: 0, ...extra });

describe('SelectInteraction', () => {
  it('a click picks the vertex under it; off the mesh Replace clears, Add keeps', () => {
    const { target, calls } = fakeSelection();
    const m = new SelectInteraction(target, { pick, view });
    expect(m.down(at(50, 50, { shiftKey: true }))).toBe('dragging');
    expect(m.up(at(51, 51, { shiftKey: true }))).toEqual({
      kind: 'click',
      vertex: { primitive: 0, vertex: 7 },
    });
    m.down(at(150, 50));
    expect(m.up(at(150, 50))).toEqual({ kind: 'click', vertex: null });
    m.down(at(150, 50, { ctrlKey: true }));
    m.up(at(150, 50, { shiftKey: true }));
    expect(calls).toEqual([['click', 51, 'add'], ['none']]);
  });

  it('a drag boxes in viewport pixels; Alt (or the toggle) lassoes the path; the band follows', () => {
    const { target, calls } = fakeSelection();
    let lasso = false;
    const m = new SelectInteraction(target, { pick, view, lasso: () => lasso, facing: () => 'through' });
    m.down(at(30, 40));
    expect(m.move(at(70, 25))).toEqual({ x0: 30, y0: 25, width: 40, height: 15, lasso: false });
    expect(m.move({ ...at(80, 80), pointerId: 2 })).toBeNull();
    expect(m.up(at(70, 25, { ctrlKey: true }))).toEqual({ kind: 'box', count: 3 });
    lasso = true;
    m.down(at(30, 40));
    m.move(at(60, 40));
    expect(m.up(at(60, 70))).toEqual({ kind: 'lasso', count: 2 });
    expect(calls).toEqual([
      ['box', { x0: 20, y0: 20, x1: 60, y1: 5 }, 'subtract', 'through'],
      ['lasso', [20, 20, 50, 20], 'replace'],
    ]);
  });

  it('passes other buttons and presses while nothing is loaded; cancel drops a drag', () => {
    const { target, calls } = fakeSelection();
    let loaded = false;
    const m = new SelectInteraction(target, { pick, view, enabled: () => loaded });
    expect(m.down(at(10, 10))).toBe('pass');
    loaded = true;
    expect(m.down(at(10, 10, { button: 2 }))).toBe('pass');
    expect(m.down(at(10, 10))).toBe('dragging');
    m.cancel();
    expect(m.up(at(50, 50))).toEqual({ kind: 'none' });
    expect(calls).toEqual([]);
  });
});

describe('Select mode through the test editor', () => {
  it('a drag over the forearm selects what the selection box selects; a click picks one vertex', async () => {
    const { TestEditor } = await import('../editor/test-editor.ts');
    const t = new TestEditor();
    const a: [number, number, number] = [0.45, 1.4, 0];
    const b: [number, number, number] = [0.6, 1.47, 0];
    const outcome = t.selectDrag(a, b);
    expect(outcome.kind).toBe('box');
    const viaMachine = t.editor.selection.count;
    expect(viaMachine).toBeGreaterThan(20);
    const [ax, ay] = t.camera.toScreen(a);
    const [bx, by] = t.camera.toScreen(b);
    const direct = t.editor.selection.box({ x0: ax, y0: ay, x1: bx, y1: by }, t.camera.view(), {
      facing: 'through',
    });
    expect(direct).toBe(viaMachine);
    // Ctrl subtracts the same box: nothing left.
    t.selectDrag(a, b, { ctrl: true });
    expect(t.editor.selection.count).toBe(0);
    // A click on the forearm: one vertex (with its seam partners).
    const click = t.selectDrag([0.55, 1.435, 0], [0.55, 1.435, 0]);
    expect(click.kind).toBe('click');
    expect(click.kind === 'click' && click.vertex).toBeTruthy();
    expect(t.editor.selection.count).toBeGreaterThan(0);
    expect(t.editor.selection.count).toBeLessThan(5);
  });

  // Issue 26 item 4: Ctrl+click picks the joint under the pointer in every mode; Select mode's
  // single-vertex deselect moves to Shift+click on a selected vertex (a toggle, as in Blender and Maya).
  it('a Ctrl+click selects nothing (the joint picker’s); Shift+click on a selected vertex deselects it', () => {
    const { target, calls } = fakeSelection();
    let selected = false;
    target.selectedAt = () => selected;
    const m = new SelectInteraction(target, { pick, view });
    m.down(at(50, 50, { ctrlKey: true }));
    expect(m.up(at(51, 50, { ctrlKey: true }))).toEqual({ kind: 'joint' });
    m.down(at(50, 50, { metaKey: true }));
    expect(m.up(at(50, 50, { metaKey: true }))).toEqual({ kind: 'joint' });
    expect(calls).toEqual([]);
    m.down(at(50, 50, { shiftKey: true }));
    m.up(at(50, 50, { shiftKey: true }));
    selected = true;
    m.down(at(50, 50, { shiftKey: true }));
    m.up(at(50, 50, { shiftKey: true }));
    expect(calls).toEqual([
      ['click', 50, 'add'],
      ['click', 50, 'subtract'],
    ]);
  });
});
