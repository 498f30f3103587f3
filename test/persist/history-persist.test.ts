/**
 * The undo history survives a restore (issue 26): after a reload and Restore, Undo and Redo give
 * back exactly what they would have given before it — weights bit for bit, layers and their
 * coverage — for strokes, floods, tools and mask strokes, flat and on layers. Layer and model
 * changes cannot be kept: the history stops there, and the restore list says where. Each step is
 * stored once; steps the history drops are deleted from the store.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mannequinToDocument } from '../../src/character/index.ts';
import { writeRenderableGlb } from '../../src/gltf/renderable-glb.ts';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave } from '../../src/persist/editor-autosave.ts';
import { listSessions, loadSession } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import { mannequin, TestEditor } from '../editor/test-editor.ts';
import { runs } from '../support/property-runs.ts';

type V3 = [number, number, number];
const ELBOW: V3 = [0.43, 1.435, 0];
const WRIST: V3 = [0.66, 1.435, 0];
const SHOULDER: V3 = [0.2, 1.435, 0];
const ANCHORS: V3[] = [SHOULDER, ELBOW, WRIST, [0.55, 1.44, 0.02], [0.3, 1.43, -0.02]];

let glb: Promise<Uint8Array> | null = null;
/** The mannequin's GLB: the source a session of the test editor's model restores from. */
const mannequinGlb = () => {
  glb ??= writeRenderableGlb(mannequinToDocument(mannequin()));
  return glb;
};

/** A short digest of an array's bits (FNV-1a over its bytes): equal arrays, equal digests. */
function bitsOf(a: ArrayBufferView): string {
  const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${(h >>> 0).toString(16)}/${bytes.length}`;
}

/**
 * Everything undo and redo must give back: the weights shown, each layer's data and coverage, the
 * active layer (not the paint target, weights or mask: a setting of the brush, not saved).
 */
function state(t: TestEditor): string {
  const e = t.editor;
  const snap = e.layers.snapshot();
  return JSON.stringify({
    shown: e.requireModel().primitives.map((p) => `${bitsOf(p.weights.joints)}|${bitsOf(p.weights.weights)}`),
    layers: e.layers.list().map((l) => [l.name, l.visible, l.opacity, l.active, l.painted]),
    data: snap && {
      base: snap.base.map((b) => `${bitsOf(b.joints)}|${bitsOf(b.weights)}`),
      layers: snap.layers.map((l) =>
        l.parts.map((p) => `${bitsOf(p.joints)}|${bitsOf(p.weights)}|${bitsOf(p.mask)}`),
      ),
    },
    undo: e.history.undoCount,
    redo: e.history.redoCount,
  });
}

/** {@link state} without the step counts (a restored history may hold fewer steps than the original). */
const work = (t: TestEditor) => state(t).replace(/,"undo":\d+,"redo":\d+/, '');

/**
 * A test editor whose work autosaves into `store` as the app's does: a session starts at the
 * first edit, and a model with no file of its own (built in code, or made by a model change) is
 * saved as its GLB, written once it is known.
 */
async function autosaved(store = new MemorySessionStore()) {
  const t = new TestEditor();
  const autosaver = new Autosaver(store);
  let source: { model: unknown; bytes: Uint8Array } = { model: null, bytes: await mannequinGlb() };
  let written: Promise<void> = Promise.resolve();
  const wiring = new EditorAutosave(
    t.editor,
    autosaver,
    { sourceBytes: () => (source.model === t.editor.model ? source.bytes : null) },
    { startOn: 'edit' },
  );
  t.editor.events.on('model', (model) => {
    written = t.editor.renderBytes().then((bytes) => {
      source = { model, bytes };
      wiring.sourceChanged();
    });
  });
  t.editor.loadDocument(mannequinToDocument(mannequin()), 'Mannequin.glb');
  t.editor.selectJoint('LeftForeArm');
  t.editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 0.7, radius: 0.05 });
  await written;
  /** Saves what is pending (after the source of a model just made is written). */
  const flush = async () => {
    await written;
    await autosaver.flush();
  };
  return { t, store, autosaver: { flush } };
}

/** Reload and Restore: a fresh editor brings back the newest session of `store`. */
async function restored(store: MemorySessionStore, maxBytes?: number): Promise<TestEditor> {
  const u = new TestEditor();
  if (maxBytes) u.editor.history.maxBytes = maxBytes;
  const [summary] = await listSessions(store);
  await new EditorAutosave(u.editor, new Autosaver(store)).restore(await loadSession(store, summary.id));
  return u;
}

/** Undoes every step on both, then redoes them, comparing at every step. */
function sameHistory(before: TestEditor, after: TestEditor): number {
  expect(state(after)).toBe(state(before));
  let steps = 0;
  while (before.editor.history.canUndo) {
    expect(after.editor.undo(), `step ${steps + 1} can be undone after the restore`).toBe(true);
    before.editor.undo();
    expect(state(after), `after undo ${++steps}`).toBe(state(before));
  }
  expect(after.editor.undo()).toBe(false);
  for (let i = 1; before.editor.history.canRedo; i++) {
    before.editor.redo();
    after.editor.redo();
    expect(state(after), `after redo ${i}`).toBe(state(before));
  }
  return steps;
}

describe('the undo history through a restore', () => {
  it('gives back exactly what undo and redo gave before the reload: strokes, flood, tools, an undone step', async () => {
    const { t, store, autosaver } = await autosaved();
    t.drag(ELBOW, WRIST);
    t.editor.selectJoint('LeftArm');
    t.drag(SHOULDER, ELBOW);
    const n = t.model.primitives[0].weights.vertexCount;
    t.editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % 7 ? 0 : 1))]]));
    t.editor.tools.smooth({ iterations: 2, strength: 0.5 });
    t.editor.undo(); // a step to redo
    await autosaver.flush();
    const [summary] = await listSessions(store);
    expect(summary.history).toEqual({ undo: 3, redo: 1, stopsAt: null });

    const u = await restored(store);
    expect(sameHistory(t, u)).toBe(3);
  });

  it('on layers: strokes on a layer and on its mask come back; the history stops at the layer added, and says so', async () => {
    const { t, store, autosaver } = await autosaved();
    t.drag(ELBOW, WRIST); // on the base
    t.editor.layers.add('Arms');
    t.editor.paint.setSettings({ weight: 0.5 });
    t.drag(ELBOW, WRIST);
    t.editor.layers.setTarget('mask');
    t.editor.paint.setSettings({ weight: 0.2 });
    t.drag(SHOULDER, ELBOW);
    t.editor.layers.setTarget('weights');
    t.editor.selectJoint('LeftHand');
    t.drag(WRIST, ELBOW);
    await autosaver.flush();
    const [summary] = await listSessions(store);
    expect(summary.history).toEqual({ undo: 3, redo: 0, stopsAt: 'Add layer' });

    const u = await restored(store);
    expect(u.editor.history.undoCount).toBe(3);
    expect(work(u)).toBe(work(t));
    for (let i = 0; i < 3; i++) {
      t.editor.undo();
      expect(u.editor.undo()).toBe(true);
      expect(work(u), `after undo ${i + 1}`).toBe(work(t));
    }
    // The layer added cannot be undone after the restore: the history stops there.
    expect(u.editor.undo()).toBe(false);
    for (let i = 0; i < 3; i++) {
      t.editor.redo();
      u.editor.redo();
      expect(work(u), `after redo ${i + 1}`).toBe(work(t));
    }
  });

  it('stops at a model change (a skeleton edit) and keeps the steps after it', async () => {
    const { t, store, autosaver } = await autosaved();
    t.drag(ELBOW, WRIST);
    t.editor.skeleton.rename('LeftHand', 'LeftPalm');
    await autosaver.flush();
    t.editor.selectJoint('LeftForeArm');
    t.drag(SHOULDER, ELBOW);
    await autosaver.flush();
    const [summary] = await listSessions(store);
    expect(summary.history.undo).toBe(1);
    expect(summary.history.stopsAt).toMatch(/rename/i);
    const u = await restored(store);
    expect(u.editor.resolveJoint('LeftPalm')).toBeGreaterThanOrEqual(0);
    t.editor.undo();
    expect(u.editor.undo()).toBe(true);
    expect(work(u)).toBe(work(t));
    expect(u.editor.undo()).toBe(false);
  });

  it('stores each step once, deletes the steps the history drops, and keeps within the memory bound', async () => {
    const { t, store, autosaver } = await autosaved();
    t.drag(ELBOW, WRIST);
    await autosaver.flush();
    const stepKeys = () => [...store.data.keys()].filter((k) => /\/h\//.test(k));
    expect(stepKeys()).toHaveLength(1);
    t.drag(SHOULDER, ELBOW);
    await autosaver.flush();
    const written = store.writes.at(-1)!.map(([k]) => k);
    expect(written.filter((k) => /\/h\//.test(k))).toHaveLength(1); // only the new step
    expect(stepKeys()).toHaveLength(2);
    t.editor.undo();
    t.editor.selectJoint('LeftHand');
    t.drag(WRIST, ELBOW); // clears the redo step
    await autosaver.flush();
    expect(stepKeys()).toHaveLength(2);
    const [summary] = await listSessions(store);
    expect(summary.history).toEqual({ undo: 2, redo: 0, stopsAt: null });

    // A smaller memory bound where the steps are restored: the oldest are dropped, as undo would.
    const bytes = t.editor.history.bytes;
    const u = await restored(store, Math.floor(bytes * 0.75));
    expect(u.editor.history.undoCount).toBe(1);
    expect(u.editor.history.bytes).toBeLessThanOrEqual(Math.floor(bytes * 0.75));
    t.editor.undo();
    u.editor.undo();
    expect(work(u)).toBe(work(t));
  });

  it('restores the weights without a history that does not fit the model, and says so', async () => {
    const { t, store, autosaver } = await autosaved();
    t.drag(ELBOW, WRIST);
    await autosaver.flush();
    const key = [...store.data.keys()].find((k) => /\/h\//.test(k))!;
    const step = store.data.get(key) as { patches: { vertices: Uint32Array }[] };
    step.patches[0].vertices = Uint32Array.of(10_000_000);
    const u = await restored(store);
    expect(work(u)).toBe(work(t));
    expect(u.editor.history.canUndo).toBe(false);
    expect(u.editor.notices.some((n) => /undo history .* could not be restored/.test(n.message))).toBe(true);
  });

  it('for any strokes, tools, layers and undos, undo and redo after a restore match them before it', async () => {
    const action = fc.record({
      from: fc.integer({ min: 0, max: ANCHORS.length - 1 }),
      to: fc.integer({ min: 0, max: ANCHORS.length - 1 }),
      brush: fc.constantFrom('draw', 'add', 'subtract', 'smooth'),
      weight: fc.constantFrom(0, 0.5, 1),
      joint: fc.constantFrom('LeftForeArm', 'LeftArm', 'LeftHand'),
      layer: fc.constantFrom('none', 'none', 'none', 'add', 'mask'),
      tool: fc.constantFrom('none', 'none', 'flood', 'smooth'),
      undo: fc.integer({ min: 0, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 5 }), async (actions) => {
        const { t, store, autosaver } = await autosaved();
        for (const a of actions) {
          if (a.layer === 'add') t.editor.layers.add();
          if (a.layer === 'mask' && !t.editor.layers.stack.activeIsBase) t.editor.layers.setTarget('mask');
          t.editor.selectJoint(a.joint);
          t.editor.paint.setSettings({ brush: a.brush, weight: a.weight });
          t.drag(ANCHORS[a.from], ANCHORS[a.to], 8);
          t.editor.layers.setTarget('weights');
          const n = t.model.primitives[0].weights.vertexCount;
          if (a.tool === 'flood')
            t.editor.paint.flood(new Map([[0, Uint8Array.from({ length: n }, (_, v) => (v % 5 ? 0 : 1))]]));
          if (a.tool === 'smooth') t.editor.tools.smooth({ iterations: 1, strength: 0.5 });
          for (let i = 0; i < a.undo; i++) t.editor.undo();
        }
        await autosaver.flush();
        const [summary] = await listSessions(store);
        // Nothing changed a weight (a stroke of weight 0 where there was none): no session to restore.
        if (!summary) {
          expect(t.editor.history.undoCount + t.editor.history.redoCount).toBe(0);
          return;
        }
        const u = await restored(store);
        expect(work(u)).toBe(work(t));
        expect([u.editor.history.undoCount, u.editor.history.redoCount]).toEqual([
          summary.history.undo,
          summary.history.redo,
        ]);
        // Undo as far as the restored history goes, then redo as far: the same states on both.
        for (let i = 0; i < summary.history.undo; i++) {
          t.editor.undo();
          u.editor.undo();
          expect(work(u)).toBe(work(t));
        }
        for (let i = 0; i < summary.history.undo + summary.history.redo; i++) {
          t.editor.redo();
          u.editor.redo();
          expect(work(u)).toBe(work(t));
        }
      }),
      { numRuns: runs(12) },
    );
  });
});
