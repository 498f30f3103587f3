/**
 * Never lose work: autosave of the editing session to IndexedDB, the restore offer, and project
 * files (a GLB carrying the editor state). Framework-free; the app wires it to the UI:
 *
 * ```ts
 * const store = new IdbSessionStore();
 * const autosaver = new Autosaver(store);
 * const autosave = new EditorAutosave(editor, autosaver, {
 *   brush: () => ({ ...editor.paint.settings }),      // and pose, mirror, excludedJoints
 *   sourceBytes: () => builtInCharacterGlb,            // when the model came from code
 * }, { startOn: 'edit' });                             // a session starts at the first edit
 * autosaver.events.on('warning', (w) => showWarning(w.message)); // quota, blocked, unavailable
 * autosaver.events.on('recovered', () => clearWarning());
 * paint.events.on('settings', () => autosave.markState());
 * installUnloadGuard(window, { hasUnexportedEdits: () => editor.hasUnexportedEdits, autosaver, document });
 *
 * // Restore offer at start-up:
 * const offers = await listSessions(store, 5);        // name, savedAt, thumbnail, vertexCount
 * const state = await autosave.restore(await loadSession(store, offers[0].id));
 * // state.pose / state.brush / state.mirror / state.excludedJoints → their owners
 *
 * // Project files:
 * const { bytes, fileName } = await saveProjectGlb(editor.requireModel(), editorSessionState(editor, hooks), { sourceName });
 * const project = await openProject(editor, files);   // null for a plain glTF
 * ```
 */
export {
  AUTOSAVER_DEFAULTS,
  Autosaver,
  type AutosaverEvents,
  type AutosaverOptions,
  type SessionSource,
} from './autosaver.ts';
export {
  EDITOR_AUTOSAVE_DEFAULTS,
  EditorAutosave,
  type EditorAutosaveOptions,
  type EditorSessionHooks,
  editorSessionSource,
  editorSessionState,
} from './editor-autosave.ts';
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
