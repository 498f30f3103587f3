/**
 * pruneTool: drops influences below a threshold on the selected vertices and renormalises
 * (Blender's "Clean"); locked influences are never dropped.
 */
import { PRUNE_DEFAULTS, pruneWeights } from '../skin/prune.ts';
import { runPerPart } from './per-part.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

/** Options of {@link pruneTool}. */
export interface PruneToolOptions {
  /** Influences with a weight below this are dropped (0 ≤ threshold < 1). */
  threshold?: number;
}

/** Defaults of {@link PruneToolOptions}. */
export const PRUNE_TOOL_DEFAULTS: Required<PruneToolOptions> = { threshold: PRUNE_DEFAULTS.threshold };

/** Runs `pruneWeights` on the target's selected vertices (all when nothing is selected). */
export function pruneTool(target: ToolTarget, options: PruneToolOptions = PRUNE_TOOL_DEFAULTS): ToolResult {
  const threshold = options.threshold ?? PRUNE_TOOL_DEFAULTS.threshold;
  if (!(threshold >= 0 && threshold < 1))
    throw new RangeError(`threshold must be in [0, 1) (got ${threshold})`);
  return runPerPart(target, (sw, vertices, locked, fallbackJoint) =>
    pruneWeights(sw, { threshold, vertices, locked, fallbackJoint }),
  );
}
