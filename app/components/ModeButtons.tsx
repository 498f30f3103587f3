import { tooltip } from '../commands.ts';
import { type EditorMode, useUi } from '../store.ts';
import { Icon, type IconName } from './Icon.tsx';

const MODES: { mode: EditorMode; name: string; icon: IconName; hint: string; enabled: boolean }[] = [
  { mode: 'inspect', name: 'Inspect', icon: 'eye', hint: tooltip('inspectMode'), enabled: true },
  {
    mode: 'select',
    name: 'Select',
    icon: 'eye',
    hint: tooltip('selectMode'),
    enabled: true,
  },
  { mode: 'paint', name: 'Paint', icon: 'brush', hint: tooltip('paintMode'), enabled: true },
  { mode: 'pose', name: 'Pose', icon: 'pose', hint: tooltip('poseMode'), enabled: true },
  { mode: 'skeleton', name: 'Skeleton', icon: 'skeleton', hint: tooltip('skeletonMode'), enabled: true },
];

/** The editor's modes: what a left drag in the viewport does. */
export function ModeButtons() {
  const current = useUi((s) => s.mode);
  const setMode = useUi((s) => s.setMode);
  return (
    <div className="modes">
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          className="tool mode"
          title={m.hint}
          disabled={!m.enabled}
          aria-pressed={current === m.mode}
          data-mode={m.mode}
          onClick={() => setMode(m.mode)}
        >
          <Icon name={m.icon} />
          <span>{m.name}</span>
        </button>
      ))}
    </div>
  );
}
