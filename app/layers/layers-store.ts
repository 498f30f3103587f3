import { create } from 'zustand';
import type { Editor } from '../../src/editor/editor.ts';
import type { LayerTarget, LayerView } from '../../src/editor/layer-session.ts';
import type { LayerInfo } from '../../src/layers/layer-stack.ts';

/** What the Layers panel and the viewport read of the editor's layers (a mirror, never the data). */
export interface LayersUi {
  /** Top first, the base last. */
  list: LayerInfo[];
  /** What brushes paint on the active layer: its weights or its mask. */
  target: LayerTarget;
  /** The heat map: the composed weights, or the active layer alone. */
  view: LayerView;
  /** Bumped whenever the layers' content may have changed (the layer heat map refills). */
  rev: number;
  /** A layer whose name field should open for renaming (F2), or null. */
  renaming: number | null;
}

export const useLayers = create<LayersUi>(() => ({
  list: [],
  target: 'weights',
  view: 'composed',
  rev: 0,
  renaming: null,
}));

/**
 * Mirrors editor.layers into the store: on every layer change, and once per finished edit (a
 * stroke changes how many vertices a layer covers; never per dab). Called once at startup.
 */
export function connectLayers(editor: Editor): () => void {
  const refresh = () => {
    const layers = editor.layers;
    useLayers.setState((s) => ({
      list: editor.model ? layers.list() : [],
      target: editor.model ? layers.target : 'weights',
      view: layers.view,
      rev: s.rev + 1,
    }));
  };
  const offs = [
    editor.layers.events.on('changed', refresh),
    editor.events.on('committed', refresh),
    editor.events.on('model', refresh),
  ];
  return () => {
    for (const off of offs) off();
  };
}
