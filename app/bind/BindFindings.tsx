import type { BindFinding } from '../../src/editor/bind-findings.ts';
import { editor } from '../editor-instance.ts';
import { spotFraming } from '../pose/frame-spot.ts';
import { useUi } from '../store.ts';
import { viewport } from '../viewport-bridge.ts';

const KIND_LABEL: Record<BindFinding['kind'], string> = {
  unweighted: 'No weight',
  far: 'Far bone',
  asymmetric: 'Unlike partner',
};

/**
 * Shows a finding: its joint selected with the heat map on, and the camera on the region (the
 * crease-spot framing) or on the joint (Frame joint) when the finding has no vertex.
 */
export function showFinding(finding: BindFinding): void {
  // Partners: the one that holds the weight shows where the other falls short.
  editor.selectJoint(finding.kind === 'asymmetric' && finding.other !== null ? finding.other : finding.joint);
  useUi.setState({ heatmap: true, influences: false, transferView: false });
  if (finding.primitive !== null && finding.vertex !== null) {
    const p = editor.pose.positions(finding.primitive);
    const v = finding.vertex;
    spotFraming.frame([p[v * 3], p[v * 3 + 1], p[v * 3 + 2]]);
  } else viewport.frameSelected();
}

/** The bind's report under its figures: what looks wrong, each a click away from the view of it. */
export function BindFindings({ findings }: { findings: readonly BindFinding[] }) {
  if (findings.length === 0)
    return (
      <div className="ab-findings ok">
        Nothing looks wrong: every joint holds weight, each region is bound to a bone near it and partners
        match.
      </div>
    );
  return (
    <div className="ab-findings">
      <div className="ab-findings-title">Check these ({findings.length}):</div>
      <ul aria-label="Auto-bind findings">
        {findings.map((f) => (
          <li key={`${f.kind}-${f.joint}-${f.other}`}>
            <button
              type="button"
              className="ab-finding"
              title="Select the joint, show its heat map and frame it"
              onClick={() => showFinding(f)}
            >
              <span className={`ab-finding-kind ${f.kind}`}>{KIND_LABEL[f.kind]}</span> {f.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
