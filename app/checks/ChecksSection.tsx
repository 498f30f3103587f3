import { type ReactNode, useEffect, useState } from 'react';
import type { ProblemItem } from '../../src/editor/tools-checks.ts';
import type { WeightProblemKind } from '../../src/tools/weight-problems.ts';
import { tooltip } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { vertices } from '../format.ts';
import { useSelectUi } from '../select/select-store.ts';
import { useUi } from '../store.ts';
import { useChecks } from './checks-store.ts';
import { jumpToProblem } from './jump-to-problem.ts';
import {
  followProblems,
  refreshProblems,
  setProblemsSelectionOnly,
  setProblemThreshold,
  useProblems,
} from './problems-store.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

const KINDS: { kind: WeightProblemKind; title: string; hint: string }[] = [
  {
    kind: 'below-prune',
    title: 'Below the prune threshold',
    hint: 'Influences lighter than the threshold: Prune removes them',
  },
  {
    kind: 'at-limit',
    title: 'At the influence limit',
    hint: 'Vertices using every slot: a new joint can only come in by pushing one out',
  },
  { kind: 'unweighted-joint', title: 'Joints with no weight', hint: 'Joints that move no vertex' },
  {
    kind: 'seam-mismatch',
    title: 'Seam mismatches',
    hint: 'Split vertices (UV or normal seams) and hems between parts whose sides differ: Weld seams fixes them',
  },
];

/** One list item's text: where it is and what is wrong there. */
function itemLabel(item: ProblemItem, primitives: number): string {
  if (item.primitive < 0) return item.jointName ?? `joint ${item.joint}`;
  const where =
    primitives > 1 ? `Vertex ${item.vertex} (primitive ${item.primitive})` : `Vertex ${item.vertex}`;
  if (item.kind === 'below-prune')
    return `${where} — ${item.jointName ?? item.joint} ${item.value.toPrecision(2)}`;
  if (item.kind === 'at-limit') return `${where} — ${item.value} influences`;
  return `${where} — seam of ${item.value}`;
}

/** One of the Checks' view switches (a ui flag toggled through the store), with its note. */
function ViewToggle(props: {
  flag: 'quantize' | 'influences';
  testId: string;
  label: string;
  children?: ReactNode;
}) {
  const on = useUi((s) => s[props.flag]);
  return (
    <div className="checks-toggle">
      <label className="check" title={tooltip(props.flag)}>
        <input
          type="checkbox"
          data-testid={props.testId}
          checked={on}
          onChange={() => useUi.getState().toggle(props.flag)}
        />
        {props.label}
      </label>
      {on && props.children}
    </div>
  );
}

/** The quantise preview's switch with its reminder that it is only a preview. */
function QuantizeToggle() {
  const ms = useChecks((s) => s.previewMs);
  return (
    <ViewToggle flag="quantize" testId="quantize-toggle" label="Quantise preview (unorm8)">
      <p className="checks-note" role="note">
        Preview only: the heat map, counts and bends show the weights as unorm8 export would store them (the
        selection, or everything). Your weights are not changed.
        {ms !== null && <span className="muted"> {ms.toFixed(0)} ms</span>}
      </p>
    </ViewToggle>
  );
}

/** The influence-count view's switch (the key is drawn over the view). */
function CountsToggle() {
  return <ViewToggle flag="influences" testId="influences-toggle" label="Influence-count view" />;
}

/** The problems list: grouped by kind with counts, each item jump-to-able. */
function ProblemsList() {
  const { report, threshold, selectionOnly, ms, stale, auto, error } = useProblems();
  const selectedCount = useSelectUi((s) => s.count);
  const [text, setText] = useState(String(threshold));
  useEffect(() => followProblems(), []);
  useEffect(() => setText(String(threshold)), [threshold]);
  const primitives = editor.model?.primitives.length ?? 0;
  const commit = () => {
    const v = Number(text);
    if (text.trim() === '' || !Number.isFinite(v)) {
      useProblems.setState({ error: `"${text}" is not a number.` });
      return;
    }
    if (v !== threshold) setProblemThreshold(v);
  };
  return (
    <div className="problems" data-testid="problems">
      <div className="problems-bar">
        <label className="field" title="Influences lighter than this are listed (Prune's threshold)">
          <span className="label">Prune below</span>
          <input
            type="number"
            className="value"
            min={0}
            max={0.99}
            step={0.005}
            value={text}
            aria-label="Prune threshold"
            data-testid="problems-threshold"
            onChange={(e) => setText(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => e.key === 'Enter' && commit()}
          />
        </label>
        <button
          type="button"
          className="tool small"
          data-testid="problems-refresh"
          title="Check the weights again"
          onClick={refreshProblems}
        >
          Refresh
        </button>
      </div>
      <label
        className="check"
        title="List the problems of the selected vertices only (joints with no weight are still checked over everything)"
      >
        <input
          type="checkbox"
          data-testid="problems-selection-only"
          checked={selectionOnly}
          onChange={(e) => setProblemsSelectionOnly(e.target.checked)}
        />
        Selection only{selectedCount > 0 && ` (${vertices(selectedCount)})`}
      </label>
      {selectionOnly && selectedCount === 0 && (
        <p className="muted" data-testid="problems-nothing-selected">
          Nothing is selected, so every vertex is checked (select some in Select mode, S).
        </p>
      )}
      {error && (
        <p className="checks-error" role="alert">
          {error}
        </p>
      )}
      {stale && !auto && (
        <p className="checks-note" data-testid="problems-stale">
          Out of date: the weights changed. Checking this model takes {ms?.toFixed(0)} ms, so it waits for
          Refresh.
        </p>
      )}
      {!report ? (
        <p className="muted">Checking…</p>
      ) : (
        KINDS.map(({ kind, title, hint }) => {
          const count = report.counts[kind];
          const items = report.items.filter((i) => i.kind === kind);
          return (
            <details key={kind} className="problem-group" data-kind={kind} open={count > 0 && count <= 100}>
              <summary title={hint}>
                <span>{title}</span>
                <span className={`problem-count${count ? ' some' : ''}`} data-testid="problem-count">
                  {fmt(count)}
                </span>
              </summary>
              {items.length > 0 && (
                <ul>
                  {items.map((item) => (
                    <li key={`${item.primitive}:${item.vertex}:${item.joint}`}>
                      <button
                        type="button"
                        className="problem-item"
                        data-testid="problem-item"
                        title={item.primitive < 0 ? 'Select this joint' : 'Select this vertex and frame it'}
                        onClick={() => jumpToProblem(item)}
                      >
                        {itemLabel(item, primitives)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {count > items.length && (
                <p className="muted problem-more">and {fmt(count - items.length)} more</p>
              )}
            </details>
          );
        })
      )}
      {report && ms !== null && (
        <p className="muted problems-time">
          Checked in {ms.toFixed(0)} ms{stale && auto ? ' · updating…' : ''}
        </p>
      )}
    </div>
  );
}

/** Weight checks: the influence-count view, the quantise preview and the problems list. */
export function ChecksSection() {
  useUi((s) => s.modelRev);
  if (!editor.model) return <p className="muted">No model.</p>;
  // An all-zero list would read as "nothing wrong" on a file with no weights at all.
  if (editor.model.skins.length === 0)
    return (
      <p className="muted" data-testid="checks-no-skin">
        No skin to check: create one in Auto-bind (Ctrl+B).
      </p>
    );
  return (
    <div className="checks" data-testid="checks-section">
      <CountsToggle />
      <QuantizeToggle />
      <div className="checks-subtitle">Problems</div>
      <ProblemsList />
    </div>
  );
}
