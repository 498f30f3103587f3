import { create } from 'zustand';
import type { ProblemReport } from '../../src/editor/tools-checks.ts';
import { editor } from '../editor-instance.ts';
import { viewport } from '../viewport-bridge.ts';

/** Items listed per kind; the counts still count them all ("and N more"). */
export const SHOWN_PER_KIND = 25;
/** A check that took longer than this (ms) stops the automatic refresh: Refresh by hand. */
const AUTO_BUDGET_MS = 60;
/** Edits settle this long (ms) before the list is checked again. */
const REFRESH_DEBOUNCE_MS = 400;

export interface ProblemsUi {
  /** Influences lighter than this are listed (the prune tool's threshold). */
  threshold: number;
  /** Check only the selected vertices (joints with no weight are still found over everything). */
  selectionOnly: boolean;
  report: ProblemReport | null;
  /** How long the last check took (ms). */
  ms: number | null;
  /** Weights changed since the list was made. */
  stale: boolean;
  /** Re-check after edits; false once a check costs more than AUTO_BUDGET_MS. */
  auto: boolean;
  error: string | null;
}

/** The model the current report describes (a reference, kept out of the store). */
let checkedModel: unknown = null;

export const useProblems = create<ProblemsUi>(() => ({
  threshold: 0.01,
  selectionOnly: false,
  report: null,
  ms: null,
  stale: false,
  auto: true,
  error: null,
}));

/**
 * Checks the weights now (`editor.tools.checks.problems`). The first check of a model also
 * builds the surfaces the brushes share, so its time does not count against auto-refresh.
 */
export function refreshProblems(): void {
  const model = editor.model;
  if (!model) return;
  const { threshold, selectionOnly, report } = useProblems.getState();
  const t0 = performance.now();
  try {
    const next = editor.tools.checks.problems({
      pruneThreshold: threshold,
      limit: SHOWN_PER_KIND,
      selectionOnly,
    });
    const ms = performance.now() - t0;
    checkedModel = model;
    useProblems.setState({
      report: next,
      ms,
      stale: false,
      error: null,
      auto: report === null || ms <= AUTO_BUDGET_MS,
    });
  } catch (err) {
    useProblems.setState({ error: (err as Error).message, stale: false });
  }
}

/** Sets the prune threshold (0 ≤ T < 1) and re-checks; anything else is refused with a message. */
export function setProblemThreshold(threshold: number): void {
  if (!(threshold >= 0 && threshold < 1)) {
    useProblems.setState({ error: `The threshold is a weight from 0 up to 1 (got ${threshold}).` });
    return;
  }
  useProblems.setState({ threshold, error: null });
  refreshProblems();
}

/** Checks only the selected vertices, or everything again, and re-checks. */
export function setProblemsSelectionOnly(selectionOnly: boolean): void {
  useProblems.setState({ selectionOnly });
  refreshProblems();
}

/**
 * Keeps the list current while the Checks section is open: after edits settle (never during a
 * stroke), or only marked stale when checks are too slow for that; a new model is checked once
 * it is on screen.
 */
export function followProblems(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (editor.paint.painting) return schedule(REFRESH_DEBOUNCE_MS);
      refreshProblems();
    }, ms);
  };
  const edited = () => {
    if (!useProblems.getState().stale) useProblems.setState({ stale: true });
    if (useProblems.getState().auto) schedule(REFRESH_DEBOUNCE_MS);
  };
  // A list of the selection only goes out of date when the selection changes, too.
  const selected = () => {
    if (useProblems.getState().selectionOnly) edited();
  };
  const loaded = (model = editor.model) => {
    useProblems.setState({ report: null, ms: null, stale: false, auto: true, error: null });
    if (model)
      void viewport.whenDrawn(model).then(
        () => editor.model === model && schedule(0),
        () => {},
      );
  };
  const offs = [
    editor.events.on('committed', edited),
    editor.events.on('model', (m) => loaded(m)),
    editor.selection.events.on('change', selected),
  ];
  const { report, stale } = useProblems.getState();
  if (!report || stale || checkedModel !== editor.model) loaded();
  return () => {
    if (timer) clearTimeout(timer);
    for (const off of offs) off();
  };
}
