import { useState } from 'react';
import type { PosePreset } from '../../src/editor/pose-session.ts';
import { tooltip } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { applyPreset, deletePose, poseAction, resetPose, savePose, showBindPose } from './pose-actions.ts';
import { usePose } from './pose-store.ts';
import './pose-panel.css';
import { SliderField } from '../components/SliderField.tsx';
import { BindPoseButton } from '../skeleton/SkeletonPanel.tsx';
import { useUi } from '../store.ts';

const AXES = ['X', 'Y', 'Z'] as const;

const PRESETS: { name: PosePreset; label: string; hint: string }[] = [
  { name: 'arms-down', label: 'Arms down', hint: 'Both arms down at the sides (shoulders, armpits)' },
  { name: 'arms-up', label: 'Arms up', hint: 'Both arms raised over the head (shoulders)' },
  { name: 'squat', label: 'Squat', hint: 'Hips and knees bent (hips, groin, knees)' },
  { name: 'elbows-bent-120', label: 'Elbow 120°', hint: 'Both elbows bent 120° (elbow volume)' },
  { name: 'knees-bent-120', label: 'Knee 120°', hint: 'Both knees bent 120° (knee volume)' },
  { name: 'wrists-twisted-90', label: 'Wrist twist 90°', hint: 'Both wrists twisted 90° (candy wrapper)' },
];

/** X/Y/Z rotation sliders of the selected joint, in its local frame (degrees, −180…180). */
function JointRotation() {
  useUi((s) => s.modelRev);
  usePose((s) => s.poseRev); // read the angles again after any pose change
  const selected = useUi((s) => s.selected);
  const model = editor.model;
  const joint = selected === null ? undefined : model?.joints.get(selected);
  if (!model || !joint) return <p className="muted">Select a joint to bend it.</p>;
  const euler = editor.pose.getJointRotation(joint.id);
  const set = (axis: number, value: number) =>
    poseAction(() => {
      const next: [number, number, number] = [...euler];
      next[axis] = Math.min(180, Math.max(-180, value));
      editor.pose.setJointRotation(joint.id, next);
    });
  return (
    <div className="pose-joint" data-testid="pose-joint">
      <div className="pose-joint-name">
        <strong>{joint.name}</strong>
        <button
          type="button"
          className="pose-button"
          title="This joint back to the bind pose"
          onClick={() => poseAction(() => editor.pose.resetJoint(joint.id))}
        >
          Reset joint
        </button>
      </div>
      {AXES.map((axis, i) => (
        <SliderField
          key={axis}
          label={axis}
          value={euler[i]}
          min={-180}
          max={180}
          step={1}
          digits={1}
          title={`Rotation about the joint's local ${axis} axis, degrees`}
          testId={`pose-${axis.toLowerCase()}`}
          onChange={(v) => set(i, v)}
        />
      ))}
    </div>
  );
}

/** Saved poses: save the current one under a name, apply or delete saved ones. */
function NamedPoses() {
  usePose((s) => s.namedRev);
  useUi((s) => s.modelRev);
  const [name, setName] = useState('');
  const names = editor.model ? editor.pose.listPoses() : [];
  const save = () => {
    if (!name.trim()) return;
    savePose(name);
    setName('');
  };
  return (
    <div className="pose-named">
      <form
        className="pose-row"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <input
          className="pose-name-input"
          aria-label="Pose name"
          placeholder="Name this pose"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="pose-button" disabled={!name.trim()} title="Keep the current pose">
          Save
        </button>
      </form>
      {names.length > 0 && (
        <ul className="pose-list" aria-label="Saved poses">
          {names.map((n) => (
            <li key={n}>
              <button
                type="button"
                className="pose-list-name"
                title={`Show the pose "${n}"`}
                onClick={() => poseAction(() => editor.pose.applyPose(n))}
              >
                {n}
              </button>
              <button
                type="button"
                className="pose-button icon"
                title={`Delete the pose "${n}"`}
                aria-label={`Delete ${n}`}
                onClick={() => deletePose(n)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Rest pose (the file's node transforms: what engines show) or bind pose (the joints where the
 * IBMs put them, as Maya's Go to Bind Pose). Posing starts from the one chosen.
 */
const BASE_POSES = [
  {
    basis: 'rest',
    label: 'Rest pose',
    run: resetPose,
    hint: () => "The file's rest pose: the joints' own node transforms, what three.js and other engines show",
  },
  {
    basis: 'bind',
    label: 'Bind pose',
    run: showBindPose,
    hint: (same: boolean) =>
      `The bind pose: the joints where the inverse bind matrices put them, ${
        same ? 'the same as the rest pose in this file' : 'the mesh as stored (this file’s rest pose differs)'
      }`,
  },
] as const;

function BasePoseButtons() {
  const hasModel = useUi((s) => s.modelRev > 0);
  const shown = usePose((s) => s.shown);
  const same = hasModel && editor.model ? !editor.pose.describeShown().restDiffersFromBind : true;
  return (
    <div className="pose-row" data-testid="base-pose">
      {BASE_POSES.map((b) => (
        <button
          key={b.basis}
          type="button"
          className={`pose-button${hasModel && shown === b.basis ? ' active' : ''}`}
          title={b.hint(same)}
          disabled={!hasModel}
          data-base={b.basis}
          aria-pressed={hasModel && shown === b.basis}
          onClick={b.run}
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}

/** The Pose section: bend joints, reset, mirror, presets and named poses. Posing never changes weights. */
export function PosePanel() {
  const posed = usePose((s) => s.posed);
  // A model without joints (a static mesh, a rig undone) has nothing to bend.
  const modelRev = useUi((s) => s.modelRev);
  const hasModel = modelRev > 0 && (editor.model?.joints.size ?? 0) > 0;
  return (
    <div className="pose-panel">
      <JointRotation />
      <div className="pose-row">
        <button
          type="button"
          className="pose-button"
          title="Mirror the pose to the other side (the selected joint's side wins; joint pairs as the mirror tool)"
          disabled={!hasModel}
          onClick={() => poseAction(() => editor.pose.mirrorPose())}
        >
          Mirror pose
        </button>
        <button
          type="button"
          className="pose-button"
          title={tooltip('resetPose')}
          disabled={!posed}
          data-testid="pose-reset-all"
          onClick={resetPose}
        >
          Reset all
        </button>
      </div>
      <BasePoseButtons />
      <div className="pose-subtitle">Test poses</div>
      <div className="pose-presets">
        {PRESETS.map((p) => (
          <button
            key={p.name}
            type="button"
            className="pose-button"
            title={`${p.hint}. Joints found by their humanoid names.`}
            disabled={!hasModel}
            data-preset={p.name}
            onClick={() => applyPreset(p.name)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="pose-subtitle">Saved poses</div>
      <NamedPoses />
      <BindPoseButton />
      <p className="muted pose-note">Posing only bends the preview: weights and export are unchanged.</p>
    </div>
  );
}
