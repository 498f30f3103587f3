/**
 * combineMask: how a new pick (click, box, lasso, by joint) combines with the current selection,
 * as Blender and Maya bind it: plain replaces, Shift adds, Ctrl subtracts.
 */

/** How a pick combines with the selection it is made on. */
export type SelectMode = 'replace' | 'add' | 'subtract' | 'intersect';

/** Every {@link SelectMode}, for validating script input. */
export const SELECT_MODES: readonly SelectMode[] = ['replace', 'add', 'subtract', 'intersect'];

/**
 * Combines `picked` (flags, non-zero = picked) into `current` in place, flag by flag; both have
 * the same length. Returns true when any flag of `current` changed.
 */
export function combineMask(current: Uint8Array, picked: Uint8Array, mode: SelectMode): boolean {
  if (current.length !== picked.length) throw new RangeError('combineMask: masks differ in length');
  let changed = false;
  for (let i = 0; i < current.length; i++) {
    const a = current[i] !== 0;
    const b = picked[i] !== 0;
    const next = mode === 'replace' ? b : mode === 'add' ? a || b : mode === 'subtract' ? a && !b : a && b;
    if (next !== a) changed = true;
    current[i] = next ? 1 : 0;
  }
  return changed;
}

/** Number of set flags. */
export function countMask(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
  return n;
}
