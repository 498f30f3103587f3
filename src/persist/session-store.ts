/**
 * Where sessions are kept: a small key-value interface, so the autosaver runs against
 * IndexedDB in the browser (idb-session-store.ts) and against memory in tests.
 * Values are anything the structured clone algorithm copies (typed arrays, plain objects).
 */
export interface SessionStore {
  get<T>(key: string): Promise<T | undefined>;
  /** Writes all entries or none (one IndexedDB transaction): a save is never half done. */
  setMany(entries: [string, unknown][]): Promise<void>;
  delMany(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
}

/** An in-memory SessionStore for tests: clones on the way in and out, as IndexedDB does. */
export class MemorySessionStore implements SessionStore {
  readonly data = new Map<string, unknown>();
  /** When set, the next writes throw this (a QuotaExceededError, a blocked database…). */
  failWrites: (() => unknown) | null = null;
  /** Writes made, for tests that count what a save wrote. */
  readonly writes: [string, unknown][][] = [];

  async get<T>(key: string): Promise<T | undefined> {
    const value = this.data.get(key);
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  async setMany(entries: [string, unknown][]): Promise<void> {
    if (this.failWrites) throw this.failWrites();
    const copies = entries.map(([key, value]) => [key, structuredClone(value)] as [string, unknown]);
    for (const [key, value] of copies) this.data.set(key, value);
    this.writes.push(copies);
  }

  async delMany(keys: string[]): Promise<void> {
    for (const key of keys) this.data.delete(key);
  }

  async keys(): Promise<string[]> {
    return [...this.data.keys()];
  }
}
