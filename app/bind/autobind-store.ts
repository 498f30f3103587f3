/**
 * The Auto-bind panel's UI state: open or not, its form, the running job's progress and the
 * last result. The job itself (and all weight math) is the Editor's (src/editor/autobind-job.ts);
 * this only starts it, mirrors its progress (at most once per animation frame) and reports.
 */
import { create } from 'zustand';
import type { EditorAutobindOptions, EditorAutobindStats } from '../../src/editor/autobind-job.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';

/** The panel's form; `scope: 'branch'` is the selected joint and its descendants. */
export interface AutobindForm {
  method: 'voxel' | 'closest';
  resolution: number;
  weighting: 'heat' | 'falloff';
  falloff: number;
  smoothing: number;
  maxInfluences: 4 | 8;
  scope: 'all' | 'branch';
}

export const AUTOBIND_FORM_DEFAULTS: AutobindForm = {
  method: 'voxel',
  resolution: 256,
  weighting: 'heat',
  falloff: 8,
  smoothing: 0,
  maxInfluences: 4,
  scope: 'all',
};

export interface AutobindUi {
  open: boolean;
  form: AutobindForm;
  /** Progress of the running job in [0, 1]; null when none runs. */
  progress: number | null;
  /** The last finished run, shown under the form. */
  result: { stats: EditorAutobindStats; scope: string } | null;
  /** Bumped when joints are excluded or included (the joint tree re-reads editor.excluded). */
  excludedRev: number;
  setOpen: (open: boolean) => void;
  setForm: (change: Partial<AutobindForm>) => void;
}

export const useAutobind = create<AutobindUi>((set) => ({
  open: false,
  form: { ...AUTOBIND_FORM_DEFAULTS },
  progress: null,
  result: null,
  excludedRev: 0,
  setOpen: (open) => set({ open }),
  setForm: (change) => set((s) => ({ form: { ...s.form, ...change } })),
}));

editor.events.on('excluded', () => useAutobind.setState((s) => ({ excludedRev: s.excludedRev + 1 })));
// A new model: last run's figures are about another file.
editor.events.on('model', () => useAutobind.setState({ result: null }));

/** The selected joint and every joint below it (a region to rebind: an arm, a leg). */
export function branchOf(root: number): number[] {
  const model = editor.requireModel();
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(model.joints.get(id)?.children ?? []));
  }
  return out;
}

let cancelCurrent: (() => void) | null = null;

/** Stops the running job (its weights never land). */
export function cancelAutobind(): void {
  cancelCurrent?.();
}

/**
 * Runs auto-bind (the panel's form, or a script's options). Resolves with the stats once the
 * weights are applied; rejects with an AbortError on Cancel, or with the failure (also shown).
 */
export async function startAutobind(options: EditorAutobindOptions): Promise<EditorAutobindStats> {
  if (useAutobind.getState().progress !== null) throw new Error('Auto-bind is already running.');
  let pending = -1;
  let frame = 0;
  // Progress arrives every ~10 ms; the store (and React) hears it once per frame at most.
  const onProgress = (f: number) => {
    pending = f;
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      if (useAutobind.getState().progress !== null) useAutobind.setState({ progress: pending });
    });
  };
  const job = editor.autobind({ ...options, onProgress });
  cancelCurrent = () => job.cancel();
  useAutobind.setState({ progress: 0, result: null });
  const scope = options.joints && options.joints !== 'all' ? `${options.joints.length} joints` : 'all joints';
  try {
    const stats = await job.promise;
    useAutobind.setState({ result: { stats, scope } });
    // Also in the status bar, which outlives the panel.
    editor.notify({
      level: 'info',
      message: `Auto-bind (${scope}) took ${(stats.ms / 1000).toFixed(1)} s and changed ${stats.changedVertices} vertices: Ctrl+Z undoes it.`,
    });
    return stats;
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    if (e.name !== 'AbortError') {
      useUi.getState().showToast('error', `Auto-bind failed: ${e.message}`);
    }
    throw e;
  } finally {
    cancelCurrent = null;
    cancelAnimationFrame(frame);
    useAutobind.setState({ progress: null });
  }
}

/** The form as Editor options (the branch scope needs a selected joint). */
export function formToOptions(form: AutobindForm): EditorAutobindOptions {
  const selected = editor.selectedJoint;
  if (form.scope === 'branch' && selected === null) throw new Error('Select a joint to rebind its branch.');
  return {
    method: form.method,
    resolution: form.resolution,
    weighting: form.weighting,
    falloff: form.falloff,
    smoothing: form.smoothing,
    maxInfluences: form.maxInfluences,
    joints: form.scope === 'branch' && selected !== null ? branchOf(selected) : 'all',
  };
}

/** The toolbar button and Ctrl+B: opens the panel, or closes it unless a job runs. */
export function toggleAutobindPanel(): void {
  const s = useAutobind.getState();
  if (!s.open) s.setOpen(true);
  else if (s.progress === null) s.setOpen(false);
}
