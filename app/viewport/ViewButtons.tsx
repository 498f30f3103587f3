import type { MouseEvent } from 'react';
import { tooltip } from '../commands.ts';
import { Icon, type IconName } from '../components/Icon.tsx';
import { cameraBridge } from './camera-bridge.ts';
import { useCamera } from './camera-store.ts';
import type { VIEW_COMMANDS } from './view-commands.ts';
import { oppositePreset, type ViewPreset } from './view-preset.ts';

type ViewId = keyof typeof VIEW_COMMANDS;

/** An axis view button: a click turns to it, Ctrl+click to the opposite side (as Ctrl + numpad). */
export function ViewButton({
  preset,
  id,
  opposite,
  icon,
  text,
}: {
  preset: ViewPreset;
  id: ViewId;
  opposite: ViewId;
  icon: IconName;
  text: string;
}) {
  return (
    <button
      type="button"
      className="tool"
      title={`${tooltip(id)}; Ctrl+click: ${tooltip(opposite)}`}
      data-command={id}
      onClick={(e: MouseEvent) =>
        cameraBridge.preset(e.ctrlKey || e.metaKey ? oppositePreset(preset) : preset)
      }
    >
      <Icon name={icon} />
      <span>{text}</span>
    </button>
  );
}

/** The orthographic toggle (Numpad 5). */
export function OrthoButton() {
  const ortho = useCamera((s) => s.ortho);
  return (
    <button
      type="button"
      className="tool"
      title={tooltip('viewOrtho')}
      aria-pressed={ortho}
      data-command="viewOrtho"
      onClick={() => useCamera.getState().set({ ortho: !ortho })}
    >
      <Icon name="ortho" />
      <span>Ortho</span>
    </button>
  );
}
