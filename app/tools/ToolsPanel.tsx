import { useState } from 'react';
import type { ToolReport } from '../../src/editor/tools-session.ts';
import { editor } from '../editor-instance.ts';
import { useSelectUi } from '../select/select-store.ts';
import { useUi } from '../store.ts';
import './tools-panel.css';
import { NumberField } from '../components/NumberField.tsx';
import { vertices } from '../format.ts';

/**
 * Runs one editor call from a button and says what it did: the app does no weight math, it only
 * reports the editor's ToolReport (or its refusal) as a toast, so every tool reads the same.
 */
export function runTool(label: string, call: () => ToolReport | number | unknown): void {
  const toast = useUi.getState().showToast;
  if (!editor.model) {
    toast('warning', 'Open a model first.');
    return;
  }
  try {
    const r = call();
    // Selection ops return a count: the Selection section shows it, a toast per click would nag.
    if (typeof r === 'number') return;
    const report = r as ToolReport | undefined;
    if (!report || !('changed' in report)) return;
    if (report.step === null)
      toast(
        'warning',
        report.refused > 0
          ? `${label}: nothing changed (${vertices(report.refused)} held by locked joints)`
          : `${label}: nothing to change`,
      );
    else {
      const extra = [
        report.refused ? `${report.refused} held by locks` : '',
        report.unmatched ? `${report.unmatched} without a mirror partner` : '',
      ].filter(Boolean);
      toast(
        'info',
        `${label}: ${vertices(report.changed)} changed${extra.length ? ` (${extra.join(', ')})` : ''}`,
      );
    }
  } catch (err) {
    toast('warning', `${label}: ${(err as Error).message}`);
  }
}

function Btn({ label, title, onClick }: { label: string; title: string; onClick: () => void }) {
  return (
    <button type="button" className="tool small" title={title} onClick={onClick} data-tool={label}>
      {label}
    </button>
  );
}

/** Selection: count, modes of the drag, and the operations of `editor.selection`. */
export function SelectionSection() {
  const { count, lasso, through } = useSelectUi();
  const [threshold, setThreshold] = useState(0.1);
  const s = () => editor.selection;
  return (
    <div className="tools-grid" data-testid="selection-section">
      <p>
        <span data-testid="selection-count">{count.toLocaleString('en-US')}</span> selected
        {count === 0 && <span className="muted"> (tools work on everything)</span>}
      </p>
      <div className="row">
        <label className="check" title="A drag draws a lasso (Alt for one drag)">
          <input type="checkbox" checked={lasso} onChange={() => useSelectUi.setState({ lasso: !lasso })} />{' '}
          Lasso
        </label>
        <label className="check" title="Box and lasso also take hidden and back-facing vertices (X-ray)">
          <input
            type="checkbox"
            checked={through}
            onChange={() => useSelectUi.setState({ through: !through })}
          />{' '}
          Through
        </label>
      </div>
      <div className="row">
        <Btn label="All" title="Select all (Ctrl+A)" onClick={() => runTool('All', () => s().all())} />
        <Btn label="None" title="Select none (Alt+A)" onClick={() => runTool('None', () => s().none())} />
        <Btn label="Invert" title="Invert (Ctrl+I)" onClick={() => runTool('Invert', () => s().invert())} />
      </div>
      <div className="row">
        <Btn
          label="Grow"
          title="Grow along the surface (PageUp)"
          onClick={() => runTool('Grow', () => s().grow())}
        />
        <Btn label="Shrink" title="Shrink (PageDown)" onClick={() => runTool('Shrink', () => s().shrink())} />
        <Btn
          label="Mirror"
          title="Select the mirror (M)"
          onClick={() => runTool('Mirror', () => s().mirror())}
        />
      </div>
      <NumberField label="Threshold" value={threshold} step={0.05} set={setThreshold} />
      <Btn
        label="By joint"
        title="Select the vertices where the selected joint weighs more than the threshold"
        onClick={() =>
          runTool('By joint', () => {
            const j = editor.selectedJoint;
            if (j === null) throw new Error('select a joint first');
            return s().byJoint(j, { threshold });
          })
        }
      />
    </div>
  );
}
