import { type KeyboardEvent, type PointerEvent, useEffect, useState } from 'react';

const KEY = 'skinsmith.leftPanelWidth';
const MIN = 180;
const MAX = 640;
const DEFAULT = 260;

function apply(width: number): void {
  document.querySelector<HTMLElement>('.app')?.style.setProperty('--left-width', `${width}px`);
}

function clamp(width: number): number {
  return Math.round(Math.min(MAX, Math.max(MIN, width)));
}

function save(width: number): void {
  localStorage.setItem(KEY, String(width));
  window.dispatchEvent(new Event('resize'));
}

/**
 * The skeleton panel's right edge: a 10 px grab strip across the border (drag to resize: deep rigs
 * and long names need room; double click for the default width; ←/→ when focused). No text is
 * selected while it drags. The width is kept for the next visit.
 */
export function PanelResizer() {
  const [width, setWidth] = useState(DEFAULT);
  useEffect(() => {
    const saved = Number(localStorage.getItem(KEY));
    if (saved) {
      apply(clamp(saved));
      setWidth(clamp(saved));
    }
  }, []);
  const set = (next: number) => {
    apply(next);
    setWidth(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    const panel = e.currentTarget.parentElement!;
    const left = panel.getBoundingClientRect().left;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    // A drag across the tree's text must not select it (Chrome selects despite a cancelled pointerdown).
    window.getSelection()?.removeAllRanges();
    document.body.classList.add('resizing-panel');
    const move = (ev: globalThis.PointerEvent) => set(clamp(ev.clientX - left));
    const up = (ev: globalThis.PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      handle.removeEventListener('pointercancel', up);
      document.body.classList.remove('resizing-panel');
      save(clamp(ev.clientX - left));
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
    handle.addEventListener('pointercancel', up);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowLeft' ? -16 : e.key === 'ArrowRight' ? 16 : 0;
    if (!step) return;
    e.preventDefault();
    const next = clamp(width + step);
    set(next);
    save(next);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a vertical splitter; <hr> cannot be dragged or focused
    <div
      className="panel-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Skeleton panel width"
      aria-valuemin={MIN}
      aria-valuemax={MAX}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="left-panel-resizer"
      title="Drag to resize the skeleton panel (double-click: default width)"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => {
        localStorage.removeItem(KEY);
        document.querySelector<HTMLElement>('.app')?.style.removeProperty('--left-width');
        setWidth(DEFAULT);
        window.dispatchEvent(new Event('resize'));
      }}
    />
  );
}
