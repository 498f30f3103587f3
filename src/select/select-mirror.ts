/**
 * mirrorNodeMask: the selection's mirror image across a symmetry plane, through the mirror map
 * the mirror brush uses (Blender's Select Mirror).
 */

/** Options of {@link mirrorNodeMask}. */
export interface MirrorSelectOptions {
  /** Keep the selection and add its mirror image (true), or replace it by the image (false). */
  extend?: boolean;
}

/** Defaults of {@link MirrorSelectOptions}. */
export const MIRROR_SELECT_DEFAULTS: Required<MirrorSelectOptions> = { extend: false };

/** What {@link mirrorNodeMask} returns. */
export interface MirrorSelectResult {
  mask: Uint8Array;
  /** Selected nodes that have no mirror partner (their image is not selected). */
  unmatched: number;
}

/**
 * The mirror image of `mask` (one flag per node) under `partner` (a MirrorMap's partners: -1 for
 * none, the node itself on the plane), as a new mask; with `extend`, united with `mask`.
 */
export function mirrorNodeMask(
  partner: Int32Array,
  mask: Uint8Array,
  options: MirrorSelectOptions = MIRROR_SELECT_DEFAULTS,
): MirrorSelectResult {
  const extend = options.extend ?? MIRROR_SELECT_DEFAULTS.extend;
  const out = extend ? mask.slice() : new Uint8Array(mask.length);
  let unmatched = 0;
  for (let g = 0; g < mask.length; g++) {
    if (!mask[g]) continue;
    const p = partner[g];
    if (p >= 0) out[p] = 1;
    else unmatched++;
  }
  return { mask: out, unmatched };
}
