import { describe, expect, it } from 'vitest';
import {
  type FoldEntry,
  type FoldItem,
  neededWidth,
  planFold,
  visibleSeparators,
} from '../../app/components/toolbar-fold.ts';

const item = (id: string, priority: number, width: number, labelWidth = 0, menu?: boolean): FoldItem => ({
  id,
  priority,
  width,
  labelWidth,
  menu,
});

// brand | open export | heat wire | modes | undo/redo — roughly the real bar's shape.
const entries: FoldEntry[] = [
  item('brand', 0, 80, 0, false),
  item('open', 6, 60, 30),
  item('export', 6, 70, 40),
  null,
  item('heat', 4, 80, 50),
  item('wire', 2, 50, 25),
  null,
  item('modes', 9, 200, 120),
  null,
  item('history', 10, 60),
];
const base = { entries, sepWidth: 10, fixed: 70, moreWidth: 30 };
const full = neededWidth({ ...base, available: 0 }, { compact: new Set(), folded: new Set() });

describe('planFold', () => {
  it('keeps everything when the bar is wide enough', () => {
    expect(full).toBe(70 + 80 + 60 + 70 + 80 + 50 + 200 + 60 + 3 * 10);
    const plan = planFold({ ...base, available: full });
    expect(plan.compact.size + plan.folded.size).toBe(0);
  });

  it('drops words first, the lowest priority first, before folding anything', () => {
    const plan = planFold({ ...base, available: full - 20 });
    expect([...plan.compact]).toEqual(['wire']);
    expect(plan.folded.size).toBe(0);
    const more = planFold({ ...base, available: full - 60 });
    expect([...more.compact].sort()).toEqual(['heat', 'wire']);
  });

  it('folds whole items once no words are left to drop, the lowest priority first; the brand only hides', () => {
    const words = 30 + 40 + 50 + 25 + 120;
    // Without words it needs `full - words`; 10 px less hides the brand (no menu needed for it).
    const hideBrand = planFold({ ...base, available: full - words - 10 });
    expect([...hideBrand.folded]).toEqual(['brand']);
    expect(neededWidth({ ...base, available: 0 }, hideBrand)).toBe(full - words - 80);
    // Less again: folding wire alone costs more (the More button) than it frees; with heat, it fits.
    const noBrand = full - words - 80;
    const menu = planFold({ ...base, available: noBrand - 10 });
    expect([...menu.folded].sort()).toEqual(['brand', 'heat', 'wire']);
    // Their group is empty: its separator goes too.
    expect(neededWidth({ ...base, available: 0 }, menu)).toBe(noBrand + 30 - 25 - 30 - 10);
  });

  it('among equal priorities folds the rightmost first', () => {
    const words = 30 + 40 + 50 + 25 + 120;
    const plan = planFold({ ...base, available: full - words - 80 - 35 - 25 });
    expect(plan.folded.has('export')).toBe(true);
    expect(plan.folded.has('open')).toBe(false);
  });

  it('never plans a bar wider than it has room for, down to folding everything', () => {
    for (let available = full + 10; available >= 0; available -= 7) {
      const plan = planFold({ ...base, available });
      const needed = neededWidth({ ...base, available }, plan);
      const all = entries.filter((e): e is FoldItem => e !== null).every((e) => plan.folded.has(e.id));
      expect(needed <= available || all, `at ${available}`).toBe(true);
    }
  });
});

describe('visibleSeparators', () => {
  it('draws a separator only between two groups that keep an item', () => {
    expect([...visibleSeparators(entries, new Set())]).toEqual([3, 6, 8]);
    // The whole heat/wire group folded: one separator between open/export and modes, not two.
    expect([...visibleSeparators(entries, new Set(['heat', 'wire']))]).toEqual([6, 8]);
    // Nothing before the first group that keeps an item: no leading separator.
    expect([...visibleSeparators(entries, new Set(['brand', 'open', 'export']))]).toEqual([6, 8]);
    // Nothing after: no trailing one.
    expect([...visibleSeparators(entries, new Set(['history']))]).toEqual([3, 6]);
  });
});
