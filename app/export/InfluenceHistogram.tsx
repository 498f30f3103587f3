const n = (v: number) => v.toLocaleString('en-US');

/** "812", "14k", "3.4M": short counts that fit over a narrow bar. */
function short(v: number): string {
  if (v < 1000) return String(v);
  if (v < 1e6) return `${(v / 1e3).toFixed(v < 1e4 ? 1 : 0)}k`;
  return `${(v / 1e6).toFixed(1)}M`;
}

/**
 * Skinned vertices by number of influences as the export writes them (1…K): how much of the
 * mesh uses the 4th (or 8th) slot tells whether 4 influences lose anything.
 */
export function InfluenceHistogram({ histogram }: { histogram: number[] }) {
  // histogram[0] (vertices with no influence) cannot occur after export's repair; shown if it does.
  const first = histogram[0] > 0 ? 0 : 1;
  const bins = histogram.slice(first).map((count, i) => ({ influences: first + i, count }));
  const total = histogram.reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...bins.map((b) => b.count));
  return (
    <figure className="histogram" data-testid="influence-histogram">
      <figcaption>
        Influences per vertex <span className="muted">({n(total)} skinned vertices)</span>
      </figcaption>
      <ol className="histogram-bars">
        {bins.map(({ influences, count }) => {
          const share = total ? (100 * count) / total : 0;
          return (
            <li
              key={influences}
              className="histogram-bin"
              data-influences={influences}
              data-count={count}
              title={`${n(count)} vertices (${share.toFixed(1)}%) with ${influences} influence${influences === 1 ? '' : 's'}`}
            >
              <span className="histogram-count">{short(count)}</span>
              <span className="histogram-track">
                <span
                  className={`histogram-bar${count ? '' : ' none'}`}
                  style={{ height: `${(100 * count) / max}%` }}
                />
              </span>
              <span className="histogram-label">{influences}</span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
