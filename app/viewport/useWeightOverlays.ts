import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { editor } from '../editor-instance.ts';
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
}
