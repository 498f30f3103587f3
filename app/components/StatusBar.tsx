import { editor } from '../editor-instance.ts';
import { usePose } from '../pose/pose-store.ts';
import { useUi } from '../store.ts';
import { VrmBadge } from '../vrm/VrmBadge.tsx';
import { Icon } from './Icon.tsx';

const n = (v: number) => v.toLocaleString('en-US');

/** A count and its noun, singular for exactly one ("1 primitive"). */
function Stat({ name, value, label, one }: { name: string; value: number; label: string; one?: string }) {
  return (
    <span className="stat" data-stat={name} data-value={value}>
      <b>{n(value)}</b> {value === 1 && one ? one : label}
    </span>
  );
}

/** Which pose is shown, and — where the file's rest and bind pose differ — that the mesh is drawn as engines draw it. */
function ShownPoseBadge() {
  usePose((s) => s.shown); // re-render when the shown pose changes (describeShown reads it)
  const skeletonMode = useUi((s) => s.mode) === 'skeleton';
  if (!editor.model) return null;
  const report = editor.pose.describeShown();
  // Skeleton mode draws the rest pose and keeps the pose for Pose mode (app/pose/pose-view.ts).
  if (skeletonMode && report.shown !== 'rest')
    return (
      <span
        className="shown-pose"
        data-testid="shown-pose"
        data-shown="rest"
        title="Skeleton mode edits the skeleton at rest; the pose shows again in the other modes"
      >
        Rest pose · the pose is kept for Pose mode
      </span>
    );
  const special = report.restDiffersFromBind || report.ignoredMeshTransforms.length > 0;
  return (
    <span
      className={`shown-pose${special ? ' special' : ''}`}
      data-testid="shown-pose"
      data-shown={report.shown}
      title={report.detail}
    >
      {report.label}
    </span>
  );
}

/** File name, counts and the latest notice (import repairs, warnings, the last error). */
export function StatusBar() {
  useUi((s) => s.modelRev); // re-render on a new model (editor.model below)
  const busy = useUi((s) => s.busy);
  const notices = useUi((s) => s.notices);
  const model = editor.model;
  const last = notices[notices.length - 1];
  return (
    <footer className="statusbar">
      <span className="file" data-testid="file-name" title={editor.fileName}>
        {busy ? 'Opening…' : editor.fileName || 'No file'}
      </span>
      {model && (
        <>
          <VrmBadge />
          <Stat name="vertices" value={model.vertexCount} label="vertices" one="vertex" />
          <Stat name="skinned" value={model.skinnedVertexCount} label="skinned" />
          <Stat name="joints" value={model.joints.size} label="joints" one="joint" />
          <Stat name="primitives" value={model.primitiveCount} label="primitives" one="primitive" />
          <ShownPoseBadge />
        </>
      )}
      <span className="grow" />
      {last && (
        <span
          className={`notice ${last.level}`}
          data-testid="status-notice"
          title={notices.map((x) => x.message).join('\n')}
        >
          <Icon name={last.level === 'info' ? 'info' : last.level} size={13} />
          {last.message}
          {notices.length > 1 && <span className="more"> (+{notices.length - 1})</span>}
        </span>
      )}
    </footer>
  );
}
