/**
 * floodNodes: Flood — one joint set to one value on every node of a surface (or a mask of
 * them), through the same lock-aware, weld-aware writer as the brushes, recorded as one step.
 */
import type { WeightPatch } from '../history/weight-patch.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import type { WeightWriter } from './weight-writer.ts';

/**
 * Sets `joint` to `value` on every node of the writer's surface (or those with `mask[node]`
 * non-zero); with a mask and `mirrorAxis`, the mirror partners of the masked nodes get
 * `mirrorJoint` too (unless it is locked). Returns the step's patches (one per primitive).
 */
export function floodNodes(
  writer: WeightWriter,
  joint: number,
  value: number,
  locked: Uint8Array | null,
  mask: Uint8Array | null = null,
  mirrorAxis: MirrorAxis | null = null,
  mirrorJoint = joint,
): WeightPatch[] {
  const { surface, recorder } = writer;
  writer.setLocked(locked);
  writer.refused = 0;
  writer.absent = 0;
  recorder.begin();
  recorder.reserve(surface.vertexCount);
  const G = surface.nodeCount;
  for (let g = 0; g < G; g++) if (!mask || mask[g]) writer.setNodeWeight(g, joint, value);
  if (mask && mirrorAxis && !locked?.[mirrorJoint]) {
    const partner = surface.mirror(mirrorAxis).partner;
    for (let g = 0; g < G; g++)
      if (mask[g] && partner[g] >= 0) writer.setNodeWeight(partner[g], mirrorJoint, value);
  }
  return recorder.finish();
}
