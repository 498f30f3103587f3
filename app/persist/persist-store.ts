import { create } from 'zustand';
import type { SessionSummary } from '../../src/persist/session.ts';
import type { StorageWarning } from '../../src/persist/storage-warning.ts';

/** The saved-sessions panel: closed, listing, or a restore running. */
export type OfferPhase = 'closed' | 'open' | 'restoring';

/**
 * UI state of autosave and the restore offer (kept apart from the shared UI store). The heavy
 * session data stays in IndexedDB; this holds the short list the panel shows.
 */
export interface PersistState {
  /** The current run of failed saves (or a failed listing), until saving works again. */
  warning: StorageWarning | null;
  /** The user closed the banner of this warning (a different warning shows again). */
  warningDismissed: boolean;
  /** When the last save finished (ms since 1970), for the status line. */
  savedAt: number | null;
  phase: OfferPhase;
  sessions: SessionSummary[];
  /** Why the last restore failed, shown in the panel. */
  offerError: string | null;
  setWarning: (warning: StorageWarning | null) => void;
  dismissWarning: () => void;
}

export const usePersist = create<PersistState>((set) => ({
  warning: null,
  warningDismissed: false,
  savedAt: null,
  phase: 'closed',
  sessions: [],
  offerError: null,
  setWarning: (warning) => set({ warning, warningDismissed: false }),
  dismissWarning: () => set({ warningDismissed: true }),
}));
