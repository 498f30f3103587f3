import { COMMANDS, tooltip } from '../commands.ts';
import { Icon } from '../components/Icon.tsx';
import { usePersist } from './persist-store.ts';
import { showSavedSessions } from './restore-actions.ts';
import './persist.css';

/**
 * A failed autosave (full quota, blocked or missing IndexedDB, a failed write): a persistent
 * banner with what to do, until the user closes it or saving works again. Never a silent loss.
 */
export function StorageWarningBanner() {
  const warning = usePersist((s) => s.warning);
  const dismissed = usePersist((s) => s.warningDismissed);
  const dismiss = usePersist((s) => s.dismissWarning);
  if (!warning || dismissed) return null;
  return (
    <div className="storage-warning" role="alert" data-testid="storage-warning" data-kind={warning.kind}>
      <Icon name="warning" />
      <span className="storage-warning-text">{warning.message}</span>
      <span className="storage-warning-actions">
        <button type="button" className="ps-button" title={tooltip('export')} onClick={COMMANDS.export.run}>
          Export…
        </button>
        <button
          type="button"
          className="ps-button"
          title={tooltip('saveProject')}
          onClick={COMMANDS.saveProject.run}
        >
          Save project
        </button>
        {warning.kind === 'quota' && (
          <button type="button" className="ps-button" onClick={() => void showSavedSessions()}>
            Saved sessions…
          </button>
        )}
      </span>
      <button
        type="button"
        className="tool icon-only"
        title="Hide this warning (it comes back if saving fails another way)"
        onClick={dismiss}
      >
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
