/**
 * One layer of a skin's weight stack (issue 15): per vertex, weights for the joints it touches
 * and a mask in [0, 1] saying how much of what is below it the layer replaces, scaled by its
 * opacity; on/off and a name. The base layer is the file's (or auto-bind's) weights: mask 1
 * everywhere, always visible, opacity 1.
 */
import { SkinWeights } from '../skin/skin-weights.ts';

export interface WeightLayer {
  /** Stable id (order can change; ids do not). */
  id: number;
  name: string;
  visible: boolean;
  /** In [0, 1]: multiplies the mask. */
  opacity: number;
  /** The layer's own weights (a vertex with no influence here is one the layer never touched). */
  weights: SkinWeights;
  /** Per vertex in [0, 1]: 0 leaves what is below, 1 replaces it with the layer's weights. */
  mask: Float32Array;
}

/**
 * A new, empty layer over `vertexCount` vertices with K influences: it changes nothing until
 * painted (a vertex with no weights here is not covered, whatever its mask). The mask starts at 1,
 * so what is painted shows as painted; painting the mask down lets what is below through.
 */
export function emptyLayer(id: number, name: string, vertexCount: number, influences: number): WeightLayer {
  return {
    id,
    name,
    visible: true,
    opacity: 1,
    weights: new SkinWeights(vertexCount, influences),
    mask: new Float32Array(vertexCount).fill(1),
  };
}

/** How much of the stack below `layer` it replaces at vertex v. */
export function coverage(layer: WeightLayer, v: number): number {
  if (!layer.visible) return 0;
  const a = layer.mask[v] * layer.opacity;
  return a > 0 ? Math.min(a, 1) : 0;
}
