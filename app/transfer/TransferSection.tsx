import { useEffect } from 'react';
import { FormRow } from '../components/FormRow.tsx';
import { NumberInput } from '../components/NumberField.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Segmented, type SegmentOption } from '../components/Segmented.tsx';
import { editor } from '../editor-instance.ts';
import type { NamedFile } from '../io/file-input.ts';
import { pickFiles } from '../io/file-picker.ts';
import { useUi } from '../store.ts';
import { TransferConfirm, TransferCoverage } from './TransferCoverage.tsx';
import { clearPreview, refreshPreview } from './transfer-preview-store.ts';
import {
  cancelTransfer,
  currentSources,
  currentTargets,
  meshNodeOptions,
  startAddToCharacter,
  startCopyFromFile,
  startTransfer,
  type TransferForm,
  transferFormOptions,
  useTransfer,
} from './transfer-store.ts';
import '../bind/autobind-panel.css';
import './transfer.css';

const MODES: SegmentOption<TransferForm['mode']>[] = [
  {
    value: 'robust',
    label: 'Robust',
    hint: 'Copy where the body is near and faces the same way; inpaint the rest smoothly (no bleed across the legs)',
  },
  {
    value: 'closest',
    label: 'Closest point',
    hint: 'Copy the weights of the closest body point everywhere (Blender Data Transfer’s default)',
  },
];

const UNMATCHED: SegmentOption<'inpaint' | 'keep'>[] = [
  {
    value: 'inpaint',
    label: 'Inpaint',
    hint: 'Vertices the sources do not reach get weights inpainted from around them (replacing any they had)',
  },
  {
    value: 'keep',
    label: 'Keep theirs',
    hint: 'Only where matched: vertices the sources do not reach keep their own weights; the border blends',
  },
];

/** Re-counts the coverage shortly after the form settles (matching only, in the worker). */
function useCoveragePreview(targets: number[], sources: number[], form: TransferForm, modelRev: number) {
  const key = JSON.stringify([targets, sources, form.distance, form.angle, form.mode, modelRev]);
  useEffect(() => {
    void key;
    if (targets.length === 0 || sources.length === 0) {
      clearPreview();
      return;
    }
    const timer = setTimeout(() => void refreshPreview(transferFormOptions()), 200);
    return () => clearTimeout(timer);
  }, [key, targets.length, sources.length]);
}

/** Runs a job started from the section: the store toasts its failures; Cancel needs no message. */
function quietly(start: () => Promise<unknown>): void {
  start().catch(() => {});
}

function MeshChecks({
  label,
  name,
  options,
  checked,
  set,
}: {
  label: string;
  name: string;
  options: { id: number; label: string }[];
  checked: number[];
  set: (ids: number[]) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="ab-row ab-meshes" aria-label={label}>
      <span className="ab-label">{label}</span>
      <div className="ab-mesh-list">
        {options.map((m) => (
          <label key={m.id} className="ab-check-inline" title={m.label}>
            <input
              type="checkbox"
              name={name}
              value={m.id}
              checked={checked.includes(m.id)}
              onChange={(e) =>
                set(
                  e.target.checked
                    ? [...checked, m.id].sort((a, b) => a - b)
                    : checked.filter((c) => c !== m.id),
                )
              }
            />
            {m.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Form({ disabled }: { disabled: boolean }) {
  const form = useTransfer((s) => s.form);
  const setForm = useTransfer((s) => s.setForm);
  useTransfer((s) => s.targets);
  useTransfer((s) => s.sources);
  const meshes = meshNodeOptions();
  const targets = currentTargets(meshes);
  const sources = currentSources(meshes);
  const sourceOptions = meshes.filter((m) => m.skinned && !targets.includes(m.id));
  useCoveragePreview(
    targets,
    sources,
    form,
    useUi((s) => s.modelRev),
  );
  return (
    <fieldset className="ab-form tr-form" disabled={disabled}>
      <MeshChecks
        label="Targets"
        name="transfer-target"
        options={meshes}
        checked={targets}
        set={(ids) => useTransfer.setState({ targets: ids })}
      />
      {targets.length === 0 && <div className="ab-note">Tick the meshes to give weights.</div>}
      <MeshChecks
        label="Sources"
        name="transfer-source"
        options={sourceOptions}
        checked={sources}
        set={(ids) => useTransfer.setState({ sources: ids })}
      />
      <FormRow
        label="Distance"
        hint="How far a target vertex may be from the body and still copy its weights"
      >
        <NumberInput
          className="ab-number"
          name="transfer-distance"
          label="Distance"
          value={form.distance}
          min={0.001}
          max={1}
          step={0.01}
          onChange={(distance) => setForm({ distance })}
        />
        <span className="muted">× body diagonal</span>
      </FormRow>
      <FormRow label="Angle" hint="Largest angle between the two surfaces' normals for a copy">
        <NumberInput
          className="ab-number"
          name="transfer-angle"
          label="Angle"
          value={form.angle}
          min={1}
          max={180}
          step={5}
          disabled={form.mode !== 'robust'}
          onChange={(angle) => setForm({ angle })}
        />
        <span className="muted">°</span>
      </FormRow>
      <FormRow label="Method">
        <Segmented
          name="transfer-mode"
          className="ab-segmented"
          options={MODES}
          value={form.mode}
          onChange={(mode) => setForm({ mode })}
        />
      </FormRow>
      <FormRow label="Unmatched" hint="What happens to target vertices the sources do not reach">
        <Segmented
          name="transfer-unmatched"
          className="ab-segmented"
          options={UNMATCHED}
          value={form.onlyMatched ? 'keep' : 'inpaint'}
          onChange={(v) => setForm({ onlyMatched: v === 'keep' })}
        />
      </FormRow>
      <TransferCoverage onlyMatched={form.onlyMatched} />
      <div className="tr-actions">
        <button
          type="button"
          className="ab-button"
          data-testid="transfer-run"
          disabled={targets.length === 0 || sources.length === 0}
          title="Give the ticked meshes weights from the ticked skinned meshes (one undo step)"
          onClick={() => quietly(startTransfer)}
        >
          Transfer
        </button>
        <button
          type="button"
          className="ab-button"
          data-testid="transfer-from-file"
          disabled={targets.length === 0}
          title="A re-modelled body: give the ticked meshes weights from the skinned meshes of another file of the same skeleton (joints matched by name, then position)"
          onClick={() => pickFiles((files) => quietly(() => startCopyFromFile(files)))}
        >
          Copy from a file…
        </button>
      </div>
    </fieldset>
  );
}

const n = (x: number) => x.toLocaleString('en-US');

function Result() {
  useUi((s) => s.modelRev);
  const result = useTransfer((s) => s.result);
  const shown = useUi((s) => s.transferView);
  if (!result || result.model !== editor.model) return null;
  const r = result.report;
  return (
    <div className="ab-result tr-result" role="status" data-testid="transfer-result">
      <div>
        {r.label}: {r.targets.map((t) => t.name).join(', ')} — {n(r.vertices)} vertices,{' '}
        <b data-testid="transfer-matched">{n(r.matched)}</b> copied,{' '}
        <b data-testid="transfer-inpainted">{n(r.inpainted)}</b> inpainted
        {r.seeded > 0 && <>, {n(r.seeded)} seeded</>}
        {r.kept > 0 && (
          <>
            , <b data-testid="transfer-kept">{n(r.kept)}</b> kept their weights
          </>
        )}{' '}
        in {(r.ms / 1000).toFixed(1)} s. Undo with <kbd>Ctrl+Z</kbd>.
      </div>
      {r.joints.unmatched.length > 0 && (
        <div className="ab-note ab-error">
          No joint of this skin matched {r.joints.unmatched.join(', ')}: their weights went to the nearest
          joints.
        </div>
      )}
      <label className="check">
        <input
          type="checkbox"
          data-testid="transfer-view-toggle"
          checked={shown}
          onChange={() => useUi.getState().toggle('transferView')}
        />
        Show copied / inpainted on the mesh
      </label>
    </div>
  );
}

/**
 * Dressing the character: "Add to this character…" (a garment file's meshes join the skin with
 * transferred weights), and transfer onto the file's own meshes or from another file.
 */
export function TransferSection() {
  useUi((s) => s.modelRev);
  const running = useTransfer((s) => s.running);
  const progress = useTransfer((s) => s.progress);
  const model = editor.model;
  if (!model) return <p className="muted">Open a model first.</p>;
  if (model.skins.length === 0)
    return (
      <p className="muted">This file has no skin yet: create one with Auto-bind first, then dress it.</p>
    );
  const add = (files: NamedFile[]) => quietly(() => startAddToCharacter(files));
  return (
    <div className="tr-section" data-testid="transfer-section">
      <button
        type="button"
        className="ab-button primary"
        data-testid="transfer-add"
        disabled={running !== null}
        title="Choose a file of meshes without a skin (a jacket, hair, a helmet): they join the character, skinned to this skeleton with weights from the body"
        onClick={() => pickFiles(add)}
      >
        Add to this character…
      </button>
      <Form disabled={running !== null} />
      <TransferConfirm />
      {running !== null && (
        <>
          <div className="ab-note">{running}…</div>
          <ProgressBar
            fraction={progress ?? 0}
            label="Transfer progress"
            onCancel={cancelTransfer}
            cancelTitle="Stop: the file stays as it was"
          />
        </>
      )}
      <Result />
    </div>
  );
}
