import { useEffect, useRef } from 'react';
import type { ExportCompression, WeightEncoding } from '../../src/gltf/export/export-options.ts';
import { editor } from '../editor-instance.ts';
import { type ExportForm, formOptions, useExport } from './export-store.ts';
import './export-dialog.css';
import { Icon } from '../components/Icon.tsx';
import { Segmented, type SegmentOption } from '../components/Segmented.tsx';
import { ExportReport } from './ExportReport.tsx';

type Option<T> = SegmentOption<T>;

const FORMATS: Option<ExportForm['format']>[] = [
  { value: 'glb', label: 'GLB', hint: 'One binary file with everything inside' },
  {
    value: 'gltf',
    label: '.gltf + .bin + textures',
    hint: 'JSON with its buffer and images beside it, downloaded as one .zip',
  },
];
const VRM_FORMAT: Option<ExportForm['format']> = {
  value: 'vrm',
  label: 'VRM',
  hint: 'The avatar as a .vrm (a GLB): humanoid map, spring bones, expressions and MToon kept, renumbered after skeleton edits',
};
const INFLUENCES: Option<ExportForm['maxInfluences']>[] = [
  { value: 4, label: '4', hint: 'JOINTS_0/WEIGHTS_0: what every engine reads' },
  { value: 8, label: '8', hint: 'Adds JOINTS_1/WEIGHTS_1: engines that read only the first set drop them' },
];
const ENCODINGS: Option<WeightEncoding>[] = [
  { value: 'float', label: 'float32', hint: 'Exact weights (4 bytes each)' },
  { value: 'unorm16', label: 'unorm16', hint: 'Integers summing to exactly 65535 (2 bytes each)' },
  { value: 'unorm8', label: 'unorm8', hint: 'Integers summing to exactly 255 (1 byte each)' },
];

/** The compression the opened file uses, if any (what "As the source" means). */
function sourceCompression(): 'meshopt' | 'Draco' | null {
  const used =
    editor.model?.document
      .getRoot()
      .listExtensionsUsed()
      .map((e) => e.extensionName) ?? [];
  if (used.includes('KHR_draco_mesh_compression')) return 'Draco';
  if (used.includes('EXT_meshopt_compression')) return 'meshopt';
  return null;
}

function compressionOptions(): Option<ExportCompression>[] {
  const source = sourceCompression();
  const auto =
    source === 'meshopt'
      ? {
          label: 'meshopt',
          hint: 'Compressed again like the source: lossless, the decoded content is the same',
        }
      : source === 'Draco'
        ? { label: 'None', hint: 'Written uncompressed: re-encoding the Draco source would re-quantise it' }
        : { label: 'None', hint: 'Written uncompressed, like the source' };
  const options: Option<ExportCompression>[] = [{ value: 'auto', ...auto }];
  if (source === 'meshopt') options.push({ value: 'none', label: 'None', hint: 'Everything uncompressed' });
  options.push({
    value: 'draco',
    label: 'Draco',
    hint: 'Smaller meshes, but lossy: re-quantises positions (16 bits), normals and UVs and reorders vertices',
  });
  return options;
}

/** A labelled row of the dialog holding a segmented choice. */
function Choice<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="export-row">
      <legend>{legend}</legend>
      <Segmented name={name} options={options} value={value} onChange={onChange} />
    </fieldset>
  );
}

function OptionsForm({ disabled }: { disabled: boolean }) {
  const form = useExport((s) => s.form);
  const setForm = useExport((s) => s.setForm);
  const invalid = formOptions(form);
  const compressions = compressionOptions();
  const kept = editor.model?.primitives[0]?.weights.influences ?? 4;
  return (
    <fieldset className="export-options" disabled={disabled}>
      <Choice
        legend="Format"
        name="format"
        options={editor.vrm ? [VRM_FORMAT, ...FORMATS] : FORMATS}
        value={form.format}
        onChange={(format) => setForm({ format })}
      />
      <Choice
        legend="Max influences"
        name="influences"
        options={INFLUENCES}
        value={form.maxInfluences}
        onChange={(maxInfluences) => setForm({ maxInfluences })}
      />
      {kept > form.maxInfluences && (
        <p className="export-hint muted">
          The editor holds {kept} influences per vertex: 4 keeps each vertex's strongest four, renormalised.
        </p>
      )}
      <Choice
        legend="Weights"
        name="weights"
        options={ENCODINGS}
        value={form.weights}
        onChange={(weights) => setForm({ weights })}
      />
      <Choice
        legend="Compression"
        name="compression"
        options={compressions}
        // "None" of a meshopt file, kept from the last export, is what "auto" does for others.
        value={compressions.some((o) => o.value === form.compression) ? form.compression : 'auto'}
        onChange={(compression) => setForm({ compression })}
      />
      {form.compression === 'draco' && (
        <p className="export-hint muted" data-testid="draco-hint">
          Draco re-quantises positions to 16 bits of each mesh's size, normals and UVs, and reorders vertices:
          smaller, but not what you painted bit for bit.
        </p>
      )}
      <div className="export-row">
        <label className="check" title="Drop influences below the threshold before limiting">
          <input
            type="checkbox"
            checked={form.prune}
            onChange={(e) => setForm({ prune: e.target.checked })}
          />
          Prune weights below
        </label>
        <input
          type="number"
          className="prune-input"
          aria-label="Prune threshold"
          min={0}
          max={0.999}
          step={0.001}
          value={form.pruneText}
          disabled={!form.prune}
          aria-invalid={typeof invalid === 'string'}
          onChange={(e) => setForm({ pruneText: e.target.value })}
        />
      </div>
      {typeof invalid === 'string' && (
        <p className="export-hint export-invalid" role="alert">
          {invalid}
        </p>
      )}
    </fieldset>
  );
}

/** The dialog's buttons and status; the primary action moves from Export to Download. */
function Footer() {
  const phase = useExport((s) => s.phase);
  const form = useExport((s) => s.form);
  const { close, download } = useExport.getState();
  const valid = typeof formOptions(form) !== 'string';
  const done = phase.kind === 'done' ? phase.prepared : null;
  const downloadRef = useRef<HTMLButtonElement>(null);
  // When the result arrives, focus goes to the next thing to do: Enter downloads.
  useEffect(() => {
    if (done) downloadRef.current?.focus();
  }, [done]);
  const newErrors = done?.result.validation.newErrors ?? 0;
  const lost = done?.result.extensions.dropped.length ?? 0;
  const warn = newErrors > 0 || lost > 0;
  return (
    <footer className="export-footer">
      <span className="export-status" role="status">
        {phase.kind === 'running' && (
          <>
            <span className="spinner" /> Exporting and validating…
          </>
        )}
        {phase.kind === 'failed' && (
          <span className="export-invalid" data-testid="export-failed">
            Export failed: {phase.message}
          </span>
        )}
      </span>
      <button type="button" className="export-button" onClick={close}>
        {done ? 'Close' : 'Cancel'}
      </button>
      {done ? (
        <button
          type="button"
          className={`export-button primary${warn ? ' danger' : ''}`}
          ref={downloadRef}
          onClick={download}
          title={
            newErrors
              ? 'The file has validator errors of its own'
              : lost
                ? 'The file leaves out parts of the source listed under "Not kept"'
                : `Save ${done.download.fileName}`
          }
        >
          {warn ? 'Download anyway' : `Download ${done.download.fileName}`}
        </button>
      ) : (
        <button
          type="submit"
          form="export-form"
          className="export-button primary"
          disabled={!valid || phase.kind === 'running'}
        >
          Export
        </button>
      )}
    </footer>
  );
}

/**
 * The export dialog: options, then the validated result (counts, messages, size, influence
 * histogram), then the download. A native modal <dialog>: it keeps focus inside, makes the page
 * behind inert, closes on Esc, and gives focus back to where it was.
 */
function ExportDialogBox() {
  const ref = useRef<HTMLDialogElement>(null);
  const phase = useExport((s) => s.phase);
  const close = useExport((s) => s.close);
  const run = useExport((s) => s.run);
  useEffect(() => {
    const dialog = ref.current!;
    const previous = document.activeElement as HTMLElement | null;
    dialog.showModal();
    dialog.querySelector<HTMLButtonElement>('button[type=submit]')?.focus();
    return () => {
      dialog.close();
      previous?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="export-dialog"
      aria-labelledby="export-title"
      data-testid="export-dialog"
      // A click on plain text focuses the dialog, so its keys never reach the editor's shortcuts.
      tabIndex={-1}
      onKeyDown={(e) => e.stopPropagation()}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <header className="export-header">
        <h2 id="export-title">
          Export <span className="muted">{editor.fileName}</span>
        </h2>
        <button type="button" className="tool icon-only" title="Close (Esc)" onClick={close}>
          <Icon name="close" size={14} />
        </button>
      </header>
      <form
        id="export-form"
        className="export-body"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <OptionsForm disabled={phase.kind === 'running'} />
        {phase.kind === 'done' && <ExportReport prepared={phase.prepared} />}
      </form>
      <Footer />
    </dialog>
  );
}

/** Mounted while open only: nothing of the dialog is in the page otherwise. */
export function ExportDialog() {
  const open = useExport((s) => s.open);
  return open ? <ExportDialogBox /> : null;
}
