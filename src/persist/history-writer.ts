import type { HistorySummary, KeptHistory, SavedHistoryIndex } from './saved-history.ts';
import { HISTORY_FORMAT } from './saved-history.ts';
import { newId, sessionKey } from './session-records.ts';

/** What one save writes of the history, and what it leaves behind. */
export interface HistoryWrite {
  /** Records to write with the save: the steps not stored yet, and the index. */
  entries: [string, unknown][];
  summary: HistorySummary;
  /** Keys of the steps the index names. */
  keys: Set<string>;
  /** Records of steps the history no longer holds (dropped, squashed, redo cleared): delete after the save. */
  stale: string[];
}

/**
 * Writes a session's undo history incrementally: a step is stored once under its own key (the
 * entry's `key`, given on first save and kept through a restore), the small index on every
 * history change; steps the history no longer holds are deleted after the save that drops them.
 */
export class HistoryWriter {
  /** Keys of the steps in the store as of the last save that succeeded. */
  private stored = new Set<string>();

  /** A new session (nothing stored), or a resumed one whose steps are stored under `keys`. */
  reset(keys: Iterable<string> = []): void {
    this.stored = new Set(keys);
  }

  /** The records for the history now (read synchronously: call before the save's first await). */
  collect(id: string, kept: KeptHistory): HistoryWrite {
    const entries: [string, unknown][] = [];
    const keys = new Set<string>();
    const name = (entry: { key?: string }) => {
      entry.key ??= newId();
      return entry.key;
    };
    for (const entry of [...kept.done, ...kept.undone]) {
      const key = name(entry);
      keys.add(key);
      if (!this.stored.has(key)) entries.push([sessionKey.step(id, key), kept.save(entry)]);
    }
    const index: SavedHistoryIndex = {
      format: HISTORY_FORMAT,
      done: kept.done.map(name),
      undone: kept.undone.map(name),
    };
    entries.push([sessionKey.history(id), index]);
    const stale = [...this.stored].filter((key) => !keys.has(key)).map((key) => sessionKey.step(id, key));
    return { entries, summary: kept.summary, keys, stale };
  }

  /** The save that carried `write` succeeded: its steps are stored. */
  written(write: HistoryWrite): void {
    this.stored = write.keys;
  }
}
