/**
 * Pose: what the user (or a clip) did to the skeleton, as offsets on a base pose (bind or rest,
 * see ./skeleton.ts). Per slot:
 *
 * - a rotation offset q, applied in the joint's own frame on top of the base rotation:
 *   `local = T · (R_base · q) · S` (a slider turns the joint about its own origin and axes, as
 *   Blender's pose mode does, and `R_base · q` is what three.js' bone.quaternion gets);
 * - optionally an absolute local translation and scale (NaN = the base's T and S), which only
 *   animation clips set.
 *
 * Posing never touches the Document: weights and the exported rest data stay as they are.
 */
import type { PoseBasis, Skeleton } from './skeleton.ts';

/** Unit quaternion x, y, z, w. */
export type Quat = [number, number, number, number];

export class Pose {
  basis: PoseBasis;
  /** Rotation offset per slot (x, y, z, w); identity = (0, 0, 0, 1). */
  readonly rotations: Float64Array;
  /** Absolute local translation per slot (xyz); NaN = the base's. */
  readonly translations: Float64Array;
  /** Absolute local scale per slot (xyz); NaN = the base's. */
  readonly scales: Float64Array;

  constructor(
    readonly size: number,
    basis: PoseBasis = 'rest',
  ) {
    this.basis = basis;
    this.rotations = new Float64Array(size * 4);
    this.translations = new Float64Array(size * 3);
    this.scales = new Float64Array(size * 3);
    this.reset(basis);
  }

  /** Every slot back to its base (the file's rest pose by default: what engines draw). */
  reset(basis: PoseBasis = 'rest'): void {
    this.basis = basis;
    for (let s = 0; s < this.size; s++) this.resetSlot(s);
  }

  /** One slot back to its base. */
  resetSlot(s: number): void {
    const r = this.rotations;
    r[s * 4] = r[s * 4 + 1] = r[s * 4 + 2] = 0;
    r[s * 4 + 3] = 1;
    this.translations.fill(Number.NaN, s * 3, s * 3 + 3);
    this.scales.fill(Number.NaN, s * 3, s * 3 + 3);
  }

  /** True when slot s differs from its base. */
  isPosed(s: number): boolean {
    const r = this.rotations;
    const identity =
      r[s * 4] === 0 && r[s * 4 + 1] === 0 && r[s * 4 + 2] === 0 && Math.abs(r[s * 4 + 3]) === 1;
    return !identity || this.hasOverride(s);
  }

  /** True when slot s has an absolute translation or scale (from a clip). */
  hasOverride(s: number): boolean {
    return !Number.isNaN(this.translations[s * 3]) || !Number.isNaN(this.scales[s * 3]);
  }

  /** True when no slot is posed. */
  isBase(): boolean {
    for (let s = 0; s < this.size; s++) if (this.isPosed(s)) return false;
    return true;
  }

  copyFrom(other: Pose): this {
    if (other.size !== this.size) throw new RangeError('poses of different skeletons');
    this.basis = other.basis;
    this.rotations.set(other.rotations);
    this.translations.set(other.translations);
    this.scales.set(other.scales);
    return this;
  }

  clone(): Pose {
    return new Pose(this.size, this.basis).copyFrom(this);
  }
}

/** A pose as plain JSON (named poses, autosave): joints by id, with names to survive re-ordering. */
export interface SerializedPose {
  basis: PoseBasis;
  joints: { id: number; name: string; rotation: Quat; translation?: number[]; scale?: number[] }[];
}

/** The posed slots of a pose as JSON. */
export function serializePose(skeleton: Skeleton, pose: Pose): SerializedPose {
  const joints: SerializedPose['joints'] = [];
  for (let s = 0; s < pose.size; s++) {
    if (!pose.isPosed(s)) continue;
    const r = pose.rotations;
    const entry: SerializedPose['joints'][number] = {
      id: skeleton.nodeIds[s],
      name: skeleton.names[s],
      rotation: [r[s * 4], r[s * 4 + 1], r[s * 4 + 2], r[s * 4 + 3]],
    };
    if (!Number.isNaN(pose.translations[s * 3]))
      entry.translation = [...pose.translations.subarray(s * 3, s * 3 + 3)];
    if (!Number.isNaN(pose.scales[s * 3])) entry.scale = [...pose.scales.subarray(s * 3, s * 3 + 3)];
    joints.push(entry);
  }
  return { basis: pose.basis, joints };
}

/**
 * Sets `pose` from JSON: each entry goes to the joint with its id when that joint has its name,
 * else to the joint with its name; entries matching nothing are skipped and counted. Values that
 * are not finite are ignored. Returns how many entries were skipped.
 */
export function deserializePose(skeleton: Skeleton, data: SerializedPose, pose: Pose): number {
  pose.reset(data.basis === 'rest' ? 'rest' : 'bind');
  let skipped = 0;
  for (const entry of data.joints ?? []) {
    let s = skeleton.slotOf(entry.id);
    if (s < 0 || skeleton.names[s] !== entry.name) {
      const byName = skeleton.names.indexOf(entry.name);
      if (byName >= 0) s = byName;
    }
    if (s < 0) {
      skipped++;
      continue;
    }
    setFinite(pose.rotations, s * 4, entry.rotation, 4);
    normalizeSlot(pose.rotations, s);
    if (entry.translation) setFinite(pose.translations, s * 3, entry.translation, 3);
    if (entry.scale) setFinite(pose.scales, s * 3, entry.scale, 3);
  }
  return skipped;
}

/** The posed slots' rotation offsets by joint id (string keys), as the autosave session keeps them. */
export function rotationRecord(skeleton: Skeleton, pose: Pose): Record<string, Quat> {
  return Object.fromEntries(serializePose(skeleton, pose).joints.map((j) => [String(j.id), j.rotation]));
}

/** Sets `pose` (on `basis`, default rest) from {@link rotationRecord}'s output; unknown joint ids are skipped. */
export function applyRotationRecord(
  skeleton: Skeleton,
  record: Record<string, Quat>,
  pose: Pose,
  basis: PoseBasis = 'rest',
): void {
  const joints = Object.entries(record).flatMap(([id, rotation]) => {
    const s = skeleton.slotOf(Number(id));
    return s >= 0 && Array.isArray(rotation) ? [{ id: Number(id), name: skeleton.names[s], rotation }] : [];
  });
  deserializePose(skeleton, { basis, joints }, pose);
}

function setFinite(out: Float64Array, o: number, values: readonly number[] | undefined, n: number): void {
  if (!values || values.length < n) return;
  for (let c = 0; c < n; c++) if (!Number.isFinite(values[c])) return;
  for (let c = 0; c < n; c++) out[o + c] = values[c];
}

function normalizeSlot(r: Float64Array, s: number): void {
  const l = Math.hypot(r[s * 4], r[s * 4 + 1], r[s * 4 + 2], r[s * 4 + 3]);
  if (!(l > 0)) {
    r.set([0, 0, 0, 1], s * 4);
    return;
  }
  for (let c = 0; c < 4; c++) r[s * 4 + c] /= l;
}
