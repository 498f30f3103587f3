/**
 * PaintSession: weight painting on the Editor — the API the viewport (and scripts) call.
 * A stroke is `beginStroke` → `strokeTo`… → `endStroke` (one undo step) or `cancelStroke`
 * (Escape: every touched vertex back, bit for bit). Points are in mesh space, on the surface
 * the pointer hit (the UI raycasts). After each call that changed weights the Editor emits
 * 'weights' with the changed vertex range of each primitive.
 */
import type { Painter, PaintSample } from '../brush/painter.ts';
import { coverChangeRanges } from '../history/cover-change.ts';
import {
  applyModifiers,
  BRUSH_DEFAULTS,
  type BrushModifiers,
  type BrushSettings,
  sanitizeBrushSettings,
  strokeConfig,
} from './brush-settings.ts';
import { Emitter } from './emitter.ts';
import { beginCompanions, type MirrorCompanion, reflect } from './mirror-companions.ts';
import { copyStrokeInput, type StrokeInput, type StrokeRecord } from './paint-record.ts';
import { type PaintTarget, type PaintTargets, unmatchedMirrorNotice } from './paint-targets.ts';
import type { SessionContext } from './session-context.ts';

export type { StrokeInput, StrokeRecord } from './paint-record.ts';

/** What PaintSession tells the UI besides the Editor's 'weights'. */
export type PaintEvents = {
  settings: BrushSettings;
  stroke: 'begin' | 'end' | 'cancel';
};

interface ActiveStroke {
  target: PaintTarget;
  /** The target's weight painter, or its mask painter when the active layer's mask is painted. */
  painter: Painter;
  mask: boolean;
  record: StrokeRecord;
  /** Sample brush: strokes pick weights, they don't paint. */
  sampling: boolean;
  /** Reflected copies on other skins (a mirrored stroke on a modular character). */
  companions: MirrorCompanion[];
}

export class PaintSession {
  readonly events = new Emitter<PaintEvents>();
  settings: BrushSettings = { ...BRUSH_DEFAULTS };
  /** The last finished stroke. */
  lastStroke: StrokeRecord | null = null;
  private readonly editor: SessionContext;
  private stroke: ActiveStroke | null = null;
  /** Skin/axis pairs whose unmatched mirror vertices were already reported. */
  private readonly warned = new Set<string>();
  private readonly sample: PaintSample = { point: [0, 0, 0], pressure: 1, part: -1 };

  constructor(editor: SessionContext) {
    this.editor = editor;
    editor.events.on('model', () => {
      this.stroke = null;
      this.warned.clear();
    });
  }

  /** The editor's per-model surfaces, painters and joint mirror pairs ({@link Editor.surfaces}). */
  private get targets(): PaintTargets {
    return this.editor.surfaces;
  }

  /** True while a stroke is in progress. */
  get painting(): boolean {
    return this.stroke !== null;
  }

  /** Changes brush settings (validated, clamped); returns and emits the new settings. */
  setSettings(change: Partial<BrushSettings>): BrushSettings {
    this.settings = sanitizeBrushSettings(change, this.settings);
    this.events.emit('settings', this.settings);
    return this.settings;
  }

  /**
   * Builds the surfaces of every skin and body now (weld, adjacency, index, mirror), so the first
   * dab is instant.
   */
  prepare(): void {
    const model = this.editor.requireModel();
    for (const s of new Set(model.primitives.map((p) => p.skins[0]))) this.targets.forSkin(s);
    for (const t of this.targets.allBodies())
      if (this.settings.mirror) t.surface.mirror(this.settings.mirrorAxis);
  }

  /** Starts a stroke on the selected joint. Returns false (with a notice) when it is refused. */
  beginStroke(input: StrokeInput, modifiers: BrushModifiers = {}): boolean {
    if (this.stroke) this.endStroke();
    const editor = this.editor;
    const model = editor.requireModel();
    // Coverage nobody committed (none is expected) must not be taken by this stroke's step.
    editor.layers.stack.dropCovered();
    if (editor.layers.target === 'mask') return this.beginMaskStroke(input, modifiers);
    const id = editor.selectedJoint;
    if (id === null) return this.refuse('warning', 'Select a joint to paint its weights.');
    const name = model.joints.get(id)?.name ?? `joint ${id}`;
    // The body under the pointer: every part of its skeleton, across primitives and skins.
    const target = this.targets.forBody(input.primitive);
    if (!target)
      return this.refuse(
        'warning',
        `Primitive ${input.primitive} is not skinned: there are no weights to paint.`,
      );
    const joint = target.jointIndex.get(id);
    if (joint === undefined) return this.refuse('warning', `${name} is not a joint of this mesh's skin.`);
    const settings = applyModifiers(this.settings, modifiers);
    const record: StrokeRecord = {
      joint: name,
      settings,
      modifiers: { ...modifiers },
      samples: [copyStrokeInput(input)],
    };
    if (settings.brush === 'sample') {
      this.stroke = { target, painter: target.painter, mask: false, record, sampling: true, companions: [] };
      this.pick(input);
      this.events.emit('stroke', 'begin');
      return true;
    }
    if (editor.locks.has(id))
      return this.refuse('error', `${name} is locked: unlock it to paint its weights.`);
    let mirrorJoint = joint;
    if (settings.mirror) {
      const mid = this.targets.mirrorJoint(id, settings.mirrorAxis);
      mirrorJoint = target.jointIndex.get(mid) ?? joint;
      if (mid !== id && editor.locks.has(mid)) {
        editor.notify({
          level: 'warning',
          message: `${model.joints.get(mid)?.name} is locked: the mirrored side is not painted.`,
        });
      }
    }
    const mask = settings.selectionMask ? editor.selection.nodeMask(target) : null;
    if (mask && !mask.includes(1)) {
      // Not refused (the stroke is still one step, and Sample works), but say why nothing changes.
      editor.notify({
        level: 'info',
        message:
          'Only the vertex selection is painted, and none of this mesh is selected: select some, or turn off "Only inside the selection" (V).',
      });
    }
    const config = strokeConfig(
      settings,
      joint,
      mirrorJoint,
      this.targets.lockMask(target, editor.locks),
      mask,
    )!;
    target.painter.begin(config, this.toSample(target, input));
    const companions = beginCompanions(
      this.targets,
      target,
      settings,
      id,
      editor.locks,
      (t) => (settings.selectionMask ? editor.selection.nodeMask(t) : null),
      input,
    );
    // A surface mirrored onto other skins has its partners there: nothing to warn about.
    if (settings.mirror && companions.length === 0) this.warnUnmatched(target, settings.mirrorAxis);
    this.stroke = { target, painter: target.painter, mask: false, record, sampling: false, companions };
    this.events.emit('stroke', 'begin');
    this.emitRanges(target);
    for (const c of companions) this.emitRanges(c.target);
    return true;
  }

  /**
   * A stroke on the active layer's mask: the same brushes on two-joint weights (joint 0 = the
   * mask), mirrored on the same surface, masked by the selection; no joint, no locks.
   */
  private beginMaskStroke(input: StrokeInput, modifiers: BrushModifiers): boolean {
    const editor = this.editor;
    const target = this.targets.forBody(input.primitive);
    if (!target)
      return this.refuse('warning', `Primitive ${input.primitive} is not skinned: it has no layer mask.`);
    const painter = this.targets.maskPainter(target);
    const settings = applyModifiers(this.settings, modifiers);
    const record: StrokeRecord = {
      joint: 'mask',
      settings,
      modifiers: { ...modifiers },
      samples: [copyStrokeInput(input)],
    };
    if (settings.brush === 'sample') {
      this.stroke = { target, painter, mask: true, record, sampling: true, companions: [] };
      this.pick(input);
      this.events.emit('stroke', 'begin');
      return true;
    }
    const mask = settings.selectionMask ? editor.selection.nodeMask(target) : null;
    const config = strokeConfig(settings, 0, 0, null, mask)!;
    painter.begin(config, this.toSample(target, input));
    if (settings.mirror) this.warnUnmatched(target, settings.mirrorAxis);
    this.stroke = { target, painter, mask: true, record, sampling: false, companions: [] };
    this.events.emit('stroke', 'begin');
    this.emitMask(painter);
    return true;
  }

  /** Continues the stroke to a new pointer sample (dabs every spacing × radius on the way). */
  strokeTo(input: StrokeInput): void {
    const s = this.stroke;
    if (!s) return;
    s.record.samples.push(copyStrokeInput(input));
    if (s.sampling) {
      this.pick(input);
      return;
    }
    s.painter.moveTo(this.toSample(s.target, input));
    if (s.mask) {
      this.emitMask(s.painter);
      return;
    }
    this.emitRanges(s.target);
    const axis = s.record.settings.mirrorAxis;
    for (const c of s.companions) {
      c.target.painter.moveTo(reflect(input, axis, c.sample));
      this.emitRanges(c.target);
    }
  }

  /** Ends the stroke: one undo step. Returns its record (null when no stroke was active). */
  endStroke(): StrokeRecord | null {
    const s = this.stroke;
    if (!s) return null;
    this.stroke = null;
    // The dabs' vertices go into the active layer now, before anything else writes the buffer.
    this.editor.layers.stack.flush();
    if (!s.sampling) {
      const painter = s.painter;
      const patches = painter.end();
      let refused = painter.writer.refused;
      for (const c of s.companions) {
        patches.push(...c.target.painter.end());
        refused += c.target.painter.writer.refused;
      }
      const what = s.mask ? ' mask' : '';
      this.editor.commitStep(`${label(s.record.settings)}${what} stroke`, patches, null, undefined, s.mask);
      this.reportRefused(refused);
      this.reportAbsent(painter.writer.absent, s.record.joint);
    }
    this.lastStroke = s.record;
    this.events.emit('stroke', 'end');
    return s.record;
  }

  /** Cancels the stroke in progress (Escape): its vertices get their weights back, bit for bit. */
  cancelStroke(): void {
    const s = this.stroke;
    if (!s) return;
    this.stroke = null;
    if (!s.sampling && s.mask) {
      s.painter.cancel();
      this.emitMask(s.painter);
    } else if (!s.sampling) {
      // On a layer: the dabs' vertices into it first, then the restored weights compared with it
      // (what the stroke first painted is no longer the layer's).
      const stack = this.editor.layers.stack;
      stack.flush();
      const changed: { primitive: number; start: number; end: number }[] = [];
      for (const t of [s.target, ...s.companions.map((c) => c.target)]) {
        t.painter.cancel();
        const ranges = t.painter.takeRanges();
        for (const r of ranges) stack.syncWeights(r.primitive, r.start, r.end, true);
        changed.push(...ranges);
      }
      if (stack.layered) {
        // What the stroke came to cover, uncovered: the layer as it was before the stroke.
        const covered = stack.takeCovered();
        if (covered) {
          for (const [p, list] of covered) stack.setCovered(p, list, false);
          changed.push(...coverChangeRanges(covered));
        }
        if (changed.length) this.editor.announceComposed(changed);
      } else if (changed.length) this.editor.events.emit('weights', changed);
    }
    this.events.emit('stroke', 'cancel');
    if (!s.sampling) this.editor.events.emit('committed', { kind: 'cancelled', label: null });
  }

  /**
   * Flood: sets the selected joint to the target weight on every vertex of every skin holding
   * it, or only where `mask` (per primitive id, one flag per vertex) is set — one undo step.
   * With a mask and mirror on, the mirrored vertices get the mirrored joint too (in any skin of
   * the skeleton).
   */
  flood(mask: ReadonlyMap<number, Uint8Array> | null = null): boolean {
    if (this.stroke) this.endStroke();
    const editor = this.editor;
    const model = editor.requireModel();
    // Coverage nobody committed (none is expected) must not be taken by the flood's step.
    editor.layers.stack.dropCovered();
    if (editor.layers.target === 'mask') return this.floodMask(mask);
    const id = editor.selectedJoint;
    if (id === null) return this.refuse('warning', 'Select a joint to flood.');
    const name = model.joints.get(id)?.name ?? `joint ${id}`;
    if (editor.locks.has(id)) return this.refuse('error', `${name} is locked: unlock it to flood it.`);
    const { weight, mirror, mirrorAxis } = this.settings;
    const patches = [];
    let refused = 0;
    // Body by body, as the brushes paint: the hem's two sides stay one, the mirror crosses skins.
    for (const target of this.targets.allBodies()) {
      const joint = target.jointIndex.get(id);
      if (joint === undefined) continue;
      const nodeMask = mask ? this.targets.nodeMask(target, mask) : null;
      const mid = mirror && nodeMask ? this.targets.mirrorJoint(id, mirrorAxis) : id;
      const mirrorJoint = target.jointIndex.get(mid) ?? joint;
      const locked = this.targets.lockMask(target, editor.locks);
      const painter = target.painter;
      patches.push(
        ...painter.flood(joint, weight, locked, nodeMask, mirror ? mirrorAxis : null, mirrorJoint),
      );
      refused += painter.writer.refused;
      this.emitRanges(target);
    }
    editor.commitStep('Flood', patches);
    this.reportRefused(refused);
    return true;
  }

  /** Flood of the active layer's mask to the brush's weight (the selection only, when given). */
  private floodMask(mask: ReadonlyMap<number, Uint8Array> | null): boolean {
    const { weight, mirror, mirrorAxis } = this.settings;
    const patches = [];
    for (const target of this.targets.allBodies()) {
      const nodeMask = mask ? this.targets.nodeMask(target, mask) : null;
      const painter = this.targets.maskPainter(target);
      patches.push(...painter.flood(0, weight, null, nodeMask, mirror ? mirrorAxis : null, 0));
      this.emitMask(painter);
    }
    this.editor.commitStep('Flood mask', patches, null, undefined, true);
    return true;
  }

  /**
   * Flood as the Flood button does: only the selected vertices while the selection masks the
   * brush ({@link BrushSettings.selectionMask}, and something is selected), else everywhere.
   */
  floodMasked(): boolean {
    return this.flood(this.settings.selectionMask ? this.editor.selection.activeMasks : null);
  }

  /** The selected joint's weight at the vertex nearest `input.point` (within the brush radius), or null. */
  sampleWeight(input: StrokeInput): number | null {
    const id = this.editor.selectedJoint;
    const target = this.targets.forBody(input.primitive);
    const [x, y, z] = input.point;
    if (target && this.editor.layers.target === 'mask')
      return this.targets.maskPainter(target).sample(x, y, z, this.settings.radius, 0);
    const joint = id === null ? undefined : target?.jointIndex.get(id);
    if (!target || joint === undefined) return null;
    return target.painter.sample(x, y, z, this.settings.radius, joint);
  }

  /**
   * How well each body (every skin of a skeleton: what a stroke paints) mirrors across `axis`
   * (built now if needed): the UI shows "N vertices have no mirror partner" when `unmatched` > 0.
   * `skin` is the body's first skin.
   */
  mirrorReport(
    axis = this.settings.mirrorAxis,
  ): { skin: number; skins: readonly number[]; nodes: number; unmatched: number; tolerance: number }[] {
    return this.targets.allBodies().map(({ skin, skins, surface }) => {
      const map = surface.mirror(axis);
      return { skin, skins, nodes: surface.nodeCount, unmatched: map.unmatched, tolerance: map.tolerance };
    });
  }

  /** The joint (id) a mirrored stroke on `joint` paints, by name, position or override. */
  mirrorJointOf(joint: number | string, axis = this.settings.mirrorAxis): number {
    return this.targets.mirrorJoint(this.editor.resolveJoint(joint), axis);
  }

  /** Pairs two joints for mirroring by hand (the UI's override), replacing what names found. */
  setMirrorJoints(a: number | string, b: number | string): void {
    this.targets.overrideMirror(this.editor.resolveJoint(a), this.editor.resolveJoint(b));
  }

  /** Replaces a primitive's positions for brush queries (the posed mesh; mesh space, same count). */
  setPositions(primitive: number, positions: Float32Array): void {
    const skin = this.targets.forPrimitive(primitive);
    const body = this.targets.forBody(primitive);
    if (!skin || !body) throw new Error(`Primitive ${primitive} is not skinned.`);
    for (const t of new Set([skin, body])) t.surface.setPartPositions(t.surface.partOf(primitive), positions);
  }

  /** Back to bind-pose positions for every surface. */
  resetPositions(): void {
    for (const t of this.targets.built()) t.surface.resetPositions();
  }

  /** Replays a recorded stroke (the joint is selected by name; settings are restored after). */
  replay(record: StrokeRecord): void {
    if (record.samples.length === 0) return;
    const saved = this.settings;
    this.editor.selectJoint(record.joint);
    this.settings = sanitizeBrushSettings(record.settings, BRUSH_DEFAULTS);
    try {
      if (!this.beginStroke(record.samples[0])) return;
      for (const s of record.samples.slice(1)) this.strokeTo(s);
      this.endStroke();
    } finally {
      this.settings = saved;
    }
  }

  private warnUnmatched(target: PaintTarget, axis: BrushSettings['mirrorAxis']): void {
    const key = `${target.skins.join(',')}:${axis}`;
    if (this.warned.has(key)) return;
    this.warned.add(key);
    const notice = unmatchedMirrorNotice(target, axis);
    if (notice) this.editor.notify(notice);
  }

  private pick(input: StrokeInput): void {
    const w = this.sampleWeight(input);
    if (w !== null) this.setSettings({ weight: w });
  }

  private toSample(target: PaintTarget, input: StrokeInput): PaintSample {
    const s = this.sample;
    s.point = input.point;
    s.viewDir = input.viewDir;
    s.pressure = input.pressure ?? 1;
    s.part = target.surface.partOf(input.primitive);
    return s;
  }

  private emitRanges(target: PaintTarget): void {
    const ranges = target.painter.takeRanges();
    if (!ranges.length) return;
    const stack = this.editor.layers.stack;
    if (!stack.layered) {
      this.editor.events.emit('weights', ranges);
      return;
    }
    // On a layer the writer already stored and recomposed each vertex it changed (the stack's
    // paintedVertex): only the views are told.
    this.editor.announceComposed(ranges);
  }

  private emitMask(painter: Painter): void {
    const ranges = painter.takeRanges();
    if (ranges.length) this.editor.maskEdited(ranges);
  }

  private reportRefused(refused: number): void {
    if (refused > 0) {
      this.editor.notify({
        level: 'warning',
        message: `${refused} vertices were left unchanged: only locked joints weigh them.`,
      });
    }
  }

  /** Says which vertices a stroke could not give `joint`: their skin does not list it. */
  private reportAbsent(absent: number, joint: string): void {
    if (absent > 0) {
      this.editor.notify({
        level: 'warning',
        message: `${absent} vertices were left unchanged: their mesh's skin has no joint ${joint} (add it to that skin to paint it there).`,
      });
    }
  }

  private refuse(level: 'warning' | 'error', message: string): false {
    this.editor.notify({ level, message });
    return false;
  }
}

function label(settings: BrushSettings): string {
  const name = settings.brush;
  return name[0].toUpperCase() + name.slice(1);
}
