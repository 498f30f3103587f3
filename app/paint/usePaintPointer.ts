import { addAfterEffect, addEffect, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type { BrushModifiers } from '../../src/editor/brush-settings.ts';
import { PaintInteraction, type PointerInput } from '../../src/interaction/paint-interaction.ts';
import { editor } from '../editor-instance.ts';
import { posedSignal } from '../pose/posed-signal.ts';
import { useUi } from '../store.ts';
import type { BrushCursor } from './brush-cursor.ts';
import { cursorLook } from './cursor-look.ts';
import { lastPointer } from './paint-bridge.ts';
import { paintLatency } from './paint-latency.ts';
import { usePaint } from './paint-store.ts';
import { paintView } from './paint-view.ts';
import { applyPixelRadius, paintStrokes, viewHit } from './stroke-driver.ts';

type Controls = {
  addEventListener: (t: 'change', f: () => void) => void;
  removeEventListener: (t: 'change', f: () => void) => void;
};

const pressureOf = (e: PointerEvent) => (e.pointerType === 'pen' ? e.pressure : 1);

/**
 * Paint mode's pointer, forwarded to {@link PaintInteraction} (src/interaction): a left press on
 * the mesh paints (a stroke per drag); a left press off the mesh, Alt+left, the right and middle
 * buttons and the wheel stay with the orbit controls, so a rigger orbits as in Blender/Maya
 * without leaving the mode. Here: pointer capture, the click a paint press swallows, the cursor
 * that follows the surface, latency marks. Nothing here sets React state, and the viewport
 * renders on demand (each dab's 'weights' event invalidates).
 */
export function usePaintPointer(cursor: BrushCursor): void {
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const canvas = gl.domElement;
    const wrapper = canvas.parentElement ?? canvas;
    // The decisions (which press paints, which passes to the camera) are the machine's.
    const machine = new PaintInteraction(paintStrokes, {
      pick: viewHit,
      blocked: () => usePaint.getState().radial !== null,
      beforeStroke: applyPixelRadius,
    });
    let swallowClick = false;
    let held: BrushModifiers = {};

    const hide = () => {
      cursor.hide();
      invalidate();
    };
    const hover = (x: number, y: number, dragging: boolean) => {
      // An orbit or pan drag: the surface slides under a still pointer, the circle would only flicker.
      const pick = dragging && !machine.pressed ? null : paintView.pick(x, y);
      if (!pick) {
        if (cursor.visible) hide();
        canvas.style.cursor = '';
        return;
      }
      const { settings, radiusUnit, radiusPx } = usePaint.getState();
      const look = cursorLook(settings, held);
      const radius = radiusUnit === 'px' ? radiusPx * pick.worldPerPixel : settings.radius;
      cursor.look(look.color, settings.falloff, look.refused ? 0.7 : 1);
      cursor.place(pick.hit.point, pick.hit.normal, radius);
      canvas.style.cursor = look.refused ? 'not-allowed' : 'crosshair';
      invalidate();
    };
    const rehover = () => {
      if (lastPointer.over) hover(lastPointer.x, lastPointer.y, false);
    };

    const input = (e: PointerEvent, samples?: PointerEvent[]): PointerInput => ({
      x: e.clientX,
      y: e.clientY,
      pressure: pressureOf(e),
      pointerId: e.pointerId,
      button: e.button,
      altKey: e.altKey,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      samples: samples?.map((ev) => ({ x: ev.clientX, y: ev.clientY, pressure: pressureOf(ev) })),
    });

    const onDown = (e: PointerEvent) => {
      const handlerStart = performance.now();
      swallowClick = false;
      const outcome = machine.down(input(e));
      if (outcome === 'pass') return; // off the mesh, another button, Alt: the orbit controls take it
      e.stopPropagation();
      e.preventDefault();
      swallowClick = true;
      (document.activeElement as HTMLElement | null)?.blur?.();
      if (outcome === 'painting') {
        canvas.setPointerCapture(e.pointerId);
        paintLatency.dabApplied(e.timeStamp, handlerStart);
      }
      // Ctrl: a click picks the joint there (app/viewport/joint-pick.ts), a drag paints inverted.
      if (outcome === 'armed') canvas.setPointerCapture(e.pointerId);
    };

    const onMove = (e: PointerEvent) => {
      const handlerStart = performance.now();
      lastPointer.x = e.clientX;
      lastPointer.y = e.clientY;
      lastPointer.over = true;
      if (usePaint.getState().radial) return;
      if (machine.state === 'painting' || machine.state === 'armed') {
        const before = editor.weightsRevision;
        // Coalesced events: a fast pen or mouse gives every sample, not one per frame.
        machine.move(input(e, e.getCoalescedEvents?.() ?? [e]));
        if (editor.weightsRevision !== before) paintLatency.dabApplied(e.timeStamp, handlerStart);
      }
      hover(e.clientX, e.clientY, e.buttons !== 0);
    };

    const onUp = (e: PointerEvent) => {
      const outcome = machine.up(input(e));
      if (outcome === 'none') return;
      if (canvas.hasPointerCapture(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
      hover(e.clientX, e.clientY, false);
    };

    const onLeave = () => {
      lastPointer.over = false;
      if (machine.state !== 'painting' && cursor.visible) hide();
    };

    // The click that ends a paint press must not reach the bones (they select on click).
    const onClick = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
    };

    // Shift (smooth) and Ctrl (invert) recolour the cursor while held.
    const onKey = (e: KeyboardEvent) => {
      const next = { smooth: e.shiftKey, invert: e.ctrlKey || e.metaKey };
      if (next.smooth === held.smooth && next.invert === held.invert) return;
      held = next;
      rehover();
    };
    const onBlur = () => {
      held = {};
    };

    // Brush or joint changes recolour and resize the cursor where it is.
    const offs = [
      usePaint.subscribe(rehover),
      editor.events.on('selection', rehover),
      editor.events.on('locks', rehover),
      // A new pose moves the surface under a still pointer: the circle follows it there.
      posedSignal.on(() => {
        if (!editor.paint.painting) rehover();
      }),
      addEffect(() => paintLatency.frameStarting()),
      addAfterEffect(() => paintLatency.frameRendered()),
    ];
    const controls = get().controls as unknown as Controls | null;
    controls?.addEventListener('change', rehover);

    wrapper.addEventListener('pointerdown', onDown, { capture: true });
    wrapper.addEventListener('click', onClick, { capture: true });
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    canvas.addEventListener('pointercancel', onUp);
    canvas.addEventListener('pointerleave', onLeave);
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    window.addEventListener('blur', onBlur);
    rehover();
    return () => {
      for (const off of offs) off();
      controls?.removeEventListener('change', rehover);
      wrapper.removeEventListener('pointerdown', onDown, { capture: true });
      wrapper.removeEventListener('click', onClick, { capture: true });
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
      canvas.removeEventListener('pointercancel', onUp);
      canvas.removeEventListener('pointerleave', onLeave);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
      // Leaving Paint mode mid-stroke keeps what was painted (one undo step).
      machine.finish();
      canvas.style.cursor = '';
      cursor.hide();
      invalidate();
    };
  }, [gl, get, invalidate, cursor]);

  // Leaving the mode or loading a model hides the cursor until the pointer moves again.
  useEffect(() => useUi.subscribe((s, prev) => s.modelRev !== prev.modelRev && cursor.hide()), [cursor]);
}
