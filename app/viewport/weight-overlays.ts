import type { EditorEvents } from '../../src/editor/editor.ts';
import { useChecks } from '../checks/checks-store.ts';
import { editor } from '../editor-instance.ts';
import { InfluenceCountView } from './influence-count-view.ts';
import { LayerHeatView } from './layer-heat-view.ts';
import { SkinSources } from './skin-sources.ts';
import type { ViewScene } from './view-scene.ts';

/** Edits settle this long (ms) before the quantise preview is computed again. */
const PREVIEW_DEBOUNCE_MS = 200;
/** The legend's numbers follow a stroke at most this often (ms): React never runs per dab. */
const LEGEND_THROTTLE_MS = 150;

/**
 * The weight overlays of one shown scene: the influence-count view and the quantise preview, on
 * top of the skin uploads every edit needs. The editor does the weight work (counting,
 * quantising); this decides when, and what the GPU is given.
 */
export class WeightOverlays {
  readonly sources: SkinSources;
  readonly counts: InfluenceCountView;
  readonly layerHeat: LayerHeatView;
  private quantize = false;
  private previewTimer: ReturnType<typeof setTimeout> | null = null;
  private legendTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly scene: ViewScene,
    private readonly invalidate: () => void,
  ) {
    this.sources = new SkinSources(scene);
    this.counts = new InfluenceCountView(scene, this.sources);
    this.layerHeat = new LayerHeatView(scene);
  }

  /** The layer heat map on or off, for `joint`; refilled whole (a layer or joint changed). */
  setLayerHeat(on: boolean, joint: number | null): void {
    this.layerHeat.setEnabled(on, joint);
    this.invalidate();
  }

  setCounts(on: boolean): void {
    if (on === this.counts.enabled) return;
    this.counts.setEnabled(on);
    this.publishLegend(true);
    this.invalidate();
  }

  setQuantize(on: boolean): void {
    if (on === this.quantize) return;
    this.quantize = on;
    if (on) this.preview();
    else {
      this.cancelPreview();
      this.sources.showEditor();
      this.counts.recountAll();
      useChecks.setState({ previewMs: null, previewStale: false });
      this.publishLegend(true);
    }
    this.invalidate();
  }

  /** An edit: upload it (or, previewing, recompute the preview once edits settle). */
  weightsChanged(changes: EditorEvents['weights']): void {
    this.sources.upload(changes);
    this.layerHeat.update(changes);
    if (this.quantize) this.schedulePreview();
    else {
      this.counts.update(changes, () => {
        this.publishLegend(false);
        this.invalidate();
      });
      this.publishLegend(false);
    }
    this.invalidate();
  }

  /** The preview covers the selection (everything when none): a new selection, a new preview. */
  selectionChanged(): void {
    if (this.quantize) this.schedulePreview();
  }

  dispose(): void {
    this.cancelPreview();
    if (this.legendTimer) clearTimeout(this.legendTimer);
    this.counts.dispose();
    this.sources.dispose();
    useChecks.setState({ histogram: null, previewMs: null, previewStale: false });
  }

  private schedulePreview(): void {
    this.cancelPreview();
    if (!useChecks.getState().previewStale) useChecks.setState({ previewStale: true });
    this.previewTimer = setTimeout(() => {
      this.previewTimer = null;
      this.preview();
      this.invalidate();
    }, PREVIEW_DEBOUNCE_MS);
  }

  private cancelPreview(): void {
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = null;
  }

  /** Asks the editor for the unorm8 copy and shows it (the editor's weights are not touched). */
  private preview(): void {
    if (editor.model !== this.scene.model) return;
    const t0 = performance.now();
    this.sources.showPreview(editor.tools.quantizePreview({ bits: 8 }));
    this.counts.recountAll();
    useChecks.setState({ previewMs: performance.now() - t0, previewStale: false });
    this.publishLegend(true);
  }

  /** Hands the legend its numbers: now, or (during a stroke) at most every LEGEND_THROTTLE_MS. */
  private publishLegend(now: boolean): void {
    const publish = () => {
      this.legendTimer = null;
      useChecks.setState({ histogram: this.counts.enabled ? this.counts.histogram() : null });
    };
    if (now) {
      if (this.legendTimer) clearTimeout(this.legendTimer);
      publish();
    } else if (!this.legendTimer) this.legendTimer = setTimeout(publish, LEGEND_THROTTLE_MS);
  }
}
