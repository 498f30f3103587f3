import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';

/** The model that has had a pose applied (PoseSession's state exists for it); null until then. */
let posedModel: object | null = null;
posedSignal.on(() => {
  posedModel = editor.model;
});

/** True when the shown model is away from its bind pose (cheap: builds no pose state). */
export function showingPose(): boolean {
  const model = editor.model;
  return model !== null && posedModel === model && editor.pose.posed;
}

/**
 * Where the viewport draws primitive `primitive`'s vertices now: the editor's CPU-skinned
 * positions when posed (the surface the GPU draws and the selection picks), else the stored
 * ones. Null without a model or for an unknown primitive. Read it; don't keep it.
 */
export function shownPositions(primitive: number): Float32Array | null {
  const prim = editor.model?.primitives[primitive];
  if (!prim) return null;
  return showingPose() ? editor.pose.positions(primitive) : prim.positions;
}

/**
 * Calls `fn` when shown positions may have moved: a pose change (after the viewport took it),
 * or weights changing while posed (a vertex follows its joints), at most once per frame.
 */
export function onShownPositionsMoved(fn: () => void): () => void {
  let frame = 0;
  const later = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      fn();
    });
  };
  const offPose = posedSignal.on(fn);
  const offWeights = editor.events.on('weights', () => {
    if (showingPose()) later();
  });
  return () => {
    offPose();
    offWeights();
    if (frame) cancelAnimationFrame(frame);
  };
}
