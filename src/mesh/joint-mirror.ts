/**
 * Joint mirror pairs: which joint a mirrored stroke paints. Pairs come from a humanoid map first
 * (a VRM's human bones: leftUpperArm ↔ rightUpperArm, whatever the joints are called), then names
 * (Left/Right, left/right, .L/.R, _L/_R, _l/_r, L_/R_, l_/r_, mixamorig:Left…, Biped's
 * ` L `), then from bind
 * positions for joints whose names don't pair, then from the user's overrides.
 */
import { axisIndex, type MirrorAxis } from './mirror-map.ts';

const SWAP: Record<string, string> = {
  L: 'R',
  R: 'L',
  l: 'r',
  r: 'l',
  Left: 'Right',
  Right: 'Left',
  left: 'right',
  right: 'left',
  LEFT: 'RIGHT',
  RIGHT: 'LEFT',
};

// A side letter as a suffix or prefix, set off by a separator (Blender's convention), with an
// optional number after a suffix (`hand.L.001`).
const SUFFIX = /([._\- ])([LRlr])((?:[._]\d+)?)$/;
const PREFIX = /^([LRlr])([._\- ])/;
// A side word: capitalised (LeftArm, mixamorig:LeftArm, armLeft), lower case (left_arm,
// leftArm) or upper case (ARM_LEFT), never inside another word (Bright, Leftover).
// A side letter between separators (3ds Max Biped: `Bip01 L Thigh`).
const INFIX = /([._\- ])([LRlr])([._\- ])/;
const WORD = /(Left|Right)(?![a-z])|(?<![A-Za-z])(left|right)(?![a-z])|(?<![A-Za-z])(LEFT|RIGHT)(?![A-Z])/;

/** The name of the other side's joint (`LeftArm` → `RightArm`, `hand.L` → `hand.R`), or null. */
export function flipSideName(name: string): string | null {
  let m = SUFFIX.exec(name);
  if (m) return name.slice(0, m.index) + m[1] + SWAP[m[2]] + m[3];
  m = PREFIX.exec(name);
  if (m) return SWAP[m[1]] + name.slice(1);
  m = WORD.exec(name);
  if (m) return name.slice(0, m.index) + SWAP[m[0]] + name.slice(m.index + m[0].length);
  m = INFIX.exec(name);
  if (m) return name.slice(0, m.index) + m[1] + SWAP[m[2]] + m[3] + name.slice(m.index + m[0].length);
  return null;
}

/** A joint as {@link mirrorJoints} needs it. */
export interface MirrorJointInput {
  name: string;
  position: readonly [number, number, number];
  /** The joint's human bone in a humanoid map (VRM 1.0 names: leftUpperArm…), when it has one. */
  humanBone?: string | null;
}

/** Options of {@link mirrorJoints}. */
export interface MirrorJointsOptions {
  axis?: MirrorAxis;
  /** Position match tolerance as a fraction of the skeleton's bounding-box diagonal. */
  relativeTolerance?: number;
  /** Pairs set by the user (indices into the joint list), applied last, both ways. */
  overrides?: readonly (readonly [number, number])[];
}

/** Defaults of {@link MirrorJointsOptions}. */
export const MIRROR_JOINTS_DEFAULTS: Required<MirrorJointsOptions> = {
  axis: 'x',
  relativeTolerance: 0.02,
  overrides: [],
};

/** Joint pairs: how each was found. */
export interface JointMirror {
  /** Mirror of each joint (itself for joints on the plane and joints with no partner). */
  mirror: Int32Array;
  /** How each pair was found. */
  source: ('humanoid' | 'name' | 'position' | 'override' | 'self' | 'none')[];
}

/** The other side's human bone (`leftHand` → `rightHand`), or null for a bone on the mid-line. */
export function flipHumanBone(bone: string): string | null {
  if (bone.startsWith('left')) return `right${bone.slice(4)}`;
  if (bone.startsWith('right')) return `left${bone.slice(5)}`;
  return null;
}

/** Pairs joints by humanoid map, then by name, then by mirrored bind position, then applies overrides. */
export function mirrorJoints(
  joints: readonly MirrorJointInput[],
  options: MirrorJointsOptions = {},
): JointMirror {
  const { axis, relativeTolerance, overrides } = { ...MIRROR_JOINTS_DEFAULTS, ...options };
  const n = joints.length;
  const mirror = new Int32Array(n).fill(-1);
  const source: JointMirror['source'] = new Array(n).fill('none');
  const byName = new Map<string, number>();
  joints.forEach((j, i) => {
    if (!byName.has(j.name)) byName.set(j.name, i);
  });

  // 0. The humanoid map: what the avatar says each joint is.
  const byBone = new Map<string, number>();
  joints.forEach((j, i) => {
    if (j.humanBone) byBone.set(j.humanBone, i);
  });
  for (const [bone, i] of byBone) {
    const other = flipHumanBone(bone);
    const k = other === null ? undefined : byBone.get(other);
    if (k !== undefined && k !== i && mirror[i] < 0 && mirror[k] < 0) {
      mirror[i] = k;
      mirror[k] = i;
      source[i] = source[k] = 'humanoid';
    }
  }

  // 1. Names.
  for (let i = 0; i < n; i++) {
    if (mirror[i] >= 0) continue;
    const flipped = flipSideName(joints[i].name);
    const k = flipped === null ? undefined : byName.get(flipped);
    if (k !== undefined && k !== i && mirror[k] < 0) {
      mirror[i] = k;
      mirror[k] = i;
      source[i] = source[k] = 'name';
    }
  }

  // 2. Positions: joints on the plane mirror to themselves; others pair with the nearest
  // unpaired joint at their mirrored position when that one picks them back.
  const a = axisIndex(axis);
  const tolerance = relativeTolerance * diagonal(joints);
  const nearestUnpaired = (i: number): number => {
    const p = joints[i].position;
    let best = -1;
    let bestD = tolerance;
    for (let k = 0; k < n; k++) {
      if (mirror[k] >= 0) continue;
      const q = joints[k].position;
      const d = Math.hypot(
        (a === 0 ? -p[0] : p[0]) - q[0],
        (a === 1 ? -p[1] : p[1]) - q[1],
        (a === 2 ? -p[2] : p[2]) - q[2],
      );
      if (d <= bestD && (best < 0 || d < bestD)) {
        best = k;
        bestD = d;
      }
    }
    return best;
  };
  for (let i = 0; i < n; i++) {
    if (mirror[i] >= 0) continue;
    if (Math.abs(joints[i].position[a]) <= tolerance / 2) {
      mirror[i] = i;
      source[i] = 'self';
      continue;
    }
    const k = nearestUnpaired(i);
    if (k >= 0 && k !== i && nearestUnpaired(k) === i) {
      mirror[i] = k;
      mirror[k] = i;
      source[i] = source[k] = 'position';
    }
  }
  for (let i = 0; i < n; i++) if (mirror[i] < 0) mirror[i] = i; // 'none': paints itself

  // 3. Overrides: undo the old pairs of both joints, then pair them.
  for (const [i, k] of overrides) {
    if (!(i >= 0 && i < n && k >= 0 && k < n)) continue;
    for (const j of [i, k]) {
      const old = mirror[j];
      if (old !== j && mirror[old] === j) {
        mirror[old] = old;
        source[old] = 'none';
      }
    }
    mirror[i] = k;
    mirror[k] = i;
    source[i] = source[k] = 'override';
  }
  return { mirror, source };
}

function diagonal(joints: readonly MirrorJointInput[]): number {
  if (joints.length === 0) return 0;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const j of joints) {
    for (let c = 0; c < 3; c++) {
      lo[c] = Math.min(lo[c], j.position[c]);
      hi[c] = Math.max(hi[c], j.position[c]);
    }
  }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}
