/**
 * findWeightProblems: the checks list — vertices with an influence below the prune threshold,
 * vertices at the influence limit, joints with no weight anywhere, and seams whose sides have
 * different weights. Each item names its primitive and vertex (or joint) so the UI can jump to it.
 */
import { PRUNE_DEFAULTS } from '../skin/prune.ts';
import { surfaceJointOf } from './part-joints.ts';
import { isSelected, type ToolTarget } from './tool-target.ts';
import { seamIsEqual } from './weld-seams-tool.ts';

/** What is wrong. */
export type WeightProblemKind = 'below-prune' | 'at-limit' | 'unweighted-joint' | 'seam-mismatch';

/** Every {@link WeightProblemKind}, in the order the list shows them. */
export const WEIGHT_PROBLEM_KINDS: readonly WeightProblemKind[] = [
  'below-prune',
  'at-limit',
  'unweighted-joint',
  'seam-mismatch',
];

/** One problem. */
export interface WeightProblem {
  kind: WeightProblemKind;
  /** SkinnedModel primitive id; -1 for a joint problem. */
  primitive: number;
  /** Vertex within the primitive (a seam: its first vertex); -1 for a joint problem. */
  vertex: number;
  /** Surface (skin) joint: the weakest influence ('below-prune') or the unweighted joint; else -1. */
  joint: number;
  /** 'below-prune': that weight; 'at-limit': the influence count; 'seam-mismatch': the seam's vertex count. */
  value: number;
}

/** Options of {@link findWeightProblems}. */
export interface WeightProblemsOptions {
  /** Influences lighter than this (and > 0) are reported. */
  pruneThreshold?: number;
  /** Influence limit to report vertices at; null: the weights' K. */
  maxInfluences?: number | null;
  /** Most items listed per kind (the counts still count them all). */
  limit?: number;
}

/** Defaults of {@link WeightProblemsOptions}. */
export const WEIGHT_PROBLEMS_DEFAULTS: Required<WeightProblemsOptions> = {
  pruneThreshold: PRUNE_DEFAULTS.threshold,
  maxInfluences: null,
  limit: 1000,
};

/** The problems found. */
export interface WeightProblems {
  items: WeightProblem[];
  /** How many of each kind there are (items holds at most `limit` of each). */
  counts: Record<WeightProblemKind, number>;
}

/**
 * Checks the selected vertices (all with no selection) of one surface (a skin's, or a body's of
 * several skins: joints are the surface's, and a hem between parts is a seam), and every joint of
 * the surface for weight. Items are in kind order, then primitive and vertex order.
 */
export function findWeightProblems(
  target: Pick<ToolTarget, 'surface' | 'weights' | 'jointCount' | 'nodes' | 'skins'>,
  options: WeightProblemsOptions = WEIGHT_PROBLEMS_DEFAULTS,
): WeightProblems {
  const { pruneThreshold, maxInfluences, limit } = { ...WEIGHT_PROBLEMS_DEFAULTS, ...options };
  const { surface, weights, jointCount } = target;
  const counts: Record<WeightProblemKind, number> = {
    'below-prune': 0,
    'at-limit': 0,
    'unweighted-joint': 0,
    'seam-mismatch': 0,
  };
  const lists: Record<WeightProblemKind, WeightProblem[]> = {
    'below-prune': [],
    'at-limit': [],
    'unweighted-joint': [],
    'seam-mismatch': [],
  };
  const report = (
    kind: WeightProblemKind,
    primitive: number,
    vertex: number,
    joint: number,
    value: number,
  ) => {
    if (counts[kind]++ < limit) lists[kind].push({ kind, primitive, vertex, joint, value });
  };
  const weighted = new Uint8Array(jointCount);
  for (let p = 0; p < surface.parts.length; p++) {
    const { joints: J, weights: W, influences: K, vertexCount } = weights[p];
    const atLimit = maxInfluences ?? K;
    const primitive = surface.parts[p].primitive;
    const v0 = surface.vertexOffset[p];
    for (let v = 0; v < vertexCount; v++) {
      let n = 0;
      let weakJoint = -1;
      let weak = Number.POSITIVE_INFINITY;
      for (let i = 0; i < K; i++) {
        const w = W[v * K + i];
        if (!(w > 0)) continue;
        n++;
        const j = surfaceJointOf(target, p, J[v * K + i]);
        if (j >= 0 && j < jointCount) weighted[j] = 1;
        if (w < weak) {
          weak = w;
          weakJoint = j;
        }
      }
      if (!isSelected(target, surface.nodeOf[v0 + v])) continue;
      if (weak < pruneThreshold) report('below-prune', primitive, v, weakJoint, weak);
      if (n >= atLimit) report('at-limit', primitive, v, -1, n);
    }
  }
  for (let j = 0; j < jointCount; j++) if (!weighted[j]) report('unweighted-joint', -1, -1, j, 0);
  for (let g = 0; g < surface.nodeCount; g++) {
    const size = surface.nodeStart[g + 1] - surface.nodeStart[g];
    if (size < 2 || !isSelected(target, g) || seamIsEqual(target, g)) continue;
    const p = surface.nodePart[g];
    const first = surface.members[surface.nodeStart[g]] - surface.vertexOffset[p];
    report('seam-mismatch', surface.parts[p].primitive, first, -1, size);
  }
  return { items: WEIGHT_PROBLEM_KINDS.flatMap((k) => lists[k]), counts };
}
