import { Emitter } from '../editor/emitter.ts';
import type { SavedStack } from '../layers/layer-stack.ts';
import { type HistoryWrite, HistoryWriter } from './history-writer.ts';
import type { HistorySummary, KeptHistory } from './saved-history.ts';
import type { SessionState, WeightsView } from './session.ts';
import {
  newId,
  pruneSessions,
  SESSION_FORMAT,
  type SessionMetaRecord,
  sessionKey,
  sliceChunk,
} from './session-records.ts';
import type { SessionStore } from './session-store.ts';
import { type StorageWarning, storageWarning } from './storage-warning.ts';

/** What the autosaver saves: read when a save runs, never copied when something changes. */
export interface SessionSource {
  fileName: string;
  /** The file as opened; saved once per session. */
  sourceBytes: Uint8Array;
  /** Each skinned primitive's weights, in the editor's order (the editor's SkinWeights). */
  weights(): readonly WeightsView[];
  state(): SessionState;
  /** The weight layers as copies (null: none), saved whole when {@link Autosaver.markLayers} says they changed. */
  layers?(): SavedStack | null;
  /** The undo steps to keep (see saved-history.ts), saved step by step when {@link Autosaver.markHistory} says they changed. */
  history?(): KeptHistory | null;
}

export interface AutosaverOptions {
  /** Quiet time after the last change before a save (ms). */
  delayMs?: number;
  /** Longest a change waits while changes keep coming (ms): the "within 2 s" promise. */
  maxWaitMs?: number;
  /** Vertices per stored weights chunk. */
  chunkVertices?: number;
  /** Sessions kept in the store (older ones are deleted when a new session first saves). */
  keepSessions?: number;
  /** Longest wait between retries after failed saves (ms). */
  maxRetryMs?: number;
}

/** A saved session to keep saving into (after a restore): its records are in the store already. */
export interface SessionResume {
  id: string;
  createdAt: number;
  chunkVertices: number;
  thumbnail?: Uint8Array;
  /** The session's stored undo steps (their keys are in the restored history's entries). */
  history?: { done: { key: string }[]; undone: { key: string }[] } | null;
}

export const AUTOSAVER_DEFAULTS: Required<AutosaverOptions> = {
  delayMs: 400,
  maxWaitMs: 1500,
  chunkVertices: 16_384,
  keepSessions: 5,
  maxRetryMs: 30_000,
};

export type AutosaverEvents = {
  /** A save finished: when, and how many bytes it wrote. */
  saved: { id: string; savedAt: number; bytes: number };
  /** A save failed (once per run of failures, and again if the reason changes). */
  warning: StorageWarning;
  /** Saving works again after a warning. */
  recovered: { id: string };
};

const byteSize = (value: unknown): number =>
  ArrayBuffer.isView(value) ? value.byteLength : value && typeof value === 'object' ? 256 : 16;

/**
 * Saves the session to a SessionStore shortly after every change, off the pointer path: a change
 * only marks what is dirty (a Set insert); the save runs from a timer, `delayMs` after the last
 * change and never later than `maxWaitMs` after the first unsaved one. A save writes, in one
 * transaction, the weight chunks that changed, the state if it changed, and the small meta record;
 * the source bytes go in once, with the session's first save. Failures are never swallowed: they
 * come out as a StorageWarning event, and the dirty marks stay so the next try saves them.
 */
export class Autosaver {
  readonly events = new Emitter<AutosaverEvents>();
  private readonly o: Required<AutosaverOptions>;
  private source: SessionSource | null = null;
  private id = '';
  private createdAt = 0;
  private sourceSaved = false;
  private thumbnail: Uint8Array | null = null;
  private chunkVertices: number;
  private readonly dirtyChunks = new Set<string>();
  private stateDirty = false;
  private thumbDirty = false;
  private layersDirty = false;
  private historyDirty = false;
  private readonly history = new HistoryWriter();
  /** What the last history write said about it, for the meta record. */
  private historySummary: HistorySummary | null = null;
  /** The session's records were deleted meanwhile: this save writes it whole, without pruning others. */
  private rewriting = false;
  /** When the oldest unsaved change was made (null: nothing unsaved). */
  private dirtySince: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> | null = null;
  private failures = 0;
  private warned: StorageWarning | null = null;

  constructor(
    private readonly store: SessionStore,
    options: AutosaverOptions = {},
  ) {
    this.o = { ...AUTOSAVER_DEFAULTS, ...options };
    this.chunkVertices = this.o.chunkVertices;
  }

  /** The session being saved ('' before `begin`). */
  get sessionId(): string {
    return this.id;
  }

  /** Unsaved changes exist (or a save is running). */
  get pending(): boolean {
    return this.hasMarks() || this.saving !== null;
  }

  private hasMarks(): boolean {
    return (
      this.dirtyChunks.size > 0 || this.stateDirty || this.thumbDirty || this.layersDirty || this.historyDirty
    );
  }

  /** The warning of the current run of failed saves, or null while saving works. */
  get lastWarning(): StorageWarning | null {
    return this.warned;
  }

  /**
   * Starts saving a session for `source`: a new one, or (`resume`) the restored one, whose
   * records are already in the store. A new session's first save writes everything.
   */
  begin(source: SessionSource, resume?: SessionResume): void {
    // The previous session's last changes: write() takes what it saves before its first await,
    // so this save finishes for the old session while the new one starts.
    if (this.source && this.hasMarks()) void this.save();
    this.end();
    this.source = source;
    this.id = resume?.id ?? newId();
    this.createdAt = resume?.createdAt ?? Date.now();
    this.sourceSaved = !!resume;
    this.thumbnail = resume?.thumbnail ?? null;
    // A resumed session keeps the chunk size its records were written with.
    this.chunkVertices = resume?.chunkVertices ?? this.o.chunkVertices;
    const stored = resume?.history;
    this.history.reset(stored ? [...stored.done, ...stored.undone].map((s) => s.key) : []);
    this.historySummary = null;
    if (!resume) this.markAllWeights();
    this.markState();
    this.markLayers();
    this.markHistory();
  }

  private markAllWeights(): void {
    this.source?.weights().forEach((view, p) => {
      this.markWeights(p, 0, view.vertexCount);
    });
  }

  /** Stops saving (pending changes are dropped: call `flush` first to keep them). */
  end(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.source = null;
    this.dirtyChunks.clear();
    this.stateDirty = this.thumbDirty = this.layersDirty = this.historyDirty = false;
    this.rewriting = false;
    this.dirtySince = null;
    this.thumbnail = null;
  }

  /** Weights of primitive `p` changed in vertices [start, end). Cheap: call it from any event. */
  markWeights(primitive: number, start: number, end: number): void {
    if (!this.source || end <= start) return;
    const first = Math.floor(start / this.chunkVertices);
    const last = Math.floor((end - 1) / this.chunkVertices);
    for (let c = first; c <= last; c++) this.dirtyChunks.add(`${primitive}/${c}`);
    this.schedule();
  }

  /** Locks, selection, pose, brush or mirror settings changed. */
  markState(): void {
    if (!this.source) return;
    this.stateDirty = true;
    this.schedule();
  }

  /** The weight layers changed (a layer operation, an edit while there are layers). */
  markLayers(): void {
    if (!this.source) return;
    this.layersDirty = true;
    this.schedule();
  }

  /** The undo history changed (a step made, undone, redone or dropped). */
  markHistory(): void {
    if (!this.source) return;
    this.historyDirty = true;
    this.schedule();
  }

  /** A new thumbnail (PNG bytes) for the restore list. */
  setThumbnail(png: Uint8Array): void {
    if (!this.source) return;
    this.thumbnail = png;
    this.thumbDirty = true;
    this.schedule();
  }

  /** Saves now (page hidden, before unload, before a restore offer); resolves when written. */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.saving) await this.saving;
    if (this.source && this.hasMarks()) await this.save();
  }

  private schedule(): void {
    const now = Date.now();
    this.dirtySince ??= now;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.saving) return; // The running save reschedules when it ends.
    // After failures, back off (doubling up to maxRetryMs) so a full disk is not hammered.
    const maxWait = Math.min(this.o.maxRetryMs, this.o.maxWaitMs * 2 ** this.failures);
    const due = Math.min(now + this.o.delayMs * 2 ** this.failures, this.dirtySince + maxWait);
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.save();
      },
      Math.max(0, due - now),
    );
  }

  private save(): Promise<void> {
    if (this.saving) return this.saving;
    this.saving = this.write().finally(() => {
      this.saving = null;
      if (this.source && this.hasMarks()) this.schedule();
    });
    return this.saving;
  }

  private async write(): Promise<void> {
    const source = this.source;
    if (!source) return;
    const id = this.id;
    const chunks = [...this.dirtyChunks];
    const stateDirty = this.stateDirty;
    const thumbDirty = this.thumbDirty;
    const layersDirty = this.layersDirty;
    const historyDirty = this.historyDirty;
    const dirtySince = this.dirtySince;
    const rewriting = this.rewriting;
    this.dirtyChunks.clear();
    this.stateDirty = this.thumbDirty = this.layersDirty = this.historyDirty = this.rewriting = false;
    this.dirtySince = null;
    const first = !this.sourceSaved;
    if (!first && chunks.length === 0 && !stateDirty && !thumbDirty && !layersDirty && !historyDirty) return;
    const views = source.weights();
    const thumbnail = this.thumbnail;
    const entries: [string, unknown][] = [];
    if (first) entries.push([sessionKey.source(id), source.sourceBytes], [sessionKey.alive(id), 1]);
    for (const key of chunks) {
      const [p, c] = key.split('/').map(Number);
      if (views[p]) entries.push([sessionKey.chunk(id, p, c), sliceChunk(views[p], c, this.chunkVertices)]);
    }
    if (stateDirty) entries.push([sessionKey.state(id), source.state()]);
    if (layersDirty) entries.push([sessionKey.layers(id), source.layers?.() ?? null]);
    if (thumbDirty && thumbnail) entries.push([sessionKey.thumb(id), thumbnail]);
    // The history is read now, with the editor's layers as they are (steps name their layer by place).
    const kept = historyDirty ? (source.history?.() ?? null) : null;
    const history: HistoryWrite | null = kept ? this.history.collect(id, kept) : null;
    if (history) {
      entries.push(...history.entries);
      this.historySummary = history.summary;
    }
    const savedAt = Date.now();
    const meta: SessionMetaRecord = {
      format: SESSION_FORMAT,
      id,
      fileName: source.fileName,
      createdAt: this.createdAt,
      savedAt,
      sourceByteLength: source.sourceBytes.byteLength,
      chunkVertices: this.chunkVertices,
      primitives: views.map((v) => ({ vertexCount: v.vertexCount, influences: v.influences })),
      hasThumbnail: thumbnail !== null,
      ...(this.historySummary && { history: this.historySummary }),
    };
    entries.push([sessionKey.meta(id), meta]);
    try {
      await this.store.setMany(entries);
    } catch (err) {
      // Put the marks back: nothing of this save reached the store (setMany is all or nothing).
      if (this.id === id) {
        for (const key of chunks) this.dirtyChunks.add(key);
        this.stateDirty ||= stateDirty;
        this.thumbDirty ||= thumbDirty;
        this.layersDirty ||= layersDirty;
        this.historyDirty ||= historyDirty;
        this.rewriting ||= rewriting;
        this.dirtySince = Math.min(this.dirtySince ?? Number.POSITIVE_INFINITY, dirtySince ?? Date.now());
      }
      this.fail(err);
      return;
    }
    if (this.id === id) {
      this.sourceSaved = true;
      if (history) this.history.written(history);
    }
    if (this.warned) this.events.emit('recovered', { id });
    this.failures = 0;
    this.warned = null;
    this.events.emit('saved', { id, savedAt, bytes: entries.reduce((n, [, v]) => n + byteSize(v), 0) });
    try {
      if (history?.stale.length) await this.store.delMany(history.stale);
      // A session's first save replaces older ones of its file (not a rewrite after another tab
      // replaced this one: the two tabs would take turns deleting each other's).
      if (first && !rewriting) await pruneSessions(this.store, this.o.keepSessions, id);
      else if (!first && this.id === id && !(await this.sessionExists(id))) this.rewriteWhole();
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * The session was deleted while this tab saved into it (from the list in another tab, or
   * replaced by another tab's session of the same file): the next save writes it whole again, so
   * what this tab goes on saving still restores.
   */
  private rewriteWhole(): void {
    this.sourceSaved = false;
    this.rewriting = true;
    this.history.reset();
    this.markAllWeights();
    this.markState();
    this.markLayers();
    this.markHistory();
    if (this.thumbnail) this.thumbDirty = true;
  }

  /** The session is still in the store (its small record written with the source is there). */
  private async sessionExists(id: string): Promise<boolean> {
    return (await this.store.get(sessionKey.alive(id))) !== undefined;
  }

  private fail(err: unknown): void {
    this.failures = Math.min(this.failures + 1, 16);
    const warning = storageWarning(err);
    if (this.warned?.kind === warning.kind) return;
    this.warned = warning;
    this.events.emit('warning', warning);
  }
}
