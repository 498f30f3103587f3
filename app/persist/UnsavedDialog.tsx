import { useEffect, useRef } from 'react';
import { useUnsaved } from './unsaved-store.ts';
import './persist.css';

/**
 * "Save changes to Fox.glb?" before another file replaces unsaved work (Open, drop, ?model=), as
 * desktop tools ask: Save project (the default, Enter), Don't save, Cancel (Esc). Modal: the
 * editor's shortcuts do not run behind it.
 */
export function UnsavedDialog() {
  const question = useUnsaved((s) => s.question);
  const ref = useRef<HTMLDialogElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!question || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    save.current?.focus();
    return () => {
      dialog.close();
      previous?.focus?.();
    };
  }, [question]);
  if (!question) return null;
  const { current, next, autosaved, answer } = question;
  return (
    <dialog
      ref={ref}
      className="unsaved-dialog"
      aria-labelledby="unsaved-title"
      aria-describedby="unsaved-text"
      data-testid="unsaved-dialog"
      onKeyDown={(e) => e.stopPropagation()}
      onCancel={(e) => {
        e.preventDefault();
        answer('cancel');
      }}
    >
      <h2 id="unsaved-title">Save changes to {current}?</h2>
      <p id="unsaved-text" className="muted">
        Opening <b>{next}</b> replaces it. Your edits to {current} are not exported or saved as a project
        {autosaved ? ': without saving, they stay in this browser’s restore list.' : '.'}
      </p>
      <footer className="unsaved-actions">
        <button
          ref={save}
          type="button"
          className="ps-button primary"
          title="Download the work as a Skinsmith project (.skinsmith.glb), then open the file"
          onClick={() => answer('save')}
        >
          Save project
        </button>
        <button type="button" className="ps-button" onClick={() => answer('discard')}>
          Don’t save
        </button>
        <span className="grow" />
        <button type="button" className="ps-button" onClick={() => answer('cancel')}>
          Cancel
        </button>
      </footer>
    </dialog>
  );
}
