/**
 * ToolChecks: the overlays and checks of `editor.tools.checks` — the influence count of every
 * vertex (the 1…K colour view), the problems list (each item jump-to-able: primitive + vertex,
 * or joint), and per-joint vertex counts for the joint tree.
 */
import { influenceCounts } from '../tools/influence-counts.ts';
import {
  findWeightProblems,
  WEIGHT_PROBLEM_KINDS,
  WEIGHT_PROBLEMS_DEFAULTS,
  type WeightProblemKind,
  type WeightProblemsOptions,
} from '../tools/weight-problems.ts';
import type { SessionContext } from './session-context.ts';

/** One problem, with the joint as an id (node index) and name. */
export interface ProblemItem {
  kind: WeightProblemKind;
  /** SkinnedModel primitive id; -1 for a joint problem. */
  primitive: number;
  /** Vertex within the primitive (a seam: its first vertex); -1 for a joint problem. */
  vertex: number;
  /** Joint id: the weakest influence ('below-prune') or the unweighted joint; -1 otherwise. */
  joint: number;
  jointName: string | null;
  /** 'below-prune': the weight; 'at-limit': the influence count; 'seam-mismatch': vertices on the seam (or hem). */
  value: number;
}

/** The problems list. */
export interface ProblemReport {
  items: ProblemItem[];
  /** How many of each kind (items lists at most `limit` of each kind per skin). */
  counts: Record<WeightProblemKind, number>;
}

/** Options of {@link ToolChecks.problems}. */
export interface ProblemOptions extends WeightProblemsOptions {
  /** Check only the selected vertices (joints are always checked over everything). */
  selectionOnly?: boolean;
}

export class ToolChecks {
  private readonly editor: SessionContext;

  constructor(editor: SessionContext) {
    this.editor = editor;
  }

  /**
   * Influences (distinct joints with weight > 0) of each vertex of a primitive, 0…K. With a
   * `range` only vertices [start, end) are (re)counted into `out` (what a 'weights' event says
   * changed), the rest of `out` left as it is.
   */
  influenceCounts(primitive: number, out?: Uint8Array, range?: { start: number; end: number }): Uint8Array {
    const prim = this.editor.requireModel().primitives[primitive];
    if (!prim) throw new Error(`No skinned primitive ${primitive}.`);
    return influenceCounts(prim.weights, out, range?.start, range?.end);
  }

  /** Vertices each joint influences, by joint id (the joint tree's counts). */
  jointVertexCounts(): Map<number, number> {
    return this.editor.jointVertexCounts();
  }

  /**
   * Vertices with an influence below `pruneThreshold` (default 0.01), vertices at the influence
   * limit (default K), joints with no weight on any mesh, and seams whose sides differ — within a
   * primitive, and hems where parts of one skeleton touch (their sides compared by joint).
   */
  problems(options: ProblemOptions = {}): ProblemReport {
    const editor = this.editor;
    const model = editor.requireModel();
    const counts = Object.fromEntries(WEIGHT_PROBLEM_KINDS.map((k) => [k, 0])) as Record<
      WeightProblemKind,
      number
    >;
    const byKind = new Map<WeightProblemKind, ProblemItem[]>(WEIGHT_PROBLEM_KINDS.map((k) => [k, []]));
    // Body by body: a hem between parts (or skins) is a seam whose sides may differ.
    for (const pt of editor.surfaces.allBodies()) {
      const found = findWeightProblems(
        {
          surface: pt.surface,
          weights: pt.surface.parts.map((p) => model.primitives[p.primitive].weights),
          jointCount: pt.joints.length,
          skins: pt.partSkins,
          nodes: options.selectionOnly ? editor.selection.nodeMask(pt) : null,
        },
        options,
      );
      for (const item of found.items) {
        if (item.kind === 'unweighted-joint') continue; // counted over every skin below
        const id = item.joint >= 0 ? pt.joints[item.joint] : -1;
        byKind.get(item.kind)!.push({
          ...item,
          joint: id,
          jointName: id >= 0 ? (model.joints.get(id)?.name ?? null) : null,
        });
      }
      for (const kind of WEIGHT_PROBLEM_KINDS)
        if (kind !== 'unweighted-joint') counts[kind] += found.counts[kind];
    }
    // A joint of several skins is unweighted only when no mesh at all uses it.
    const limit = options.limit ?? WEIGHT_PROBLEMS_DEFAULTS.limit;
    const skinned = new Set(model.primitives.flatMap((p) => model.skins[p.skins[0]].joints));
    for (const [id, n] of editor.jointVertexCounts()) {
      if (n > 0 || !skinned.has(id)) continue;
      if (counts['unweighted-joint']++ < limit) {
        const jointName = model.joints.get(id)?.name ?? null;
        byKind
          .get('unweighted-joint')!
          .push({ kind: 'unweighted-joint', primitive: -1, vertex: -1, joint: id, jointName, value: 0 });
      }
    }
    return { items: WEIGHT_PROBLEM_KINDS.flatMap((k) => byKind.get(k)!), counts };
  }
}
