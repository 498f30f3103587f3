import { describeVrm } from '../../src/vrm/vrm-json.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import './vrm.css';

/** "VRM 1.0 · Alicia" in the status bar when the open file is a VRM avatar (its meta's name). */
export function VrmBadge() {
  useUi((s) => s.modelRev); // a new model (a skeleton edit too) may change the map
  const vrm = editor.vrm;
  if (!vrm) return null;
  return (
    <span
      className="vrm-badge"
      data-testid="vrm-badge"
      data-version={vrm.version}
      title={`A VRM avatar (${vrm.version === '1.0' ? 'VRMC_vrm' : 'VRM 0.x'}): ${vrm.humanBones.size} human bones mapped to joints. Its spring bones, expressions and materials are kept on export; save it as .vrm from Export.`}
    >
      {describeVrm(vrm)}
    </span>
  );
}
