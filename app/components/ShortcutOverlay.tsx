import { useEffect, useLayoutEffect, useRef } from 'react';
import { COMMANDS, type Command } from '../commands.ts';
import { LAYER_COMMANDS } from '../layers/layer-commands.ts';
import { PAINT_COMMANDS } from '../paint/paint-commands.ts';
import { usePaint } from '../paint/paint-store.ts';
import { SELECT_COMMANDS } from '../select/select-commands.ts';
import { SKELETON_COMMANDS } from '../skeleton/skeleton-commands.ts';
import { VIEW_COMMANDS, VIEW_OPPOSITES } from '../viewport/view-commands.ts';
import { Icon } from './Icon.tsx';

/** Keys (shown as keycaps) or a mouse gesture (`mouse`: shown as words), and what it does. */
type Row = [keys: string, action: string, mouse?: 'mouse'];

const paintIds = new Set(Object.keys(PAINT_COMMANDS));
const layerIds = new Set(Object.keys(LAYER_COMMANDS));
// The camera's: the numpad views, framing.
const viewIds = new Set([...Object.keys(VIEW_COMMANDS), 'frameAll', 'frameSelected']);
// S itself works in every mode; the rest act in Select mode only.
const selectIds = new Set(Object.keys(SELECT_COMMANDS).filter((id) => id !== 'selectMode'));
// Tab works in every mode; the rest act in Skeleton mode only.
const skeletonIds = new Set(Object.keys(SKELETON_COMMANDS).filter((id) => id !== 'skeletonMode'));
const rows = (entries: [string, Command][]): Row[] =>
  entries.map(([, c]) => [c.shortcut, c.brief ?? c.label]);
const mouse = (items: [string, string][]): Row[] => items.map(([k, a]) => [k, a, 'mouse']);

/** Mouse and held keys: not commands, but what a rigger asks first. */
const PAINT_MOUSE = mouse([
  ['Drag on the mesh', 'Paint (a pen’s pressure scales the strength)'],
  ['Shift + drag', 'Smooth, whatever the brush'],
  ['Ctrl + drag', 'Invert: Add ↔ Subtract; Draw paints 1 − weight'],
  ['Drag off the mesh', 'Orbit (or Alt + drag anywhere)'],
  ['Alt + click a bone', 'Select its joint'],
]);
const VIEW_MOUSE = mouse([
  ['Left drag', 'Orbit (turntable; trackball in View settings)'],
  ['Right drag', 'Pan'],
  ['Wheel', 'Zoom toward the pointer'],
  ['Middle drag', 'Zoom (Shift: pan)'],
  ['Click a bone', 'Select its joint (Inspect, Pose)'],
  ['Ctrl + click the mesh', 'Select the joint with the most weight there'],
  ['Ctrl + hold / right-click', 'The influences there, to choose from'],
  ['Drag a gizmo ring', 'Turn the joint about that axis (Pose)'],
]);
const SKELETON_MOUSE = mouse([
  ['Drag a joint’s ball', 'Move it on screen (the mesh stays)'],
  ['Drag an arrow', 'Move along that world axis'],
  ['Ctrl + drag', 'Snap to the limb’s centre'],
  ['Drag a ring (R)', 'Turn the joint’s frame about it'],
  ['Click again on stacked balls', 'Select the next joint there'],
  ['Drag a tree row onto another', 'Re-parent it'],
]);
const SELECT_MOUSE = mouse([
  ['Point at a vertex', 'The Inspector shows it (marked in the view)'],
  ['Click', 'Select it and pin it in the Inspector'],
  ['Shift + click', 'Add it (a selected one: remove it)'],
  ['Drag / Alt + drag', 'Box / lasso (Shift adds, Ctrl subtracts)'],
]);
const TREE: Row[] = [
  ['↑ ↓', 'Joint tree: previous / next joint'],
  ['← →', 'Joint tree: collapse / expand'],
];

function Group({ title, items }: { title: string; items: Row[] }) {
  return (
    <section className="shortcut-group">
      <h3>{title}</h3>
      <dl>
        {items.map(([keys, action, how]) => (
          <div key={`${keys}:${action}`} className="shortcut-row">
            <dt>{how === 'mouse' ? <span className="gesture">{keys}</span> : <kbd>{keys}</kbd>}</dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Overlay() {
  const close = () => usePaint.setState({ helpOpen: false });
  // Escape closes the overlay before it dismisses anything else.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopImmediatePropagation();
      usePaint.setState({ helpOpen: false });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  // The whole list on screen whatever the window (and however many commands there are): the
  // text steps down from 12 px, half a pixel at a time, until the overlay needs no scrolling.
  const dialog = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const shrinkToFit = () => {
      let size = 12;
      el.style.fontSize = `${size}px`;
      while (el.scrollHeight > el.clientHeight + 1 && size > 9) {
        size -= 0.5;
        el.style.fontSize = `${size}px`;
      }
    };
    shrinkToFit();
    window.addEventListener('resize', shrinkToFit);
    return () => window.removeEventListener('resize', shrinkToFit);
  }, []);
  const entries = Object.entries(COMMANDS) as [string, Command][];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes on click; Escape closes it too
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the window
    <div className="shortcut-backdrop" onClick={close}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: stops the backdrop's click only */}
      <div
        ref={dialog}
        className="shortcut-overlay"
        role="dialog"
        aria-modal="true"
        aria-label="Keyboard shortcuts"
        data-testid="shortcut-overlay"
        onClick={(e) => e.stopPropagation()}
      >
        <header>
          <h2>Keyboard shortcuts</h2>
          <button type="button" className="tool icon-only" title="Close (Esc)" onClick={close}>
            <Icon name="close" size={14} />
          </button>
        </header>
        {/* One flow in balanced columns: the whole list fits 1280×720 without scrolling. */}
        <div className="shortcut-columns">
          <Group
            title="Every mode"
            items={rows(
              entries.filter(
                ([id]) =>
                  !paintIds.has(id) &&
                  !selectIds.has(id) &&
                  !layerIds.has(id) &&
                  !viewIds.has(id) &&
                  !skeletonIds.has(id),
              ),
            )}
          />
          <Group
            title="View"
            items={[
              ...rows(entries.filter(([id]) => viewIds.has(id) && !VIEW_OPPOSITES.has(id))),
              ...VIEW_MOUSE,
              ...TREE,
            ]}
          />
          <Group
            title="Select mode"
            items={[...SELECT_MOUSE, ...rows(entries.filter(([id]) => selectIds.has(id)))]}
          />
          <Group title="Paint mode" items={rows(entries.filter(([id]) => paintIds.has(id)))} />
          <Group title="Painting with the mouse" items={PAINT_MOUSE} />
          <Group title="Weight layers" items={rows(entries.filter(([id]) => layerIds.has(id)))} />
          <Group
            title="Skeleton mode"
            items={[...SKELETON_MOUSE, ...rows(entries.filter(([id]) => skeletonIds.has(id)))]}
          />
        </div>
      </div>
    </div>
  );
}

/** `?`: every shortcut of the app, generated from the command tables (so it never goes stale). */
export function ShortcutOverlay() {
  const open = usePaint((s) => s.helpOpen);
  return open ? <Overlay /> : null;
}
