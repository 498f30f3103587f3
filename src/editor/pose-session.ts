/**
 * PoseSession: bending the character to test its weights — the API the pose panel, the
 * viewport's bones and gizmo, the timeline and the crease inspector call (`editor.pose`).
 *
 * The pose is offsets on a base pose (see src/pose/pose.ts): the file's rest pose — what engines
 * draw, and what the viewport shows on load — or, on request, its bind pose (the joints where the
 * inverse bind matrices put them, as Maya's Go to Bind Pose). Every change re-skins the mesh on
 * the CPU (linear blend, or dual quaternion as a preview) and moves the paint surfaces onto it,
 * then emits 'pose'. The viewport drives three.js' bones from {@link PoseSession.nodeTransforms}
 * and draws the same surface on the GPU. Posing never changes weights or the Document: export
 * writes the rest data and weights as they are, and always means linear blend skinning.
 */
import { type AnimationClip, type PoseClip, readClips } from '../pose/animation.ts';
import { type Humanoid, resolveHumanoid } from '../pose/humanoid.ts';
import { rotateJointInWorld } from '../pose/joint-frames.ts';
import type { MirrorPoseMode } from '../pose/mirror-pose.ts';
import {
  applyRotationRecord,
  deserializePose,
  type Pose,
  type Quat,
  rotationRecord,
  type SerializedPose,
  serializePose,
} from '../pose/pose.ts';
import { applyPosePreset, POSE_PRESETS, type PosePreset, type PresetResult } from '../pose/pose-presets.ts';
import { PosedMesh, type SkinningMode } from '../pose/posed-mesh.ts';
import { quatNormalize } from '../pose/quaternion.ts';
import { type RangeOfMotionOptions, rangeOfMotionClip } from '../pose/range-of-motion.ts';
import { describeShownPose, type ShownPose, type ShownPoseReport } from '../pose/shown-pose.ts';
import { type PoseBasis, type Skeleton, skeletonOf } from '../pose/skeleton.ts';
import { Emitter } from './emitter.ts';
import { type NodeTransforms, PoseState } from './pose-state.ts';
import type { CreaseSpot } from './pose-surfaces.ts';
import type { SessionContext } from './session-context.ts';

export type { NodeTransforms } from './pose-state.ts';
export type { CreaseSpot } from './pose-surfaces.ts';
export type { PoseClip, PosePreset, PresetResult, SerializedPose, SkinningMode };

/** Why the pose changed. */
export type PoseChangeReason = 'joint' | 'reset' | 'mirror' | 'named' | 'preset' | 'clip' | 'mode';

/**
 * What PoseSession tells the viewport and panels. (Painting while posed moves posed vertices too:
 * {@link PoseSession.positions} follows the Editor's 'weights' events without a 'pose' event.)
 */
export type PoseEvents = {
  /** The pose (or the skinning mode) changed: joints (ids) that were set, or 'all'. */
  pose: { reason: PoseChangeReason; joints: number[] | 'all' };
  /** Named poses were saved, deleted or brought back: the names now kept. */
  named: { names: string[] };
};

type V3 = readonly [number, number, number];

export class PoseSession {
  readonly events = new Emitter<PoseEvents>();
  private readonly editor: SessionContext;
  private state: PoseState | null = null;
  private mode: SkinningMode = 'linear';
  private rev = 0;

  constructor(editor: SessionContext) {
    this.editor = editor;
    editor.events.on('model', () => {
      this.state = null;
      this.rev++;
    });
    editor.events.on('weights', (ranges) => {
      const model = editor.model;
      if (!model) return;
      // Where the rest pose is not the bind pose, weights move the vertices even unposed.
      if (this.current || !skeletonOf(model).restMatchesBind) this.require().weightsChanged(ranges);
    });
    editor.paint.events.on('stroke', () => this.current?.strokeDone());
  }

  // --- State ---

  /**
   * Counts every change of what the pose shows (a pose or skinning-mode change, a new model):
   * a view that drew revision r is in step while this is still r. Reading it builds nothing.
   */
  get revision(): number {
    return this.rev;
  }

  /** The skeleton of the loaded model (joints, their ancestors, rest and bind transforms). */
  get skeleton(): Skeleton {
    return this.require().skeleton;
  }

  /** The current pose (read it; change it through the methods here). */
  get pose(): Pose {
    return this.require().pose;
  }

  /** True when the mesh is away from the file's rest pose: a joint turned, a clip frame, or the bind pose shown. */
  get posed(): boolean {
    return !this.require().atRest;
  }

  /** Which pose is on screen: the rest pose, the bind pose, or posed (a joint turned, a clip frame). Builds nothing. */
  get shown(): ShownPose {
    const st = this.current;
    if (!st) return 'rest';
    if (!st.pose.isBase()) return 'posed';
    return st.pose.basis;
  }

  /** What the status bar says about the shown pose (see src/pose/shown-pose.ts). */
  describeShown(): ShownPoseReport {
    return describeShownPose(this.editor.requireModel(), this.shown);
  }

  /** The pose posing starts from and Reset returns to: 'rest' (the file's node transforms) or 'bind' (its IBMs). */
  get basis(): PoseBasis {
    return this.require().pose.basis;
  }

  /**
   * False when the file's rest pose is not its bind pose (the joints' node transforms are not the
   * inverses of their inverse bind matrices): then the two show different meshes.
   */
  get restIsBind(): boolean {
    return this.require().skeleton.restMatchesBind;
  }

  /** True when weight changes move vertices now (some skinning matrix is not I). */
  get meshFollowsWeights(): boolean {
    return !this.require().still;
  }

  /** 'linear' (what export means) or 'dual-quaternion' (a preview; export stays linear blend). */
  get skinningMode(): SkinningMode {
    return this.mode;
  }

  set skinningMode(mode: SkinningMode) {
    if (mode !== 'linear' && mode !== 'dual-quaternion') throw new Error(`Unknown skinning mode "${mode}".`);
    if (mode === this.mode) return;
    this.mode = mode;
    this.changed('mode', 'all');
  }

  // --- Joints ---

  /** Sets a joint's rotation offset from Euler angles in degrees (three.js 'XYZ', each wrapped to −180…180). */
  setJointRotation(joint: number | string, eulerDegrees: V3): void {
    const st = this.require();
    const s = this.slot(joint);
    st.setEuler(s, eulerDegrees);
    this.changed('joint', [st.skeleton.nodeIds[s]]);
  }

  /** A joint's rotation offset as Euler degrees (the values last set when they still hold). */
  getJointRotation(joint: number | string): [number, number, number] {
    return this.require().eulerOf(this.slot(joint));
  }

  /** Sets a joint's rotation offset as a quaternion (x, y, z, w; normalised here). */
  setJointQuaternion(joint: number | string, q: Quat): void {
    const st = this.require();
    const s = this.slot(joint);
    if (!q.every(Number.isFinite)) throw new Error('The rotation must be four finite numbers.');
    st.pose.rotations.set(q, s * 4);
    quatNormalize(st.pose.rotations, s * 4);
    this.changed('joint', [st.skeleton.nodeIds[s]]);
  }

  /** A joint's rotation offset as a quaternion. */
  getJointQuaternion(joint: number | string): Quat {
    const s = this.slot(joint);
    const r = this.require().pose.rotations;
    return [r[s * 4], r[s * 4 + 1], r[s * 4 + 2], r[s * 4 + 3]];
  }

  /** Turns a joint by a world-space rotation about its own origin (the viewport's rotate gizmo). */
  rotateJointInWorld(joint: number | string, q: Quat): void {
    const st = this.require();
    const s = this.slot(joint);
    st.matrices.update(st.pose);
    rotateJointInWorld(st.matrices, st.pose, s, q);
    this.changed('joint', [st.skeleton.nodeIds[s]]);
  }

  /** One joint back to its base pose (its clip translation/scale too). */
  resetJoint(joint: number | string): void {
    const st = this.require();
    const s = this.slot(joint);
    st.pose.resetSlot(s);
    this.changed('joint', [st.skeleton.nodeIds[s]]);
  }

  /**
   * Every joint back: to the rest pose (default; the nodes' own transforms, what engines draw) or
   * to the bind pose (the joints at their IBMs' inverses: the mesh exactly as stored), which
   * later posing then starts from.
   */
  resetAll(to: PoseBasis = 'rest'): void {
    if (to !== 'rest' && to !== 'bind') throw new Error(`Unknown pose "${to}": use "rest" or "bind".`);
    this.require().pose.reset(to);
    this.changed('reset', 'all');
  }

  /**
   * Mirrors the pose across the X plane with the joint pairs of the mirror tool. 'selected'
   * (default) copies the selected joint's side to the other; a joint on the plane (or none
   * selected) flips the whole pose ('swap').
   */
  mirrorPose(mode: MirrorPoseMode | 'selected' = 'selected'): number[] {
    const changed = this.require().mirror(mode, this.editor.selectedJoint, this.editor.surfaces);
    this.changed('mirror', changed);
    return changed;
  }

  // --- Named poses, presets ---

  /** Keeps the current pose under `name` (replacing one of that name). */
  savePose(name: string): void {
    const st = this.require();
    if (!name.trim()) throw new Error('A pose needs a name.');
    st.named.set(name, serializePose(st.skeleton, st.pose));
    this.namedChanged();
  }

  /** Shows a saved pose. Throws for an unknown name. */
  applyPose(name: string): void {
    const st = this.require();
    const saved = st.named.get(name);
    if (!saved) throw new Error(`No pose named "${name}".`);
    deserializePose(st.skeleton, saved, st.pose);
    this.changed('named', 'all');
  }

  deletePose(name: string): boolean {
    const deleted = this.require().named.delete(name);
    if (deleted) this.namedChanged();
    return deleted;
  }

  listPoses(): string[] {
    return [...this.require().named.keys()];
  }

  /**
   * Saved poses as JSON (for autosave and project files). A model never posed has none, and
   * reading them does not build its posed mesh.
   */
  exportPoses(): Record<string, SerializedPose> {
    const st = this.current;
    return st ? Object.fromEntries(st.named) : {};
  }

  /** Brings saved poses back (merged over the current ones; entries that are no pose are skipped). */
  importPoses(poses: Record<string, SerializedPose>): void {
    const st = this.require();
    let added = 0;
    for (const [name, pose] of Object.entries(poses)) {
      if (!name.trim() || !pose || !Array.isArray(pose.joints)) continue;
      st.named.set(name, pose);
      added++;
    }
    if (added > 0) this.namedChanged();
  }

  /** The posed joints' rotation offsets by joint id (the autosave session's `pose`). */
  toRecord(): Record<string, Quat> {
    const st = this.require();
    return rotationRecord(st.skeleton, st.pose);
  }

  /** Restores {@link toRecord}'s output (on the current basis; unknown joints are skipped). */
  fromRecord(record: Record<string, Quat>): void {
    const st = this.require();
    applyRotationRecord(st.skeleton, record, st.pose, st.pose.basis);
    this.changed('named', 'all');
  }

  /** The preset test poses. */
  listPresets(): readonly PosePreset[] {
    return POSE_PRESETS;
  }

  /** The humanoid joints presets found by name (slots; -1 where missing). */
  humanoid(): Humanoid {
    const st = this.require();
    st.humanoid ??= resolveHumanoid(st.skeleton);
    return st.humanoid;
  }

  /** Shows a preset test pose (from the base pose); says which joints it posed and which it missed. */
  applyPreset(name: PosePreset): PresetResult {
    const st = this.require();
    if (!POSE_PRESETS.includes(name)) throw new Error(`Unknown pose preset "${name}".`);
    const result = applyPosePreset(st.matrices, st.pose, name, this.humanoid());
    this.changed('preset', 'all');
    return result;
  }

  // --- Clips ---

  /** The file's animations. */
  listClips(): { index: number; name: string; duration: number }[] {
    return this.clips().map(({ index, name, duration }) => ({ index, name, duration }));
  }

  /** Shows clip `index` at time t seconds (clamped to the clip): a paused frame to paint on. */
  sampleClip(index: number, t: number): void {
    const clip = this.clips()[index];
    if (!clip) throw new Error(`No animation ${index}.`);
    this.showClip(clip, t);
  }

  /** Shows any clip (a file clip or a generated one) at time t. */
  showClip(clip: PoseClip, t: number): void {
    clip.sample(Number.isFinite(t) ? t : 0, this.require().pose);
    this.changed('clip', 'all');
  }

  /**
   * A range-of-motion clip (±90° about each local axis) for a joint, or — with null — every joint
   * that moves vertices, in turn; it starts from the current pose.
   */
  rangeOfMotion(
    joint: number | string | null = this.editor.selectedJoint,
    options: RangeOfMotionOptions = {},
  ): PoseClip {
    const st = this.require();
    const counts = this.editor.jointVertexCounts();
    const slots =
      joint === null
        ? [...counts].filter(([, n]) => n > 0).map(([id]) => st.skeleton.slotOf(id))
        : [this.slot(joint)];
    return rangeOfMotionClip(
      st.skeleton,
      slots.sort((a, b) => a - b),
      { base: st.pose, ...options },
    );
  }

  // --- What the viewport and inspector read ---

  /**
   * Where the viewport draws a primitive's vertices now (xyz per vertex, world space as skinned;
   * see src/pose/posed-mesh.ts): the rest pose unposed. Selection and framing read this.
   */
  positions(primitive: number): Float32Array {
    const p = this.require().mesh.positions[primitive];
    if (!p) throw new Error(`No skinned primitive ${primitive}.`);
    return p;
  }

  /**
   * Every skeleton node's transform under the pose, slot by slot (parents first): document node
   * ids, local TRS (10 per node: t xyz, q xyzw, s xyz — for three.js' position, quaternion and
   * scale), local and world matrices (16 per node, column-major).
   */
  nodeTransforms(): NodeTransforms {
    return this.require().nodeTransforms();
  }

  /** Distortion per vertex of each primitive against the rest shape (0 = undistorted; 0.3 = 30%). */
  distortion(): Float32Array[] {
    return this.require().surfaces.distortion();
  }

  /** The `n` worst creases (one per crease), worst first, with where they are now. */
  worstSpots(n = 5): CreaseSpot[] {
    return this.require().surfaces.worstSpots(n);
  }

  // --- Internals ---

  private get current(): PoseState | null {
    return this.state && this.state.model === this.editor.model ? this.state : null;
  }

  private require(): PoseState {
    const model = this.editor.requireModel();
    if (this.state?.model !== model) {
      const editor = this.editor;
      // The narrow view of the editor the posed surfaces need (not the whole editor).
      const context = {
        get surfaces() {
          return editor.surfaces;
        },
        get painting() {
          return editor.paintSessionActive;
        },
      };
      this.state = new PoseState(model, context, new PosedMesh(model));
    }
    return this.state;
  }

  private clips(): AnimationClip[] {
    const st = this.require();
    st.clips ??= readClips(st.model.document, st.skeleton);
    return st.clips;
  }

  private slot(joint: number | string): number {
    const id = this.editor.resolveJoint(joint);
    return this.require().skeleton.slotOf(id);
  }

  private namedChanged(): void {
    this.events.emit('named', { names: this.listPoses() });
  }

  private changed(reason: PoseChangeReason, joints: number[] | 'all'): void {
    this.require().update(this.mode);
    this.rev++;
    this.events.emit('pose', { reason, joints });
  }
}
