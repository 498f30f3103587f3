import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';

/**
 * Where the viewport draws primitive `primitive`'s vertices now: the editor's CPU-skinned
 * positions (the rest pose unposed, see src/pose/rest-positions.ts) — the surface the GPU draws
 * and the selection picks. Null without a model or for an unknown primitive. Read it; don't keep it.
 */
export function shownPositions(primitive: number): Float32Array | null {
  const prim = editor.model?.primitives[primitive];
  if (!prim) return null;
  return editor.pose.positions(primitive);
}

/**
 * Calls `fn` when shown positions may have moved: a pose change (after the viewport took it),
 * or weights changing while the mesh follows them (posed, or a rest pose that is not the bind
 * pose), at most once per frame.
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
    if (editor.model && editor.pose.meshFollowsWeights) later();
  });
  return () => {
    offPose();
    offWeights();
    if (frame) cancelAnimationFrame(frame);
  };
}
