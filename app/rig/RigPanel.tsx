import { MARKER_NAMES, type MarkerName } from '../../src/skeleton/fit/markers.ts';
import type { FingerCount } from '../../src/skeleton/templates/humanoid.ts';
import '../bind/autobind-panel.css';
import './rig-panel.css';
import { tooltip } from '../commands.ts';
import { FormRow } from '../components/FormRow.tsx';
import { Icon } from '../components/Icon.tsx';
import { NumberInput } from '../components/NumberField.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Segmented } from '../components/Segmented.tsx';
import {
  cancelRig,
  closeRigPanel,
  firstToPlace,
  guessAll,
  type Placing,
  pickTemplate,
  refit,
  startRig,
  turnQuadrupedRound,
  useRig,
} from './rig-store.ts';

const LABELS: Record<MarkerName, string> = {
  chin: 'Chin',
  groin: 'Groin',
  leftWrist: 'Left wrist',
  rightWrist: 'Right wrist',
  leftElbow: 'Left elbow',
  rightElbow: 'Right elbow',
  leftKnee: 'Left knee',
  rightKnee: 'Right knee',
};

const FINGERS: { value: FingerCount; label: string; hint: string }[] = [
  { value: 0, label: 'None', hint: 'No finger joints: the hand is one joint' },
  { value: 1, label: 'Mitten', hint: 'One chain of three joints for the four fingers' },
  { value: 3, label: '3', hint: 'Thumb, index and middle (Mixamo’s 3 chains)' },
  { value: 5, label: '5', hint: 'Every finger, three joints each' },
];

function arm(name: Placing): void {
  const s = useRig.getState();
  useRig.setState({ armed: s.armed === name ? null : name });
}

function MarkerButton({ name, disabled }: { name: MarkerName; disabled: boolean }) {
  const state = useRig((s) => s.markers?.[name].state ?? 'guessed');
  const armed = useRig((s) => s.armed === name);
  return (
    <button
      type="button"
      className="rig-marker"
      data-marker={name}
      aria-pressed={armed}
      disabled={disabled}
      title={
        state === 'missing'
          ? `${LABELS[name]}: not found on the mesh — click, then click it on the mesh`
          : `${LABELS[name]}: click, then click it on the mesh (the front view shows it best)`
      }
      onClick={() => arm(name)}
    >
      <span className={`rig-dot ${state}`} />
      {LABELS[name]}
      <span className="rig-state">{state === 'missing' ? 'place it' : state}</span>
    </button>
  );
}

/** Rig as a VRM avatar: the humanoid map and a meta are written with the skeleton. */
function VrmCheck({ disabled }: { disabled: boolean }) {
  const vrm = useRig((s) => s.vrm);
  return (
    <label
      className="ab-check-inline"
      title="Also write a VRM 1.0 humanoid map (hips, spine, arms, legs… from the joints) and a meta named after the file: Export then saves a .vrm"
    >
      <input
        type="checkbox"
        name="rig-vrm"
        checked={vrm}
        disabled={disabled}
        onChange={(e) => useRig.setState({ vrm: e.target.checked })}
      />{' '}
      VRM avatar: write a humanoid map
    </label>
  );
}

function HumanoidForm({ disabled }: { disabled: boolean }) {
  const fingers = useRig((s) => s.fingers);
  const symmetric = useRig((s) => s.symmetric);
  const armed = useRig((s) => s.armed);
  return (
    <>
      <FormRow label="Fingers" hint="Finger chains per hand (Mixamo names: LeftHandThumb1…)">
        <Segmented
          className="ab-segmented"
          name="rig-fingers"
          options={FINGERS}
          value={fingers}
          onChange={(f) => {
            useRig.setState({ fingers: f });
            void refit();
          }}
        />
      </FormRow>
      <div className="ab-note">
        {armed
          ? `Click the ${LABELS[armed as MarkerName]?.toLowerCase() ?? 'point'} on the mesh.`
          : 'Markers are guessed from the mesh (blue). Click one, then its place on the mesh; drag any to adjust.'}
      </div>
      <fieldset className="rig-markers" aria-label="Markers">
        {MARKER_NAMES.map((n) => (
          <MarkerButton key={n} name={n} disabled={disabled} />
        ))}
      </fieldset>
      <label
        className="ab-check-inline"
        title="Placing a left marker places the right one, mirrored (and back)"
      >
        <input
          type="checkbox"
          name="rig-symmetric"
          checked={symmetric}
          disabled={disabled}
          onChange={(e) => useRig.setState({ symmetric: e.target.checked })}
        />{' '}
        Symmetric: place one side, the other mirrors
      </label>
      <VrmCheck disabled={disabled} />
      <div className="rig-tools">
        <button
          type="button"
          className="ab-button"
          disabled={disabled}
          onClick={() => useRig.setState({ armed: firstToPlace() })}
        >
          Place markers
        </button>
        <button type="button" className="ab-button" disabled={disabled} onClick={guessAll}>
          Guess all
        </button>
        <button
          type="button"
          className="ab-button"
          disabled={disabled}
          onClick={() => useRig.setState((s) => ({ frontView: s.frontView + 1 }))}
        >
          Front view
        </button>
      </div>
    </>
  );
}

function ChainForm({ disabled }: { disabled: boolean }) {
  const chain = useRig((s) => s.chain);
  const armed = useRig((s) => s.armed);
  return (
    <>
      <div className="ab-note">
        A chain (tail, tentacle, rope): click its start, then its end on the mesh.
      </div>
      <div className="rig-tools">
        {(['chainFrom', 'chainTo'] as const).map((n) => (
          <button
            key={n}
            type="button"
            className="rig-marker"
            data-marker={n}
            aria-pressed={armed === n}
            disabled={disabled}
            onClick={() => arm(n)}
          >
            <span className={`rig-dot ${chain[n === 'chainFrom' ? 'from' : 'to'] ? 'placed' : 'guessed'}`} />
            {n === 'chainFrom' ? 'Start' : 'End'}
          </button>
        ))}
      </div>
      <FormRow label="Joints" hint="Joints along the chain (an end joint comes on top)">
        <NumberInput
          className="ab-number"
          name="chain-joints"
          value={chain.joints}
          min={1}
          max={64}
          step={1}
          onChange={(joints) => {
            useRig.setState({ chain: { ...useRig.getState().chain, joints } });
            void refit();
          }}
        />
      </FormRow>
    </>
  );
}

function Status() {
  const fitError = useRig((s) => s.fitError);
  const fitMs = useRig((s) => s.fitMs);
  const fitting = useRig((s) => s.fitting);
  const result = useRig((s) => s.result);
  if (result)
    return (
      <div className="ab-result" role="status">
        Rigged with {result.joints} joints and bound {result.vertices.toLocaleString('en-US')} vertices in{' '}
        {(result.ms / 1000).toFixed(1)} s (fit {Math.round(result.fitMs)} ms): undo in one step with{' '}
        <kbd>Ctrl+Z</kbd>. Pose mode bends it; Skeleton mode edits the joints.
      </div>
    );
  if (fitError)
    return (
      <div className="ab-note ab-error" role="alert">
        {fitError}
      </div>
    );
  return (
    <div className="ab-note" data-testid="rig-fit-status">
      {fitting ? 'Fitting…' : fitMs !== null ? `Skeleton fitted in ${Math.round(fitMs)} ms.` : ''}
    </div>
  );
}

/**
 * The Rig panel: for a mesh without a skin, a humanoid (or chain) skeleton fitted from markers
 * (guessed from the mesh, or clicked and dragged on it, as on Mixamo), or a quadruped from the
 * mesh alone, then skinned and
 * auto-bound as one undo step, with progress and Cancel.
 */
export function RigPanel() {
  const open = useRig((s) => s.open);
  const template = useRig((s) => s.template);
  const progress = useRig((s) => s.progress);
  const fitError = useRig((s) => s.fitError);
  const result = useRig((s) => s.result);
  const fitting = useRig((s) => s.fitting);
  if (!open) return null;
  const running = progress !== null;
  return (
    // Esc from a field of the form too (the shortcuts skip typing fields): an armed marker is let
    // go first, then the panel closes (panel-commands.ts does the same from anywhere else).
    <section
      className="ab-panel rig-panel"
      aria-label="Rig"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || running) return;
        e.stopPropagation();
        if (useRig.getState().armed) useRig.setState({ armed: null });
        else closeRigPanel();
      }}
    >
      <header className="ab-header">
        <h2 title={tooltip('rig')}>Rig</h2>
        <button
          type="button"
          className="ab-close"
          aria-label="Close"
          title={running ? 'Cancel the running rig first' : 'Close'}
          disabled={running}
          onClick={closeRigPanel}
        >
          <Icon name="close" size={14} />
        </button>
      </header>
      {!result && (
        <fieldset className="ab-form" disabled={running}>
          <FormRow label="Template">
            <Segmented
              className="ab-segmented"
              name="rig-template"
              options={[
                {
                  value: 'humanoid',
                  label: 'Humanoid',
                  hint: 'Mixamo-compatible joint names, from eight markers',
                },
                {
                  value: 'quadruped',
                  label: 'Quadruped',
                  hint: 'A four-legged animal standing on +Y, fitted from the mesh alone',
                },
                {
                  value: 'chain',
                  label: 'Chain',
                  hint: 'A chain of joints between two clicks: a tail, a tentacle, a rope',
                },
              ]}
              value={template}
              onChange={pickTemplate}
            />
          </FormRow>
          {template === 'humanoid' ? (
            <HumanoidForm disabled={running} />
          ) : template === 'quadruped' ? (
            <>
              <div className="ab-note">
                A four-legged animal standing on its feet (+Y up): spine, neck, head, four legs and a tail (if
                it has one), fitted from the mesh alone. Skeleton mode edits the joints afterwards.
              </div>
              <div className="rig-tools">
                <button
                  type="button"
                  className="ab-button"
                  title="Look at the animal's left side, its head to the left (Blender's Right view)"
                  disabled={running}
                  onClick={() => useRig.setState((s) => ({ frontView: s.frontView + 1 }))}
                >
                  Side view
                </button>
                <button
                  type="button"
                  className="ab-button"
                  title="The head is at the other end: fit again with the head where the tail was"
                  disabled={running || fitting}
                  onClick={() => turnQuadrupedRound()}
                >
                  Head ⇄ tail
                </button>
              </div>
            </>
          ) : (
            <ChainForm disabled={running} />
          )}
        </fieldset>
      )}
      {!result && (
        <div className="ab-actions">
          {running ? (
            <ProgressBar
              fraction={progress}
              label="Rig progress"
              onCancel={cancelRig}
              cancelTitle="Stop: the file stays as it was"
            />
          ) : (
            <button
              type="button"
              className="ab-button primary"
              disabled={!!fitError}
              onClick={() => void startRig()}
            >
              Rig and auto-bind
            </button>
          )}
        </div>
      )}
      {!running && <Status />}
    </section>
  );
}
