import type { Command } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { bare, shifted } from '../keys.ts';
import { layerAction } from './layer-actions.ts';
import { useLayers } from './layers-store.ts';

/** True when the keyboard focus is in the Layers section (its list, its buttons). */
function layersFocused(): boolean {
  return document.activeElement?.closest?.('[data-testid=layers-section]') != null;
}

/** Alt + an arrow key, with Shift exactly as `shift` says (no Ctrl). */
const altArrow = (key: string, shift: boolean) => (e: KeyboardEvent) =>
  e.altKey && !e.ctrlKey && !e.metaKey && e.shiftKey === shift && e.key === key;

/** The active layer's position in the panel's list (top first) and the list's length. */
function activeRow(): { index: number; count: number } {
  const list = editor.layers.list();
  return { index: list.findIndex((l) => l.active), count: list.length };
}

/** Moves the active layer one place up (+1) or down (−1) in the stack. */
function moveActive(step: 1 | -1): void {
  layerAction(() => {
    const { index, count } = activeRow();
    const id = editor.layers.activeId;
    // Stack positions count from just above the base (0); the list counts from the top.
    const position = count - 2 - index + step;
    if (position < 0 || position > count - 2) return;
    editor.layers.move(id, position);
  });
}

/** Makes the layer above (−1 in the list) or below (+1) the active one active. */
function selectNeighbour(step: 1 | -1): void {
  layerAction(() => {
    const list = editor.layers.list();
    const next = list[list.findIndex((l) => l.active) + step];
    if (next) editor.layers.setActive(next.id);
  });
}

/**
 * Weight-layer commands (the Layers panel's buttons and their keys): part of COMMANDS, so the
 * tooltips, the keyboard and the `?` overlay read them. Shift + a letter, as Blender's editing
 * keys; Alt + arrows step through the stack as Alt+[ / ] do in image editors.
 */
export const LAYER_COMMANDS = {
  layerNew: {
    label: 'New weight layer above the active one (paint without touching what is below)',
    brief: 'New layer',
    shortcut: 'Shift+N',
    matches: shifted('n'),
    run: () => layerAction(() => editor.layers.add()),
  },
  layerDuplicate: {
    label: 'Duplicate the active layer',
    brief: 'Duplicate layer',
    shortcut: 'Shift+D',
    matches: shifted('d'),
    run: () => layerAction(() => editor.layers.duplicate()),
  },
  layerMergeDown: {
    label: 'Merge the active layer into the one below (what is shown stays)',
    brief: 'Merge layer down',
    shortcut: 'Shift+M',
    matches: shifted('m'),
    run: () => layerAction(() => editor.layers.mergeDown()),
  },
  layerDelete: {
    label: 'Delete the active layer',
    brief: 'Delete layer',
    shortcut: 'Shift+Delete',
    matches: shifted('Delete', 'Backspace'),
    run: () => layerAction(() => editor.layers.remove()),
  },
  layerToggle: {
    label: 'Hide / show the active layer',
    brief: 'Hide / show layer',
    shortcut: 'Shift+H',
    matches: shifted('h'),
    run: () =>
      layerAction(() => {
        const active = editor.layers.list().find((l) => l.active);
        if (active && !active.base) editor.layers.setVisible(active.id, !active.visible);
      }),
  },
  layerMask: {
    label: 'Paint the active layer’s mask / its weights',
    brief: 'Paint mask / weights',
    shortcut: 'Shift+K',
    matches: shifted('k'),
    run: () =>
      layerAction(() => editor.layers.setTarget(editor.layers.target === 'mask' ? 'weights' : 'mask')),
  },
  layerView: {
    label: 'Heat map of the active layer alone / of the result',
    brief: 'Heat map: layer / result',
    shortcut: 'Shift+L',
    matches: shifted('l'),
    run: () =>
      layerAction(() => editor.layers.setView(editor.layers.view === 'layer' ? 'composed' : 'layer')),
  },
  layerAbove: {
    label: 'Make the layer above active',
    brief: 'Layer above',
    shortcut: 'Alt+↑',
    matches: altArrow('ArrowUp', false),
    run: () => selectNeighbour(-1),
  },
  layerBelow: {
    label: 'Make the layer below active',
    brief: 'Layer below',
    shortcut: 'Alt+↓',
    matches: altArrow('ArrowDown', false),
    run: () => selectNeighbour(1),
  },
  layerUp: {
    label: 'Move the active layer up',
    brief: 'Move layer up',
    shortcut: 'Alt+Shift+↑',
    matches: altArrow('ArrowUp', true),
    run: () => moveActive(1),
  },
  layerDown: {
    label: 'Move the active layer down',
    brief: 'Move layer down',
    shortcut: 'Alt+Shift+↓',
    matches: altArrow('ArrowDown', true),
    run: () => moveActive(-1),
  },
  layerRename: {
    label: 'Rename the active layer (F2 with the Layers list focused)',
    brief: 'Rename layer (Layers focused)',
    shortcut: 'F2',
    // F2 renames what has focus: the layer only when the Layers section has it (a joint's F2 is the skeleton's).
    matches: (e: KeyboardEvent) => bare('F2')(e) && layersFocused(),
    run: () => {
      if (editor.model) useLayers.setState({ renaming: editor.layers.activeId });
    },
  },
} satisfies Record<string, Command>;
