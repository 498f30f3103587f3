import { create } from 'zustand';

/** A vertex of a skinned primitive. */
export interface VertexAddress {
  primitive: number;
  vertex: number;
}

/** Select mode's UI flags (the selection itself lives in `editor.selection`). */
export interface SelectUi {
  /** Drag draws a lasso instead of a box (Alt does it for one drag). */
  lasso: boolean;
  /** Box and lasso take hidden and back-facing vertices too (X-ray). */
  through: boolean;
  /** Selected vertices, mirrored from `editor.selection.count` for the panels. */
  count: number;
  /** The vertex pinned in the Inspector (the last click in Select mode; Esc or a click on nothing unpins). */
  inspected: VertexAddress | null;
  /** The vertex under the pointer in Select mode (changes only when another vertex comes under it). */
  hovered: VertexAddress | null;
}

export const useSelectUi = create<SelectUi>(() => ({
  lasso: false,
  through: false,
  count: 0,
  inspected: null,
  hovered: null,
}));

/** The vertex the Inspector shows: the pinned one, else the one under the pointer. */
export const inspectedVertex = (s: SelectUi): VertexAddress | null => s.inspected ?? s.hovered;

/** Sets the hovered vertex unless it is already that one (no store update per pointer move). */
export function setHovered(v: VertexAddress | null): void {
  const h = useSelectUi.getState().hovered;
  if (h === v || (h && v && h.primitive === v.primitive && h.vertex === v.vertex)) return;
  useSelectUi.setState({ hovered: v });
}
