import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { COUNT_COLORS_SRGB } from '../viewport/count-colors.ts';
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
      </div>
      <QuantizeBadge />
    </>
  );
}
