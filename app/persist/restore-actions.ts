import { deleteSession, listSessions, loadSession } from '../../src/persist/session-records.ts';
import { storageWarning } from '../../src/persist/storage-warning.ts';
import { editor } from '../editor-instance.ts';
import { autosaver, editorAutosave, sessionStore } from './persist-instance.ts';
import { usePersist } from './persist-store.ts';
import { applyHookState } from './session-hooks.ts';

/** Sessions the restore list shows (the autosaver keeps 5). */
export const OFFER_LIMIT = 5;

/** Resolves once the editor has a model: a restore must not race the built-in character's load. */
function firstModel(): Promise<void> {
  if (editor.model) return Promise.resolve();
  return new Promise((resolve) => {
    const off = editor.events.on('model', () => {
      off();
      resolve();
    });
  });
}

/** A failure to reach the storage goes to the warning banner: never swallowed. */
function storageFailed(err: unknown): void {
  const warning = storageWarning(err);
  console.warn(warning.message, err);
  usePersist.getState().setWarning(warning);
}

/**
 * Reads the saved sessions and opens the panel with them. `onlyIfAny` (the offer at page open)
 * leaves the panel closed when there is nothing to restore.
 */
export async function showSavedSessions(onlyIfAny = false): Promise<void> {
  try {
    const sessions = await listSessions(sessionStore, OFFER_LIMIT);
    if (onlyIfAny && sessions.length === 0) return;
    usePersist.setState({ sessions, phase: 'open', offerError: null });
  } catch (err) {
    storageFailed(err);
  }
}

/** Closes the panel ("Start fresh"): the sessions stay saved until newer ones push them out. */
export function dismissOffer(): void {
  usePersist.setState({ phase: 'closed', offerError: null });
}

/**
 * Restores a saved session: weights bit for bit, locks and selection (the editor), brush, mirror
 * pose and named poses (their owners). Autosave goes on into the same session. A session that no longer opens
 * says why in the panel, and the editor keeps what it had.
 */
export async function restoreSaved(id: string): Promise<void> {
  usePersist.setState({ phase: 'restoring', offerError: null });
  try {
    await firstModel();
    const session = await loadSession(sessionStore, id);
    const state = await editorAutosave().restore(session);
    applyHookState(editor, state);
    usePersist.setState({ phase: 'closed' });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    usePersist.setState({ phase: 'open', offerError: `Could not restore: ${message}` });
  }
}

/** Deletes a saved session (not the one this tab is saving into) and lists again. */
export async function deleteSaved(id: string): Promise<void> {
  if (id === autosaver.sessionId) return;
  try {
    await deleteSession(sessionStore, id);
    const sessions = await listSessions(sessionStore, OFFER_LIMIT);
    usePersist.setState({ sessions, phase: sessions.length > 0 ? 'open' : 'closed' });
  } catch (err) {
    storageFailed(err);
  }
}
