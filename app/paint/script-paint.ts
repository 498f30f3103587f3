import type { BrushModifiers, BrushSettings } from '../../src/editor/brush-settings.ts';
import type { StrokeInput, StrokeRecord } from '../../src/editor/paint-record.ts';
import { editor } from '../editor-instance.ts';
import { type EditorMode, useUi } from '../store.ts';
import { withRefusalToast } from './connect-paint.ts';
import { type PagePick, paintBridge, type ScreenSample } from './paint-bridge.ts';
import { type DabLatency, paintLatency } from './paint-latency.ts';
import { type RadiusUnit, setRadiusPx, usePaint } from './paint-store.ts';

/** Brush settings as scripts see them: the core's, plus the UI's screen radius. */
export type ScriptBrush = BrushSettings & { radiusPx: number; radiusUnit: RadiusUnit };

export interface StrokeOptions {
  /** Settings for this stroke only (restored after; a Sample stroke keeps the weight it picked). */
  settings?: Partial<ScriptBrush>;
  /** Held keys: `{ smooth: true }` is Shift, `{ invert: true }` is Ctrl. */
  modifiers?: BrushModifiers;
  /** Selects this joint (id or name) first. */
  joint?: number | string;
}

/** `skinsmith.paint`: strokes and brush tools for scripts and tests (docs/scripting.md). */
export interface ScriptPaint {
  /**
   * Paints one stroke through the same path as the mouse: page points `{ x, y, pressure? }` are
   * picked on the surface under them (off-mesh points are skipped; the pixel radius is taken at
   * the first one), surface points `{ primitive, point, … }` (a StrokeRecord's samples) are used
   * as they are. Returns the stroke's record, or null when nothing was painted (off the mesh,
   * refused: the message is in `stats().notices`).
   */
  stroke(points: (ScreenSample | StrokeInput)[], options?: StrokeOptions): StrokeRecord | null;
  /** Replays a record (its joint and settings; the current settings are kept). */
  replay(record: StrokeRecord): void;
  /** The last finished stroke's record. */
  lastStroke(): StrokeRecord | null;
  /** Floods the selected joint with the target weight (one undo step). */
  flood(): boolean;
  /** The surface under a page point (world space), or null. */
  pick(x: number, y: number): PagePick | null;
  /** Page coordinates of a world point. */
  toPage(point: readonly number[]): { x: number; y: number } | null;
  /** Pointer → upload latency of recent mouse dabs (ms); `clear` empties the record. */
  latency(clear?: boolean): DabLatency[];
}

/** Reads, or changes then reads, the brush: `brush({ brush: 'smooth', radiusPx: 30 })`. */
export function scriptBrush(change?: Partial<ScriptBrush>): ScriptBrush {
  if (change) applyBrush(change);
  const { radiusPx, radiusUnit } = usePaint.getState();
  return { ...editor.paint.settings, radiusPx, radiusUnit };
}

function applyBrush(change: Partial<ScriptBrush>): void {
  const { radiusPx, radiusUnit, ...core } = change;
  if (radiusPx !== undefined) setRadiusPx(radiusPx);
  // An explicit radius (world units) means world units; a pixel radius, pixels.
  const unit =
    radiusUnit ?? (core.radius !== undefined ? 'world' : radiusPx !== undefined ? 'px' : undefined);
  if (unit) usePaint.setState({ radiusUnit: unit });
  if (Object.keys(core).length) editor.paint.setSettings(core);
}

const isScreen = (p: ScreenSample | StrokeInput): p is ScreenSample => 'x' in p && !('point' in p);

function stroke(points: (ScreenSample | StrokeInput)[], options: StrokeOptions = {}): StrokeRecord | null {
  if (points.length === 0) return null;
  if (options.joint !== undefined) editor.selectJoint(options.joint);
  const saved = scriptBrush();
  if (options.settings) applyBrush(options.settings);
  try {
    const modifiers = options.modifiers ?? {};
    const [first, ...rest] = points;
    const view = isScreen(first) || rest.some(isScreen) ? paintBridge.require() : null;
    const began = isScreen(first)
      ? view!.begin(first, modifiers) === 'painting'
      : withRefusalToast(() => editor.paint.beginStroke(first, modifiers));
    if (!began) return null;
    for (const p of rest) {
      if (isScreen(p)) view!.moveTo(p);
      else editor.paint.strokeTo(p);
    }
    return editor.paint.endStroke();
  } finally {
    if (options.settings) {
      const picked = editor.paint.settings.brush === 'sample' ? { weight: editor.paint.settings.weight } : {};
      applyBrush({ ...saved, ...picked });
    }
  }
}

export const scriptPaint: ScriptPaint = {
  stroke,
  replay: (record) => editor.paint.replay(record),
  lastStroke: () => editor.paint.lastStroke,
  flood: () => withRefusalToast(() => editor.paint.floodMasked()),
  pick: (x, y) => paintBridge.require().pick(x, y),
  toPage: (point) => paintBridge.require().toPage(point),
  latency: (clear = false) => paintLatency.read(clear),
};

/** Reads or switches the mode ('inspect', 'paint'). */
export function scriptMode(mode?: EditorMode): EditorMode {
  if (mode) useUi.getState().setMode(mode);
  return useUi.getState().mode;
}
