/**
 * quantizePreviewTool: what the selected vertices' weights become when exported as unorm8 (or
 * unorm16), as a copy to look at: the weights themselves are not touched (no undo step).
 */
import { partVertices } from '../select/node-mask.ts';
import { type QuantizeBits, quantizePreview } from '../skin/quantize.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import type { ToolTarget } from './tool-target.ts';

/** Options of {@link quantizePreviewTool}. */
export interface QuantizePreviewToolOptions {
  bits?: QuantizeBits;
}

/** Defaults of {@link QuantizePreviewToolOptions}: unorm8, the encoding that changes the most. */
export const QUANTIZE_PREVIEW_TOOL_DEFAULTS: Required<QuantizePreviewToolOptions> = { bits: 8 };

/**
 * A copy of each part's weights with the selected vertices (all when nothing is selected)
 * replaced by exactly what a unorm export reads back (`quantizePreview`); the others as they are.
 */
export function quantizePreviewTool(
  target: Pick<ToolTarget, 'surface' | 'weights' | 'nodes'>,
  options: QuantizePreviewToolOptions = QUANTIZE_PREVIEW_TOOL_DEFAULTS,
): SkinWeights[] {
  const bits = options.bits ?? QUANTIZE_PREVIEW_TOOL_DEFAULTS.bits;
  if (bits !== 8 && bits !== 16) throw new RangeError(`bits must be 8 or 16 (got ${bits})`);
  return target.weights.map((sw, p) => {
    const vertices = partVertices(target.surface, target.nodes, p);
    return quantizePreview(sw, { bits, vertices }, sw.clone());
  });
}
