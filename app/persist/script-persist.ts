import type { HistorySummary } from '../../src/persist/saved-history.ts';
import { listSessions } from '../../src/persist/session-records.ts';
import type { StorageWarningKind } from '../../src/persist/storage-warning.ts';
import { autosaver, editorAutosave, sessionStore } from './persist-instance.ts';
import { usePersist } from './persist-store.ts';
import { buildProject } from './project-actions.ts';
import { restoreSaved } from './restore-actions.ts';

/** `window.skinsmith.persist`: autosave, saved sessions and project files for scripts and tests. */
export interface ScriptPersist {
  /** Saves pending changes now; resolves when they are written. */
  flush(): Promise<void>;
  status(): {
    /** The session this tab saves into ('' before the first edit). */
    sessionId: string;
    /** A session is being saved (false until the model's first edit). */
    active: boolean;
    /** Changes not written yet. */
    pending: boolean;
    savedAt: number | null;
    warning: { kind: StorageWarningKind; message: string } | null;
  };
  /** The saved sessions, newest first (what the restore list shows). */
  sessions(): Promise<
    {
      id: string;
      fileName: string;
      savedAt: number;
      vertexCount: number;
      thumbnail: boolean;
      /** The undo steps a restore brings back, and the step they stop at (a layer or model change). */
      history: HistorySummary;
    }[]
  >;
  /** Restores a saved session as the panel's Restore does; rejects with the panel's message. */
  restore(id: string): Promise<void>;
  /** The project file Save project would download (not downloaded). */
  project(): Promise<{ fileName: string; bytes: Uint8Array }>;
}

export const scriptPersist: ScriptPersist = {
  flush: () => autosaver.flush(),
  status: () => {
    const warning = autosaver.lastWarning ?? usePersist.getState().warning;
    return {
      sessionId: autosaver.sessionId,
      active: editorAutosave().active,
      pending: autosaver.pending,
      savedAt: usePersist.getState().savedAt,
      warning: warning ? { kind: warning.kind, message: warning.message } : null,
    };
  },
  sessions: async () =>
    (await listSessions(sessionStore)).map(({ id, fileName, savedAt, vertexCount, thumbnail, history }) => ({
      id,
      fileName,
      savedAt,
      vertexCount,
      thumbnail: !!thumbnail,
      history,
    })),
  restore: async (id) => {
    await restoreSaved(id);
    const error = usePersist.getState().offerError;
    if (error) throw new Error(error);
  },
  project: async () => {
    const { fileName, bytes } = await buildProject();
    return { fileName, bytes };
  },
};
