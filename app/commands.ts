import { toggleAutobindPanel } from './bind/autobind-store.ts';
import { PANEL_COMMANDS } from './components/panel-commands.ts';
import { EDIT_COMMANDS } from './edit-commands.ts';
import { editor } from './editor-instance.ts';
import { useExport } from './export/export-store.ts';
import { pickAndOpen } from './io/file-picker.ts';
import { LAYER_COMMANDS } from './layers/layer-commands.ts';
import { PAINT_COMMANDS } from './paint/paint-commands.ts';
import { saveProject } from './persist/project-actions.ts';
import { POSE_COMMANDS } from './pose/pose-commands.ts';
import { toggleRigPanel } from './rig/rig-store.ts';
import { SELECT_COMMANDS } from './select/select-commands.ts';
import { SKELETON_COMMANDS } from './skeleton/skeleton-commands.ts';
import { useUi } from './store.ts';
import { toggleSampleJoint } from './viewport/joint-pick.ts';
import { frameSelectionKey, VIEW_COMMANDS } from './viewport/view-commands.ts';
import { viewport } from './viewport-bridge.ts';

/** A user action with its shortcut: the toolbar, tooltips and the keyboard all read this table. */
export interface Command {
  label: string;
  /** A shorter label for the ? overlay, where the tooltip's full sentence would not fit 720 px. */
  brief?: string;
  /** The shortcut as shown in tooltips. */
  shortcut: string;
  matches: (e: KeyboardEvent) => boolean;
  run: () => void;
}

const plain =
  (...keys: string[]) =>
  (e: KeyboardEvent) =>
    !e.ctrlKey && !e.metaKey && !e.altKey && keys.includes(e.key.length === 1 ? e.key.toLowerCase() : e.key);
const ctrl = (key: string) => (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === key;

const toggle = (flag: Parameters<ReturnType<typeof useUi.getState>['toggle']>[0]) => () =>
  useUi.getState().toggle(flag);

// Paint's first: its Escape (cancel a stroke) only matches while painting, before Dismiss.
export const COMMANDS = {
  ...VIEW_COMMANDS, // numpad codes only: before Paint's digits
  ...PAINT_COMMANDS,
  ...PANEL_COMMANDS, // Esc closes a panel before it unpins a vertex or dismisses a message
  ...SELECT_COMMANDS,
  ...EDIT_COMMANDS,
  ...POSE_COMMANDS,
  ...SKELETON_COMMANDS, // before the layers: F2 renames the joint in Skeleton mode
  ...LAYER_COMMANDS,
  open: {
    label: 'Open .glb / .gltf (with its .bin and textures)',
    brief: 'Open .glb / .gltf',
    shortcut: 'Ctrl+O',
    matches: ctrl('o'),
    run: pickAndOpen,
  },
  export: {
    label: 'Export',
    shortcut: 'Ctrl+E',
    matches: ctrl('e'),
    run: () => useExport.getState().openDialog(),
  },
  saveProject: {
    label: 'Save project (.skinsmith.glb: the model, its weights and the editor state, to go on later)',
    brief: 'Save project (.skinsmith.glb)',
    shortcut: 'Ctrl+S',
    matches: ctrl('s'),
    run: () => void saveProject(),
  },
  autobind: {
    label: 'Auto-bind: first weights from the skeleton',
    shortcut: 'Ctrl+B',
    matches: ctrl('b'),
    run: toggleAutobindPanel,
  },
  rig: {
    label: 'Rig…: fit a skeleton to a mesh without one (markers as on Mixamo), skin and auto-bind it',
    brief: 'Rig a mesh without a skin',
    shortcut: 'Shift+R',
    matches: (e) => !e.ctrlKey && !e.metaKey && !e.altKey && e.shiftKey && e.key.toLowerCase() === 'r',
    run: toggleRigPanel,
  },
  frameAll: {
    label: 'Frame all',
    shortcut: 'A / Home',
    matches: plain('a', 'Home'),
    run: () => viewport.frameAll(),
  },
  frameSelected: {
    label: 'Frame the selection: the selected joint (or vertices); all if none',
    brief: 'Frame the selection',
    // Blender's numpad period; F too, but in Paint mode F is the brush radius.
    shortcut: '. / Numpad . / F',
    matches: (e: KeyboardEvent) => plain('.')(e) || frameSelectionKey(e),
    run: () => viewport.frameSelected(),
  },
  heatmap: {
    label: 'Heat map of the selected joint',
    shortcut: 'H',
    matches: plain('h'),
    // Over the influence-count view, H brings the heat map back rather than hiding it.
    run: () => {
      const { influences, transferView, heatmap } = useUi.getState();
      useUi.setState(
        influences || transferView
          ? { influences: false, transferView: false, heatmap: true }
          : { heatmap: !heatmap },
      );
    },
  },
  influences: {
    label: 'Influence count: a colour per number of influences',
    brief: 'Influence-count view',
    shortcut: 'N',
    matches: plain('n'),
    run: toggle('influences'),
  },
  quantize: {
    label: 'Quantise preview: the weights as unorm8 export stores them (changes nothing)',
    brief: 'Quantise preview (unorm8)',
    shortcut: 'Q',
    matches: plain('q'),
    run: toggle('quantize'),
  },
  wireframe: { label: 'Wireframe overlay', shortcut: 'W', matches: plain('w'), run: toggle('wireframe') },
  textures: { label: 'Textures', shortcut: 'T', matches: plain('t'), run: toggle('textures') },
  bones: { label: 'Bones', shortcut: 'B', matches: plain('b'), run: toggle('bones') },
  // Ctrl: plain [ and ] step the brush radius in Paint mode, as in Blender.
  leftPanel: { label: 'Skeleton panel', shortcut: 'Ctrl+[', matches: ctrl('['), run: toggle('leftOpen') },
  rightPanel: { label: 'Settings panel', shortcut: 'Ctrl+]', matches: ctrl(']'), run: toggle('rightOpen') },
  sampleJoint: {
    label:
      'Sample joint: the next click on the mesh selects the joint with the most weight there (Ctrl+click does it at once, in every mode; held: a menu of its influences)',
    brief: 'Sample joint from the mesh (or Ctrl+click)',
    shortcut: 'J',
    matches: plain('j'),
    run: () => toggleSampleJoint(),
  },
  lockSelected: {
    label: 'Lock / unlock the selected joint',
    shortcut: 'L',
    matches: plain('l'),
    run: () => {
      const id = editor.selectedJoint;
      if (id !== null) editor.setLocked(id, !editor.locks.has(id));
    },
  },
  dismiss: {
    label: 'Dismiss the message',
    shortcut: 'Esc',
    matches: plain('Escape'),
    run: () => useUi.getState().dismissToast(),
  },
  search: {
    label: 'Filter joints by name',
    shortcut: '/',
    matches: plain('/'),
    run: () => document.querySelector<HTMLInputElement>('#joint-search')?.focus(),
  },
} satisfies Record<string, Command>;

export type CommandId = keyof typeof COMMANDS;

/** "Label (Shortcut)", for title attributes. */
export const tooltip = (id: CommandId) => `${COMMANDS[id].label} (${COMMANDS[id].shortcut})`;

// Fields that take typing; sliders, checkboxes and buttons keep the shortcuts (Ctrl+Z after a slider drag).
const TYPING =
  'input:not([type=range]):not([type=checkbox]):not([type=radio]):not([type=button]), textarea, select, [contenteditable="true"]';

/** Runs the command a key press asks for, unless the user is typing in a field. */
export function handleShortcut(e: KeyboardEvent): void {
  const target = e.target as HTMLElement | null;
  if (target?.closest?.(TYPING)) return;
  for (const command of Object.values(COMMANDS) as Command[]) {
    if (command.matches(e)) {
      e.preventDefault();
      command.run();
      return;
    }
  }
}
