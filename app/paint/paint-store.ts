import { create } from 'zustand';
import { BRUSH_DEFAULTS, type BrushSettings } from '../../src/editor/brush-settings.ts';
import { editor } from '../editor-instance.ts';

/** How the brush radius is given: screen pixels (Blender's default: "View") or world units ("Scene"). */
export type RadiusUnit = 'px' | 'world';

/** A modal drag started with F (radius) or Shift+F (strength), Blender's radial control. */
export interface RadialDrag {
  kind: 'radius' | 'strength';
  /** Page coordinates of the circle's centre. */
  x: number;
  y: number;
  /** The value before the drag, on the circle's scale: pixels for the radius, 0..1 for strength. */
  initial: number;
  /** World units per pixel under the pointer when the drag began (a world-unit radius is set through it). */
  worldPerPixel: number | null;
}

/** Strength's circle: full strength is this many pixels from the centre. */
export const STRENGTH_CIRCLE_PX = 160;

/**
 * Paint UI state: a mirror of `editor.paint.settings` (the core owns them; the panel reads this
 * copy to re-render) plus what only the UI knows — the radius in screen pixels, overlays, and
 * revision numbers. Nothing here changes per pointer move.
 */
export interface PaintUiState {
  settings: BrushSettings;
  /** Brush radius in CSS pixels, used when `radiusUnit` is 'px' (converted at the hit's depth). */
  radiusPx: number;
  radiusUnit: RadiusUnit;
  radial: RadialDrag | null;
  /** The `?` overlay. */
  helpOpen: boolean;
  /** Surfaces and picking are being built for the current model (the first Paint on a big mesh). */
  preparing: boolean;
  /** Bumped after every history change, for the Undo/Redo buttons. */
  historyRev: number;
  /** Bumped when mirror pairs change by hand (the panel re-reads them). */
  mirrorRev: number;
}

export const RADIUS_PX_MIN = 2;
export const RADIUS_PX_MAX = 600;

export const usePaint = create<PaintUiState>(() => ({
  settings: { ...BRUSH_DEFAULTS },
  radiusPx: 40,
  radiusUnit: 'px',
  radial: null,
  helpOpen: false,
  preparing: false,
  historyRev: 0,
  mirrorRev: 0,
}));

/** Changes brush settings through the editor (validated there); the store follows its event. */
export function setBrush(change: Partial<BrushSettings>): void {
  editor.paint.setSettings(change);
}

/** Sets the screen radius, clamped to what the cursor can show. */
export function setRadiusPx(px: number): void {
  if (!Number.isFinite(px)) return;
  usePaint.setState({ radiusPx: Math.min(RADIUS_PX_MAX, Math.max(RADIUS_PX_MIN, px)) });
}

/** Scales the radius in whichever unit is active ([ and ]). */
export function scaleRadius(factor: number): void {
  const { radiusUnit, radiusPx, settings } = usePaint.getState();
  if (radiusUnit === 'px') setRadiusPx(radiusPx * factor);
  else setBrush({ radius: settings.radius * factor });
}
