import type { SessionSummary } from '../../src/persist/session.ts';
import { Icon } from '../components/Icon.tsx';
import { HISTORY_LIMITS, historyText } from './history-text.ts';
import { autosaver } from './persist-instance.ts';
import { usePersist } from './persist-store.ts';
import { relativeTime } from './relative-time.ts';
import { deleteSaved, dismissOffer, restoreSaved } from './restore-actions.ts';
import { useThumbnailUrl } from './useThumbnailUrl.ts';
import './persist.css';

const n = (v: number) => v.toLocaleString('en-US');

function SessionRow({ session, busy }: { session: SessionSummary; busy: boolean }) {
  const url = useThumbnailUrl(session.thumbnail);
  // The session this tab is saving into: restoring it changes nothing, deleting it would break it.
  const current = session.id === autosaver.sessionId;
  return (
    <li className="session-row" data-testid="saved-session" data-session={session.id}>
      {url ? (
        <img className="session-thumb" src={url} alt="" width={80} height={60} />
      ) : (
        <span className="session-thumb empty" aria-hidden="true" />
      )}
      <span className="session-text">
        <b className="session-name" title={session.fileName}>
          {session.fileName}
        </b>
        <span className="muted" title={new Date(session.savedAt).toLocaleString()}>
          {n(session.vertexCount)} vertices · {current ? 'open in this tab' : relativeTime(session.savedAt)}
        </span>
        <span className="muted session-history" data-testid="session-history" title={HISTORY_LIMITS}>
          {historyText(session.history)}
        </span>
      </span>
      <span className="session-actions">
        <button
          type="button"
          className="ps-button primary"
          disabled={busy || current}
          onClick={() => void restoreSaved(session.id)}
        >
          Restore
        </button>
        <button
          type="button"
          className="tool icon-only"
          title={
            current
              ? 'This tab is saving into this session'
              : `Delete this saved session of ${session.fileName}`
          }
          aria-label={`Delete the saved session of ${session.fileName}`}
          disabled={busy || current}
          onClick={() => void deleteSaved(session.id)}
        >
          <Icon name="trash" size={14} />
        </button>
      </span>
    </li>
  );
}

/**
 * The restore offer: a small panel over the viewport (not a modal: the editor stays usable) that
 * lists the sessions saved in this browser, newest first, to restore one or start fresh.
 */
export function RestoreOffer() {
  const phase = usePersist((s) => s.phase);
  const sessions = usePersist((s) => s.sessions);
  const error = usePersist((s) => s.offerError);
  if (phase === 'closed') return null;
  const busy = phase === 'restoring';
  return (
    <section className="restore-offer" aria-labelledby="restore-title" data-testid="restore-offer">
      <header className="restore-header">
        <h2 id="restore-title">Restore your work?</h2>
        <button
          type="button"
          className="tool icon-only"
          title="Close (the sessions stay saved)"
          onClick={dismissOffer}
        >
          <Icon name="close" size={14} />
        </button>
      </header>
      <p className="muted restore-lead">
        {sessions.length > 0
          ? 'Skinsmith saved these sessions in this browser: weights, layers, pose and undo history.'
          : 'No sessions are saved in this browser.'}
      </p>
      <ul className="session-list">
        {sessions.map((s) => (
          <SessionRow key={s.id} session={s} busy={busy} />
        ))}
      </ul>
      {error && (
        <p className="restore-error" role="alert">
          {error}
        </p>
      )}
      <footer className="restore-footer">
        {busy && (
          <span className="muted" role="status">
            <span className="spinner" /> Restoring…
          </span>
        )}
        <span className="grow" />
        <button type="button" className="ps-button" disabled={busy} onClick={dismissOffer}>
          Start fresh
        </button>
      </footer>
    </section>
  );
}
