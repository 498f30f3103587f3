import { applyModifiers, type BrushModifiers, type BrushSettings } from '../../src/editor/brush-settings.ts';
import { editor } from '../editor-instance.ts';

/** Cursor colours: the brush a press would paint with, at a glance (and red when it would be refused). */
const COLORS = {
  draw: '#ffffff',
  add: '#ffffff',
  subtract: '#ffb48a',
  smooth: '#8fd8ff',
  smear: '#c9a8ff',
  sample: '#ffe066',
  refused: '#ff4d4d',
} as const;

/** What the cursor looks like for the current brush, held keys and selected joint. */
export function cursorLook(
  settings: BrushSettings,
  modifiers: BrushModifiers,
): { color: string; refused: boolean; brush: BrushSettings['brush'] } {
  const effective = applyModifiers(settings, modifiers);
  const id = editor.selectedJoint;
  const refused =
    effective.brush !== 'sample' && (id === null || editor.locks.has(id) || editor.model === null);
  const inverted = effective.brush === 'draw' && modifiers.invert === true;
  return {
    color: refused ? COLORS.refused : inverted ? COLORS.subtract : COLORS[effective.brush],
    refused,
    brush: effective.brush,
  };
}
