import { useEffect, useRef } from 'react';
import type { TransferPreview } from '../../src/editor/transfer-preview.ts';
import { cancelPending, useTransferPreview } from './transfer-preview-store.ts';

const n = (x: number) => x.toLocaleString('en-US');
const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))} %`;

/** The targets whose weights a transfer would replace without a match, by name with counts. */
function replacedList(p: TransferPreview): string {
  return p.targets
    .filter((t) => t.skin === 'existing' && t.inpainted + t.seeded > 0)
    .map((t) => `${t.name} (${n(t.inpainted + t.seeded)} of ${n(t.vertices)})`)
    .join(', ');
}

/**
 * How much of the ticked targets the sources cover, counted before anything runs (matching only,
 * in the worker), and a warning when the transfer would replace weights it cannot match.
 */
export function TransferCoverage({ onlyMatched }: { onlyMatched: boolean }) {
  const preview = useTransferPreview((s) => s.preview);
  const error = useTransferPreview((s) => s.error);
  if (error) return <div className="ab-note ab-error">{error}</div>;
  if (!preview) return null;
  const unreached = preview.inpainted + preview.seeded;
  return (
    <div className="ab-note tr-coverage" data-testid="transfer-coverage">
      <div>
        The sources cover <b data-testid="coverage-matched">{n(preview.matched)}</b> of {n(preview.vertices)}{' '}
        target vertices ({percent(preview.matched, preview.vertices)})
        {unreached > 0 && (
          <>
            ; the other <b data-testid="coverage-unmatched">{n(unreached)}</b>{' '}
            {onlyMatched ? 'keep their weights where they have some' : 'will be inpainted'}
          </>
        )}
        .
      </div>
      {preview.unmatchedWeighted > 0 && !onlyMatched && (
        <div className="ab-error" data-testid="coverage-warning">
          Transfer replaces weights it cannot match: {replacedList(preview)}. Choose “Keep theirs” to transfer
          only where matched.
        </div>
      )}
    </div>
  );
}

/**
 * The question before a transfer replaces weights its sources do not reach: replace them
 * (inpainted), keep them (only where matched), or cancel. Keep is the default (focused); Esc cancels.
 */
export function TransferConfirm() {
  const pending = useTransferPreview((s) => s.pending);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) keep.current?.focus();
  }, [pending]);
  if (!pending) return null;
  const p = pending.preview;
  return (
    <div
      className="tr-confirm"
      role="alertdialog"
      aria-label="Replace weights the source does not reach?"
      data-testid="transfer-confirm"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        cancelPending();
      }}
    >
      <div>
        <b>{pending.label}</b> would replace weights its sources do not reach: {replacedList(p)} — in all{' '}
        <b data-testid="confirm-unmatched">{n(p.unmatchedWeighted)}</b> vertices, with inpainted weights. They
        cover {n(p.matched)} of {n(p.vertices)} vertices.
      </div>
      <div className="tr-actions">
        <button
          ref={keep}
          type="button"
          className="ab-button primary"
          data-testid="confirm-keep"
          title="Copy weights only where the sources reach; the other vertices keep theirs (the border blends)"
          onClick={() => pending.proceed(true)}
        >
          Keep theirs
        </button>
        <button
          type="button"
          className="ab-button"
          data-testid="confirm-replace"
          title="Replace every target weight: matched ones copied, the rest inpainted"
          onClick={() => pending.proceed(false)}
        >
          Replace all
        </button>
        <button type="button" className="ab-button" data-testid="confirm-cancel" onClick={cancelPending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
