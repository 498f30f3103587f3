import { editor } from './editor-instance.ts';
import { useUi } from './store.ts';

let cache: { modelRev: number; weightsRev: number; counts: Map<number, number> } | null = null;

/**
 * Vertices influenced per joint (editor.jointVertexCounts), computed once per model and weight
 * revision however many components show it.
 */
export function useJointCounts(): Map<number, number> {
  const modelRev = useUi((s) => s.modelRev);
  const weightsRev = useUi((s) => s.weightsRev);
  if (cache?.modelRev !== modelRev || cache.weightsRev !== weightsRev) {
    cache = { modelRev, weightsRev, counts: editor.jointVertexCounts() };
  }
  return cache.counts;
}
