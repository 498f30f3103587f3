import { installUnloadGuard } from '../../src/persist/page-lifecycle.ts';
import { editor } from '../editor-instance.ts';
import { watchBuiltinSource } from './builtin-source.ts';
import { autosaver, editorAutosave } from './persist-instance.ts';
import { usePersist } from './persist-store.ts';
import { showSavedSessions } from './restore-actions.ts';
import { notePosed } from './session-hooks.ts';
import { captureThumbnail } from './thumbnail.ts';

/** At most one thumbnail per session in this time (it costs a frame and a PNG encode). */
const THUMBNAIL_EVERY_MS = 20_000;

/** A new thumbnail after a save, now and then, never during a stroke or in a hidden tab. */
function watchThumbnails(): () => void {
  let session = '';
  let at = 0;
  let capturing = false;
  return autosaver.events.on('saved', ({ id }) => {
    const due = id !== session || Date.now() - at > THUMBNAIL_EVERY_MS;
    if (!due || capturing || editor.paint.painting || document.visibilityState === 'hidden') return;
    capturing = true;
    captureThumbnail()
      .then((png) => {
        if (!png || autosaver.sessionId !== id) return;
        session = id;
        at = Date.now();
        autosaver.setThumbnail(png);
      })
      // A thumbnail is a nicety: the session is saved without one.
      .catch((err: unknown) => console.warn('No thumbnail for the restore list:', err))
      .finally(() => {
        capturing = false;
      });
  });
}

/**
 * Wires "never lose work" into the page, once at startup (before the first model opens):
 * autosave of every edit, storage warnings to the banner, thumbnails for the restore list, the
 * prompt before closing a tab with unexported edits, and the restore offer when sessions exist.
 */
export function connectPersist(): () => void {
  const autosave = editorAutosave();
  const { setWarning } = usePersist.getState();
  const offs = [
    autosaver.events.on('warning', (warning) => {
      console.warn(warning.message, warning.cause);
      setWarning(warning);
    }),
    autosaver.events.on('recovered', () => setWarning(null)),
    autosaver.events.on('saved', ({ savedAt }) => usePersist.setState({ savedAt })),
    // Brush and mirror settings are saved with a session but are no edit of the model.
    editor.paint.events.on('settings', () => autosave.markState(false)),
    // The skinning mode is a way of looking (export stays linear blend), not an edit.
    editor.pose.events.on('pose', ({ reason }) => {
      notePosed(editor);
      autosave.markState(reason !== 'mode');
    }),
    // A pose kept under a name is the rigger's work (their test poses): it starts a session too.
    editor.pose.events.on('named', () => autosave.markState(true)),
    // Excluded joints are saved with a session, like the brush: a setting, not an edit (the
    // event also fires when a model opens, which must not start a session).
    editor.events.on('excluded', () => autosave.markState(false)),
    watchBuiltinSource(editor, () => autosave.sourceChanged()),
    watchThumbnails(),
    installUnloadGuard(window, {
      hasUnexportedEdits: () => editor.hasUnexportedEdits,
      autosaver,
      document,
    }),
  ];
  void showSavedSessions(true);
  return () => {
    for (const off of offs) off();
    autosave.detach();
  };
}
