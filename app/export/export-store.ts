import { create } from 'zustand';
import {
  type ExportCompression,
  type ExportFormat,
  ExportOptionError,
  type ExportOptions,
  resolveExportOptions,
  type WeightEncoding,
} from '../../src/gltf/export/export-options.ts';
import { editor } from '../editor-instance.ts';
import { type PreparedExport, prepareExport } from './prepare-export.ts';
import { saveFile } from './save-file.ts';

/** The dialog's fields as the user set them (prune kept as text so a half-typed number survives). */
export interface ExportForm {
  /** 'vrm' is offered (and first chosen) only for a VRM avatar: see {@link formatForOpenFile}. */
  format: ExportFormat;
  maxInfluences: 4 | 8;
  weights: WeightEncoding;
  prune: boolean;
  pruneText: string;
  compression: ExportCompression;
}

export type ExportPhase =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; prepared: PreparedExport }
  | { kind: 'failed'; message: string };

export interface ExportState {
  open: boolean;
  /** Kept between openings: a rigger re-exports with the settings of last time. */
  form: ExportForm;
  phase: ExportPhase;
  openDialog: () => void;
  close: () => void;
  /** Changes fields; a result shown for the old settings is dropped (it no longer matches). */
  setForm: (patch: Partial<ExportForm>) => void;
  run: () => Promise<void>;
  /** Saves the result and marks the editor's weights as exported, then closes. */
  download: () => void;
}

export const EXPORT_FORM_DEFAULTS: ExportForm = {
  format: 'glb',
  maxInfluences: 4,
  weights: 'float',
  prune: false,
  pruneText: '0.01',
  compression: 'auto',
};

/** What the dialog says for a field the options reject. */
const FIELD_MESSAGES: Partial<Record<keyof ExportOptions, string>> = {
  prune: 'The prune threshold must be a number from 0 up to (not including) 1.',
};

/** The options for `editor.export` (checked as the CLI and export check them), or why the fields are not valid. */
export function formOptions(form: ExportForm): ExportOptions | string {
  try {
    return resolveExportOptions({
      format: form.format,
      maxInfluences: form.maxInfluences,
      weights: form.weights,
      prune: form.prune ? form.pruneText : 0,
      compression: form.compression,
    });
  } catch (err) {
    if (err instanceof ExportOptionError) return FIELD_MESSAGES[err.field] ?? `The ${err.message}.`;
    throw err;
  }
}

/** The `editor.opened` count the form's format was last chosen for. */
let formatChosenFor = -1;

/**
 * The format the dialog opens with: .vrm for a VRM avatar the first time its dialog opens (what
 * a VRM user saves), the user's last choice after that; never .vrm for a file that is no VRM.
 */
export function formatForOpenFile(current: ExportFormat, isVrm: boolean, fresh: boolean): ExportFormat {
  if (!isVrm) return current === 'vrm' ? 'glb' : current;
  return fresh ? 'vrm' : current;
}

/** Resolves once the browser has painted, so the spinner shows before export takes the thread. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    // rAF alone never fires in a hidden tab: the timeout keeps export going there.
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** Bumped by every run and close: a result that arrives for an older run is dropped. */
let runId = 0;

export const useExport = create<ExportState>((set, get) => ({
  open: false,
  form: EXPORT_FORM_DEFAULTS,
  phase: { kind: 'idle' },
  openDialog: () => {
    if (!editor.model || get().open) return;
    const fresh = formatChosenFor !== editor.opened;
    formatChosenFor = editor.opened;
    const format = formatForOpenFile(get().form.format, editor.vrm !== null, fresh);
    set((s) => ({ open: true, phase: { kind: 'idle' }, form: { ...s.form, format } }));
  },
  close: () => {
    runId++;
    set({ open: false, phase: { kind: 'idle' } });
  },
  setForm: (patch) => {
    runId++;
    set((s) => ({ form: { ...s.form, ...patch }, phase: { kind: 'idle' } }));
  },
  run: async () => {
    const options = formOptions(get().form);
    if (typeof options === 'string' || get().phase.kind === 'running') return;
    const id = ++runId;
    set({ phase: { kind: 'running' } });
    await afterPaint();
    if (id !== runId) return;
    try {
      const prepared = await prepareExport(options);
      if (id === runId) set({ phase: { kind: 'done', prepared } });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (id === runId) set({ phase: { kind: 'failed', message } });
    }
  },
  download: () => {
    const { phase } = get();
    if (phase.kind !== 'done') return;
    saveFile(phase.prepared.download);
    editor.markExported(phase.prepared.revision);
    get().close();
  },
}));

// A result is for the model it was made from: a newly opened model drops it (once, at startup,
// outside React so that development's double effects do not subscribe twice).
editor.events.on('model', () => {
  if (useExport.getState().phase.kind !== 'idle') useExport.getState().setForm({});
});
