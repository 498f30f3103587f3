/**
 * How a toolbar too narrow for its buttons makes room, as a pure plan over measured widths (so it
 * is tested in Node and any new button takes part without a breakpoint to tune): first the
 * buttons' words go (their icons, pressed state and tooltips stay), lowest priority first; then
 * whole items fold into the "More" menu, lowest priority first (the rightmost first among equals).
 */

/** One item of the bar as measured with its words shown. */
export interface FoldItem {
  id: string;
  /** Higher keeps its place longer. */
  priority: number;
  /** Its width with the words shown, its share of the bar's gap included (CSS px). */
  width: number;
  /** What hiding its words saves (0: nothing to hide). */
  labelWidth: number;
  /** False: the item is only hidden when there is no room (the brand), never listed in the menu. */
  menu?: boolean;
}

/** The bar from left to right: items, and `null` for a separator between groups. */
export type FoldEntry = FoldItem | null;

export interface FoldInput {
  entries: readonly FoldEntry[];
  /** A separator's width with its margins and gap. */
  sepWidth: number;
  /** Everything that never folds (panel toggles, padding, the spacer's gaps). */
  fixed: number;
  /** The More button's width with its gap (needed once anything is in the menu). */
  moreWidth: number;
  /** The bar's width. */
  available: number;
}

/** Which items show without words, and which are out of the bar (in the menu, or hidden). */
export interface FoldPlan {
  compact: ReadonlySet<string>;
  folded: ReadonlySet<string>;
}

export const EMPTY_PLAN: FoldPlan = { compact: new Set(), folded: new Set() };

/**
 * The separators (by entry index) still drawn when `folded` items are out of the bar: one only
 * between two groups that both keep an item, so no separator leads, trails or doubles.
 */
export function visibleSeparators(entries: readonly FoldEntry[], folded: ReadonlySet<string>): Set<number> {
  const shown = new Set<number>();
  let seenItem = false;
  let pending = -1;
  entries.forEach((entry, i) => {
    if (entry === null) {
      if (seenItem) pending = i;
      return;
    }
    if (folded.has(entry.id)) return;
    if (pending >= 0) shown.add(pending);
    pending = -1;
    seenItem = true;
  });
  return shown;
}

/** True when some folded item belongs in the menu (the More button is needed). */
export function needsMenu(entries: readonly FoldEntry[], folded: ReadonlySet<string>): boolean {
  return entries.some((e) => e !== null && e.menu !== false && folded.has(e.id));
}

/** The width the bar needs under `plan`. */
export function neededWidth(input: FoldInput, plan: FoldPlan): number {
  let total = input.fixed + visibleSeparators(input.entries, plan.folded).size * input.sepWidth;
  for (const e of input.entries) {
    if (e === null || plan.folded.has(e.id)) continue;
    total += plan.compact.has(e.id) ? e.width - e.labelWidth : e.width;
  }
  if (needsMenu(input.entries, plan.folded)) total += input.moreWidth;
  return total;
}

/** The least the bar must give up to fit `available` (everything folded if even that does not fit). */
export function planFold(input: FoldInput): FoldPlan {
  const compact = new Set<string>();
  const folded = new Set<string>();
  const plan = { compact, folded };
  const fits = () => neededWidth(input, plan) <= input.available;
  if (fits()) return plan;
  const order = input.entries
    .map((entry, index) => ({ entry, index }))
    .filter((x): x is { entry: FoldItem; index: number } => x.entry !== null)
    .sort((a, b) => a.entry.priority - b.entry.priority || b.index - a.index)
    .map((x) => x.entry);
  for (const item of order) {
    if (item.labelWidth <= 0) continue;
    compact.add(item.id);
    if (fits()) return plan;
  }
  for (const item of order) {
    folded.add(item.id);
    compact.delete(item.id);
    if (fits()) return plan;
  }
  return plan;
}

/** Two plans alike (a re-measure that changes nothing must not render again). */
export function samePlan(a: FoldPlan, b: FoldPlan): boolean {
  const same = (x: ReadonlySet<string>, y: ReadonlySet<string>) =>
    x.size === y.size && [...x].every((id) => y.has(id));
  return same(a.compact, b.compact) && same(a.folded, b.folded);
}
