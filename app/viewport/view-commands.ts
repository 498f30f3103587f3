import type { Command } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { bare } from '../keys.ts';
import { cameraBridge } from './camera-bridge.ts';
import { useCamera } from './camera-store.ts';
import type { OrbitStep, ViewPreset } from './view-preset.ts';

/** The modes where F frames (in Paint it sizes the brush, as in Blender). */
const FRAME_F_MODES: readonly string[] = ['inspect', 'select', 'pose'];

/** A numpad key by its code (so NumLock does not matter), with Ctrl (Cmd) as asked and no Alt or Shift. */
const numpad = (code: string, ctrl: boolean) => (e: KeyboardEvent) =>
  e.code === code && (e.ctrlKey || e.metaKey) === ctrl && !e.altKey && !e.shiftKey;

/** Blender's axis views: the key turns the view to the preset, with Ctrl to its opposite side. */
const view = (preset: ViewPreset, label: string, code: string, ctrl = false, brief?: string): Command => ({
  label: `${label} view`,
  brief,
  shortcut: `${ctrl ? 'Ctrl+' : ''}Numpad ${code.slice(-1)}`,
  matches: numpad(code, ctrl),
  run: () => cameraBridge.preset(preset),
});

/** Blender's numpad orbit steps (4 / 6, 8 / 2, 9), about the orbit pivot. */
const orbitKey = (step: OrbitStep, code: string, label: string, brief?: string): Command => ({
  label,
  brief,
  shortcut: `Numpad ${code.slice(-1)}`,
  matches: numpad(code, false),
  run: () => cameraBridge.orbitStep(step),
});

/** F (not in Paint mode, where it sizes the brush) or Numpad .: frame the selection (commands.ts's frameSelected). */
export const frameSelectionKey = (e: KeyboardEvent): boolean =>
  numpad('NumpadDecimal', false)(e) || (bare('f')(e) && FRAME_F_MODES.includes(editor.mode));

/**
 * The camera's keys, Blender's numpad (by key code, so the digits of the keyboard row stay the
 * brushes'): spread before the other tables so a numpad digit is a view in every mode.
 */
export const VIEW_COMMANDS = {
  viewFront: view('front', 'Front', 'Numpad1', false, 'Front view (Ctrl: back)'),
  viewBack: view('back', 'Back', 'Numpad1', true),
  viewRight: view('right', 'Right', 'Numpad3', false, 'Right view (Ctrl: left)'),
  viewLeft: view('left', 'Left', 'Numpad3', true),
  viewTop: view('top', 'Top', 'Numpad7', false, 'Top view (Ctrl: bottom)'),
  viewBottom: view('bottom', 'Bottom', 'Numpad7', true),
  orbitLeft: orbitKey('left', 'Numpad4', 'Orbit 15° left', 'Orbit 15° left / right (Numpad 6)'),
  orbitRight: orbitKey('right', 'Numpad6', 'Orbit 15° right'),
  orbitUp: orbitKey('up', 'Numpad8', 'Orbit 15° up', 'Orbit 15° up / down (Numpad 2)'),
  orbitDown: orbitKey('down', 'Numpad2', 'Orbit 15° down'),
  viewOpposite: orbitKey('opposite', 'Numpad9', 'The opposite side (front ↔ back, top ↔ bottom)'),
  viewOrtho: {
    label: 'Orthographic / perspective',
    shortcut: 'Numpad 5',
    matches: numpad('Numpad5', false),
    run: () => useCamera.getState().set({ ortho: !useCamera.getState().ortho }),
  },
} satisfies Record<string, Command>;

/** The other halves of a pair: the ? overlay lists them on their partner's row ("Front view (Ctrl: back)"). */
export const VIEW_OPPOSITES: ReadonlySet<string> = new Set([
  'viewBack',
  'viewLeft',
  'viewBottom',
  'orbitRight',
  'orbitDown',
]);
