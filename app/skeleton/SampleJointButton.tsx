import { COMMANDS, tooltip } from '../commands.ts';
import { Icon } from '../components/Icon.tsx';
import { useJointPick } from '../viewport/joint-pick.ts';

/** The pipette that arms one pick of a joint from the mesh (J); pressed while armed. */
export function SampleJointButton() {
  const armed = useJointPick((s) => s.armed);
  return (
    <button
      type="button"
      className="tool icon-only sample-joint"
      title={tooltip('sampleJoint')}
      aria-label="Sample joint from the mesh"
      aria-pressed={armed}
      data-testid="sample-joint"
      onClick={COMMANDS.sampleJoint.run}
    >
      <Icon name="sample" size={14} />
    </button>
  );
}
