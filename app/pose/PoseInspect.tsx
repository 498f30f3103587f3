import { useMemo } from 'react';
import type { NodeTransforms, SkinningMode } from '../../src/editor/pose-session.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { CREASE_FULL, CREASE_STOPS } from './crease-colors.ts';
import { spotFraming } from './frame-spot.ts';
import { poseAction } from './pose-actions.ts';
import { usePose } from './pose-store.ts';

/** Linear blend (what export means) vs. dual quaternion (a preview), with the reminder. */
function SkinningToggle() {
  const skinning = usePose((s) => s.skinning);
  const set = (mode: SkinningMode) =>
    poseAction(() => {
      editor.pose.skinningMode = mode;
    });
  return (
    <div className="pose-skinning">
      <div className="pose-row" role="radiogroup" aria-label="Skinning">
        <label className="check" title="What glTF and every engine do; what export writes">
          <input type="radio" checked={skinning === 'linear'} onChange={() => set('linear')} />
          Linear blend
        </label>
        <label
          className="check"
          title="Keeps volume at bends and twists: compare to see candy-wrapper and elbow loss"
        >
          <input
            type="radio"
            data-testid="skinning-dq"
            checked={skinning === 'dual-quaternion'}
            onChange={() => set('dual-quaternion')}
          />
          Dual quaternion
        </label>
      </div>
      {skinning === 'dual-quaternion' && (
        <p className="pose-warning" role="note">
          Preview only: export stays linear blend skinning.
        </p>
      )}
    </div>
  );
}

/** The crease inspector: the overlay toggle, its key, and the worst spots to frame. */
function Creases() {
  const crease = usePose((s) => s.crease);
  const poseRev = usePose((s) => s.poseRev);
  const playing = usePose((s) => s.playing);
  const posed = usePose((s) => s.posed);
  const weightsRev = useUi((s) => s.weightsRev);
  const spots = useMemo(() => {
    void poseRev;
    void weightsRev;
    if (!crease || playing || !posed || !editor.model) return [];
    return editor.pose.worstSpots(5).filter((s) => s.value > 0.01);
  }, [crease, poseRev, playing, posed, weightsRev]);
  const joints = spots.length ? editor.pose.nodeTransforms() : null;
  return (
    <div className="pose-creases">
      <label className="check" title="Colour the posed surface by how much it is stretched or squashed">
        <input
          type="checkbox"
          data-testid="crease-toggle"
          checked={crease}
          onChange={() => usePose.setState({ crease: !crease })}
        />
        Show distortion
      </label>
      {crease && (
        <>
          <div
            className="pose-legend"
            title={`Edge length change against the rest pose: 0 to ${CREASE_FULL * 100}% and more`}
          >
            <span
              className="ramp"
              style={{ background: `linear-gradient(to right, ${CREASE_STOPS.join(', ')})` }}
            />
            <span className="pose-legend-labels">
              <span>0%</span>
              <span>{(CREASE_FULL * 50).toFixed(0)}%</span>
              <span>{(CREASE_FULL * 100).toFixed(0)}%+</span>
            </span>
          </div>
          {!posed && <p className="muted">Bend a joint: the rest pose has no distortion.</p>}
          {joints && (
            <ol className="pose-spots" aria-label="Worst spots">
              {spots.map((s) => (
                <li key={`${s.primitive}:${s.vertex}`}>
                  <button
                    type="button"
                    className="pose-list-name"
                    title="Frame this spot"
                    onClick={() => spotFraming.frame(s.position)}
                  >
                    {nearestJoint(s.position, joints)} — {(s.value * 100).toFixed(0)}%
                  </button>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}

/** The name of the joint nearest a posed point (a spot's label: "LeftForeArm — 42%"). */
function nearestJoint(p: readonly number[], { world, nodeIds }: NodeTransforms): string {
  const model = editor.requireModel();
  let best = '';
  let bestD = Number.POSITIVE_INFINITY;
  for (let s = 0; s < nodeIds.length; s++) {
    const joint = model.joints.get(nodeIds[s]);
    if (!joint) continue;
    const d = Math.hypot(world[s * 16 + 12] - p[0], world[s * 16 + 13] - p[1], world[s * 16 + 14] - p[2]);
    if (d < bestD) {
      bestD = d;
      best = joint.name;
    }
  }
  return best || 'spot';
}

/** Skinning preview and crease inspector, for the right panel. */
export function PoseInspect() {
  return (
    <div className="pose-panel">
      <SkinningToggle />
      <div className="pose-subtitle">Crease inspector</div>
      <Creases />
    </div>
  );
}
