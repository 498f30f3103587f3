import { tooltip } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import {
  type AutobindForm,
  cancelAutobind,
  formToOptions,
  needsSkin,
  startAutobind,
  startCreateSkin,
  useAutobind,
} from './autobind-store.ts';
import './autobind-panel.css';
import { FormRow } from '../components/FormRow.tsx';
import { Icon } from '../components/Icon.tsx';
import { NumberInput } from '../components/NumberField.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Segmented, type SegmentOption } from '../components/Segmented.tsx';
import { useUi } from '../store.ts';
import { BindFindings } from './BindFindings.tsx';
import { CreateSkinSection } from './CreateSkinSection.tsx';

type Option<T> = SegmentOption<T>;

const METHODS: Option<AutobindForm['method']>[] = [
  {
    value: 'voxel',
    label: 'Geodesic voxel',
    hint: 'Distances through the solid mesh: an arm does not reach the torso across the armpit',
  },
  { value: 'closest', label: 'Closest bone', hint: 'Straight-line distances: faster, blind to gaps' },
];
const WEIGHTINGS: Option<AutobindForm['weighting']>[] = [
  { value: 'heat', label: 'Heat', hint: 'Bone heat on the measured distances: smooth, artist-like' },
  { value: 'falloff', label: 'Falloff', hint: 'Weight ∝ distance^−falloff: sharper as falloff grows' },
];
const SCOPES: Option<AutobindForm['scope']>[] = [
  { value: 'all', label: 'All joints', hint: 'Every joint not excluded; locked joints keep their weights' },
  {
    value: 'branch',
    label: 'Selected branch',
    hint: 'Only the selected joint and the joints below it; every other joint keeps its weights',
  },
];

function Form({ disabled, creating }: { disabled: boolean; creating: boolean }) {
  const form = useAutobind((s) => s.form);
  const setForm = useAutobind((s) => s.setForm);
  const selected = useUi((s) => s.selected);
  useUi((s) => s.modelRev);
  const slots = editor.model?.primitives[0]?.weights.influences ?? 4;
  const selectedName = selected === null ? null : editor.model?.joints.get(selected)?.name;
  return (
    <fieldset className="ab-form" disabled={disabled}>
      <FormRow label="Method">
        <Segmented
          className="ab-segmented"
          name="ab-method"
          options={METHODS}
          value={form.method}
          onChange={(method) => setForm({ method })}
        />
      </FormRow>
      <FormRow label="Resolution" hint="Voxels along the longest axis of the mesh (geodesic voxel method)">
        <Segmented
          className="ab-segmented"
          name="ab-resolution"
          options={[
            {
              value: 'auto',
              label: 'Auto',
              hint: 'From the mesh: finer for a denser mesh, so the work follows its size',
            },
            { value: 'custom', label: 'Custom', hint: 'A fixed number of voxels along the longest axis' },
          ]}
          value={form.resolution > 0 ? 'custom' : 'auto'}
          onChange={(mode) => setForm({ resolution: mode === 'auto' ? 0 : 128 })}
        />
        {form.resolution > 0 && (
          <NumberInput
            className="ab-number"
            name="resolution"
            value={form.resolution}
            min={16}
            max={1024}
            step={32}
            onChange={(resolution) => setForm({ resolution })}
          />
        )}
      </FormRow>
      <FormRow label="Weights">
        <Segmented
          className="ab-segmented"
          name="ab-weighting"
          options={WEIGHTINGS}
          value={form.weighting}
          onChange={(weighting) => setForm({ weighting })}
        />
      </FormRow>
      <FormRow label="Falloff" hint="Falloff weighting: weight ∝ distance^−falloff (higher is sharper)">
        <NumberInput
          className="ab-number"
          name="falloff"
          disabled={form.weighting !== 'falloff'}
          value={form.falloff}
          min={1}
          max={32}
          step={1}
          onChange={(falloff) => setForm({ falloff })}
        />
        {form.weighting !== 'falloff' && <span className="muted">with Falloff weights</span>}
      </FormRow>
      <FormRow label="Smoothing" hint="Extra smoothing passes over the surface (0: none)">
        <NumberInput
          className="ab-number"
          name="smoothing"
          value={form.smoothing}
          min={0}
          max={20}
          step={1}
          onChange={(smoothing) => setForm({ smoothing })}
        />
        <span className="muted">passes</span>
      </FormRow>
      <FormRow
        label="End joints"
        hint="Joints that only mark where a bone ends (HeadTop_End, finger tips, Toe_End): they end their parent's bone either way"
      >
        <Segmented
          className="ab-segmented"
          name="ab-end-joints"
          options={[
            {
              value: 'skip',
              label: 'No weight',
              hint: 'As artists weight them: the parent bone owns the region',
            },
            { value: 'bind', label: 'Bind', hint: 'Give end joints weight like any bone' },
          ]}
          value={form.endJoints}
          onChange={(endJoints) => setForm({ endJoints })}
        />
      </FormRow>
      <FormRow label="Influences" hint="Most joints per vertex">
        <Segmented
          className="ab-segmented"
          name="ab-influences"
          options={[
            { value: 4, label: '4', hint: 'One glTF set (every engine)' },
            ...(slots >= 8 ? [{ value: 8 as const, label: '8', hint: 'Two glTF sets' }] : []),
          ]}
          value={Math.min(form.maxInfluences, slots) as 4 | 8}
          onChange={(maxInfluences) => setForm({ maxInfluences })}
        />
        {!creating && slots < 8 && <span className="muted">the file stores {slots}</span>}
      </FormRow>
      {!creating && (
        <FormRow label="Joints">
          <Segmented
            className="ab-segmented"
            name="ab-scope"
            options={SCOPES}
            value={form.scope}
            onChange={(scope) => setForm({ scope })}
          />
        </FormRow>
      )}
      {!creating && (
        <FormRow label="Into">
          <Segmented
            className="ab-segmented"
            name="ab-into"
            options={[
              { value: 'active', label: 'Active layer', hint: 'Auto-bind writes the active weight layer' },
              {
                value: 'new',
                label: 'New layer',
                hint: 'Auto-bind writes a new layer above the active one: hide, fade or mask it against what was there',
              },
            ]}
            value={form.into}
            onChange={(into) => setForm({ into })}
          />
        </FormRow>
      )}
      {!creating && form.scope === 'branch' && (
        <div className="ab-note">
          {selectedName ? (
            <>
              Rebinds <b>{selectedName}</b> and the joints below it.
            </>
          ) : (
            'Select a joint in the skeleton first.'
          )}
        </div>
      )}
    </fieldset>
  );
}

function run(): void {
  try {
    const { form, skinRoot, excludeRoot, skinMeshes } = useAutobind.getState();
    const job = needsSkin()
      ? startCreateSkin(skinRoot ?? -1, {
          ...formToOptions({ ...form, scope: 'all' }),
          excludeRoot,
          ...(skinMeshes && { meshes: skinMeshes }),
        })
      : startAutobind(formToOptions(form));
    job.catch(() => {
      // Failures are shown by startAutobind / startCreateSkin; Cancel needs no message.
    });
  } catch (err) {
    useUi.getState().showToast('warning', err instanceof Error ? err.message : String(err));
  }
}

function Progress({ fraction }: { fraction: number }) {
  return (
    <ProgressBar
      fraction={fraction}
      label="Auto-bind progress"
      onCancel={cancelAutobind}
      cancelTitle="Stop: the weights stay as they were"
    />
  );
}

function Result() {
  const result = useAutobind((s) => s.result);
  if (!result) return null;
  const { stats } = result;
  const seconds = (stats.ms / 1000).toFixed(stats.ms < 10_000 ? 1 : 0);
  return (
    <>
      <div className="ab-result" role="status">
        {result.skin && (
          <>
            Created a skin of {result.skin.joints} joints from <b>{result.skin.rootName}</b> on{' '}
            {result.skin.skinnedMeshes} mesh{result.skin.skinnedMeshes === 1 ? '' : 'es'}.{' '}
          </>
        )}
        Bound {stats.vertices.toLocaleString('en-US')} vertices to {stats.bones} bones ({result.scope}) in{' '}
        {seconds} s. {stats.changedVertices.toLocaleString('en-US')} changed: undo in one step with{' '}
        <kbd>Ctrl+Z</kbd>.
      </div>
      <BindFindings findings={stats.findings} />
    </>
  );
}

/**
 * The Auto-bind panel: a small non-modal card over the viewport (the user can still orbit while
 * it runs), with the options, Run, a progress bar with Cancel, and the last run's figures.
 */
export function AutobindPanel() {
  const open = useAutobind((s) => s.open);
  const progress = useAutobind((s) => s.progress);
  const hasModel = useUi((s) => s.modelRev) > 0 && editor.model !== null;
  const skinRoot = useAutobind((s) => s.skinRoot);
  if (!open) return null;
  const running = progress !== null;
  const creating = hasModel && needsSkin();
  return (
    // Esc from a field of the form closes the panel too (the shortcuts skip typing fields).
    <section
      className={`ab-panel${creating ? ' creating' : ''}`}
      aria-label="Auto-bind"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || running) return;
        e.stopPropagation();
        useAutobind.getState().setOpen(false);
      }}
    >
      <header className="ab-header">
        <h2 title={tooltip('autobind')}>Auto-bind</h2>
        <button
          type="button"
          className="ab-close"
          aria-label="Close"
          title={running ? 'Cancel the running bind first' : 'Close'}
          disabled={running}
          onClick={() => useAutobind.getState().setOpen(false)}
        >
          <Icon name="close" size={14} />
        </button>
      </header>
      {creating && <CreateSkinSection disabled={running} />}
      <Form disabled={running} creating={creating} />
      <div className="ab-actions">
        {running ? (
          <Progress fraction={progress} />
        ) : (
          <button
            type="button"
            className="ab-button primary"
            disabled={!hasModel || (creating && skinRoot === null)}
            onClick={run}
          >
            {creating ? 'Create skin and auto-bind' : 'Run'}
          </button>
        )}
      </div>
      {!running && <Result />}
    </section>
  );
}
