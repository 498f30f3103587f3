/**
 * What auto-bind's report (src/bind/bind-report.ts) says, in the editor's terms: joint node ids,
 * model primitive ids and a line a rigger reads. The Auto-bind panel lists these after a bind,
 * each with a click that selects its joint and frames it.
 */
import type { BindReportItem } from '../bind/bind-report.ts';
import type { ModelBindGroup } from '../bind/model-input.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';

/** One finding of a bind. */
export interface BindFinding {
  kind: BindReportItem['kind'];
  /** Joint id the finding is about: selected when the finding is clicked. */
  joint: number;
  /** The other joint (the nearer bone of a far region, the partner), or null. */
  other: number | null;
  /** A vertex to frame (model primitive id, vertex), or null to frame the joint. */
  primitive: number | null;
  vertex: number | null;
  /** One line, joint names in it. */
  message: string;
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** The report items of one bind group as findings (the group's joint and primitive indices mapped). */
export function bindFindings(
  model: SkinnedModel,
  group: ModelBindGroup,
  items: readonly BindReportItem[],
): BindFinding[] {
  const name = (i: number) => model.joints.get(group.jointIds[i])?.name ?? `joint ${group.jointIds[i]}`;
  return items.map((it) => {
    const joint = group.jointIds[it.joint];
    const other = it.other >= 0 ? group.jointIds[it.other] : null;
    const primitive = it.primitive >= 0 ? group.primitives[it.primitive] : null;
    const vertex = primitive === null ? null : it.vertex;
    let message: string;
    if (it.kind === 'unweighted') message = `${name(it.joint)} holds no weight.`;
    else if (it.kind === 'far')
      message = `${it.vertices.toLocaleString('en-US')} vertices bound to ${name(it.joint)} lie ${it.ratio.toFixed(1)}× nearer ${name(it.other)}.`;
    else message = `${name(it.joint)} holds ${percent(it.ratio)} of the weight ${name(it.other)} holds.`;
    return { kind: it.kind, joint, other, primitive, vertex, message };
  });
}

/**
 * Findings of every bind group of a model, as one report: a character of several parts binds
 * each skin's joints apart, and a joint one part leaves without weight (the trousers' skin lists
 * the spine) is not unweighted when another part weights it. `results[g]` are group g's weights.
 */
export function modelFindings(
  model: SkinnedModel,
  groups: readonly ModelBindGroup[],
  reports: readonly (readonly BindReportItem[])[],
  results: readonly (readonly SkinWeights[])[],
): BindFinding[] {
  const weighted = new Set<number>();
  groups.forEach((group, g) => {
    for (const sw of results[g])
      for (let i = 0; i < sw.weights.length; i++)
        if (sw.weights[i] > 0) weighted.add(group.jointIds[sw.joints[i]]);
  });
  return groups
    .flatMap((group, g) => bindFindings(model, group, reports[g]))
    .filter((f) => f.kind !== 'unweighted' || !weighted.has(f.joint));
}
