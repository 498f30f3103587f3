import { COMMANDS, tooltip } from '../commands.ts';
import { Icon } from '../components/Icon.tsx';
import { useUi } from '../store.ts';
import { canRig, useRig } from './rig-store.ts';

/** The toolbar's Rig… button: only for a file without a skin (a static mesh to rig). */
export function RigButton() {
  useUi((s) => s.modelRev);
  useUi((s) => s.weightsRev);
  const open = useRig((s) => s.open);
  if (!canRig() && !open) return null;
  return (
    <button
      type="button"
      className="tool"
      title={tooltip('rig')}
      aria-pressed={open}
      data-command="rig"
      onClick={COMMANDS.rig.run}
    >
      <Icon name="bones" />
      <span>Rig…</span>
    </button>
  );
}
