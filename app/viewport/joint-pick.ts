/**
 * Picking a joint from the surface, in every mode (issue 26 item 4). The weight math is the
 * editor's (`editor.sampleJoint` / `editor.influencesAt`, src/editor/joint-sample.ts); this is
 * the pointer:
 *
 * - Ctrl+click (Cmd on a Mac) on the mesh selects the joint with the most weight at that point,
 *   as Maya's Paint Skin Weights selects the influence under the cursor. Ctrl+drag keeps each
 *   mode's meaning (inverted stroke in Paint, subtracting box in Select): the modes' machines
 *   leave a Ctrl press that does not move to this (src/interaction).
 * - Ctrl+hold (a press held still) or Ctrl+right-click opens a small menu of the point's
 *   influences (names and weights, strongest first) to choose from, as Blender's weight paint
 *   lists the vertex groups under the cursor.
 * - The Sample joint button (J) arms one pick: the next click on the mesh, with no modifier and
 *   in any mode, picks a joint (held: the menu); no mode sees that press. Esc disarms.
 *
 * Window listeners in the capture phase see every press on the canvas before any mode does.
 * Picks go through the paint bridge: this module never loads three.js (the panels import it).
 */
import { create } from 'zustand';
import type { VertexInfluence } from '../../src/editor/joint-queries.ts';
import { CLICK_SLOP } from '../../src/interaction/select-interaction.ts';
import { editor } from '../editor-instance.ts';
import { paintBridge } from '../paint/paint-bridge.ts';

/** A press held this long without moving opens the influence menu. */
export const HOLD_MS = 450;

/** The influence menu: where it opens (page pixels) and the point's influences. */
export interface InfluenceMenuState {
  x: number;
  y: number;
  items: VertexInfluence[];
}

export interface JointPickUi {
  /** The Sample joint button: the next click on the mesh picks a joint. */
  armed: boolean;
  menu: InfluenceMenuState | null;
}

export const useJointPick = create<JointPickUi>(() => ({ armed: false, menu: null }));

/** Arms (or disarms) the one-shot pick of the Sample joint button. */
export function toggleSampleJoint(on = !useJointPick.getState().armed): void {
  useJointPick.setState({ armed: on && editor.model !== null, menu: null });
}

/** The influences at a page point on the drawn surface (empty off the mesh). */
export function influencesUnder(x: number, y: number): VertexInfluence[] {
  if (!editor.model) return [];
  const pick = paintBridge.viewport?.pick(x, y);
  return pick ? editor.influencesAt(pick) : [];
}

/**
 * Selects the joint with the most weight at a page point (Ctrl+click's action); returns its id,
 * or null off the mesh (nothing changes).
 */
export function sampleJointAt(x: number, y: number): number | null {
  if (!editor.model) return null;
  const pick = paintBridge.viewport?.pick(x, y);
  if (!pick) return null;
  const items = editor.influencesAt(pick);
  if (items.length === 0) return null;
  const id = editor.selectJoint(items[0].joint);
  const share = Math.round(items[0].weight * 100);
  editor.notify({
    level: 'info',
    message: `${items[0].name} selected: ${share} % of the weight at the point.`,
  });
  return id;
}

/** Opens the influence menu for the point under (x, y); false off the mesh. */
export function openInfluenceMenu(x: number, y: number): boolean {
  const items = influencesUnder(x, y);
  if (items.length === 0) return false;
  useJointPick.setState({ menu: { x, y, items } });
  return true;
}

export function closeInfluenceMenu(): void {
  if (useJointPick.getState().menu) useJointPick.setState({ menu: null });
}

interface Press {
  id: number;
  x: number;
  y: number;
  /** Armed by the Sample joint button: the press is this module's alone. */
  armed: boolean;
  held: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/** Installs the window listeners; returns their removal. */
export function installJointPick(): () => void {
  let press: Press | null = null;
  let swallowClick = false;
  // The 3D view's canvas (its module loads after the panels: found by its place, not imported).
  const onCanvas = (e: Event) =>
    e.target instanceof HTMLCanvasElement && e.target.closest('.viewport-canvas') !== null;
  const ctrl = (e: MouseEvent) => (e.ctrlKey || e.metaKey) && !e.altKey;

  const down = (e: PointerEvent) => {
    swallowClick = false;
    if (e.button !== 0 || !onCanvas(e) || !editor.model) return;
    const armed = useJointPick.getState().armed;
    if (!armed && !ctrl(e)) return;
    if (armed) {
      // The armed pick's press is no mode's: no stroke, no box, no orbit.
      e.stopPropagation();
      e.preventDefault();
    }
    if (press) clearTimeout(press.timer);
    const p: Press = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      armed,
      held: false,
      timer: setTimeout(() => {
        if (press !== p) return;
        p.held = openInfluenceMenu(p.x, p.y);
      }, HOLD_MS),
    };
    press = p;
  };

  const move = (e: PointerEvent) => {
    const p = press;
    if (!p || e.pointerId !== p.id || p.held) return;
    if (p.armed) e.stopPropagation();
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < CLICK_SLOP) return;
    // A drag: the mode's (Ctrl+drag), or nothing at all (armed: it stays armed).
    clearTimeout(p.timer);
    press = null;
  };

  const up = (e: PointerEvent) => {
    const p = press;
    if (!p || e.pointerId !== p.id) return;
    clearTimeout(p.timer);
    press = null;
    if (p.armed) e.stopPropagation();
    if (p.held) {
      swallowClick = true;
      if (p.armed) useJointPick.setState({ armed: false });
      return;
    }
    const picked = sampleJointAt(p.x, p.y) !== null;
    // The click that follows must not also select a bone or clear a selection.
    swallowClick = picked || p.armed;
    if (p.armed && picked) useJointPick.setState({ armed: false });
  };

  const cancel = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    clearTimeout(press.timer);
    press = null;
  };

  const click = (e: MouseEvent) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  };

  const contextMenu = (e: MouseEvent) => {
    if (!onCanvas(e) || !(ctrl(e) || useJointPick.getState().armed)) return;
    e.preventDefault();
    e.stopPropagation();
    if (openInfluenceMenu(e.clientX, e.clientY)) useJointPick.setState({ armed: false });
  };

  const key = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    const { menu, armed } = useJointPick.getState();
    if (!menu && !armed) return;
    e.stopImmediatePropagation();
    useJointPick.setState(menu ? { menu: null } : { armed: false });
  };

  // Another model: nothing to pick on.
  const offModel = editor.events.on('model', () => useJointPick.setState({ armed: false, menu: null }));
  // The armed cursor, on the canvas whatever the mode sets.
  const offArmed = useJointPick.subscribe((s) => document.body.classList.toggle('sampling-joint', s.armed));
  const options = { capture: true };
  window.addEventListener('pointerdown', down, options);
  window.addEventListener('pointermove', move, options);
  window.addEventListener('pointerup', up, options);
  window.addEventListener('pointercancel', cancel, options);
  window.addEventListener('click', click, options);
  window.addEventListener('contextmenu', contextMenu, options);
  window.addEventListener('keydown', key, options);
  return () => {
    if (press) clearTimeout(press.timer);
    offModel();
    offArmed();
    window.removeEventListener('pointerdown', down, options);
    window.removeEventListener('pointermove', move, options);
    window.removeEventListener('pointerup', up, options);
    window.removeEventListener('pointercancel', cancel, options);
    window.removeEventListener('click', click, options);
    window.removeEventListener('contextmenu', contextMenu, options);
    window.removeEventListener('keydown', key, options);
  };
}
