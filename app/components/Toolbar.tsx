import { useAutobind } from '../bind/autobind-store.ts';
import { COMMANDS, type CommandId, tooltip } from '../commands.ts';
import { PoseResetButton } from '../pose/PoseResetButton.tsx';
import { RigButton } from '../rig/RigButton.tsx';
import { useUi } from '../store.ts';
import { HistoryButtons } from './HistoryButtons.tsx';
import { Icon, type IconName } from './Icon.tsx';
import { ModeButtons } from './ModeButtons.tsx';

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

export function Toolbar() {
  const heatmap = useUi((s) => s.heatmap);
  const influences = useUi((s) => s.influences);
  const transferView = useUi((s) => s.transferView);
  const wireframe = useUi((s) => s.wireframe);
  const textures = useUi((s) => s.textures);
  const bones = useUi((s) => s.bones);
  const leftOpen = useUi((s) => s.leftOpen);
  const rightOpen = useUi((s) => s.rightOpen);
  const autobindOpen = useAutobind((s) => s.open);
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
      <ToolButton id="autobind" icon="bind" text="Auto-bind" pressed={autobindOpen} />
      <RigButton />
      <span className="sep" />
      <ToolButton id="frameAll" icon="frame" text="Frame" />
      <ToolButton id="frameSelected" icon="focus" text="Joint" />
      <span className="sep" />
      <ToolButton
        id="heatmap"
        icon="heat"
        text="Heat map"
        pressed={heatmap && !influences && !transferView}
      />
      <ToolButton id="influences" icon="counts" text="Influences" pressed={influences} />
      <ToolButton id="wireframe" icon="wire" text="Wire" pressed={wireframe} />
      <ToolButton id="textures" icon="texture" text="Textures" pressed={textures} />
      <ToolButton id="bones" icon="bones" text="Bones" pressed={bones} />
      <PoseResetButton />
      <span className="sep" />
      <ModeButtons />
      <span className="sep" />
      <HistoryButtons />
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
