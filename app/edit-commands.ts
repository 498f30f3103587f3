import type { Command } from './commands.ts';
import { editor } from './editor-instance.ts';
import { bare, typed, withCtrl } from './keys.ts';
import { usePaint } from './paint/paint-store.ts';
import { useUi } from './store.ts';

/** Undo and redo go through the editor (a stroke in progress is cancelled first). */
function undo(): void {
  if (editor.model && !editor.undo()) editor.notify({ level: 'info', message: 'Nothing to undo.' });
}
function redo(): void {
  if (editor.model && !editor.redo()) editor.notify({ level: 'info', message: 'Nothing to redo.' });
}

/**
 * Commands of every mode added with weight painting: history, the mode switch, the shortcut
 * overlay. Part of COMMANDS (app/commands.ts), so tooltips, keys and the `?` overlay read them.
 */
export const EDIT_COMMANDS = {
  undo: {
    label: 'Undo',
    shortcut: 'Ctrl+Z',
    matches: withCtrl('z'),
    run: undo,
  },
  redo: {
    label: 'Redo',
    shortcut: 'Ctrl+Shift+Z / Ctrl+Y',
    matches: (e: KeyboardEvent) => withCtrl('z', true)(e) || withCtrl('y')(e),
    run: redo,
  },
  paintMode: {
    label: 'Paint weights (toggles Paint and Inspect)',
    brief: 'Paint mode (P again: back)',
    shortcut: 'P',
    matches: bare('p'),
    run: () => {
      const { mode, setMode } = useUi.getState();
      setMode(mode === 'paint' ? 'inspect' : 'paint');
    },
  },
  inspectMode: {
    label: 'Inspect weights (orbit with the left button, click bones)',
    brief: 'Inspect mode',
    shortcut: 'I',
    matches: bare('i'),
    run: () => useUi.getState().setMode('inspect'),
  },
  help: {
    label: 'Keyboard shortcuts',
    shortcut: '?',
    matches: typed('?'),
    run: () => usePaint.setState((s) => ({ helpOpen: !s.helpOpen })),
  },
} satisfies Record<string, Command>;
