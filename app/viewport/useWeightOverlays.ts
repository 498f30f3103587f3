import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { editor } from '../editor-instance.ts';
import { useLayers } from '../layers/layers-store.ts';
import { useUi } from '../store.ts';
import type { Shown } from './ModelView.tsx';
import { WeightOverlays } from './weight-overlays.ts';

/**
 * Weight edits reach the GPU (changed ranges only), and the influence-count view and quantise
 * preview follow the store's toggles, for the shown scene.
 */
export function useWeightOverlays(shown: Shown | null): void {
  const invalidate = useThree((s) => s.invalidate);
  const influences = useUi((s) => s.influences);
  const quantize = useUi((s) => s.quantize);
  const selected = useUi((s) => s.selected);
  const layerHeat = useLayerHeat();
  const layersRev = useLayers((s) => s.rev);
  const [overlays, setOverlays] = useState<WeightOverlays | null>(null);

  useEffect(() => {
    if (!shown) return;
    const o = new WeightOverlays(shown.scene, invalidate);
    setOverlays(o);
    const offWeights = editor.events.on('weights', (changes) => o.weightsChanged(changes));
    const offSelection = editor.selection.events.on('change', () => o.selectionChanged());
    return () => {
      offWeights();
      offSelection();
      o.dispose();
      setOverlays(null);
    };
  }, [shown, invalidate]);

  useEffect(() => overlays?.setCounts(influences), [overlays, influences]);
  useEffect(() => overlays?.setQuantize(quantize), [overlays, quantize]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: layersRev: a layer changed, refill
  useEffect(() => overlays?.setLayerHeat(layerHeat, selected), [overlays, layerHeat, selected, layersRev]);
}

/**
 * Whether the heat map shows the active layer's own values rather than the composed weights:
 * the layer view is chosen, or its mask is being painted.
 */
export function useLayerHeat(): boolean {
  const view = useLayers((s) => s.view);
  const target = useLayers((s) => s.target);
  return view === 'layer' || target === 'mask';
}
