/**
 * Never lose work: autosave of the editing session to IndexedDB, the restore offer, and project
 * files (a GLB carrying the editor state). Framework-free; the app wires it to the UI.
 */
export {
  AUTOSAVER_DEFAULTS,
  Autosaver,
  type AutosaverEvents,
  type AutosaverOptions,
  type SessionSource,
} from './autosaver.ts';
export { EditorAutosave, type EditorSessionHooks, editorSessionSource } from './editor-autosave.ts';
export {
  IDB_SESSION_STORE_DEFAULTS,
  IdbSessionStore,
  type IdbSessionStoreOptions,
} from './idb-session-store.ts';
export { installUnloadGuard, type UnloadGuardOptions } from './page-lifecycle.ts';
export {
  openProject,
  PROJECT_EXTRAS_KEY,
  type ProjectState,
  projectFileName,
  readProjectState,
  type SaveProjectOptions,
  saveProjectGlb,
  takeProjectState,
} from './project-file.ts';
export { applySavedWeights, applySessionState, restoreSession } from './restore-session.ts';
export {
  emptySessionState,
  type JsonValue,
  type PrimitiveWeights,
  type Quat,
  type Session,
  type SessionState,
  type SessionSummary,
  sanitizeSessionState,
  type WeightsView,
} from './session.ts';
export { deleteSession, listSessions, loadSession, pruneSessions, SessionError } from './session-records.ts';
export { MemorySessionStore, type SessionStore } from './session-store.ts';
export {
  StorageTimeoutError,
  StorageUnavailableError,
  type StorageWarning,
  type StorageWarningKind,
  storageWarning,
} from './storage-warning.ts';
