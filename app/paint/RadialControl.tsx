import { useEffect, useRef } from 'react';
import {
  RADIUS_PX_MAX,
  RADIUS_PX_MIN,
  type RadialDrag,
  STRENGTH_CIRCLE_PX,
  setBrush,
  setRadiusPx,
  usePaint,
} from './paint-store.ts';

function commit(drag: RadialDrag, value: number): void {
  if (drag.kind === 'strength') setBrush({ strength: value });
  else if (usePaint.getState().radiusUnit === 'world' && drag.worldPerPixel)
    setBrush({ radius: value * drag.worldPerPixel });
  else setRadiusPx(value);
}

const caption = (drag: RadialDrag, v: number) =>
  drag.kind === 'strength' ? `Strength ${v.toFixed(2)}` : `Radius ${Math.round(v)} px`;

/**
 * Blender's radial control (F, Shift+F): a circle around where the pointer was; moving the
 * pointer sets the radius (or the strength, as a fraction of a fixed circle). Click or Enter
 * sets it, Esc or right-click restores it. The circle follows the pointer imperatively; the
 * value reaches the brush once, when confirmed.
 */
function RadialDragView({ drag }: { drag: RadialDrag }) {
  const ring = useRef<SVGCircleElement>(null);
  const label = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let value = drag.initial;
    const show = () => {
      const r = drag.kind === 'strength' ? value * STRENGTH_CIRCLE_PX : value;
      ring.current?.setAttribute('r', String(Math.max(r, 0.5)));
      if (label.current) label.current.textContent = caption(drag, value);
    };
    const finish = (apply: boolean) => {
      if (apply) commit(drag, value);
      usePaint.setState({ radial: null });
    };
    const onMove = (e: PointerEvent) => {
      const d = Math.hypot(e.clientX - drag.x, e.clientY - drag.y);
      value =
        drag.kind === 'strength'
          ? Math.min(1, d / STRENGTH_CIRCLE_PX)
          : Math.min(RADIUS_PX_MAX, Math.max(RADIUS_PX_MIN, d));
      show();
    };
    const onDown = (e: PointerEvent) => {
      e.preventDefault();
      e.stopPropagation();
      finish(e.button === 0);
    };
    // Modal: no other shortcut runs while the circle is up.
    const onKey = (e: KeyboardEvent) => {
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (e.key === 'Enter') finish(true);
      else if (e.key === 'Escape') finish(false);
    };
    const noMenu = (e: Event) => e.preventDefault();
    show();
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('contextmenu', noMenu, true);
    return () => {
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('contextmenu', noMenu, true);
    };
  }, [drag]);
  return (
    <div className="radial-overlay" data-testid="radial-control">
      <svg className="radial-svg" aria-hidden="true">
        {drag.kind === 'strength' && (
          <circle cx={drag.x} cy={drag.y} r={STRENGTH_CIRCLE_PX} className="radial-frame" />
        )}
        <circle ref={ring} cx={drag.x} cy={drag.y} r={1} className={`radial-ring ${drag.kind}`} />
        <circle cx={drag.x} cy={drag.y} r={2} className="radial-centre" />
      </svg>
      <span ref={label} className="radial-label" style={{ left: drag.x, top: drag.y }} />
    </div>
  );
}

/** The F / Shift+F circle, while one is open. */
export function RadialControl() {
  const drag = usePaint((s) => s.radial);
  return drag ? <RadialDragView drag={drag} /> : null;
}
