import { tooltip } from '../commands.ts';
import { Icon } from '../components/Icon.tsx';
import { resetPose } from './pose-actions.ts';
import { usePose } from './pose-store.ts';

/** The rest pose, one click away: lit while any joint is bent (or a clip frame or the bind pose is shown). */
export function PoseResetButton() {
  const posed = usePose((s) => s.posed);
  return (
    <button
      type="button"
      className="tool"
      title={tooltip('resetPose')}
      data-command="resetPose"
      disabled={!posed}
      onClick={resetPose}
    >
      <Icon name="pose" />
      <span>Rest pose</span>
    </button>
  );
}
