/**
 * PaintTargets: what painting needs per loaded model, built on first use and kept until the
 * model changes — one SkinSurface + Painter per skin (all its primitives: what the weight tools
 * work on), one per body (every skin of a skeleton, welded where parts touch: what the brushes
 * paint, ./paint-bodies.ts; the skin's own target where the body is one primitive), the
 * nearest-bone fallback per skin, and the joint mirror pairs (names, then positions, then
 * overrides). All in the space the viewport draws: the file's rest pose
 * (src/pose/rest-positions.ts), posed later.
 */
import { NearestBone } from '../brush/nearest-bone.ts';
import { Painter } from '../brush/painter.ts';
import { type PartSkins, partSkinsOf } from '../brush/part-skins.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { type JointMirror, mirrorJoints } from '../mesh/joint-mirror.ts';
import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { SkinSurface } from '../mesh/skin-surface.ts';
import { restPositions } from '../pose/rest-positions.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { humanBonesByNode } from '../vrm/vrm-document.ts';
import type { Notice } from './notices.ts';
import { bodyJoints, bonesOf, jointIndexOf, skeletonGroups } from './paint-bodies.ts';

/** The paintable surface of one skin, or of a body (every skin of one skeleton). */
export interface PaintTarget {
  /** Index into `model.skins` (a body's first skin). */
  skin: number;
  /** The skins whose primitives it holds: `[skin]`, or a body's skins. */
  skins: readonly number[];
  /** Joint ids by the painter's joint index: the skin's list (a body: its first skin's, then the others' new ones). */
  joints: readonly number[];
  surface: SkinSurface;
  painter: Painter;
  /** The painter's joint index of each joint id (node index) here. */
  jointIndex: Map<number, number>;
  /** The painter of the active layer's mask (joint 0 = mask), built on first use. */
  maskPainter: Painter | null;
  /** The fallback joint of this skin's brushes (nearest bone; a body's first skin's). */
  bones: NearestBone;
  /** How a body's parts number their joints (null: one skin, the painter's numbering). */
  partSkins: PartSkins | null;
}

/** Where painters read and write weights: the editor's edit buffers (the active weight layer's). */
export interface PaintBuffers {
  weightsOf(primitive: number): SkinWeights;
  /** The active layer's mask as two-joint weights (throws on the base layer). */
  maskOf(primitive: number): SkinWeights;
  /**
   * With weight layers, what a painter calls with each vertex it changes (resolved once per
   * painter: it runs per vertex); null without layers.
   */
  paintHook(): ((primitive: number, vertex: number) => void) | null;
}

// Mask "joints": 0 = the mask, 1 = the rest. Orphaned weight always goes to the other one.
const MASK_BONES = () =>
  new NearestBone({
    positions: [
      [0, 0, 0],
      [0, 0, 0],
    ],
    parents: [-1, -1],
  });

export class PaintTargets {
  readonly model: SkinnedModel;
  private readonly targets = new Map<number, PaintTarget>();
  /** Bodies by their first skin (a body of one primitive is its skin's target). */
  private readonly bodies = new Map<number, PaintTarget>();
  private groups: number[][] | null = null;
  private readonly mirrors = new Map<MirrorAxis, JointMirror>();
  private readonly ids: number[];
  private overrides: [number, number][] = [];
  private readonly buffers: PaintBuffers;

  constructor(model: SkinnedModel, buffers?: PaintBuffers) {
    this.model = model;
    this.ids = [...model.joints.keys()];
    this.buffers = buffers ?? {
      weightsOf: (p) => model.primitives[p].weights,
      maskOf: () => {
        throw new Error('There is no mask to paint without weight layers.');
      },
      paintHook: () => null,
    };
  }

  /**
   * Rebuilds the painters whose weights are no longer the edit buffers (the first layer gave the
   * editor buffers of its own); mask painters are rebuilt on next use.
   */
  rebind(): void {
    for (const t of this.built()) {
      const parts = t.surface.parts;
      if (parts.some((part, i) => t.painter.weights[i] !== this.buffers.weightsOf(part.primitive)))
        t.painter = new Painter(
          t.surface,
          parts.map((part) => this.buffers.weightsOf(part.primitive)),
          t.bones,
          t.partSkins ?? undefined,
        );
      this.hook(t.painter);
      t.maskPainter = null;
    }
  }

  /** With weight layers, the painter reports each vertex it changes (see WeightWriter.onMark). */
  private hook(painter: Painter): void {
    const primitives = painter.surface.parts.map((part) => part.primitive);
    const hook = this.buffers.paintHook();
    painter.writer.onMark = hook ? (part, vertex) => hook(primitives[part], vertex) : null;
  }

  /** The painter of a target's mask on the active layer (throws on the base layer). */
  maskPainter(target: PaintTarget): Painter {
    const parts = target.surface.parts;
    const want = parts.map((part) => this.buffers.maskOf(part.primitive));
    if (!target.maskPainter || target.maskPainter.weights.some((w, i) => w !== want[i]))
      target.maskPainter = new Painter(target.surface, want, MASK_BONES());
    return target.maskPainter;
  }

  /** The target holding primitive `primitive` (built on first use), or null if not skinned. */
  forPrimitive(primitive: number): PaintTarget | null {
    const prim = this.model.primitives[primitive];
    if (!prim) return null;
    return this.forSkin(prim.skins[0]);
  }

  /**
   * The body holding primitive `primitive` (built on first use): every skinned primitive of every
   * skin over its skeleton, welded where parts touch — what a brush stroke paints. Null if the
   * primitive is not skinned.
   */
  forBody(primitive: number): PaintTarget | null {
    const prim = this.model.primitives[primitive];
    if (!prim) return null;
    this.groups ??= skeletonGroups(this.model);
    const skins = this.groups.find((g) => g.includes(prim.skins[0])) ?? [prim.skins[0]];
    let target = this.bodies.get(skins[0]);
    if (target) return target;
    const model = this.model;
    const prims = model.primitives.filter((p) => skins.includes(p.skins[0]));
    if (prims.length === 1) target = this.forSkin(skins[0]);
    else {
      const joints = bodyJoints(model, skins);
      const skinJoints = skins.map((s) => model.skins[s].joints);
      const bones = skins.map((s) => bonesOf(model, model.skins[s].joints));
      const partSkins = partSkinsOf(
        joints,
        skinJoints,
        prims.map((p) => skins.indexOf(p.skins[0])),
        bones,
      );
      target = this.build(skins, prims, joints, bones[0], partSkins);
    }
    this.bodies.set(skins[0], target);
    return target;
  }

  /** One body per skeleton (built on first use). */
  allBodies(): PaintTarget[] {
    this.groups ??= skeletonGroups(this.model);
    return this.groups.map((g) => this.forBody(this.model.primitives.find((p) => p.skins[0] === g[0])!.id)!);
  }

  /** The target of skin `skin` (its primitives are those whose first skin it is). */
  forSkin(skin: number): PaintTarget {
    let target = this.targets.get(skin);
    if (target) return target;
    const model = this.model;
    const prims = model.primitives.filter((p) => p.skins[0] === skin);
    const joints = model.skins[skin].joints;
    target = this.build([skin], prims, joints, bonesOf(model, joints), null);
    this.targets.set(skin, target);
    return target;
  }

  /** A target over `prims` (of `skins`), its painter numbering joints as `joints`. */
  private build(
    skins: readonly number[],
    prims: readonly SkinnedModel['primitives'][number][],
    joints: readonly number[],
    bones: NearestBone,
    partSkins: PartSkins | null,
  ): PaintTarget {
    // The surface is the mesh as drawn: stored positions for the topology, the rest shape to start on.
    const rest = restPositions(this.model);
    const surface = new SkinSurface(
      prims.map((p) => ({
        primitive: p.id,
        positions: p.positions,
        shown: rest[p.id] === p.positions ? undefined : rest[p.id],
        indices: p.indices,
        mode: p.primitive.getMode(),
      })),
      // A body is welded where its parts touch: the hem is one seam (tools keep parts apart).
      { weldParts: partSkins !== null },
    );
    const painter = new Painter(
      surface,
      prims.map((p) => this.buffers.weightsOf(p.id)),
      bones,
      partSkins ?? undefined,
    );
    this.hook(painter);
    const jointIndex = jointIndexOf(joints);
    return {
      skin: skins[0],
      skins,
      joints,
      surface,
      painter,
      jointIndex,
      maskPainter: null,
      bones,
      partSkins,
    };
  }

  /** Every target already built (skins' and bodies', each once). */
  built(): PaintTarget[] {
    return [...new Set([...this.targets.values(), ...this.bodies.values()])];
  }

  /** Lock flags by the painter's joint index for a target, from the editor's locked joint ids. */
  lockMask(target: PaintTarget, locks: ReadonlySet<number>): Uint8Array | null {
    if (locks.size === 0) return null;
    const joints = target.joints;
    const mask = new Uint8Array(joints.length);
    joints.forEach((id, j) => {
      if (locks.has(id)) mask[j] = 1;
    });
    return mask;
  }

  /** The joint (id) a mirrored stroke on joint `id` paints. */
  mirrorJoint(id: number, axis: MirrorAxis = 'x'): number {
    const k = this.ids.indexOf(id);
    if (k < 0) return id;
    return this.ids[this.jointMirror(axis).mirror[k]];
  }

  /** Pairs for every joint of the model (index = position in `model.joints`). */
  jointMirror(axis: MirrorAxis = 'x'): JointMirror {
    let m = this.mirrors.get(axis);
    if (!m) {
      // A VRM's humanoid map pairs its human bones first, whatever the joints are called.
      const bones = humanBonesByNode(this.model.document);
      const joints = this.ids.map((id) => {
        const j = this.model.joints.get(id)!;
        return { name: j.name, position: j.restPosition, humanBone: bones.get(id) };
      });
      const overrides = this.overrides.map(([a, b]) => [this.ids.indexOf(a), this.ids.indexOf(b)] as const);
      m = mirrorJoints(joints, { axis, overrides });
      this.mirrors.set(axis, m);
    }
    return m;
  }

  /** Node flags of a target from per-primitive vertex flags (a node is in when any of its vertices is). */
  nodeMask(target: PaintTarget, mask: ReadonlyMap<number, Uint8Array>): Uint8Array {
    const s = target.surface;
    const out = new Uint8Array(s.nodeCount);
    s.parts.forEach((part, p) => {
      const m = mask.get(part.primitive);
      if (!m) return;
      const v0 = s.vertexOffset[p];
      const n = Math.min(m.length, s.vertexOffset[p + 1] - v0);
      for (let v = 0; v < n; v++) if (m[v]) out[s.nodeOf[v0 + v]] = 1;
    });
    return out;
  }

  /** The manual pairs (joint ids) set with {@link overrideMirror}, oldest first. */
  get mirrorOverrides(): readonly (readonly [number, number])[] {
    return this.overrides;
  }

  /** Sets a manual pair (joint ids), replacing what names and positions found. */
  overrideMirror(a: number, b: number): void {
    this.overrides = this.overrides.filter(([x, y]) => x !== a && y !== a && x !== b && y !== b);
    this.overrides.push([a, b]);
    this.mirrors.clear();
  }
}

/** "N vertices have no mirror partner" for a target's surface, or null when all have one. */
export function unmatchedMirrorNotice(target: PaintTarget, axis: MirrorAxis): Notice | null {
  const map = target.surface.mirror(axis);
  if (map.unmatched === 0) return null;
  const mm = (map.tolerance * 1000).toPrecision(2);
  return {
    level: 'info',
    message: `${map.unmatched} of ${target.surface.nodeCount} vertices have no mirror partner across ${axis.toUpperCase()} (within ${mm} mm): strokes there are not mirrored.`,
  };
}
