/**
 * growNodeMask / shrinkNodeMask: grow or shrink a selection along the surface, one ring of
 * welded neighbours per step (Blender's Select More / Less, Maya's Grow / Shrink).
 */
import type { Adjacency } from '../mesh/adjacency.ts';

/** Options of {@link growNodeMask} and {@link shrinkNodeMask}. */
export interface GrowOptions {
  /** Rings to add or remove. */
  steps?: number;
}

/** Defaults of {@link GrowOptions}. */
export const GROW_DEFAULTS: Required<GrowOptions> = { steps: 1 };

function stepsOf(options: GrowOptions): number {
  const steps = options.steps ?? GROW_DEFAULTS.steps;
  if (!Number.isInteger(steps) || steps < 0)
    throw new RangeError(`steps must be a whole number ≥ 0 (got ${steps})`);
  return steps;
}

/**
 * Adds every node adjacent to a selected node, `steps` times, in place (`mask` has one flag per
 * node of `adjacency`). Returns the number of nodes added.
 */
export function growNodeMask(
  adjacency: Adjacency,
  mask: Uint8Array,
  options: GrowOptions = GROW_DEFAULTS,
): number {
  const { start, neighbors, nodeCount } = adjacency;
  let added = 0;
  for (let s = stepsOf(options); s > 0; s--) {
    // Read the ring from a copy: nodes added in this step must not spread further in the same step.
    const before = mask.slice(0, nodeCount);
    let ring = 0;
    for (let g = 0; g < nodeCount; g++) {
      if (!before[g]) continue;
      for (let e = start[g]; e < start[g + 1]; e++) {
        const n = neighbors[e];
        if (!mask[n]) {
          mask[n] = 1;
          ring++;
        }
      }
    }
    added += ring;
    if (ring === 0) break;
  }
  return added;
}

/**
 * Removes every selected node that has an unselected neighbour (the selection's border ring),
 * `steps` times, in place. Nodes with no neighbours at all stay. Returns the number removed.
 */
export function shrinkNodeMask(
  adjacency: Adjacency,
  mask: Uint8Array,
  options: GrowOptions = GROW_DEFAULTS,
): number {
  const { start, neighbors, nodeCount } = adjacency;
  let removed = 0;
  for (let s = stepsOf(options); s > 0; s--) {
    const before = mask.slice(0, nodeCount);
    let ring = 0;
    for (let g = 0; g < nodeCount; g++) {
      if (!before[g]) continue;
      for (let e = start[g]; e < start[g + 1]; e++) {
        if (!before[neighbors[e]]) {
          mask[g] = 0;
          ring++;
          break;
        }
      }
    }
    removed += ring;
    if (ring === 0) break;
  }
  return removed;
}
