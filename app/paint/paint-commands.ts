import type { BrushType } from '../../src/editor/brush-settings.ts';
import type { Command } from '../commands.ts';
import { editor } from '../editor-instance.ts';
import { bare, shifted } from '../keys.ts';
import { useUi } from '../store.ts';
import { lastPointer, paintBridge } from './paint-bridge.ts';
import { type RadialDrag, STRENGTH_CIRCLE_PX, scaleRadius, setBrush, usePaint } from './paint-store.ts';

const inPaint = () => useUi.getState().mode === 'paint';
/** Paint-mode keys: elsewhere the same key stays free for other modes. */
const paintKey = (match: (e: KeyboardEvent) => boolean) => (e: KeyboardEvent) => inPaint() && match(e);

/** Blender's [ and ] step: about 10% per press. */
const RADIUS_STEP = 1.1;

/** The brushes, in the panel's order, with their number keys. */
export const BRUSHES: { type: BrushType; label: string; key: string; hint: string }[] = [
  { type: 'draw', label: 'Draw', key: '1', hint: 'mix toward the target weight' },
  { type: 'add', label: 'Add', key: '2', hint: 'raise the weight (Ctrl: subtract)' },
  { type: 'subtract', label: 'Subtract', key: '3', hint: 'lower the weight (Ctrl: add)' },
  { type: 'smooth', label: 'Smooth', key: '4', hint: 'blur with the surface neighbours (or hold Shift)' },
  { type: 'smear', label: 'Smear', key: '5', hint: 'drag weights along the stroke' },
  { type: 'sample', label: 'Sample', key: '6', hint: 'pick the weight under the cursor as the target' },
];

/** F / Shift+F: a circle around the pointer whose size sets the radius or the strength. */
export function openRadial(kind: RadialDrag['kind']): void {
  if (!editor.model) return;
  let { x, y } = lastPointer;
  if (!lastPointer.over) {
    const rect = document.querySelector('.viewport canvas')?.getBoundingClientRect();
    if (!rect) return;
    x = rect.left + rect.width / 2;
    y = rect.top + rect.height / 2;
  }
  const { radiusPx, radiusUnit, settings } = usePaint.getState();
  const worldPerPixel = paintBridge.viewport?.pick(x, y)?.worldPerPixel ?? null;
  let initial: number;
  if (kind === 'strength') initial = settings.strength;
  else if (radiusUnit === 'px' || !worldPerPixel) initial = radiusPx;
  else initial = settings.radius / worldPerPixel;
  // The pointer starts on the rim (Blender): moving it outward grows the value, inward shrinks it.
  const offset = kind === 'strength' ? initial * STRENGTH_CIRCLE_PX : initial;
  usePaint.setState({ radial: { kind, x: x - offset, y, initial, worldPerPixel } });
}

const brushCommand = (type: BrushType, label: string, key: string, hint: string): Command => ({
  label: `${label} brush: ${hint}`,
  shortcut: key,
  matches: paintKey(bare(key)),
  run: () => setBrush({ brush: type }),
});

/**
 * Paint mode's keys (Blender's where it has them). Spread first into COMMANDS so that Escape
 * cancels a stroke before it dismisses a message.
 */
export const PAINT_COMMANDS = {
  cancelStroke: {
    label: 'Cancel the stroke in progress',
    shortcut: 'Esc',
    matches: (e: KeyboardEvent) => bare('Escape')(e) && editor.paint.painting,
    run: () => editor.paint.cancelStroke(),
  },
  brushDraw: brushCommand('draw', 'Draw', '1', BRUSHES[0].hint),
  brushAdd: brushCommand('add', 'Add', '2', BRUSHES[1].hint),
  brushSubtract: brushCommand('subtract', 'Subtract', '3', BRUSHES[2].hint),
  brushSmooth: brushCommand('smooth', 'Smooth', '4', BRUSHES[3].hint),
  brushSmear: brushCommand('smear', 'Smear', '5', BRUSHES[4].hint),
  brushSample: brushCommand('sample', 'Sample', '6', BRUSHES[5].hint),
  radiusDrag: {
    label: 'Brush radius: move the mouse, click or Enter to set, Esc or right-click to cancel',
    shortcut: 'F',
    matches: paintKey(bare('f')),
    run: () => openRadial('radius'),
  },
  strengthDrag: {
    label: 'Brush strength: move the mouse, click or Enter to set, Esc or right-click to cancel',
    shortcut: 'Shift+F',
    matches: paintKey(shifted('f')),
    run: () => openRadial('strength'),
  },
  radiusSmaller: {
    label: 'Smaller brush',
    shortcut: '[',
    matches: paintKey(bare('[')),
    run: () => scaleRadius(1 / RADIUS_STEP),
  },
  radiusLarger: {
    label: 'Larger brush',
    shortcut: ']',
    matches: paintKey(bare(']')),
    run: () => scaleRadius(RADIUS_STEP),
  },
  mirror: {
    label: 'Mirror strokes on / off',
    shortcut: 'X',
    matches: paintKey(bare('x')),
    run: () => setBrush({ mirror: !editor.paint.settings.mirror }),
  },
  selectionMask: {
    // Blender's weight paint key for vertex selection masking.
    label: 'Paint only inside the vertex selection on / off',
    shortcut: 'V',
    matches: paintKey(bare('v')),
    run: () => setBrush({ selectionMask: !editor.paint.settings.selectionMask }),
  },
} satisfies Record<string, Command>;
