/**
 * End joints: joints that only mark where their parent's bone ends (Mixamo `HeadTop_End`,
 * `LeftToe_End` and the fourth finger joints `LeftHandIndex4`; Blender's `_end` leaf bones;
 * 3ds Max's `Nub`s). An artist gives them no weight; auto-bind uses them as their parent's
 * bone tail and, unless asked to, binds nothing to them.
 *
 * Known by name only: a leaf joint without such a name is an ordinary bone that deforms (a
 * Blender head bone with no child, the last bone of a tail), and no position rule tells the two
 * apart on the shared models.
 */

// `HeadTop_End`, `head.end`, `Head_end`, `neck-end`, `HeadEnd`, `Bip01 HeadNub`, `Finger0Nub`;
// not `Legend` or `Bend` (a lower-case `end` must follow a separator).
const END_NAME = /(?:[._\- ](?:end|End|END)|[a-z0-9]End|Nub|[._\- ]nub)$/;
// Mixamo's finger tips: the fourth joint of a three-joint finger (`mixamorig:LeftHandIndex4`).
const MIXAMO_TIP = /Hand(?:Thumb|Index|Middle|Ring|Pinky)4$/;

/** Whether a joint's name marks it as an end joint (see the module comment). */
export function isEndJointName(name: string): boolean {
  return END_NAME.test(name) || MIXAMO_TIP.test(name);
}

/**
 * Per joint (`parents[j]`: index of j's parent, -1 for a root), whether it is an end joint: its
 * name says so and every joint below it is one too (Blender's FBX import adds `HeadTop_End_end`
 * under Mixamo's `HeadTop_End`).
 */
export function endJointFlags(names: readonly string[], parents: ArrayLike<number>): boolean[] {
  const n = names.length;
  const end = names.map(isEndJointName);
  // A named end joint with a deforming joint below it is no end: clear upwards from each such child.
  for (let j = 0; j < n; j++) {
    if (end[j]) continue;
    const seen = new Set<number>([j]);
    let p = parents[j];
    while (Number.isInteger(p) && p >= 0 && p < n && !seen.has(p)) {
      seen.add(p);
      end[p] = false;
      p = parents[p];
    }
  }
  return end;
}
