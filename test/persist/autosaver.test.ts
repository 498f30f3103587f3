import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type SessionSource } from '../../src/persist/autosaver.ts';
import { emptySessionState } from '../../src/persist/session.ts';
import { listSessions, loadSession, sessionKey } from '../../src/persist/session-records.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import type { StorageWarning } from '../../src/persist/storage-warning.ts';

/** A source of `vertices` vertices with K = 4, weights all on joint 0. */
function source(
  vertices = 100,
  fileName = 'Fox.glb',
): SessionSource & { w: { joints: Uint16Array; weights: Float32Array } } {
  const w = {
    vertexCount: vertices,
    influences: 4,
    joints: new Uint16Array(vertices * 4),
    weights: new Float32Array(vertices * 4),
  };
  for (let v = 0; v < vertices; v++) w.weights[v * 4] = 1;
  return {
    fileName,
    sourceBytes: new Uint8Array([1, 2, 3, 4]),
    weights: () => [w],
    state: () => emptySessionState(),
    w,
  };
}

const keysWritten = (store: MemorySessionStore, save: number) =>
  store.writes[save].map(([key]) => key.replace(/^session\/[^/]+\//, ''));

describe('Autosaver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves delayMs after the last change, and never later than maxWaitMs after the first', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { delayMs: 400, maxWaitMs: 1500, chunkVertices: 10 });
    const src = source();
    saver.begin(src);
    await vi.advanceTimersByTimeAsync(399);
    expect(store.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes).toHaveLength(1); // the new session's first save
    // A stroke: a change every 100 ms for 3 s. Quiet time never comes, the max wait does.
    const saveTimes: number[] = [];
    saver.events.on('saved', () => saveTimes.push(Date.now()));
    const start = Date.now();
    for (let t = 0; t < 3000; t += 100) {
      saver.markWeights(0, 5, 6);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(saveTimes.map((t) => t - start)).toEqual([1500, 3000]);
    // Every change was saved within 2 s of being made.
    await vi.advanceTimersByTimeAsync(400);
    expect(saver.pending).toBe(false);
  });

  it('writes the source once per session, then only the chunks that changed', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { chunkVertices: 10 });
    saver.begin(source(95));
    await saver.flush();
    const first = keysWritten(store, 0);
    expect(first).toContain('source');
    expect(first.filter((k) => k.startsWith('w/'))).toHaveLength(10);
    saver.markWeights(0, 18, 23); // chunks 1 and 2
    await saver.flush();
    expect(keysWritten(store, 1).sort()).toEqual(['meta', 'w/0/1', 'w/0/2']);
    saver.markState();
    await saver.flush();
    expect(keysWritten(store, 2).sort()).toEqual(['meta', 'state']);
    await saver.flush(); // nothing changed: nothing written
    expect(store.writes).toHaveLength(3);
  });

  it('surfaces a full quota as a warning, keeps the changes and saves them once there is room', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { chunkVertices: 10 });
    const warnings: StorageWarning[] = [];
    const recovered: string[] = [];
    saver.events.on('warning', (w) => warnings.push(w));
    saver.events.on('recovered', ({ id }) => recovered.push(id));
    const src = source(30);
    saver.begin(src);
    await saver.flush();
    store.failWrites = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    src.w.weights[25 * 4] = 0.5;
    src.w.weights[25 * 4 + 1] = 0.5;
    src.w.joints[25 * 4 + 1] = 3;
    saver.markWeights(0, 25, 26);
    await saver.flush();
    expect(warnings).toHaveLength(1);
    expect(warnings[0].kind).toBe('quota');
    expect(warnings[0].message).toMatch(/no room left.*Export your work/);
    expect(warnings[0].cause).toBeInstanceOf(DOMException);
    expect(saver.lastWarning?.kind).toBe('quota');
    expect(saver.pending).toBe(true);
    // Retries back off and do not repeat the same warning.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(warnings).toHaveLength(1);
    store.failWrites = null;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(recovered).toEqual([saver.sessionId]);
    expect(saver.lastWarning).toBeNull();
    const session = await loadSession(store, saver.sessionId);
    expect(session.weights[0].weights[25 * 4 + 1]).toBe(0.5);
    expect(session.weights[0].joints[25 * 4 + 1]).toBe(3);
  });

  it('keeps the newest sessions and lists them newest first with their thumbnails', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { keepSessions: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      saver.begin(source(10, `model-${i}.glb`));
      saver.setThumbnail(new Uint8Array([0x89, 0x50, 0x4e, 0x47, i]));
      await saver.flush();
      ids.push(saver.sessionId);
      await vi.advanceTimersByTimeAsync(1000);
    }
    const list = await listSessions(store);
    expect(list.map((s) => s.fileName)).toEqual(['model-4.glb', 'model-3.glb', 'model-2.glb']);
    expect(list[0].thumbnail).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4]));
    expect(list[0].vertexCount).toBe(10);
    expect((await store.keys()).some((k) => k.startsWith(`session/${ids[0]}/`))).toBe(false);
  });

  it('finishes the previous session when a new file starts one', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store);
    const a = source(10, 'a.glb');
    saver.begin(a);
    await saver.flush();
    const firstId = saver.sessionId;
    a.w.weights[0] = 0.25;
    a.w.weights[1] = 0.75;
    saver.markWeights(0, 0, 1);
    saver.begin(source(10, 'b.glb'));
    await vi.advanceTimersByTimeAsync(2000);
    const old = await loadSession(store, firstId);
    expect(Array.from(old.weights[0].weights.subarray(0, 2))).toEqual([0.25, 0.75]);
    expect(store.data.has(sessionKey.meta(saver.sessionId))).toBe(true);
  });

  it('keeps one session per file: the same file opened again replaces its entry, newest first', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { keepSessions: 5 });
    const order = ['Fox.glb', 'Wolf.glb', 'Fox.glb', 'Robot.glb', 'Fox.glb'];
    const ids: string[] = [];
    for (const name of order) {
      saver.begin(source(10, name));
      await saver.flush();
      ids.push(saver.sessionId);
      await vi.advanceTimersByTimeAsync(1000);
    }
    const list = await listSessions(store);
    expect(list.map((s) => s.fileName)).toEqual(['Fox.glb', 'Robot.glb', 'Wolf.glb']);
    expect(list[0].id).toBe(ids[4]);
    // The replaced sessions are gone from the store, not only from the list.
    for (const gone of [ids[0], ids[2]])
      expect((await store.keys()).some((k) => k.startsWith(`session/${gone}/`))).toBe(false);
  });

  it('lists one entry per file even when the store holds several (a second tab, an older version)', async () => {
    const store = new MemorySessionStore();
    const a = new Autosaver(store);
    const b = new Autosaver(store);
    a.begin(source(10, 'Fox.glb'));
    await a.flush();
    await vi.advanceTimersByTimeAsync(1000);
    // Another tab's session of the same file, written as an older version did (no pruning by file).
    b.begin(source(10, 'Fox.glb'));
    const bId = b.sessionId;
    await b.flush();
    const list = await listSessions(store);
    expect(list.map((s) => [s.fileName, s.id])).toEqual([['Fox.glb', bId]]);
  });

  it('writes a session whole again when it was deleted meanwhile (another tab replaced it)', async () => {
    const store = new MemorySessionStore();
    const saver = new Autosaver(store, { chunkVertices: 10 });
    const src = source(35, 'Fox.glb');
    saver.begin(src);
    await saver.flush();
    const id = saver.sessionId;
    // Another tab opened Fox.glb and its first save replaced this tab's session.
    const other = new Autosaver(store);
    other.begin(source(35, 'Fox.glb'));
    await other.flush();
    expect(store.data.has(sessionKey.meta(id))).toBe(false);
    // This tab paints on: its next save finds its session gone, and the save after that writes
    // it whole again (without deleting the other tab's).
    src.w.weights[31 * 4] = 0.5;
    src.w.weights[31 * 4 + 1] = 0.5;
    src.w.joints[31 * 4 + 1] = 2;
    saver.markWeights(0, 31, 32);
    await saver.flush();
    expect(saver.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(saver.pending).toBe(false);
    expect(store.data.has(sessionKey.meta(other.sessionId))).toBe(true);
    const back = await loadSession(store, id);
    expect(back.weights[0].weights).toEqual(src.w.weights);
    expect(back.weights[0].joints).toEqual(src.w.joints);
    expect(back.sourceBytes).toEqual(src.sourceBytes);
  });
});
