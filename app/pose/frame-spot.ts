/**
 * Framing a crease spot from the panel: the viewport registers how (it owns the camera), the
 * crease list calls it. Kept outside React like viewport-bridge.ts.
 */
type FrameFn = (point: readonly [number, number, number]) => void;

let frameFn: FrameFn = () => {};

export const spotFraming = {
  register(fn: FrameFn): () => void {
    frameFn = fn;
    return () => {
      if (frameFn === fn) frameFn = () => {};
    };
  },
  /** Points the camera at a posed world position, close enough to see the crease around it. */
  frame(point: readonly [number, number, number]): void {
    frameFn(point);
  },
};
