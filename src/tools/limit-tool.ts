/**
 * limitTool: caps the number of influences of the selected vertices, keeping the strongest
 * (and every locked one) and renormalising (Blender's "Limit Total").
 */
import { limitInfluences } from '../skin/limit.ts';
import { runPerPart } from './per-part.ts';
import type { ToolResult, ToolTarget } from './tool-target.ts';

/** Options of {@link limitTool}. */
export interface LimitToolOptions {
  /** Most non-zero influences a vertex keeps (1…K). */
  maxInfluences?: number;
}

/** Defaults of {@link LimitToolOptions}: one glTF set. */
export const LIMIT_TOOL_DEFAULTS: Required<LimitToolOptions> = { maxInfluences: 4 };

/** Runs `limitInfluences` on the target's selected vertices (all when nothing is selected). */
export function limitTool(target: ToolTarget, options: LimitToolOptions = LIMIT_TOOL_DEFAULTS): ToolResult {
  const maxInfluences = options.maxInfluences ?? LIMIT_TOOL_DEFAULTS.maxInfluences;
  if (!Number.isInteger(maxInfluences) || maxInfluences < 1)
    throw new RangeError(`maxInfluences must be a whole number ≥ 1 (got ${maxInfluences})`);
  return runPerPart(target, (sw, vertices, locked, fallbackJoint) =>
    limitInfluences(sw, { maxInfluences, vertices, locked, fallbackJoint }),
  );
}
