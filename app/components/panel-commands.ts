import { useAutobind } from '../bind/autobind-store.ts';
import type { Command } from '../commands.ts';
import { bare } from '../keys.ts';
import { usePersist } from '../persist/persist-store.ts';
import { dismissOffer } from '../persist/restore-actions.ts';
import { closeRigPanel, useRig } from '../rig/rig-store.ts';

/**
 * How to close the panel over the view that Esc closes first, or null: the Auto-bind panel
 * (unless it runs: Cancel is its way out), the Rig panel (likewise), then the restore offer
 * (unless it restores).
 * The shortcut overlay, the More menu and the Export dialog close on Esc themselves.
 */
function closable(): (() => void) | null {
  const bind = useAutobind.getState();
  if (bind.open && bind.progress === null) return () => bind.setOpen(false);
  const rig = useRig.getState();
  // A marker armed for placing is let go first, as Esc ends a tool before it closes its panel.
  if (rig.open && rig.progress === null)
    return rig.armed ? () => useRig.setState({ armed: null }) : closeRigPanel;
  if (usePersist.getState().phase === 'open') return dismissOffer;
  return null;
}

/** Esc closes the panel over the view: spread before the modes' Esc (unpin, cancel) so a panel goes first. */
export const PANEL_COMMANDS = {
  closePanel: {
    label: 'Close the panel over the view (Auto-bind, Rig, the restore offer)',
    brief: 'Close Auto-bind, Rig, restore offer',
    shortcut: 'Esc',
    matches: (e: KeyboardEvent) => bare('Escape')(e) && closable() !== null,
    run: () => closable()?.(),
  },
} satisfies Record<string, Command>;
