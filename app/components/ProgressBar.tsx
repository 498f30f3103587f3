import '../bind/autobind-panel.css';
/** A long job's progress bar with its percentage and Cancel (auto-bind, weight transfer). */
export function ProgressBar({
  fraction,
  label,
  onCancel,
  cancelTitle,
}: {
  fraction: number;
  label: string;
  onCancel: () => void;
  cancelTitle: string;
}) {
  const pct = Math.round(fraction * 100);
  return (
    <div className="ab-progress-row">
      <div
        className="ab-progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="ab-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="ab-pct">{pct}%</span>
      <button type="button" className="ab-button" onClick={onCancel} title={cancelTitle}>
        Cancel
      </button>
    </div>
  );
}
