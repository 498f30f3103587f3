/**
 * Painter: the stroke engine for one SkinSurface (the primitives of a skin, or of every skin of
 * a skeleton: `skins` says how each part numbers its joints). A stroke is
 * begin → moves → end (or cancel); the Painter spaces dabs along the path, gathers each dab's
 * nodes, applies the brush (and its mirror), and records every touched vertex for one undo
 * step. Framework-free and allocation-free per dab: the editor (src/editor/paint-session.ts) wraps
 * it with settings, events and history.
 */
import { PatchRecorder } from '../history/patch-recorder.ts';
import type { WeightPatch } from '../history/weight-patch.ts';
import { axisIndex, type MirrorAxis } from '../mesh/mirror-map.ts';
import type { SkinSurface } from '../mesh/skin-surface.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { BLEND_IDS, type BlendMode } from './blend.ts';
import { AccumState, applyBlendDab, applySmearDab, applySmoothDab } from './dab-apply.ts';
import { DabHits, type DabShape, gatherDab, HitScratch, keepMasked, mirrorHits } from './dab-hits.ts';
import { FALLOFF_IDS, type FalloffCurve } from './falloff.ts';
import { floodNodes } from './flood.ts';
import type { NearestBone } from './nearest-bone.ts';
import type { PartSkins } from './part-skins.ts';
import { StrokeSpacing } from './stroke-spacing.ts';
import { WeightWriter } from './weight-writer.ts';

/** Everything a stroke needs, resolved (joint indices are the surface's: see PartSkins). */
export interface StrokeConfig {
  /** blend: Draw/Add/Subtract (with `blend`); smooth; smear. */
  kind: 'blend' | 'smooth' | 'smear';
  blend: BlendMode;
  /** Paint (target) weight of the blend. */
  weight: number;
  strength: number;
  /** World units. */
  radius: number;
  falloff: FalloffCurve;
  /** Dab every `spacing × radius` of path (0: one dab per sample). */
  spacing: number;
  pressureStrength: boolean;
  pressureRadius: boolean;
  accumulate: boolean;
  frontFacesOnly: boolean;
  connectedOnly: boolean;
  /** Mirror plane, or null. */
  mirror: MirrorAxis | null;
  joint: number;
  /** Joint the mirrored dab paints (the same joint for joints on the plane). */
  mirrorJoint: number;
  /** Lock flags by surface joint (non-zero = locked). */
  locked: Uint8Array | null;
  /**
   * Node flags (non-zero = paintable): the vertex selection when it masks the brush. Only these
   * nodes are written, the mirrored dab's too; neighbours outside it are still read (Smooth,
   * Smear). Null or absent: every node.
   */
  mask?: Uint8Array | null;
}

/** One pointer sample of a stroke, in the surface's (mesh) space. */
export interface PaintSample {
  point: readonly [number, number, number];
  /** Camera → scene direction, for front-faces-only. */
  viewDir?: readonly [number, number, number];
  /** Pen pressure 0..1 (1 for a mouse). */
  pressure?: number;
  /** Part index of the primitive under the pointer (-1 or absent: unknown). */
  part?: number;
}

/** A changed vertex range of a primitive. */
export interface WeightRange {
  primitive: number;
  start: number;
  end: number;
}

const _shape: DabShape = {
  x: 0,
  y: 0,
  z: 0,
  radius: 0,
  curve: 0,
  viewX: 0,
  viewY: 0,
  viewZ: 0,
  connectedOnly: false,
  part: -1,
};

export class Painter {
  readonly surface: SkinSurface;
  readonly weights: readonly SkinWeights[];
  readonly recorder: PatchRecorder;
  readonly writer: WeightWriter;
  /** Dabs placed in the current (or last) stroke. */
  dabCount = 0;
  private readonly hits: DabHits;
  private readonly mirrored: DabHits;
  private readonly scratch: HitScratch;
  private readonly targets: Float32Array;
  private readonly accum: AccumState;
  private readonly accumMirror: AccumState;
  private readonly spacing = new StrokeSpacing();
  private config: StrokeConfig | null = null;
  private readonly last = new Float64Array(8); // x y z pressure vx vy vz part
  private readonly lastDab = new Float64Array(3);
  private hasLastDab = false;

  constructor(surface: SkinSurface, weights: readonly SkinWeights[], bones: NearestBone, skins?: PartSkins) {
    this.surface = surface;
    this.weights = weights;
    this.recorder = new PatchRecorder({
      primitives: surface.parts.map((p) => p.primitive),
      weights,
      vertexOffset: surface.vertexOffset,
      vertexPart: surface.vertexPart,
    });
    this.writer = new WeightWriter(surface, weights, this.recorder, bones, skins);
    const G = surface.nodeCount;
    this.hits = new DabHits(G);
    this.mirrored = new DabHits(G);
    this.scratch = new HitScratch(G);
    this.targets = new Float32Array(G);
    this.accum = new AccumState(G);
    this.accumMirror = new AccumState(G);
  }

  /** True between {@link begin} and {@link end}/{@link cancel}. */
  get active(): boolean {
    return this.config !== null;
  }

  /** Starts a stroke and places its first dab. */
  begin(config: StrokeConfig, sample: PaintSample): void {
    if (this.config) this.end();
    this.config = config;
    this.writer.setLocked(config.locked);
    this.writer.refused = 0;
    this.writer.absent = 0;
    this.recorder.begin();
    this.accum.reset();
    this.accumMirror.reset();
    this.spacing.start();
    this.dabCount = 0;
    this.hasLastDab = false;
    this.remember(sample);
    const L = this.last;
    this.dab(L[0], L[1], L[2], L[3], L[7]);
  }

  /** Continues the stroke to `sample`; returns the dabs placed. */
  moveTo(sample: PaintSample): number {
    const c = this.config;
    if (!c) return 0;
    const L = this.last;
    const x0 = L[0];
    const y0 = L[1];
    const z0 = L[2];
    const p0 = L[3];
    this.remember(sample);
    const length = Math.hypot(L[0] - x0, L[1] - y0, L[2] - z0);
    const n = this.spacing.advance(length, c.spacing * c.radius);
    for (let i = 0; i < n; i++) {
      const t = this.spacing.at[i];
      this.dab(x0 + (L[0] - x0) * t, y0 + (L[1] - y0) * t, z0 + (L[2] - z0) * t, p0 + (L[3] - p0) * t, L[7]);
    }
    return n;
  }

  /**
   * Places one dab at `sample` regardless of spacing (a click, a script, a benchmark), as part
   * of the current stroke. Returns the nodes it changed.
   */
  dabAt(sample: PaintSample): number {
    if (!this.config) return 0;
    this.remember(sample);
    const L = this.last;
    return this.dab(L[0], L[1], L[2], L[3], L[7]);
  }

  /** Ends the stroke: its changes as patches (one per touched primitive), for one undo step. */
  end(): WeightPatch[] {
    if (!this.config) return [];
    this.config = null;
    return this.recorder.finish();
  }

  /** Cancels the stroke: every touched vertex gets its slots from before the stroke back. */
  cancel(): void {
    if (!this.config) return;
    this.config = null;
    this.recorder.revert();
    for (const r of this.recorder.ranges()) this.writer.markRange(r.part, r.start, r.end);
    this.recorder.begin();
  }

  /**
   * Sets `joint` to `value` on every node (or those with `mask[node]` non-zero); with a mask and
   * `mirrorAxis`, the mirrored nodes get `mirrorJoint` too. Returns the patches of this one step.
   */
  flood(
    joint: number,
    value: number,
    locked: Uint8Array | null,
    mask: Uint8Array | null = null,
    mirrorAxis: MirrorAxis | null = null,
    mirrorJoint = joint,
  ): WeightPatch[] {
    if (this.config) this.end();
    return floodNodes(this.writer, joint, value, locked, mask, mirrorAxis, mirrorJoint);
  }

  /** The weight of `joint` at the node nearest to (x, y, z) within `radius`, or null. */
  sample(x: number, y: number, z: number, radius: number, joint: number): number | null {
    const g = this.surface.grid.nearest(x, y, z, radius);
    return g < 0 ? null : this.writer.nodeWeight(g, joint);
  }

  /** Vertex ranges changed since the last call, per primitive. */
  takeRanges(): WeightRange[] {
    return this.writer.takeRanges().map((r) => ({
      primitive: this.surface.parts[r.part].primitive,
      start: r.start,
      end: r.end,
    }));
  }

  private remember(s: PaintSample): void {
    const L = this.last;
    L[0] = s.point[0];
    L[1] = s.point[1];
    L[2] = s.point[2];
    L[3] = s.pressure ?? 1;
    const v = this.config?.frontFacesOnly ? s.viewDir : undefined;
    L[4] = v ? v[0] : 0;
    L[5] = v ? v[1] : 0;
    L[6] = v ? v[2] : 0;
    L[7] = s.part ?? -1;
  }

  /** One dab at (x, y, z) with pressure `p`: gather, apply, mirror. */
  private dab(x: number, y: number, z: number, p: number, part: number): number {
    const c = this.config!;
    const L = this.last;
    const pressure = p > 0 ? Math.min(p, 1) : 0;
    const radius = c.radius * (c.pressureRadius ? pressure : 1);
    const strength = c.strength * (c.pressureStrength ? pressure : 1);
    let dx = 0;
    let dy = 0;
    let dz = 0;
    if (this.hasLastDab) {
      dx = x - this.lastDab[0];
      dy = y - this.lastDab[1];
      dz = z - this.lastDab[2];
      const len = Math.hypot(dx, dy, dz);
      if (len > 0) {
        dx /= len;
        dy /= len;
        dz /= len;
      }
    }
    this.lastDab[0] = x;
    this.lastDab[1] = y;
    this.lastDab[2] = z;
    this.hasLastDab = true;
    this.dabCount++;
    if (!(radius > 0) || !(strength > 0)) return 0;

    const s = _shape;
    s.x = x;
    s.y = y;
    s.z = z;
    s.radius = radius;
    s.curve = FALLOFF_IDS[c.falloff];
    s.viewX = L[4];
    s.viewY = L[5];
    s.viewZ = L[6];
    s.connectedOnly = c.connectedOnly;
    s.part = part;
    const hits = this.hits;
    gatherDab(this.surface, s, hits, this.scratch);
    const mirrorLocked = c.locked !== null && c.locked[c.mirrorJoint] > 0;
    const mirror = c.mirror !== null && !mirrorLocked;
    const same = c.mirrorJoint === c.joint;
    const mask = c.mask ?? null;
    // The mirrored side is where the whole brush lands across the plane, so it is found from the
    // unmasked hits; the selection then masks both sides alike.
    if (mirror) mirrorHits(hits, this.surface.mirror(c.mirror!).partner, this.mirrored, this.scratch, same);
    // A joint that mirrors to itself paints the union once (a node hit by both keeps the stronger falloff).
    const primary = mirror && same ? this.mirrored : hits;
    if (mask) {
      keepMasked(primary, mask);
      if (mirror && !same) keepMasked(this.mirrored, mask);
    }
    this.recorder.reserve(this.touchBound(primary) + (mirror && !same ? this.touchBound(this.mirrored) : 0));
    let changed = this.apply(primary, c.joint, strength, dx, dy, dz, this.accum);
    if (mirror && !same) {
      const a = axisIndex(c.mirror!);
      changed += this.apply(
        this.mirrored,
        c.mirrorJoint,
        strength,
        a === 0 ? -dx : dx,
        a === 1 ? -dy : dy,
        a === 2 ? -dz : dz,
        this.accumMirror,
      );
    }
    return changed;
  }

  private apply(
    hits: DabHits,
    joint: number,
    strength: number,
    dx: number,
    dy: number,
    dz: number,
    accum: AccumState,
  ): number {
    const c = this.config!;
    if (c.kind === 'smooth')
      return applySmoothDab(this.writer, this.surface, hits, joint, strength, this.targets, this.scratch);
    if (c.kind === 'smear') {
      if (dx === 0 && dy === 0 && dz === 0) return 0; // no direction yet (first dab)
      return applySmearDab(this.writer, this.surface, hits, joint, strength, dx, dy, dz, this.targets);
    }
    const mode = BLEND_IDS[c.blend];
    return applyBlendDab(this.writer, hits, joint, mode, c.weight, strength, c.accumulate ? null : accum);
  }

  /** Most vertices a set of hits can touch (a bound, so capture never grows mid-loop). */
  private touchBound(hits: DabHits): number {
    return Math.min(hits.count * this.surface.maxMembers, this.surface.vertexCount);
  }
}
