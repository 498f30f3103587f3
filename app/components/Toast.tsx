import { tooltip } from '../commands.ts';
import { useUi } from '../store.ts';
import { Icon } from './Icon.tsx';

/** The latest error over the viewport, until dismissed or a file opens. */
export function Toast() {
  const toast = useUi((s) => s.toast);
  const dismiss = useUi((s) => s.dismissToast);
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
