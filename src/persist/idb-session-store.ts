import { createStore, delMany, get, keys, setMany, type UseStore } from 'idb-keyval';
import type { SessionStore } from './session-store.ts';
import { StorageTimeoutError, StorageUnavailableError } from './storage-warning.ts';

export interface IdbSessionStoreOptions {
  dbName?: string;
  storeName?: string;
  /** An operation that takes longer fails with StorageTimeoutError (a blocked open never settles). */
  timeoutMs?: number;
}

export const IDB_SESSION_STORE_DEFAULTS: Required<IdbSessionStoreOptions> = {
  dbName: 'skinsmith',
  storeName: 'sessions',
  timeoutMs: 10_000,
};

/**
 * The browser's SessionStore: one IndexedDB object store through idb-keyval. The database is
 * opened on first use, so constructing this never throws; where IndexedDB is missing or refused
 * (a private window), every operation rejects and the autosaver turns that into a warning.
 */
export class IdbSessionStore implements SessionStore {
  private readonly options: Required<IdbSessionStoreOptions>;
  private store: UseStore | null = null;

  constructor(options: IdbSessionStoreOptions = {}) {
    this.options = { ...IDB_SESSION_STORE_DEFAULTS, ...options };
  }

  private use(): UseStore {
    if (typeof indexedDB === 'undefined' || !indexedDB) throw new StorageUnavailableError();
    this.store ??= createStore(this.options.dbName, this.options.storeName);
    return this.store;
  }

  private timed<T>(operation: string, run: () => Promise<T>): Promise<T> {
    const ms = this.options.timeoutMs;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new StorageTimeoutError(operation, ms)), ms);
      // Inside the promise so that a synchronous throw (no indexedDB at all) rejects too.
      Promise.resolve()
        .then(run)
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  }

  get<T>(key: string): Promise<T | undefined> {
    return this.timed('a read', () => get<T>(key, this.use()));
  }

  setMany(entries: [string, unknown][]): Promise<void> {
    return this.timed('a write', () => setMany(entries, this.use()));
  }

  delMany(list: string[]): Promise<void> {
    return this.timed('a delete', () => delMany(list, this.use()));
  }

  keys(): Promise<string[]> {
    return this.timed('a listing', () => keys<string>(this.use()));
  }
}
