import { afterEach, describe, expect, it, vi } from 'vitest';
import { Autosaver } from '../../src/persist/autosaver.ts';
import { IdbSessionStore } from '../../src/persist/idb-session-store.ts';
import { installUnloadGuard } from '../../src/persist/page-lifecycle.ts';
import { emptySessionState } from '../../src/persist/session.ts';
import { MemorySessionStore } from '../../src/persist/session-store.ts';
import {
  StorageTimeoutError,
  type StorageWarning,
  storageWarning,
} from '../../src/persist/storage-warning.ts';

const tinySource = () => ({
  fileName: 'a.glb',
  sourceBytes: new Uint8Array(4),
  weights: () => [
    { vertexCount: 1, influences: 4, joints: new Uint16Array(4), weights: new Float32Array([1, 0, 0, 0]) },
  ],
  state: () => emptySessionState(),
});

describe('storage failures become warnings with what to do', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('classifies quota, blocked and unavailable storage', () => {
    expect(storageWarning(new DOMException('full', 'QuotaExceededError')).kind).toBe('quota');
    expect(storageWarning({ name: 'NS_ERROR_DOM_QUOTA_REACHED' }).kind).toBe('quota');
    expect(storageWarning(new StorageTimeoutError('a write', 10)).kind).toBe('blocked');
    expect(storageWarning(new DOMException('private', 'InvalidStateError')).kind).toBe('unavailable');
    expect(storageWarning(new Error('?')).kind).toBe('failed');
  });

  it('no IndexedDB at all (Node, some private windows): the autosaver warns "unavailable"', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const saver = new Autosaver(new IdbSessionStore());
    const warnings: StorageWarning[] = [];
    saver.events.on('warning', (w) => warnings.push(w));
    saver.begin(tinySource());
    await saver.flush();
    expect(warnings.map((w) => w.kind)).toEqual(['unavailable']);
    expect(warnings[0].message).toMatch(/Export your work/);
  });

  it('an IndexedDB that never answers (blocked by another tab) times out as "blocked"', async () => {
    // An open request whose events never fire.
    vi.stubGlobal('indexedDB', { open: () => ({}) });
    const saver = new Autosaver(new IdbSessionStore({ timeoutMs: 20 }));
    const warnings: StorageWarning[] = [];
    saver.events.on('warning', (w) => warnings.push(w));
    saver.begin(tinySource());
    await saver.flush();
    expect(warnings.map((w) => w.kind)).toEqual(['blocked']);
  });
});

describe('the unload guard', () => {
  it('asks before closing with edits not exported, and saves when the page goes away', async () => {
    const page = new EventTarget();
    const store = new MemorySessionStore();
    const autosaver = new Autosaver(store);
    autosaver.begin(tinySource());
    let unexported = true;
    const remove = installUnloadGuard(page, { hasUnexportedEdits: () => unexported, autosaver });
    const ask = new Event('beforeunload', { cancelable: true });
    page.dispatchEvent(ask);
    expect(ask.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(store.writes.length).toBe(1));
    unexported = false;
    const leave = new Event('beforeunload', { cancelable: true });
    page.dispatchEvent(leave);
    expect(leave.defaultPrevented).toBe(false);
    autosaver.markState();
    page.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() => expect(store.writes.length).toBe(2));
    remove();
    const after = new Event('beforeunload', { cancelable: true });
    unexported = true;
    page.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
