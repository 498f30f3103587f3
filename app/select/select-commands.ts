import type { Command } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { bare, withCtrl } from '../keys.ts';
import { useUi } from '../store.ts';
import { runTool } from '../tools/ToolsPanel.tsx';
import { useSelectUi } from './select-store.ts';

const inSelect = () => useUi.getState().mode === 'select';
/** Selection keys act in Select mode only, so A, M and the Ctrl keys stay free elsewhere. */
const selectKey = (match: (e: KeyboardEvent) => boolean) => (e: KeyboardEvent) => inSelect() && match(e);
const altA = (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 'a';

/** Select mode's keys (Blender's where it has them). Spread before COMMANDS' plain keys. */
export const SELECT_COMMANDS = {
  selectMode: {
    label: 'Select mode: click a vertex, drag a box (Shift add, Ctrl subtract, Alt lasso)',
    brief: 'Select mode (S again: Inspect)',
    shortcut: 'S',
    matches: bare('s'),
    run: () => {
      const { mode, setMode } = useUi.getState();
      setMode(mode === 'select' ? 'inspect' : 'select');
    },
  },
  selectAll: {
    label: 'Select all vertices',
    shortcut: 'Ctrl+A',
    matches: selectKey(withCtrl('a')),
    run: () => runTool('All', () => editor.selection.all()),
  },
  selectNone: {
    label: 'Select none',
    shortcut: 'Alt+A',
    matches: selectKey(altA),
    run: () => runTool('None', () => editor.selection.none()),
  },
  selectInvert: {
    label: 'Invert the selection',
    shortcut: 'Ctrl+I',
    matches: selectKey(withCtrl('i')),
    run: () => runTool('Invert', () => editor.selection.invert()),
  },
  selectGrow: {
    label: 'Grow the selection',
    shortcut: 'PageUp',
    matches: selectKey(bare('PageUp')),
    run: () => runTool('Grow', () => editor.selection.grow()),
  },
  selectShrink: {
    label: 'Shrink the selection',
    shortcut: 'PageDown',
    matches: selectKey(bare('PageDown')),
    run: () => runTool('Shrink', () => editor.selection.shrink()),
  },
  unpinInspected: {
    label: 'Unpin the vertex in the Inspector (it follows the pointer again)',
    brief: 'Unpin the Inspector’s vertex',
    shortcut: 'Esc',
    // Only while one is pinned: otherwise Esc dismisses a message as everywhere.
    matches: (e: KeyboardEvent) =>
      bare('Escape')(e) && inSelect() && useSelectUi.getState().inspected !== null,
    run: () => useSelectUi.setState({ inspected: null }),
  },
  selectMirror: {
    label: 'Select the mirror',
    shortcut: 'M',
    matches: selectKey(bare('m')),
    run: () => runTool('Mirror', () => editor.selection.mirror()),
  },
} satisfies Record<string, Command>;
