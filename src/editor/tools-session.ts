/**
 * ToolSession: the weight tools on the Editor (`editor.tools`) — normalise, smooth, prune, limit,
 * mirror, move a joint's weight, copy / paste, set a weight, weld seams, quantise preview — and
 * the checks. Each tool works on the vertex selection (everything when nothing is selected),
 * respects locks, is one undo step, and emits 'weights' with the changed ranges. Tools work body
 * by body, as the brushes paint: every skin of one skeleton, a hem between parts treated as a
 * seam (Smooth blends across it, Weld seams welds it, Mirror finds the other side in another skin).
 */
import type { WeightPatch } from '../history/weight-patch.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import type { QuantizeBits } from '../skin/quantize.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { limitTool } from '../tools/limit-tool.ts';
import { MIRROR_DIRECTIONS, type MirrorDirection, mirrorTool } from '../tools/mirror-tool.ts';
import { moveWeightTool } from '../tools/move-weight-tool.ts';
import { normalizeTool } from '../tools/normalize-tool.ts';
import { pasteTool } from '../tools/paste-tool.ts';
import { pruneTool } from '../tools/prune-tool.ts';
import { quantizePreviewTool } from '../tools/quantize-preview-tool.ts';
import { setWeightTool } from '../tools/set-weight-tool.ts';
import { smoothTool } from '../tools/smooth-tool.ts';
import { emptyResult, type ToolResult, type ToolTarget } from '../tools/tool-target.ts';
import { weldSeamsTool } from '../tools/weld-seams-tool.ts';
import type { PaintTarget } from './paint-targets.ts';
import type { SessionContext } from './session-context.ts';
import { ToolChecks } from './tools-checks.ts';
import {
  bodyTargets,
  type CopiedWeights,
  copyWeights,
  jointMirrorOf,
  leftSignOf,
  parentInSkin,
  toolTargetOf,
} from './tools-data.ts';

export type { CopiedWeights } from './tools-data.ts';

/** What a tool did, for the UI's notice and for scripts. */
export interface ToolReport {
  /** The undo step's label ("Smooth"); null when nothing changed (no step was recorded). */
  step: string | null;
  /** Vertices whose weights changed. */
  changed: number;
  /** Vertices left unchanged: only locked joints weigh them (or the tool had nothing to take). */
  refused: number;
  /** Mirror: vertices with no mirror partner. */
  unmatched?: number;
  /**
   * Vertices of a body of several skins that could not take a joint the tool gave them (their
   * skin does not list it: the other side of their hem does); absent when none.
   */
  absent?: number;
}

export class ToolSession {
  /** The checks: influence counts, the problems list, per-joint vertex counts. */
  readonly checks: ToolChecks;
  private readonly editor: SessionContext;
  private clipboard: CopiedWeights | null = null;

  constructor(editor: SessionContext) {
    this.editor = editor;
    this.checks = new ToolChecks(editor);
    editor.events.on('model', () => {
      this.clipboard = null;
    });
  }

  /** Renormalises lock-aware (vertices already legal are not touched). */
  normalize(): ToolReport {
    return this.run('Normalize', (t) => normalizeTool(t));
  }

  /** Smooths along the surface: `iterations` passes moving each vertex `strength` towards its neighbours. */
  smooth(options: { iterations?: number; strength?: number } = {}): ToolReport {
    return this.run('Smooth', (t) => smoothTool(t, options));
  }

  /** Drops influences below `threshold` (default 0.01) and renormalises. */
  prune(options: { threshold?: number } = {}): ToolReport {
    return this.run('Prune', (t) => pruneTool(t, options));
  }

  /** Keeps at most `maxInfluences` (default 4) influences per vertex. */
  limit(options: { maxInfluences?: number } = {}): ToolReport {
    return this.run('Limit influences', (t) => limitTool(t, options));
  }

  /**
   * Mirrors weights across the plane of `axis` (default the brush's mirror axis) with the mirror
   * brush's vertex and joint pairs: 'left-to-right' (default), 'right-to-left' or 'flip'. The
   * character's left is found from joint names (LeftArm, hand.L…), else +axis.
   */
  mirror(
    options: { direction?: MirrorDirection; axis?: MirrorAxis; center?: 'keep' | 'symmetrize' } = {},
  ): ToolReport {
    const axis = options.axis ?? this.editor.paint.settings.mirrorAxis;
    const model = this.editor.requireModel();
    const leftSign = leftSignOf(model, axis);
    const direction = options.direction ?? 'left-to-right';
    if (!MIRROR_DIRECTIONS.includes(direction)) throw new Error(`Unknown mirror direction "${direction}".`);
    return this.run(direction === 'flip' ? 'Flip weights' : 'Mirror weights', (t, pt) =>
      mirrorTool(t, {
        direction,
        axis,
        leftSign,
        center: options.center,
        jointMirror: jointMirrorOf(this.editor.surfaces, pt, axis),
      }),
    );
  }

  /** Moves all of joint `from`'s weight to joint `to` (id or name), or to its parent joint. */
  moveWeight(from: number | string, to: number | string | 'parent'): ToolReport {
    const editor = this.editor;
    const model = editor.requireModel();
    const fromId = editor.resolveJoint(from);
    const toId = to === 'parent' ? null : editor.resolveJoint(to);
    const name = (id: number) => model.joints.get(id)?.name ?? `joint ${id}`;
    for (const id of [fromId, toId]) {
      if (id !== null && editor.locks.has(id)) {
        editor.notify({ level: 'error', message: `${name(id)} is locked: unlock it to move weight.` });
        return { step: null, changed: 0, refused: 0 };
      }
    }
    let orphan = false;
    const report = this.run(
      `Move ${name(fromId)} weight`,
      (t, pt) => {
        const f = pt.jointIndex.get(fromId);
        const dest = toId ?? parentInSkin(model, pt, fromId);
        const d = dest === null ? undefined : pt.jointIndex.get(dest);
        if (f === undefined) return emptyResult();
        if (d === undefined) {
          orphan = true;
          return emptyResult();
        }
        const r = moveWeightTool(t, { from: f, to: d });
        // A skin of the body lists the joint but not where its weight goes.
        if (r.absent) orphan = true;
        return r;
      },
      null,
      false,
    );
    if (orphan) {
      editor.notify({
        level: 'warning',
        message:
          toId === null
            ? `${name(fromId)} has no parent joint in its skin: its weight stays.`
            : `${name(toId)} is not in every skin that ${name(fromId)} is in: those meshes were left as they were.`,
      });
    }
    return report;
  }

  /**
   * Copies weights: one vertex's when given, else the average of the selected vertices. Returns
   * what was copied, or null (with a notice) when there is nothing to copy.
   */
  copy(primitive?: number, vertex?: number): CopiedWeights | null {
    const editor = this.editor;
    const model = editor.requireModel();
    if ((primitive === undefined) !== (vertex === undefined))
      throw new Error('copy takes a primitive and a vertex, or nothing (the selection).');
    if (primitive !== undefined) editor.influences(primitive, vertex!); // validates, with a clear message
    const list = primitive === undefined ? editor.selection.vertices() : [{ primitive, vertex: vertex! }];
    if (list.length === 0) {
      editor.notify({ level: 'warning', message: 'Select vertices (or pick one) to copy their weights.' });
      return null;
    }
    this.clipboard = copyWeights(model, list);
    return this.clipboard;
  }

  /** The copied weights, or null. */
  get copied(): CopiedWeights | null {
    return this.clipboard;
  }

  /**
   * Pastes the copied weights onto the selection (everything when nothing is selected): 'exact'
   * pastes the first copied vertex, 'average' the average of all copied ones (the default when
   * several were copied). Locked joints keep their weights.
   */
  paste(options: { mode?: 'exact' | 'average' } = {}): ToolReport {
    const c = this.clipboard;
    if (!c) {
      this.editor.notify({ level: 'warning', message: 'Copy weights first.' });
      return { step: null, changed: 0, refused: 0 };
    }
    const mode = options.mode ?? (c.count > 1 ? 'average' : 'exact');
    const source = mode === 'exact' ? c.first : c.average;
    return this.run('Paste weights', (t, pt) => {
      const joints: number[] = [];
      const weights: number[] = [];
      source.forEach(({ joint, weight }) => {
        const j = pt.jointIndex.get(joint);
        if (j !== undefined) {
          joints.push(j);
          weights.push(weight);
        }
      });
      return pasteTool(t, { joints, weights });
    });
  }

  /** Sets a joint's weight (default the selected joint) to `value` on the selection. */
  setWeight(value: number, joint: number | string | null = this.editor.selectedJoint): ToolReport {
    if (joint === null) {
      this.editor.notify({ level: 'warning', message: 'Select a joint to set its weight.' });
      return { step: null, changed: 0, refused: 0 };
    }
    return this.setJoint('Set weight', this.editor.resolveJoint(joint), value, null);
  }

  /**
   * The inspector's edit: sets one influence of one vertex (and its seam partners) to `weight`;
   * the others renormalise, locks respected. One undo step.
   */
  setInfluence(primitive: number, vertex: number, joint: number | string, weight: number): ToolReport {
    this.editor.influences(primitive, vertex); // validates, with a clear message
    return this.setJoint('Edit weight', this.editor.resolveJoint(joint), weight, { primitive, vertex });
  }

  /**
   * Makes the vertices of each seam equal (their average): within a primitive, and where parts of
   * the body touch (a hem: each side in its own skin's numbering).
   */
  weldSeams(): ToolReport {
    return this.run('Weld seams', (t) => weldSeamsTool(t));
  }

  /**
   * What unorm8 (or unorm16) export makes of the weights, for the selection (everything when
   * nothing is selected): a copy per primitive. Nothing changes, no undo step.
   */
  quantizePreview(options: { bits?: QuantizeBits } = {}): Map<number, SkinWeights> {
    const out = new Map<number, SkinWeights>();
    const model = this.editor.requireModel();
    for (const pt of bodyTargets(this.editor)) {
      const weights = pt.surface.parts.map((p) => model.primitives[p.primitive].weights);
      const copies = quantizePreviewTool(
        { surface: pt.surface, weights, nodes: this.editor.selection.nodeMask(pt) },
        options,
      );
      for (let i = 0; i < copies.length; i++) out.set(pt.surface.parts[i].primitive, copies[i]);
    }
    return out;
  }

  // --- Internals ---

  private setJoint(
    label: string,
    id: number,
    value: number,
    only: { primitive: number; vertex: number } | null,
  ): ToolReport {
    const editor = this.editor;
    const name = editor.requireModel().joints.get(id)?.name ?? `joint ${id}`;
    if (!(value >= 0 && value <= 1)) throw new RangeError(`A weight is between 0 and 1 (got ${value}).`);
    if (editor.locks.has(id)) {
      editor.notify({ level: 'error', message: `${name} is locked: unlock it to set its weight.` });
      return { step: null, changed: 0, refused: 0 };
    }
    const report = this.run(
      label,
      (t, pt) => {
        const j = pt.jointIndex.get(id);
        return j === undefined ? emptyResult() : setWeightTool(t, { joint: j, value });
      },
      only,
      false,
    );
    if (report.absent)
      editor.notify({
        level: 'warning',
        message: `${label}: ${report.absent} vertices are in a skin that does not list ${name}: they kept their weights.`,
      });
    return report;
  }

  /**
   * Runs a tool on every body as one undo step: builds each body's ToolTarget (selection, locks,
   * nearest-bone fallbacks, its skins' joint numbering, a recorder), collects the patches, pushes
   * them, emits the ranges and reports refused vertices, and (unless the caller says it itself,
   * `sayAbsent` false) those whose skin lacked a joint. `only` narrows it to one vertex and its
   * seam and hem partners.
   */
  private run(
    label: string,
    tool: (target: ToolTarget, paint: PaintTarget) => ToolResult & { unmatched?: number },
    only: { primitive: number; vertex: number } | null = null,
    sayAbsent = true,
  ): ToolReport {
    const editor = this.editor;
    if (editor.paint.painting) editor.paint.endStroke();
    const targets = editor.surfaces;
    const patches: WeightPatch[] = [];
    const report: ToolReport = { step: null, changed: 0, refused: 0 };
    for (const pt of bodyTargets(this.editor)) {
      const { surface } = pt;
      let nodes = editor.selection.nodeMask(pt);
      if (only) {
        const part = surface.partOf(only.primitive);
        if (part < 0) continue;
        nodes = new Uint8Array(surface.nodeCount);
        nodes[surface.nodeOf[surface.vertexOffset[part] + only.vertex]] = 1;
      }
      if (nodes && !nodes.includes(1)) continue;
      const target = toolTargetOf(pt, targets.lockMask(pt, editor.locks), nodes);
      const r = tool(target, pt);
      report.changed += r.changed;
      report.refused += r.refused;
      if (r.unmatched !== undefined) report.unmatched = (report.unmatched ?? 0) + r.unmatched;
      if (r.absent) report.absent = (report.absent ?? 0) + r.absent;
      patches.push(...target.recorder.finish());
    }
    const ranges = patches.map((p) => ({ primitive: p.primitive, start: p.start, end: p.end }));
    if (editor.commitStep(label, patches, ranges)) report.step = label;
    if (report.refused > 0) {
      editor.notify({
        level: 'warning',
        message: `${label}: ${report.refused} vertices were left unchanged (only locked joints weigh them).`,
      });
    }
    if (report.unmatched) {
      editor.notify({
        level: 'info',
        message: `${label}: ${report.unmatched} vertices have no mirror partner and were left unchanged.`,
      });
    }
    if (report.absent && sayAbsent) {
      editor.notify({
        level: 'warning',
        message: `${label}: ${report.absent} vertices are in a skin that does not list a joint this gave them: they took only what their skin lists (where that is a hem, its sides still differ).`,
      });
    }
    return report;
  }
}
