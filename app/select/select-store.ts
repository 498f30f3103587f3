import { create } from 'zustand';

/** Select mode's UI flags (the selection itself lives in `editor.selection`). */
export interface SelectUi {
  /** Drag draws a lasso instead of a box (Alt does it for one drag). */
  lasso: boolean;
  /** Box and lasso take hidden and back-facing vertices too (X-ray). */
  through: boolean;
  /** Selected vertices, mirrored from `editor.selection.count` for the panels. */
  count: number;
  /** The vertex the Inspector shows when nothing is selected (the last click). */
  inspected: { primitive: number; vertex: number } | null;
}

export const useSelectUi = create<SelectUi>(() => ({
  lasso: false,
  through: false,
  count: 0,
  inspected: null,
}));
