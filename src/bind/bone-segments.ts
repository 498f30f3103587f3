/**
 * buildBoneSegments: the segment each binding joint deforms around, placed as Blender places
 * bone tails.
 *
 * - One child: the segment runs from the joint to that child.
 * - Several children: to their centroid. One segment per child would send a hips bone down
 *   both thighs and a head bone (whose children are ear roots) out to the ears; the centroid
 *   keeps the hips in the pelvis and the head in the head.
 * - End joints (`end`: Mixamo's `HeadTop_End`, finger tips, `Toe_End`) count as children
 *   here, so the head bone runs from Head to HeadTop_End, but get no segment of their own
 *   unless `bindEndJoints` is set (an artist leaves them unweighted).
 * - No child (a leaf): it continues its parent's direction for `leafLength` times the parent
 *   bone's length. A joint at its parent's position looks further up for a direction; a root
 *   with no children is a point.
 * - An explicit `tail` on the joint wins over all of the above.
 *
 * Excluded joints get no segment and are ignored as children, unless they are leaves (an end
 * joint, a tip left out as outside the mesh still ends its parent's bone); they still give
 * their parents' directions. Segments are stored flat: `ends[6s .. 6s+5]` = a, b of segment s; `joint[s]`
 * is the joint it binds.
 */

/** A joint as auto-bind sees it (bind-pose world position, parent index or -1). */
export interface BindJoint {
  position: readonly [number, number, number];
  parent: number;
  /** Non-deforming (root, IK target, helper): bound to nothing. */
  excluded?: boolean;
  /** Where the joint's bone ends, when the caller knows better than the child rule. */
  tail?: readonly [number, number, number];
  /**
   * The bone's direction in the bind pose (unit), when the rig has a convention for it (Blender
   * rigs point local +Y along the bone): used for leaves instead of the parent's direction.
   */
  axis?: readonly [number, number, number];
  /**
   * Marks where its parent's bone ends and deforms nothing (see end-joints.ts): it is its
   * parent's tail, and gets a bone of its own only with `bindEndJoints`.
   */
  end?: boolean;
  /** Its mirror partner (`LeftHand` ↔ `RightHand`), index into the joints; decisions are paired. */
  partner?: number;
}

/** Options of {@link buildBoneSegments}. */
export interface BoneSegmentsOptions {
  /** A leaf's segment length as a fraction of its parent bone's length. */
  leafLength?: number;
  /**
   * Where a joint with several children points: 'centroid' of the children, or 'aligned': the
   * child straight ahead (along the joint's axis, else its parent's direction) when one is
   * within ~45°, else the centroid.
   */
  multiChild?: 'centroid' | 'aligned';
  /**
   * Fraction of the bone cut from the start of each child of a branching joint (clavicles,
   * thighs): their heads sit inside the parent's body, which an artist gives to the parent.
   */
  branchTrim?: number;
  /** Give end joints bones of their own (they are weighted like any leaf). */
  bindEndJoints?: boolean;
}

/** Defaults of {@link BoneSegmentsOptions}. */
export const BONE_SEGMENTS_DEFAULTS: Required<BoneSegmentsOptions> = {
  leafLength: 0.5,
  multiChild: 'centroid',
  branchTrim: 0,
  bindEndJoints: false,
};

/** Flat segments: `ends` holds a.xyz, b.xyz per segment; `joint` the joint each binds. */
export interface BoneSegments {
  count: number;
  joint: Int32Array;
  ends: Float64Array;
  /** 1 where the segment is a leaf's (its end is a guess that auto-bind may extend). */
  leaf: Uint8Array;
}

/** Squared distance between two joints' positions. */
function dist2(a: readonly number[], b: readonly number[]): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/**
 * Builds one segment per joint that is not excluded (and has a finite position), in joint
 * order. Parent indices that are out of range or form cycles are treated as roots.
 */
export function buildBoneSegments(
  joints: readonly BindJoint[],
  options: BoneSegmentsOptions = BONE_SEGMENTS_DEFAULTS,
): BoneSegments {
  const leafLength = options.leafLength ?? BONE_SEGMENTS_DEFAULTS.leafLength;
  const multiChild = options.multiChild ?? BONE_SEGMENTS_DEFAULTS.multiChild;
  const branchTrim = options.branchTrim ?? BONE_SEGMENTS_DEFAULTS.branchTrim;
  const bindEnd = options.bindEndJoints ?? BONE_SEGMENTS_DEFAULTS.bindEndJoints;
  const n = joints.length;
  const parentOf = (j: number) => {
    const p = joints[j].parent;
    return Number.isInteger(p) && p >= 0 && p < n && p !== j ? p : -1;
  };
  // A leaf joint (no child at all) still ends its parent's bone when it binds nothing (an end
  // joint, or one left out as outside the mesh or by the user): the bone runs to it.
  const hasChild = new Uint8Array(n);
  for (let j = 0; j < n; j++) if (parentOf(j) >= 0) hasChild[parentOf(j)] = 1;
  const children: number[][] = joints.map(() => []);
  for (let j = 0; j < n; j++) {
    const p = parentOf(j);
    if (p >= 0 && (!joints[j].excluded || joints[j].end || !hasChild[j])) children[p].push(j);
  }
  const ends: number[] = [];
  const jointOf: number[] = [];
  const leaf: number[] = [];
  for (let j = 0; j < n; j++) {
    const joint = joints[j];
    const a = joint.position;
    if (joint.excluded || (joint.end && !bindEnd) || !a.every(Number.isFinite)) continue;
    let b: readonly number[] = a;
    let isLeaf = 0;
    if (joint.tail?.every(Number.isFinite)) {
      b = joint.tail;
    } else if (children[j].length === 1) {
      b = joints[children[j][0]].position;
    } else if (children[j].length > 1) {
      const ahead = multiChild === 'aligned' ? childAhead(joints, j, parentOf(j), children[j]) : -1;
      if (ahead >= 0) {
        b = joints[ahead].position;
      } else {
        const c = [0, 0, 0];
        for (const k of children[j])
          for (let i = 0; i < 3; i++) c[i] += joints[k].position[i] / children[j].length;
        b = c;
      }
    } else {
      // A leaf: continue the direction of the nearest ancestor not at the joint's position.
      isLeaf = 1;
      const seen = new Set<number>([j]);
      let p = parentOf(j);
      const parentLength = p >= 0 ? Math.sqrt(dist2(a, joints[p].position)) : 0;
      while (p >= 0 && !seen.has(p) && !(dist2(a, joints[p].position) > 0)) {
        seen.add(p);
        p = parentOf(p);
      }
      if (p >= 0 && !seen.has(p)) {
        const q = joints[p].position;
        const len = Math.sqrt(dist2(a, q));
        const length = leafLength * (parentLength > 0 ? parentLength : len);
        const axis = joint.axis;
        const axisLength = axis ? Math.hypot(axis[0], axis[1], axis[2]) : 0;
        const scale = axisLength > 0 ? length / axisLength : length / len;
        const dir = axisLength > 0 && axis ? axis : [a[0] - q[0], a[1] - q[1], a[2] - q[2]];
        if (Number.isFinite(scale)) b = [0, 1, 2].map((i) => a[i] + dir[i] * scale);
      }
    }
    if (!b.every(Number.isFinite)) b = a;
    const p = parentOf(j);
    const t = p >= 0 && children[p].length > 1 ? branchTrim : 0;
    ends.push(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, b[0], b[1], b[2]);
    jointOf.push(j);
    leaf.push(isLeaf);
  }
  return {
    count: jointOf.length,
    joint: Int32Array.from(jointOf),
    ends: Float64Array.from(ends),
    leaf: Uint8Array.from(leaf),
  };
}

/**
 * The child of joint j straight ahead: the one best aligned with j's axis (or its parent's
 * direction into j), if within ~45°; -1 when there is no direction or no child close to it.
 */
function childAhead(joints: readonly BindJoint[], j: number, parent: number, children: number[]): number {
  const a = joints[j].position;
  let dir: readonly number[] | null = joints[j].axis ?? null;
  if (!dir && parent >= 0) {
    const q = joints[parent].position;
    dir = [a[0] - q[0], a[1] - q[1], a[2] - q[2]];
  }
  const dirLength = dir ? Math.hypot(dir[0], dir[1], dir[2]) : 0;
  if (!dir || !(dirLength > 0)) return -1;
  let best = -1;
  let bestCos = Math.SQRT1_2;
  const cosines = children.map((k) => {
    const c = joints[k].position;
    const d = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const len = Math.hypot(d[0], d[1], d[2]);
    return len > 0 ? (d[0] * dir[0] + d[1] * dir[1] + d[2] * dir[2]) / (len * dirLength) : Number.NaN;
  });
  children.forEach((k, i) => {
    if (cosines[i] > bestCos) {
      bestCos = cosines[i];
      best = k;
    }
  });
  // The runner-up among children elsewhere (several bones starting at one point, a palm's
  // metacarpals, are one way ahead).
  let second = Number.NEGATIVE_INFINITY;
  const apart = best >= 0 ? SAME_POINT * SAME_POINT * dist2(a, joints[best].position) : 0;
  children.forEach((k, i) => {
    if (k !== best && best >= 0 && dist2(joints[k].position, joints[best].position) > apart)
      second = Math.max(second, cosines[i]);
  });
  // Two children equally far ahead (a head's two ear roots, mirror partners) are no single
  // child ahead: picking one by a rounding error would bend the bone to one side.
  const partner = best >= 0 ? joints[best].partner : undefined;
  if (
    bestCos - second < AHEAD_MARGIN ||
    (partner !== undefined && partner !== best && children.includes(partner))
  )
    return -1;
  return best;
}

/** Children closer than this fraction of the bone's length to each other start at one point. */
const SAME_POINT = 0.01;

/** Children whose alignment (cosine) differs by less than this are tied (rounding). */
const AHEAD_MARGIN = 1e-6;

/**
 * Where on segment `s` of `ends` the point nearest (px, py, pz) lies: t in [0, 1] from the
 * segment's start (0 for a degenerate segment). The one place the projection is written, so
 * every distance to a bone agrees to the bit. Does not allocate.
 */
export function segmentParameter(ends: Float64Array, s: number, px: number, py: number, pz: number): number {
  const o = s * 6;
  const ax = ends[o];
  const ay = ends[o + 1];
  const az = ends[o + 2];
  const dx = ends[o + 3] - ax;
  const dy = ends[o + 4] - ay;
  const dz = ends[o + 5] - az;
  const len2 = dx * dx + dy * dy + dz * dz;
  const t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy + (pz - az) * dz) / len2 : 0;
  return t < 0 ? 0 : Math.min(t, 1);
}

/**
 * Squared distance from point (px, py, pz) to segment `s` of `ends` (a degenerate segment is
 * its point). Does not allocate.
 */
export function segmentDistanceSquared(
  ends: Float64Array,
  s: number,
  px: number,
  py: number,
  pz: number,
): number {
  const o = s * 6;
  const ax = ends[o];
  const ay = ends[o + 1];
  const az = ends[o + 2];
  const t = segmentParameter(ends, s, px, py, pz);
  const ex = px - ax - t * (ends[o + 3] - ax);
  const ey = py - ay - t * (ends[o + 4] - ay);
  const ez = pz - az - t * (ends[o + 5] - az);
  return ex * ex + ey * ey + ez * ez;
}
