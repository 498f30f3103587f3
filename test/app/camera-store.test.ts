import { afterEach, describe, expect, it, vi } from 'vitest';

/** A localStorage of the page's shape, in memory. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** The camera settings as a fresh page load reads them. */
async function freshStore() {
  vi.resetModules();
  return (await import('../../app/viewport/camera-store.ts')).useCamera;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('camera settings (View section)', () => {
  it('default to a turntable about the picked point, in perspective', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect((await freshStore()).getState()).toMatchObject({
      style: 'turntable',
      aroundPick: true,
      ortho: false,
    });
  });

  it('keep the orbit style and the pivot setting for the next visit, not the projection', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const first = await freshStore();
    first.getState().set({ style: 'trackball', aroundPick: false, ortho: true });
    expect(first.getState().ortho).toBe(true);
    const next = await freshStore();
    expect(next.getState()).toMatchObject({ style: 'trackball', aroundPick: false, ortho: false });
    next.getState().set({ style: 'turntable' });
    expect((await freshStore()).getState()).toMatchObject({ style: 'turntable', aroundPick: false });
  });

  it('read a damaged or foreign saved value as the defaults', async () => {
    for (const saved of ['{not json', '{"style":"roll","aroundPick":"yes"}', 'null']) {
      vi.stubGlobal('localStorage', memoryStorage({ 'skinsmith.camera': saved }));
      expect((await freshStore()).getState(), saved).toMatchObject({ style: 'turntable', aroundPick: true });
    }
  });
});
