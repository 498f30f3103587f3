import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './Icon.tsx';
import {
  EMPTY_PLAN,
  type FoldEntry,
  type FoldPlan,
  needsMenu,
  planFold,
  samePlan,
  visibleSeparators,
} from './toolbar-fold.ts';
import './toolbar.css';

/** One item of a {@link FoldingToolbar}: a button or a group of buttons that fold together. */
export interface ToolbarItem {
  id: string;
  /**
   * Higher keeps its place longer when the window is narrow: words go first (lowest priority
   * first), then whole items fold into the More menu (lowest first).
   */
  priority: number;
  node: ReactNode;
  /** False: hidden rather than listed in the menu when there is no room (the brand). */
  menu?: boolean;
}

/** The bar from left to right: items, and 'sep' between groups. */
export type ToolbarEntry = ToolbarItem | 'sep';

interface Measured {
  /** With its words shown, gap included. */
  width: number;
  labelWidth: number;
}

const gapOf = (el: Element) => Number.parseFloat(getComputedStyle(el).columnGap) || 0;

/** Words that go when room is short: each `.tool`'s label, and whatever is marked `data-fold-word` (the brand). */
const WORDS = '.tool > span, [data-fold-word]';

/** What the words of an item take: each label span and the gap before it. */
function labelWidthOf(el: HTMLElement): number {
  let total = 0;
  for (const word of el.querySelectorAll<HTMLElement>(WORDS)) {
    if (word.offsetWidth > 0)
      total += word.offsetWidth + (word.matches('.tool > span') ? gapOf(word.parentElement!) : 0);
  }
  return total;
}

const outerWidth = (el: HTMLElement) => {
  const style = getComputedStyle(el);
  return (
    el.offsetWidth + (Number.parseFloat(style.marginLeft) || 0) + (Number.parseFloat(style.marginRight) || 0)
  );
};

/**
 * A toolbar that never spills off-screen: it measures its items as drawn and, when the window is
 * too narrow, drops their words and then folds whole items into a More menu (see
 * toolbar-fold.ts). Any item added to `entries` takes part; `start` and `end` never fold.
 */
export function FoldingToolbar({
  label,
  start,
  entries,
  end,
}: {
  label: string;
  start: ReactNode;
  entries: ToolbarEntry[];
  end: ReactNode;
}) {
  const bar = useRef<HTMLElement>(null);
  const grow = useRef<HTMLSpanElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const measured = useRef(new Map<string, Measured>());
  const moreWidth = useRef(34);
  const [plan, setPlan] = useState<FoldPlan>(EMPTY_PLAN);
  const [menuOpen, setMenuOpen] = useState(false);
  const [tick, setTick] = useState(0);

  const items = entries.filter((e): e is ToolbarItem => e !== 'sep');
  const foldEntries = (): FoldEntry[] =>
    entries.map((e) => {
      if (e === 'sep') return null;
      const m = measured.current.get(e.id) ?? { width: 0, labelWidth: 0 };
      return { id: e.id, priority: e.priority, menu: e.menu, ...m };
    });

  // After every render: measure what is drawn, plan, and draw again only if the plan changed.
  // No dependency list: it runs after every render by design (the tick re-renders on a resize).
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el || !grow.current) return;
    const gap = gapOf(el);
    let drawn = 0;
    for (const node of el.querySelectorAll<HTMLElement>(':scope > [data-fold-id]')) {
      const id = node.dataset.foldId!;
      // An item that draws nothing (a button shown only for some files) takes no room.
      const width = node.offsetWidth > 0 ? node.offsetWidth + gap : 0;
      drawn += width;
      if (node.classList.contains('compact')) {
        const known = measured.current.get(id);
        measured.current.set(id, {
          width: width + (known?.labelWidth ?? 0),
          labelWidth: known?.labelWidth ?? 0,
        });
      } else {
        measured.current.set(id, { width, labelWidth: labelWidthOf(node) });
      }
    }
    const seps = el.querySelectorAll<HTMLElement>(':scope > .sep');
    const sepWidth = seps.length > 0 ? outerWidth(seps[0]) + gap : 11;
    drawn += seps.length * sepWidth;
    if (more.current && !more.current.hidden) {
      moreWidth.current = more.current.offsetWidth + gap;
      drawn += moreWidth.current;
    }
    const fixed = el.scrollWidth - grow.current.offsetWidth - drawn;
    const next = planFold({
      entries: foldEntries(),
      sepWidth,
      fixed,
      moreWidth: moreWidth.current,
      // A few pixels of slack: a label that changes while folded (Rest pose / Bind pose) is not re-measured.
      available: el.clientWidth - 4,
    });
    if (!samePlan(next, plan)) setPlan(next);
  });

  // The bar's size, and any item's (a label that changes, a button added to a group): plan again.
  // One observer for the bar's life; each item node is observed once, when first drawn.
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new WeakSet<Element>());
  useEffect(() => {
    let frame = 0;
    const ro = new ResizeObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTick((t) => t + 1);
      });
    });
    observer.current = ro;
    if (bar.current) ro.observe(bar.current);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame);
      observer.current = null;
      observed.current = new WeakSet();
    };
  }, []);
  useEffect(() => {
    const ro = observer.current;
    if (!ro || !bar.current) return;
    for (const node of bar.current.querySelectorAll(':scope > [data-fold-id]')) {
      if (observed.current.has(node)) continue;
      observed.current.add(node);
      ro.observe(node);
    }
  });
  void tick;

  const folded = plan.folded;
  const showMore = needsMenu(foldEntries(), folded);
  useEffect(() => {
    if (!showMore) setMenuOpen(false);
  }, [showMore]);

  const shownSeps = visibleSeparators(
    entries.map((e) => (e === 'sep' ? null : { id: e.id, priority: 0, width: 0, labelWidth: 0 })),
    folded,
  );
  const close = useCallback(() => setMenuOpen(false), []);
  const idBefore = (i: number) => {
    const item = entries.slice(0, i).findLast((e): e is ToolbarItem => e !== 'sep');
    return item?.id ?? 'start';
  };

  return (
    <header className="toolbar" role="toolbar" aria-label={label} ref={bar}>
      {start}
      {entries.map((e, i) =>
        e === 'sep' ? (
          shownSeps.has(i) ? (
            <span key={`sep-after-${idBefore(i)}`} className="sep" />
          ) : null
        ) : folded.has(e.id) ? null : (
          <div
            key={e.id}
            className={`tb-item${plan.compact.has(e.id) ? ' compact' : ''}`}
            data-fold-id={e.id}
          >
            {e.node}
          </div>
        ),
      )}
      <span className="grow" ref={grow} />
      <button
        ref={more}
        type="button"
        className="tool icon-only tb-more"
        hidden={!showMore}
        title="More tools (the window is too narrow for them all)"
        aria-label="More tools"
        aria-haspopup="true"
        aria-expanded={menuOpen}
        data-testid="toolbar-more"
        onClick={() => setMenuOpen((o) => !o)}
      >
        <Icon name="more" />
      </button>
      {end}
      {menuOpen && more.current && (
        <FoldMenu anchor={more.current} onClose={close}>
          {items
            .filter((item) => folded.has(item.id) && item.menu !== false)
            .map((item) => (
              <div key={item.id} className="tb-item" data-fold-id={item.id}>
                {item.node}
              </div>
            ))}
        </FoldMenu>
      )}
    </header>
  );
}

/** The More menu: under its button, on top of everything; Esc, a click outside or a pick closes it. */
function FoldMenu({
  anchor,
  onClose,
  children,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  children: ReactNode;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      e.preventDefault();
      onClose();
      anchor.focus();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !anchor.contains(target)) onClose();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, [anchor, onClose]);
  const rect = anchor.getBoundingClientRect();
  return createPortal(
    // biome-ignore lint/a11y/useKeyWithClickEvents: picking a button (by mouse or keyboard) clicks it; Esc closes
    // biome-ignore lint/a11y/noStaticElementInteractions: the click is the buttons' inside it, caught to close the menu
    <div
      ref={menu}
      className="toolbar-menu"
      data-testid="toolbar-menu"
      style={{ top: rect.bottom + 4, right: Math.max(4, window.innerWidth - rect.right) }}
      onClick={(e) => {
        // A button that ran its command closes the menu, as a menu item does.
        if ((e.target as HTMLElement).closest('button')) onClose();
      }}
    >
      {children}
    </div>,
    document.body,
  );
}
