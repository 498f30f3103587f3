import type { SavedStack } from '../layers/layer-stack.ts';
import {
  HISTORY_FORMAT,
  type HistorySummary,
  type LoadedHistory,
  type SavedHistoryIndex,
  type SavedStep,
} from './saved-history.ts';
import {
  type PrimitiveWeights,
  type Session,
  type SessionState,
  type SessionSummary,
  sanitizeSessionState,
  type WeightsView,
} from './session.ts';
import type { SessionStore } from './session-store.ts';

/** A new id for a session or a stored step. */
export const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Version of the records below; a reader skips sessions of a format it does not know. */
export const SESSION_FORMAT = 1;

/**
 * How a session lies in the store. Weights are cut into chunks of `chunkVertices` vertices so
 * that a save writes only the chunks a stroke touched, not the whole primitive.
 *
 *   session/<id>/meta        SessionMetaRecord (small; rewritten by every save)
 *   session/<id>/source      the opened file's bytes (written once)
 *   session/<id>/alive       written with the source: a small record that says the session still exists
 *   session/<id>/state       SessionState
 *   session/<id>/layers      SavedStack (the weight layers; null or absent when there are none)
 *   session/<id>/thumb       PNG bytes
 *   session/<id>/w/<p>/<c>   WeightsChunk c of primitive p
 *   session/<id>/history     SavedHistoryIndex (the kept undo steps, by key, in order)
 *   session/<id>/h/<key>     SavedStep (one undo step; written once)
 */
export const sessionKey = {
  prefix: (id: string) => `session/${id}/`,
  meta: (id: string) => `session/${id}/meta`,
  source: (id: string) => `session/${id}/source`,
  alive: (id: string) => `session/${id}/alive`,
  state: (id: string) => `session/${id}/state`,
  layers: (id: string) => `session/${id}/layers`,
  thumb: (id: string) => `session/${id}/thumb`,
  chunk: (id: string, primitive: number, chunk: number) => `session/${id}/w/${primitive}/${chunk}`,
  history: (id: string) => `session/${id}/history`,
  step: (id: string, key: string) => `session/${id}/h/${key}`,
};

const META_KEY = /^session\/(.+)\/meta$/;

export interface SessionMetaRecord {
  format: number;
  id: string;
  fileName: string;
  createdAt: number;
  savedAt: number;
  sourceByteLength: number;
  chunkVertices: number;
  primitives: { vertexCount: number; influences: number }[];
  hasThumbnail: boolean;
  /** The undo history kept with the session (absent: none was saved, as in older versions). */
  history?: HistorySummary;
}

export interface WeightsChunk {
  joints: Uint16Array;
  weights: Float32Array;
}

/** Chunks of a primitive of `vertexCount` vertices. */
export const chunkCount = (vertexCount: number, chunkVertices: number) =>
  Math.ceil(vertexCount / chunkVertices);

/** Chunk c of a primitive's weights, copied (the editor keeps painting into the original). */
export function sliceChunk(view: WeightsView, chunk: number, chunkVertices: number): WeightsChunk {
  const K = view.influences;
  const start = chunk * chunkVertices * K;
  const end = Math.min(view.vertexCount, (chunk + 1) * chunkVertices) * K;
  return { joints: view.joints.slice(start, end), weights: view.weights.slice(start, end) };
}

/** Thrown when a stored session is missing parts or does not add up. */
export class SessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

/** Every saved session's meta record, newest first (records of unknown formats are skipped). */
export async function listSessionMetas(store: SessionStore): Promise<SessionMetaRecord[]> {
  const ids = (await store.keys()).map((key) => META_KEY.exec(key)?.[1]).filter((id): id is string => !!id);
  const metas = await Promise.all(ids.map((id) => store.get<SessionMetaRecord>(sessionKey.meta(id))));
  return metas
    .filter((m): m is SessionMetaRecord => !!m && m.format === SESSION_FORMAT)
    .sort((a, b) => b.savedAt - a.savedAt);
}

/**
 * The newest session of each file, newest first: the restore offer has one entry per file (the
 * same file opened again replaces its entry; older duplicates, from a second tab or an older
 * version, are pruned when a session next starts).
 */
export function newestPerFile<T extends { fileName: string }>(newestFirst: readonly T[]): T[] {
  const seen = new Set<string>();
  return newestFirst.filter((m) => !seen.has(m.fileName) && !!seen.add(m.fileName));
}

/** The restore offer: the saved sessions, one per file, newest first, with name, time and thumbnail. */
export async function listSessions(
  store: SessionStore,
  limit = Number.POSITIVE_INFINITY,
): Promise<SessionSummary[]> {
  const metas = newestPerFile(await listSessionMetas(store)).slice(0, limit);
  return Promise.all(
    metas.map(async (m) => ({
      id: m.id,
      fileName: m.fileName,
      savedAt: m.savedAt,
      vertexCount: m.primitives.reduce((sum, p) => sum + p.vertexCount, 0),
      history: m.history ?? { undo: 0, redo: 0, stopsAt: null },
      thumbnail: m.hasThumbnail ? await store.get<Uint8Array>(sessionKey.thumb(m.id)) : undefined,
    })),
  );
}

/** A whole session, weights reassembled from their chunks exactly as they were saved. */
export async function loadSession(store: SessionStore, id: string): Promise<Session> {
  const meta = await store.get<SessionMetaRecord>(sessionKey.meta(id));
  if (!meta || meta.format !== SESSION_FORMAT) throw new SessionError(`There is no saved session ${id}.`);
  const [sourceBytes, state, thumbnail, layers] = await Promise.all([
    store.get<Uint8Array>(sessionKey.source(id)),
    store.get<SessionState>(sessionKey.state(id)),
    meta.hasThumbnail ? store.get<Uint8Array>(sessionKey.thumb(id)) : undefined,
    store.get<SavedStack | null>(sessionKey.layers(id)),
  ]);
  if (!sourceBytes || sourceBytes.byteLength !== meta.sourceByteLength) {
    throw new SessionError(`The saved session of ${meta.fileName} has lost its source file.`);
  }
  const weights: PrimitiveWeights[] = [];
  for (const [p, { vertexCount, influences }] of meta.primitives.entries()) {
    const joints = new Uint16Array(vertexCount * influences);
    const values = new Float32Array(vertexCount * influences);
    for (let c = 0; c < chunkCount(vertexCount, meta.chunkVertices); c++) {
      const chunk = await store.get<WeightsChunk>(sessionKey.chunk(id, p, c));
      const at = c * meta.chunkVertices * influences;
      const expected = Math.min(vertexCount * influences - at, meta.chunkVertices * influences);
      if (!chunk || chunk.joints.length !== expected || chunk.weights.length !== expected) {
        throw new SessionError(
          `The saved session of ${meta.fileName} is incomplete (weights of primitive ${p}).`,
        );
      }
      joints.set(chunk.joints, at);
      values.set(chunk.weights, at);
    }
    weights.push({ vertexCount, influences, joints, weights: values });
  }
  const history = await loadHistory(store, id);
  return {
    id,
    fileName: meta.fileName,
    sourceBytes,
    savedAt: meta.savedAt,
    createdAt: meta.createdAt,
    chunkVertices: meta.chunkVertices,
    weights,
    layers: layers ?? null,
    history,
    state: sanitizeSessionState(state),
    thumbnail,
  };
}

/**
 * A session's kept undo steps, in order; null when it has none, or when a step is missing (a
 * store left half-written by an older version): the weights restore without a history then.
 */
async function loadHistory(store: SessionStore, id: string): Promise<LoadedHistory | null> {
  const index = await store.get<SavedHistoryIndex>(sessionKey.history(id));
  if (!index || index.format !== HISTORY_FORMAT || !Array.isArray(index.done) || !Array.isArray(index.undone))
    return null;
  const read = async (keys: unknown[]) => {
    const steps = await Promise.all(
      keys.map(async (key) => {
        if (typeof key !== 'string') return null;
        const step = await store.get<SavedStep>(sessionKey.step(id, key));
        return step ? { ...step, key } : null;
      }),
    );
    return steps.every((step) => step !== null) ? (steps as LoadedHistory['done']) : null;
  };
  const [done, undone] = await Promise.all([read(index.done), read(index.undone)]);
  return done && undone ? { done, undone } : null;
}

/** Removes a session and every record of it. */
export async function deleteSession(store: SessionStore, id: string): Promise<void> {
  const prefix = sessionKey.prefix(id);
  await store.delMany((await store.keys()).filter((key) => key.startsWith(prefix)));
}

/**
 * Keeps one session per file (the newest, or `protect` for its file) and of those the `keep`
 * newest (and `protect`), deleting the rest; returns the ids removed.
 */
export async function pruneSessions(store: SessionStore, keep: number, protect?: string): Promise<string[]> {
  const metas = await listSessionMetas(store);
  const kept = metas.find((m) => m.id === protect);
  // The protected session stands for its file, whatever another tab saved of it since.
  const candidates = kept ? [kept, ...metas.filter((m) => m.id !== protect)] : metas;
  const perFile = new Set(newestPerFile(candidates).map((m) => m.id));
  let count = 0;
  const doomed = metas
    .filter((m) => {
      if (m.id === protect) return false;
      if (!perFile.has(m.id)) return true;
      return ++count + (kept ? 1 : 0) > keep;
    })
    .map((m) => m.id);
  if (doomed.length === 0) return [];
  const prefixes = doomed.map(sessionKey.prefix);
  await store.delMany((await store.keys()).filter((key) => prefixes.some((p) => key.startsWith(p))));
  return doomed;
}
