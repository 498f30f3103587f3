/**
 * 'committed': one event per finished edit (a stroke's end, not its dabs; a flood; a tool; undo,
 * redo; a cancelled stroke), so listeners that need only the result never inspect every dab.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { CommittedEdit } from '../../src/editor/editor.ts';
import { TestEditor } from './test-editor.ts';

type V3 = [number, number, number];
const ELBOW: V3 = [0.43, 1.435, 0];
const WRIST: V3 = [0.66, 1.435, 0];

describe("the editor's 'committed' event", () => {
  let t: TestEditor;
  let committed: CommittedEdit[];
  beforeEach(() => {
    t = new TestEditor();
    committed = [];
    t.editor.events.on('committed', (c) => committed.push(c));
    t.editor.selectJoint('LeftForeArm');
    t.editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.05 });
  });

  it('fires once when a stroke ends, after all its dabs, with the undo step label', () => {
    const [x0, y0] = t.camera.toScreen(ELBOW);
    const [x1, y1] = t.camera.toScreen(WRIST);
    expect(t.pointerDown(x0, y0)).toBe(true);
    for (let k = 1; k <= 10; k++) t.pointerMove(x0 + ((x1 - x0) * k) / 10, y0 + ((y1 - y0) * k) / 10);
    expect(t.weightEvents.length).toBeGreaterThan(1);
    expect(committed).toEqual([]);
    t.pointerUp();
    expect(committed).toEqual([{ kind: 'step', label: 'Draw stroke' }]);
  });

  it('fires for a flood, a tool, undo and redo, and a cancelled stroke; not for a refused edit', () => {
    const normalized = t.editor.tools.normalize(); // already normalised: no step, no event
    expect(normalized.step ?? null).toBeNull();
    expect(t.editor.tools.smooth().step).toBeTruthy();
    expect(t.editor.paint.flood()).toBe(true);
    expect(t.editor.undo()).toBe(true);
    expect(t.editor.redo()).toBe(true);
    expect(committed.map((c) => c.kind)).toEqual(['step', 'step', 'undo', 'redo']);
    expect(committed[1].label).toBe('Flood');
    expect(committed[2].label).toBe('Flood');

    const [x0, y0] = t.camera.toScreen(ELBOW);
    committed = [];
    expect(t.pointerDown(x0, y0)).toBe(true);
    t.editor.paint.cancelStroke();
    expect(committed).toEqual([{ kind: 'cancelled', label: null }]);

    committed = [];
    t.editor.selectJoint(null);
    expect(t.editor.paint.flood()).toBe(false);
    expect(committed).toEqual([]);
  });
});
