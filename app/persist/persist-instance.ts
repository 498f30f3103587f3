import { Autosaver } from '../../src/persist/autosaver.ts';
import { EditorAutosave } from '../../src/persist/editor-autosave.ts';
import { IdbSessionStore } from '../../src/persist/idb-session-store.ts';
import { editor } from '../editor-instance.ts';
import { sessionHooks } from './session-hooks.ts';

/** The page's session store: IndexedDB, opened on first use (constructing it touches nothing). */
export const sessionStore = new IdbSessionStore();

/** Saves the editing session within 2 s of every change (src/persist/autosaver.ts). */
export const autosaver = new Autosaver(sessionStore);

/** The editor's state besides weights, read from where it lives in the app. */
export const hooks = sessionHooks(editor);

let wiring: EditorAutosave | null = null;

/**
 * The autosave wiring of the page's editor, made on first use (at startup, before the first model
 * opens). A session starts at a model's first edit: opening files to look at them does not push
 * real work out of the few sessions kept.
 */
export function editorAutosave(): EditorAutosave {
  wiring ??= new EditorAutosave(editor, autosaver, hooks, { startOn: 'edit' });
  return wiring;
}
