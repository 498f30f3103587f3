/**
 * PoseMatrices: a pose turned into matrices — each slot's local and world matrix, then each
 * skin's skinning matrices `S_j = M_j · B_j^-1` — in scratch arrays allocated once per skeleton.
 *
 * Slots the pose leaves alone, under no posed ancestor, take their base world matrix as stored,
 * not re-multiplied: in the bind basis an unposed joint gets `M_j = IBM_j^-1` and its skinning
 * matrix is flagged as exactly the identity, so the bind pose gives the mesh back bit for bit; so
 * does the rest basis on joints whose rest is their bind pose (`Skeleton.restIsBind`).
 */
import { matCompose, matIdentity } from './matrix.ts';
import type { Pose } from './pose.ts';
import { quatMultiply } from './quaternion.ts';
import type { Skeleton } from './skeleton.ts';
import { multiplyInto } from './skinning.ts';

export class PoseMatrices {
  readonly skeleton: Skeleton;
  /** Local matrix of each slot (16 per slot, column-major). */
  readonly local: Float64Array;
  /** World matrix of each slot: the joint's M_j. */
  readonly world: Float64Array;
  /** 1 where the slot or an ancestor is posed (its world differs from the base's). */
  readonly moved: Uint8Array;
  /** Per skin: skinning matrices, 16 per skin joint. */
  readonly skinning: Float64Array[];
  /** Per skin: 1 where the skinning matrix is exactly the identity (skinning skips it). */
  readonly identity: Uint8Array[];
  private readonly _trs = new Float64Array(10);

  constructor(skeleton: Skeleton) {
    this.skeleton = skeleton;
    const n = skeleton.size;
    this.local = new Float64Array(n * 16);
    this.world = new Float64Array(n * 16);
    this.moved = new Uint8Array(n);
    this.skinning = skeleton.skins.map((s) => new Float64Array(s.slots.length * 16));
    this.identity = skeleton.skins.map((s) => new Uint8Array(s.slots.length));
  }

  /** Computes local, world and skinning matrices for `pose`. Does not allocate. */
  update(pose: Pose): this {
    const sk = this.skeleton;
    if (pose.size !== sk.size) throw new RangeError('pose of another skeleton');
    const base = sk.base(pose.basis);
    const { local, world, moved } = this;
    for (let s = 0; s < sk.size; s++) {
      const o = s * 16;
      const p = sk.parent[s];
      const posed = pose.isPosed(s);
      this.localOf(pose, s, posed);
      const m = posed || (p >= 0 && moved[p] === 1);
      moved[s] = m ? 1 : 0;
      if (!m) copy16(base.world, o, world, o);
      else if (p < 0) copy16(local, o, world, o);
      else multiplyInto(world, p * 16, local, o, world, o);
    }
    for (let k = 0; k < sk.skins.length; k++) this.skinSkin(pose, k);
    return this;
  }

  /** Slot s's world matrix (a view into {@link world}). */
  worldOf(s: number): Float64Array {
    return this.world.subarray(s * 16, s * 16 + 16);
  }

  /**
   * local = T · (R_base · q) · S, with T and S from the base unless a clip set them: the glTF node
   * transform with the offset turning the joint in its own frame, so a viewport can hand the same
   * TRS to three.js' position, quaternion and scale.
   */
  private localOf(pose: Pose, s: number, posed: boolean): void {
    const base = this.skeleton.base(pose.basis);
    const o = s * 16;
    if (!posed) {
      copy16(base.local, o, this.local, o);
      return;
    }
    this.trsOf(pose, s, this._trs, 0);
    matCompose(this._trs, 0, this._trs, 3, this._trs, 7, this.local, o);
  }

  /** Slot s's local transform under `pose` as TRS (t xyz, q xyzw, s xyz) into out[o..o+10). */
  trsOf(pose: Pose, s: number, out: Float64Array, o = 0): void {
    const base = this.skeleton.base(pose.basis);
    for (let c = 0; c < 10; c++) out[o + c] = base.trs[s * 10 + c];
    if (!pose.isPosed(s)) return;
    quatMultiply(base.trs, s * 10 + 3, pose.rotations, s * 4, out, o + 3);
    for (let c = 0; c < 3; c++) {
      const t = pose.translations[s * 3 + c];
      const sc = pose.scales[s * 3 + c];
      if (!Number.isNaN(t)) out[o + c] = t;
      if (!Number.isNaN(sc)) out[o + 7 + c] = sc;
    }
  }

  private skinSkin(pose: Pose, k: number): void {
    const skin = this.skeleton.skins[k];
    const S = this.skinning[k];
    const id = this.identity[k];
    const ibm = skin.inverseBindMatrices;
    const bind = pose.basis === 'bind';
    const restIsBind = this.skeleton.restIsBind;
    for (let j = 0; j < skin.slots.length; j++) {
      const s = skin.slots[j];
      const o = j * 16;
      // Unposed, a joint whose base world is its IBM's inverse skins by exactly I: the bind pose,
      // or a rest pose that is the bind pose (as most files store it) gives POSITION bit for bit.
      const unmovedAtBind =
        s >= 0 && this.moved[s] === 0 && skin.bindExact[j] === 1 && (bind || restIsBind[s] === 1);
      if (s < 0 || unmovedAtBind) {
        // An unknown joint stays put, as three.js leaves a missing bone at the identity.
        matIdentity(S, o);
        id[j] = 1;
        continue;
      }
      multiplyInto(this.world, s * 16, ibm, o, S, o);
      id[j] = 0;
    }
  }
}

function copy16(from: Float64Array, fo: number, to: Float64Array, o: number): void {
  for (let c = 0; c < 16; c++) to[o + c] = from[fo + c];
}
