import { useAutobind } from '../bind/autobind-store.ts';
import { COMMANDS, type CommandId, tooltip } from '../commands.ts';
import { PoseResetButton } from '../pose/PoseResetButton.tsx';
import { RigButton } from '../rig/RigButton.tsx';
import { useUi } from '../store.ts';
import { OrthoButton, ViewButton } from '../viewport/ViewButtons.tsx';
import { FoldingToolbar, type ToolbarEntry } from './FoldingToolbar.tsx';
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

function PanelToggle({ side, open }: { side: 'left' | 'right'; open: boolean }) {
  const id = side === 'left' ? 'leftPanel' : 'rightPanel';
  return (
    <button
      type="button"
      className="tool icon-only"
      title={tooltip(id)}
      aria-pressed={open}
      onClick={COMMANDS[id].run}
    >
      <Icon name={side} />
    </button>
  );
}

/**
 * The toolbar. Each entry has a priority (higher keeps its place longer): when the window is
 * narrow, words go first, then whole entries fold into the More menu (FoldingToolbar). A new
 * button is one more entry here.
 */
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
  const tool = (id: CommandId, icon: IconName, text: string, priority: number, pressed?: boolean) => ({
    id,
    priority,
    node: <ToolButton id={id} icon={icon} text={text} pressed={pressed} />,
  });
  const entries: ToolbarEntry[] = [
    {
      // The first words to go when room is short.
      id: 'brand',
      priority: 0,
      menu: false,
      node: (
        <span className="brand" data-fold-word title="Skinsmith: skin weights for rigged glTF characters">
          Skinsmith
        </span>
      ),
    },
    tool('open', 'open', 'Open', 6),
    tool('export', 'export', 'Export', 6),
    tool('saveProject', 'save', 'Save', 6),
    tool('autobind', 'bind', 'Auto-bind', 6, autobindOpen),
    // Only for a file without a skin (it draws nothing otherwise).
    { id: 'rig', priority: 6, node: <RigButton /> },
    'sep',
    tool('frameAll', 'frame', 'Frame', 5),
    tool('frameSelected', 'focus', 'Selected', 5),
    'sep',
    {
      id: 'viewFront',
      priority: 3,
      node: <ViewButton preset="front" id="viewFront" opposite="viewBack" icon="viewFront" text="Front" />,
    },
    {
      id: 'viewRight',
      priority: 3,
      node: <ViewButton preset="right" id="viewRight" opposite="viewLeft" icon="viewSide" text="Side" />,
    },
    {
      id: 'viewTop',
      priority: 3,
      node: <ViewButton preset="top" id="viewTop" opposite="viewBottom" icon="viewTop" text="Top" />,
    },
    { id: 'viewOrtho', priority: 3, node: <OrthoButton /> },
    'sep',
    tool('heatmap', 'heat', 'Heat map', 4, heatmap && !influences && !transferView),
    tool('influences', 'counts', 'Influences', 2, influences),
    tool('wireframe', 'wire', 'Wire', 2, wireframe),
    tool('textures', 'texture', 'Textures', 2, textures),
    tool('bones', 'bones', 'Bones', 3, bones),
    { id: 'resetPose', priority: 4, node: <PoseResetButton /> },
    'sep',
    { id: 'modes', priority: 9, node: <ModeButtons /> },
    'sep',
    { id: 'history', priority: 10, node: <HistoryButtons /> },
  ];
  return (
    <FoldingToolbar
      label="Editor tools"
      start={<PanelToggle side="left" open={leftOpen} />}
      entries={entries}
      end={<PanelToggle side="right" open={rightOpen} />}
    />
  );
}
