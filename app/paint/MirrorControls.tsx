import { useMemo } from 'react';
import type { MirrorAxis } from '../../src/mesh/mirror-map.ts';
import { tooltip } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { setBrush, usePaint } from './paint-store.ts';

const AXES: MirrorAxis[] = ['x', 'y', 'z'];
const n = (v: number) => v.toLocaleString('en-US');

/** "All N vertices have a partner" or how many have none, for the current model and axis. */
function MirrorReport({ axis }: { axis: MirrorAxis }) {
  const modelRev = useUi((s) => s.modelRev);
  // biome-ignore lint/correctness/useExhaustiveDependencies: modelRev stands for editor.model
  const report = useMemo(() => (editor.model ? editor.paint.mirrorReport(axis) : []), [axis, modelRev]);
  const nodes = report.reduce((sum, r) => sum + r.nodes, 0);
  const unmatched = report.reduce((sum, r) => sum + r.unmatched, 0);
  if (nodes === 0) return null;
  const mm = Math.max(...report.map((r) => r.tolerance)) * 1000;
  return (
    <p
      className={`mirror-report${unmatched ? ' warn' : ''}`}
      data-testid="mirror-report"
      data-unmatched={unmatched}
    >
      {unmatched === 0
        ? `All ${n(nodes)} vertices have a mirror partner.`
        : `${n(unmatched)} of ${n(nodes)} vertices have no mirror partner (within ${mm.toPrecision(2)} mm): strokes there are not mirrored.`}
    </p>
  );
}

/** The selected joint's mirror partner, with a list to pair it by hand when names and positions fail. */
function MirrorPartner({ axis }: { axis: MirrorAxis }) {
  useUi((s) => s.modelRev);
  usePaint((s) => s.mirrorRev);
  const selected = useUi((s) => s.selected);
  const model = editor.model;
  if (!model || selected === null || !model.joints.has(selected)) return null;
  const partner = editor.paint.mirrorJointOf(selected, axis);
  const joints = [...model.joints.values()].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <label
      className="mirror-partner"
      title="The joint a mirrored stroke on the selected joint paints. Found from names (Left/Right, .L/.R, …) or positions; pick another to pair them by hand."
    >
      <span className="label">Partner</span>
      <select
        value={partner}
        data-testid="mirror-partner"
        onChange={(e) => {
          editor.paint.setMirrorJoints(selected, Number(e.target.value));
          usePaint.setState((s) => ({ mirrorRev: s.mirrorRev + 1 }));
        }}
      >
        {joints.map((j) => (
          <option key={j.id} value={j.id}>
            {j.id === selected ? `${j.name} (itself)` : j.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Mirror on/off, its axis, how well the mesh mirrors, and the joint pairing. */
export function MirrorControls() {
  const mirror = usePaint((s) => s.settings.mirror);
  const axis = usePaint((s) => s.settings.mirrorAxis);
  return (
    <div className="mirror-controls">
      <div className="row">
        <label className="check" title={tooltip('mirror')}>
          <input
            type="checkbox"
            checked={mirror}
            data-testid="brush-mirror"
            onChange={(e) => setBrush({ mirror: e.target.checked })}
          />
          Mirror
        </label>
        <div className="segmented">
          {AXES.map((a) => (
            <button
              key={a}
              type="button"
              aria-pressed={axis === a}
              title={`Mirror across the ${a.toUpperCase()} = 0 plane`}
              onClick={() => setBrush({ mirrorAxis: a })}
            >
              {a.toUpperCase()}
            </button>
          ))}
        </div>
      </div>
      {mirror && <MirrorReport axis={axis} />}
      {mirror && <MirrorPartner axis={axis} />}
    </div>
  );
}
