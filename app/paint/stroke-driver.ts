import type { BrushModifiers } from '../../src/editor/brush-settings.ts';
import type { StrokeInput } from '../../src/editor/paint-record.ts';
import type { PaintStrokes, SurfaceHit } from '../../src/interaction/paint-interaction.ts';
import { editor } from '../editor-instance.ts';
import { withRefusalToast } from './connect-paint.ts';
import type { ScreenSample } from './paint-bridge.ts';
import { usePaint } from './paint-store.ts';
import { paintView, type ViewPick } from './paint-view.ts';
import { surfacePicker } from './surface-picker.ts';

/**
 * Pointer samples → PaintSession strokes: the one path the viewport's pointer and scripts share.
 * Picks the surface under each sample, turns the pixel radius into world units at the first
 * hit's depth (held for the stroke, as Blender does), and skips samples off the mesh.
 */
/** The paint surface under a page point, as the paint machine and scripts take it. */
export function viewHit(sample: ScreenSample): SurfaceHit | null {
  const pick = paintView.pick(sample.x, sample.y);
  return pick ? { input: toInput(pick, sample.pressure), worldPerPixel: pick.worldPerPixel } : null;
}

/** A radius set in pixels becomes world units at the stroke's first hit (held for the stroke, as Blender does). */
export function applyPixelRadius(hit: SurfaceHit): void {
  const { radiusUnit, radiusPx } = usePaint.getState();
  if (radiusUnit !== 'px' || !(hit.worldPerPixel > 0)) return;
  const radius = radiusPx * hit.worldPerPixel;
  // Only a real change: every setSettings re-renders the panel.
  if (Math.abs(radius - editor.paint.settings.radius) > 1e-9 * radius) editor.paint.setSettings({ radius });
}

/** Painting as the paint machine sees it: the editor's strokes, refusals shown as a toast. */
export const paintStrokes: PaintStrokes = {
  get painting() {
    return editor.paint.painting;
  },
  beginStroke: (input, modifiers) => withRefusalToast(() => editor.paint.beginStroke(input, modifiers)),
  strokeTo: (input) => editor.paint.strokeTo(input),
  endStroke: () => editor.paint.endStroke(),
};

export const strokeDriver = {
  /**
   * Starts a stroke at a page point: 'miss' off the mesh, 'refused' when the editor said no (a
   * locked joint, none selected: the message is on screen), else 'painting'.
   */
  begin(sample: ScreenSample, modifiers: BrushModifiers = {}): 'miss' | 'refused' | 'painting' {
    const hit = viewHit(sample);
    if (!hit) return 'miss';
    applyPixelRadius(hit);
    return this.beginInput(hit.input, modifiers) ? 'painting' : 'refused';
  },

  /** Starts a stroke at a surface point (mesh/world space), as a record replays it. */
  beginInput(input: StrokeInput, modifiers: BrushModifiers = {}): boolean {
    return withRefusalToast(() => editor.paint.beginStroke(input, modifiers));
  },

  /** Continues the stroke; returns false when the sample is off the mesh (it is skipped). */
  moveTo(sample: ScreenSample): boolean {
    if (!editor.paint.painting) return false;
    const hit = viewHit(sample);
    if (!hit) return false;
    editor.paint.strokeTo(hit.input);
    return true;
  },

  end(): void {
    editor.paint.endStroke();
  },

  cancel(): void {
    editor.paint.cancelStroke();
  },

  /** Builds surfaces and picking now (the first Paint on a big mesh), showing "Preparing…". */
  prepare(): Promise<void> {
    if (!editor.model || surfacePicker.ready) return Promise.resolve();
    usePaint.setState({ preparing: true });
    return new Promise((resolve) =>
      // After the badge has painted: building a 300k-vertex surface takes a moment.
      requestAnimationFrame(() =>
        setTimeout(() => {
          try {
            if (editor.model) surfacePicker.prepare();
          } finally {
            usePaint.setState({ preparing: false });
            resolve();
          }
        }, 0),
      ),
    );
  },
};

function toInput(pick: ViewPick, pressure = 1): StrokeInput {
  const { hit, viewDir } = pick;
  return { primitive: hit.primitive, point: hit.point, normal: hit.normal, viewDir, pressure };
}
