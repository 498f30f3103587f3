import { useState } from 'react';
import { tooltip } from '../commands.ts';
import { Segmented } from '../components/Segmented.tsx';
import { editor } from '../editor-instance.ts';
import { usePose } from '../pose/pose-store.ts';
import { useUi } from '../store.ts';
import { CommitField } from './CommitField.tsx';
import {
  aimAtChild,
  deleteJoint,
  type JointPlacement,
  jointPlacement,
  makePoseTheBindPose,
  moveJoint,
  parentChoices,
  renameJoint,
  reparentJoint,
  rollJoint,
  splitJoint,
} from './skeleton-actions.ts';
import { useSkeletonUi } from './skeleton-store.ts';
import './skeleton-panel.css';

const AXES = ['X', 'Y', 'Z'] as const;

/** Name, parent and position of the selected joint: typed values, each one undo step. */
function Placement({ id, placement }: { id: number; placement: JointPlacement }) {
  const space = useSkeletonUi((s) => s.space);
  const renaming = useSkeletonUi((s) => s.renaming);
  const values = space === 'world' ? placement.world : placement.local;
  const set = (axis: number, text: string) => {
    const next: [number, number, number] = [...values];
    next[axis] = Number(text);
    moveJoint(id, next, space);
  };
  return (
    <>
      <div className="skel-row">
        <span className="skel-label">Name</span>
        <CommitField
          kind="text"
          label="Joint name"
          testId="skeleton-name"
          title={`The joint's node name (${tooltip('renameJoint')}); every skin, clip and lock follows`}
          value={placement.name}
          focusKey={renaming || null}
          onCommit={(name) => renameJoint(id, name)}
        />
      </div>
      <label className="skel-row">
        <span className="skel-label">Parent</span>
        <select
          className="skel-select"
          data-testid="skeleton-parent"
          title="Re-parent the joint (it keeps its place in the world); joints below it cannot be its parent"
          value={placement.parent}
          onChange={(e) => reparentJoint(id, Number(e.target.value))}
        >
          {placement.parent < 0 && <option value={-1}>— (a root)</option>}
          {parentChoices(id).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <div className="skel-row">
        <span className="skel-label">Position</span>
        <Segmented
          name="skeleton-space"
          className="segmented skel-space"
          value={space}
          onChange={(s) => useSkeletonUi.setState({ space: s })}
          options={[
            { value: 'world', label: 'World', hint: 'World coordinates (as drawn at rest)' },
            { value: 'local', label: 'Local', hint: "In the parent's space (the node's own translation)" },
          ]}
        />
      </div>
      <div className="skel-xyz">
        {AXES.map((axis, i) => (
          <div key={axis} className={`skel-axis axis-${axis.toLowerCase()}`}>
            <span>{axis}</span>
            <CommitField
              label={`${axis} (${space})`}
              testId={`skeleton-${axis.toLowerCase()}`}
              title={`Type the joint's ${space} ${axis} and press Enter: the pivot moves, the mesh stays`}
              value={values[i]}
              onCommit={(t) => set(i, t)}
            />
          </div>
        ))}
      </div>
    </>
  );
}

/** Aim the joint's frame at its child, and roll it about that axis. */
function Orient({ id, placement }: { id: number; placement: JointPlacement }) {
  const [roll, setRoll] = useState(90);
  return (
    <>
      <div className="skel-row">
        <span className="skel-label">Frame</span>
        <button
          type="button"
          className="pose-button"
          data-testid="skeleton-aim"
          disabled={!placement.hasChild}
          title="Turn the joint's frame so its bone axis (local +Y) points at its first child; children and mesh stay"
          onClick={() => aimAtChild(id)}
        >
          Aim at child
        </button>
      </div>
      <div className="skel-row">
        <span className="skel-label">Roll</span>
        <input
          type="number"
          className="skel-roll"
          aria-label="Roll, degrees"
          data-testid="skeleton-roll"
          value={roll}
          step={5}
          onChange={(e) => Number.isFinite(Number(e.target.value)) && setRoll(Number(e.target.value))}
        />
        <span className="muted">°</span>
        <button
          type="button"
          className="pose-button"
          title="Turn the joint's frame about its bone axis by this many degrees; children and mesh stay"
          onClick={() => rollJoint(id, roll)}
        >
          Roll
        </button>
      </div>
    </>
  );
}

/** Children follow, X-mirror, snap: how edits apply. */
function Options() {
  const follow = useSkeletonUi((s) => s.childrenFollow);
  const mirror = useSkeletonUi((s) => s.mirror);
  const snap = useSkeletonUi((s) => s.snapToCentre);
  const tool = useSkeletonUi((s) => s.tool);
  return (
    <div className="skel-options">
      <div className="skel-row">
        <span className="skel-label">Gizmo</span>
        <Segmented
          name="skeleton-tool"
          className="segmented skel-tool"
          value={tool}
          onChange={(t) => useSkeletonUi.setState({ tool: t })}
          options={[
            { value: 'move', label: 'Move', hint: tooltip('moveTool') },
            { value: 'rotate', label: 'Rotate', hint: tooltip('rotateTool') },
          ]}
        />
      </div>
      <label
        className="check"
        title="Off: children keep their place when a joint moves or turns. On: they move and turn with it (the whole branch)"
      >
        <input
          type="checkbox"
          data-testid="skeleton-follow"
          checked={follow}
          onChange={() => useSkeletonUi.setState({ childrenFollow: !follow })}
        />
        Children follow
      </label>
      <label className="check" title={tooltip('skeletonMirror')}>
        <input
          type="checkbox"
          data-testid="skeleton-mirror"
          checked={mirror}
          onChange={() => useSkeletonUi.setState({ mirror: !mirror })}
        />
        X-mirror
      </label>
      <label
        className="check"
        title="Dragging a joint (its ball or the gizmo's centre) drops it at the limb's centre under the pointer: halfway between the surface in front and the one behind. Ctrl while dragging does the opposite"
      >
        <input
          type="checkbox"
          data-testid="skeleton-snap"
          checked={snap}
          onChange={() => useSkeletonUi.setState({ snapToCentre: !snap })}
        />
        Snap to limb centre
      </label>
    </div>
  );
}

/** Add a child, split the bone into twist joints, delete the joint. */
function Structure({ id, placement }: { id: number; placement: JointPlacement }) {
  const placing = useSkeletonUi((s) => s.placing);
  const [count, setCount] = useState(1);
  const [weights, setWeights] = useState<'keep' | 'spread'>('spread');
  const [to, setTo] = useState<number>(-1);
  const choices = parentChoices(id, { includeDescendants: true });
  return (
    <>
      <div className="skel-row">
        <button
          type="button"
          className={`pose-button${placing === 'add' ? ' active' : ''}`}
          data-testid="skeleton-add"
          aria-pressed={placing === 'add'}
          title={tooltip('addJoint')}
          onClick={() => useSkeletonUi.setState({ placing: placing === 'add' ? null : 'add' })}
        >
          {placing === 'add' ? 'Click the mesh… (Esc)' : 'Add child joint'}
        </button>
      </div>
      <div className="skel-row">
        <span className="skel-label">Split bone</span>
        <input
          type="number"
          className="skel-count"
          aria-label="Twist joints inserted along the bone"
          data-testid="skeleton-split-count"
          min={1}
          max={16}
          value={count}
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (Number.isFinite(n)) setCount(Math.min(16, Math.max(1, n)));
          }}
        />
        <span className="muted">joints inserted</span>
      </div>
      <div className="skel-row">
        <span className="skel-label">Weights</span>
        <Segmented
          name="skeleton-split-weights"
          className="segmented skel-weights"
          value={weights}
          onChange={setWeights}
          options={[
            {
              value: 'keep',
              label: 'Keep',
              hint: 'The weights stay on this joint (the new joints get none)',
            },
            {
              value: 'spread',
              label: 'Spread',
              hint: 'Its weights are shared along the bone between it and the new twist joints',
            },
          ]}
        />
        <button
          type="button"
          className="pose-button skel-act"
          data-testid="skeleton-split"
          disabled={!placement.hasChild}
          title="Insert that many twist joints evenly along the bone from this joint to its child"
          onClick={() => splitJoint(id, count, weights)}
        >
          Split
        </button>
      </div>
      <label className="skel-row">
        <span className="skel-label">Delete to</span>
        <select
          className="skel-select"
          data-testid="skeleton-delete-to"
          title="Who receives the deleted joint's weights (per vertex the sum is kept, locks honoured)"
          value={to}
          onChange={(e) => setTo(Number(e.target.value))}
        >
          <option value={-1}>its parent</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <div className="skel-row">
        <span className="skel-label" />
        <button
          type="button"
          className="pose-button danger"
          data-testid="skeleton-delete"
          title={`${tooltip('deleteJoint')}; its children go to its parent, keeping their place`}
          onClick={() => deleteJoint(id, to < 0 || !choices.some((c) => c.id === to) ? 'parent' : to)}
        >
          Delete joint
        </button>
      </div>
    </>
  );
}

/** Make the pose on screen the bind pose (an A-pose character becomes a T-pose one). */
export function BindPoseButton() {
  const posed = usePose((s) => s.posed);
  return (
    <button
      type="button"
      className="pose-button"
      data-testid="skeleton-bind-pose"
      disabled={!posed}
      title={
        posed
          ? 'The posed mesh becomes the bind geometry and the joints keep this pose as their rest: one undo step (e.g. A-pose to T-pose)'
          : 'Pose the character first (Pose mode), then make that pose the bind pose'
      }
      onClick={makePoseTheBindPose}
    >
      Make this pose the bind pose
    </button>
  );
}

/**
 * The Skeleton section (first in the right panel in Skeleton mode): the selected joint's name,
 * parent and position (typed world or local), its frame, how edits apply (children follow,
 * X-mirror, snap), and add, split, delete; each edit one undo step through editor.skeleton.
 */
export function SkeletonPanel() {
  useUi((s) => s.modelRev);
  useUi((s) => s.weightsRev); // every skeleton edit, undo and redo commits
  useSkeletonUi((s) => s.skeletonRev);
  const selected = useUi((s) => s.selected);
  const placement = selected === null || !editor.model ? null : jointPlacement(selected);
  return (
    <div className="skel-panel" data-testid="skeleton-panel">
      {placement && selected !== null ? (
        <>
          <Placement id={selected} placement={placement} />
          <Orient id={selected} placement={placement} />
          <Options />
          <Structure id={selected} placement={placement} />
        </>
      ) : (
        <p className="muted">Select a joint: click its ball in the view or its row in the tree.</p>
      )}
      <BindPoseButton />
    </div>
  );
}
