import { useEffect, useRef } from 'react';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';
import { closeInfluenceMenu, installJointPick, useJointPick } from './joint-pick.ts';
import './influence-menu.css';

const MENU_WIDTH = 230;
const ROW_HEIGHT = 26;

/**
 * The influences of a point of the surface (Ctrl+hold or Ctrl+right-click on the mesh): joint
 * names with their weights there, strongest first; choosing one selects it. Arrow keys and Enter
 * work, Esc or a press elsewhere closes it. Also installs the joint picker's pointer (every mode).
 */
export function InfluenceMenu() {
  useEffect(() => installJointPick(), []);
  const menu = useJointPick((s) => s.menu);
  const selected = useUi((s) => s.selected);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menu) return;
    ref.current?.querySelector<HTMLButtonElement>('[aria-checked=true], button')?.focus();
    const outside = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) closeInfluenceMenu();
    };
    // After the press that opened it has been released.
    const timer = setTimeout(() => window.addEventListener('pointerdown', outside, true), 0);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', outside, true);
    };
  }, [menu]);

  if (!menu) return null;
  // Beside the pointer, kept on screen.
  const height = menu.items.length * ROW_HEIGHT + 34;
  const left = Math.min(menu.x + 8, window.innerWidth - MENU_WIDTH - 8);
  const top = Math.max(8, Math.min(menu.y + 8, window.innerHeight - height - 8));
  const choose = (joint: number) => {
    editor.selectJoint(joint);
    closeInfluenceMenu();
  };
  return (
    <div
      ref={ref}
      className="influence-menu"
      role="menu"
      aria-label="Influences at this point"
      data-testid="influence-menu"
      style={{ left, top, width: MENU_WIDTH }}
      onKeyDown={(e) => {
        const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
        const i = items.indexOf(document.activeElement as HTMLButtonElement);
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
        }
      }}
    >
      <div className="influence-menu-title">Influences here</div>
      {menu.items.map((item) => (
        <button
          key={item.joint}
          type="button"
          role="menuitemradio"
          aria-checked={item.joint === selected}
          className="influence-menu-item"
          data-testid="influence-menu-item"
          title={`Select ${item.name}`}
          onClick={() => choose(item.joint)}
        >
          <span className="influence-menu-name">{item.name}</span>
          <span className="influence-menu-bar" style={{ width: `${Math.round(item.weight * 60)}px` }} />
          <span className="influence-menu-weight">{item.weight.toFixed(3)}</span>
        </button>
      ))}
    </div>
  );
}
