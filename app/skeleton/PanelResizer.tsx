import { type PointerEvent, useEffect } from 'react';

const KEY = 'skinsmith.leftPanelWidth';
const MIN = 180;
const MAX = 640;

function apply(width: number): void {
  document.querySelector<HTMLElement>('.app')?.style.setProperty('--left-width', `${width}px`);
}

function clamp(width: number): number {
  return Math.round(Math.min(MAX, Math.max(MIN, width)));
}

/**
 * The skeleton panel's right edge: drag to resize (deep rigs and long names need room), double
 * click for the default width. The width is kept for the next visit.
 */
export function PanelResizer() {
  useEffect(() => {
    const saved = Number(localStorage.getItem(KEY));
    if (saved) apply(clamp(saved));
  }, []);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    const panel = e.currentTarget.parentElement!;
    const left = panel.getBoundingClientRect().left;
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: globalThis.PointerEvent) => apply(clamp(ev.clientX - left));
    const up = (ev: globalThis.PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
      localStorage.setItem(KEY, String(clamp(ev.clientX - left)));
      window.dispatchEvent(new Event('resize'));
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse handle; the panel width has no keyboard use
    <div
      className="panel-resizer"
      data-testid="left-panel-resizer"
      title="Drag to resize the skeleton panel (double-click: default width)"
      onPointerDown={onPointerDown}
      onDoubleClick={() => {
        localStorage.removeItem(KEY);
        document.querySelector<HTMLElement>('.app')?.style.removeProperty('--left-width');
        window.dispatchEvent(new Event('resize'));
      }}
    />
  );
}
