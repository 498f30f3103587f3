import { create } from 'zustand';
import type { EditorMode } from '../src/editor/editor.ts';
import type { Notice } from '../src/editor/notices.ts';
import { editor } from './editor-instance.ts';

export type { EditorMode };

/** A message that pops up over the viewport (load errors, refusals); cleared by the user or a load. */
export interface Toast {
  id: number;
  level: Notice['level'];
  message: string;
}

/**
 * UI state only. Heavy data (positions, weights, the Document) stays in the Editor; the store
 * holds revision numbers that tell components when to read the editor again, and UI flags.
 */
export interface UiState {
  /** Bumped when a new model is loaded. */
  modelRev: number;
  /** Bumped when weights change (vertex counts per joint must be read again). */
  weightsRev: number;
  locksRev: number;
  selected: number | null;
  busy: boolean;
  /** A loaded model is not on screen yet (the viewport is building it). */
  drawing: boolean;
  /** Notices of the current model (import repairs, warnings, errors of later attempts). */
  notices: Notice[];
  toast: Toast | null;
  heatmap: boolean;
  wireframe: boolean;
  textures: boolean;
  bones: boolean;
  /** The influence-count view (colour per number of influences) instead of the heat map. */
  influences: boolean;
  /** The last weight transfer's view (matched, inpainted, seeded per vertex) instead of the heat map. */
  transferView: boolean;
  /** The quantise preview: heat map and bends drawn with the weights unorm8 export would store. */
  quantize: boolean;
  leftOpen: boolean;
  rightOpen: boolean;
  /** The editor's mode, mirrored (connectStore); set it through `setMode`, which asks the editor. */
  mode: EditorMode;
  setMode: (mode: EditorMode) => void;
  toggle: (
    flag:
      | 'heatmap'
      | 'wireframe'
      | 'textures'
      | 'bones'
      | 'influences'
      | 'transferView'
      | 'quantize'
      | 'leftOpen'
      | 'rightOpen',
  ) => void;
  showToast: (level: Notice['level'], message: string) => void;
  dismissToast: () => void;
}

let toastId = 0;

export const useUi = create<UiState>((set) => ({
  modelRev: 0,
  weightsRev: 0,
  locksRev: 0,
  selected: null,
  busy: false,
  drawing: false,
  notices: [],
  toast: null,
  heatmap: true,
  wireframe: false,
  textures: true,
  bones: true,
  influences: false,
  transferView: false,
  quantize: false,
  leftOpen: true,
  rightOpen: true,
  mode: 'inspect',
  setMode: (mode) => editor.setMode(mode),
  toggle: (flag) => set((s) => ({ [flag]: !s[flag] })),
  showToast: (level, message) => set({ toast: { id: ++toastId, level, message } }),
  dismissToast: () => set({ toast: null }),
}));
