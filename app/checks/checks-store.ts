import { create } from 'zustand';

/** What the viewport's overlays tell the panels (no heavy data: a few numbers). */
export interface ChecksUi {
  /** Vertices with 0, 1, … 8 influences, as the influence-count view shows them; null while off. */
  histogram: number[] | null;
  /** The quantise preview's last computation in ms; null while off. */
  previewMs: number | null;
  /** The preview waits for edits to settle (it shows the weights from before them). */
  previewStale: boolean;
}

export const useChecks = create<ChecksUi>(() => ({
  histogram: null,
  previewMs: null,
  previewStale: false,
}));
