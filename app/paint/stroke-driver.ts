import type { BrushModifiers } from '../../src/editor/brush-settings.ts';
import type { StrokeInput } from '../../src/editor/paint-record.ts';
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
export const strokeDriver = {
  /**
   * Starts a stroke at a page point: 'miss' off the mesh, 'refused' when the editor said no (a
   * locked joint, none selected: the message is on screen), else 'painting'.
   */
  begin(sample: ScreenSample, modifiers: BrushModifiers = {}): 'miss' | 'refused' | 'painting' {
    const pick = paintView.pick(sample.x, sample.y);
    if (!pick) return 'miss';
    const { radiusUnit, radiusPx } = usePaint.getState();
    if (radiusUnit === 'px' && pick.worldPerPixel > 0) {
      const radius = radiusPx * pick.worldPerPixel;
      // Only a real change: every setSettings re-renders the panel.
      if (Math.abs(radius - editor.paint.settings.radius) > 1e-9 * radius)
        editor.paint.setSettings({ radius });
    }
    return this.beginInput(toInput(pick, sample.pressure), modifiers) ? 'painting' : 'refused';
  },

  /** Starts a stroke at a surface point (mesh/world space), as a record replays it. */
  beginInput(input: StrokeInput, modifiers: BrushModifiers = {}): boolean {
    return withRefusalToast(() => editor.paint.beginStroke(input, modifiers));
  },

  /** Continues the stroke; returns false when the sample is off the mesh (it is skipped). */
  moveTo(sample: ScreenSample): boolean {
    if (!editor.paint.painting) return false;
    const pick = paintView.pick(sample.x, sample.y);
    if (!pick) return false;
    editor.paint.strokeTo(toInput(pick, sample.pressure));
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
