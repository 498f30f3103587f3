import { COMMANDS, type CommandId, tooltip } from '../commands.ts';
import { useUi } from '../store.ts';
import { Icon, type IconName } from './Icon.tsx';

function ToolButton({
  id,
  icon,
  text,
  pressed,
}: {
  id: CommandId;
  icon: IconName;
  text: string;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className="tool"
      title={tooltip(id)}
      aria-pressed={pressed}
      data-command={id}
      onClick={COMMANDS[id].run}
    >
      <Icon name={icon} />
      <span>{text}</span>
    </button>
  );
}

/** Modes to come (painting, posing): shown so the layout has their place, disabled until they land. */
const MODES = [
  { name: 'Inspect', icon: 'eye', enabled: true, hint: 'Inspect weights (current mode)' },
  { name: 'Paint', icon: 'brush', enabled: false, hint: 'Weight painting: coming in a later version' },
  {
    name: 'Pose',
    icon: 'pose',
    enabled: false,
    hint: 'Pose the joints to test creases: coming in a later version',
  },
] as const;

export function Toolbar() {
  const heatmap = useUi((s) => s.heatmap);
  const wireframe = useUi((s) => s.wireframe);
  const textures = useUi((s) => s.textures);
  const bones = useUi((s) => s.bones);
  const leftOpen = useUi((s) => s.leftOpen);
  const rightOpen = useUi((s) => s.rightOpen);
  return (
    <header className="toolbar" role="toolbar" aria-label="Editor tools">
      <span className="brand" title="Skinsmith: skin weights for rigged glTF characters">
        Skinsmith
      </span>
      <button
        type="button"
        className="tool icon-only"
        title={tooltip('leftPanel')}
        aria-pressed={leftOpen}
        onClick={COMMANDS.leftPanel.run}
      >
        <Icon name="left" />
      </button>
      <ToolButton id="open" icon="open" text="Open" />
      <ToolButton id="export" icon="export" text="Export" />
      <ToolButton id="saveProject" icon="save" text="Save" />
      <span className="sep" />
      <ToolButton id="frameAll" icon="frame" text="Frame" />
      <ToolButton id="frameSelected" icon="focus" text="Joint" />
      <span className="sep" />
      <ToolButton id="heatmap" icon="heat" text="Heat map" pressed={heatmap} />
      <ToolButton id="wireframe" icon="wire" text="Wire" pressed={wireframe} />
      <ToolButton id="textures" icon="texture" text="Textures" pressed={textures} />
      <ToolButton id="bones" icon="bones" text="Bones" pressed={bones} />
      <span className="sep" />
      <div className="modes" title="Modes">
        {MODES.map((m) => (
          <button
            key={m.name}
            type="button"
            className="tool mode"
            title={m.hint}
            disabled={!m.enabled}
            aria-pressed={m.enabled}
          >
            <Icon name={m.icon} />
            <span>{m.name}</span>
          </button>
        ))}
      </div>
      <span className="grow" />
      <button
        type="button"
        className="tool icon-only"
        title={tooltip('rightPanel')}
        aria-pressed={rightOpen}
        onClick={COMMANDS.rightPanel.run}
      >
        <Icon name="right" />
      </button>
    </header>
  );
}
