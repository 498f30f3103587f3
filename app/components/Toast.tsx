import { useEffect } from 'react';
import { tooltip } from '../commands.ts';
import { useUi } from '../store.ts';
import { Icon } from './Icon.tsx';

/** An info toast (what a tool did) goes by itself after this long (ms); warnings and errors stay. */
const INFO_MS = 6000;

/** The latest message over the viewport: errors and warnings until dismissed or a file opens. */
export function Toast() {
  const toast = useUi((s) => s.toast);
  const dismiss = useUi((s) => s.dismissToast);
  useEffect(() => {
    if (toast?.level !== 'info') return;
    const id = toast.id;
    const timer = setTimeout(() => {
      if (useUi.getState().toast?.id === id) dismiss();
    }, INFO_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  if (!toast) return null;
  return (
    <div key={toast.id} className={`toast ${toast.level}`} role="alert" data-testid="error-toast">
      <Icon name={toast.level === 'info' ? 'info' : toast.level} />
      <span className="toast-text">{toast.message}</span>
      <button type="button" className="tool icon-only" title={tooltip('dismiss')} onClick={dismiss}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
