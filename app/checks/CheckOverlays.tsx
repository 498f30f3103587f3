import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { COUNT_COLORS_SRGB } from '../viewport/count-colors.ts';
import { TRANSFER_COLORS_SRGB, TRANSFER_LABELS, TRANSFER_UNTOUCHED } from '../viewport/transfer-colors.ts';
import { useChecks } from './checks-store.ts';
import './checks.css';

const fmt = (n: number) => n.toLocaleString('en-US');

/** The influence-count view's key: a colour per count and how many vertices have it. */
function InfluenceLegend() {
  const on = useUi((s) => s.influences);
  useUi((s) => s.modelRev);
  const histogram = useChecks((s) => s.histogram);
  if (!on || !histogram) return null;
  const K = Math.max(4, ...(editor.model?.primitives.map((p) => p.weights.influences) ?? []));
  const shown = histogram
    .map((vertices, count) => ({ count, vertices }))
    .filter(({ count, vertices }) => (count >= 1 && count <= K) || vertices > 0);
  const total = histogram.reduce((a, b) => a + b, 0);
  return (
    <section className="count-legend" data-testid="influence-legend" aria-label="Influences per vertex">
      <h3>Influences per vertex</h3>
      <table>
        <tbody>
          {shown.map(({ count, vertices }) => (
            <tr key={count} data-count={count} className={vertices === 0 ? 'empty' : undefined}>
              <td>
                <span className="count-swatch" style={{ background: COUNT_COLORS_SRGB[count] }} />
              </td>
              <td className="count-n">{count === 0 ? 'none' : count}</td>
              <td className="count-vertices" data-testid="legend-count">
                {fmt(vertices)}
              </td>
              <td className="count-note">{count === K ? 'at the limit' : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td />
            <td className="count-n">all</td>
            <td className="count-vertices" data-testid="legend-total">
              {fmt(total)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** How many vertices of the current model's last transfer had each outcome (index = status). */
function transferTotals(): number[] | null {
  const last = editor.lastTransfer;
  const model = editor.model;
  if (!last || last.model !== model || !model) return null;
  let untouched = 0;
  for (const p of model.primitives) if (!last.status.has(p.id)) untouched += p.weights.vertexCount;
  const totals = new Array<number>(TRANSFER_COLORS_SRGB.length).fill(0);
  totals[0] = last.unweighted;
  totals[1] = last.matched;
  totals[2] = last.inpainted;
  totals[3] = last.seeded;
  // Vertices of a target the source did not reach keep their weights, as those outside do.
  totals[TRANSFER_UNTOUCHED] = untouched + last.kept;
  return totals;
}

/** The transfer view's key: copied, inpainted, seeded, and how many vertices of each. */
function TransferLegend() {
  const on = useUi((s) => s.transferView);
  useUi((s) => s.modelRev);
  if (!on) return null;
  const totals = transferTotals();
  if (!totals)
    return (
      <section className="count-legend" data-testid="transfer-legend" aria-label="Weight transfer">
        <h3>Weight transfer</h3>
        <p className="muted">
          No transfer made this model (undone, or another file). H brings the heat map back.
        </p>
      </section>
    );
  const rows = totals
    .map((vertices, status) => ({ status, vertices }))
    // "Unweighted" only when it happened (it never should); the others always, for the key.
    .filter(({ status, vertices }) => status !== 0 || vertices > 0);
  return (
    <section className="count-legend" data-testid="transfer-legend" aria-label="Weight transfer">
      <h3>Weight transfer</h3>
      <table>
        <tbody>
          {rows.map(({ status, vertices }) => (
            <tr key={status} data-status={status} className={vertices === 0 ? 'empty' : undefined}>
              <td>
                <span className="count-swatch" style={{ background: TRANSFER_COLORS_SRGB[status] }} />
              </td>
              <td className="count-note">{TRANSFER_LABELS[status]}</td>
              <td className="count-vertices" data-testid="transfer-legend-count">
                {fmt(vertices)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Says, over the view, that the weights shown are a preview of unorm8 export, not the weights. */
function QuantizeBadge() {
  const on = useUi((s) => s.quantize);
  const stale = useChecks((s) => s.previewStale);
  if (!on) return null;
  return (
    <div className="quantize-badge" role="status" data-testid="quantize-badge">
      <strong>unorm8 preview</strong> — drawn as export would store the weights; nothing is changed
      {stale && <span className="muted"> (updating…)</span>}
    </div>
  );
}

/**
 * The viewport's weight-check overlays: the influence-count key top left, the quantise preview
 * badge bottom right (free there; a wide badge up top would cover the arms of a T-posed character).
 */
export function CheckOverlays() {
  return (
    <>
      <div className="check-overlays">
        <InfluenceLegend />
        <TransferLegend />
      </div>
      <QuantizeBadge />
    </>
  );
}
