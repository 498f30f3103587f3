import type { Autosaver } from './autosaver.ts';

/** The part of `window` the guard uses (an EventTarget: tests pass their own). */
type PageTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface UnloadGuardOptions {
  /** Edits that are not in an exported file: closing the tab asks first. */
  hasUnexportedEdits: () => boolean;
  /** Saved when the page is hidden or closed (a last chance: the browser may not wait for it). */
  autosaver?: Autosaver;
  /** The document whose visibility is watched (defaults to none in Node). */
  document?: PageTarget & { visibilityState?: string };
}

/**
 * Asks before the tab closes with edits not exported (the browser shows its own wording), and
 * saves the session when the page is hidden or hidden for good: `pagehide` and
 * `visibilitychange` are the last events a mobile or a closing browser reliably delivers.
 * Returns the function that removes the listeners.
 */
export function installUnloadGuard(target: PageTarget, options: UnloadGuardOptions): () => void {
  const { hasUnexportedEdits, autosaver, document } = options;
  const onBeforeUnload = (event: Event) => {
    void autosaver?.flush();
    if (!hasUnexportedEdits()) return;
    event.preventDefault();
    // Older browsers need returnValue set to show the prompt (a plain Event's is read-only).
    if (typeof BeforeUnloadEvent !== 'undefined' && event instanceof BeforeUnloadEvent)
      event.returnValue = '';
  };
  const onHide = () => {
    if (!document || document.visibilityState === undefined || document.visibilityState === 'hidden') {
      void autosaver?.flush();
    }
  };
  target.addEventListener('beforeunload', onBeforeUnload);
  target.addEventListener('pagehide', onHide);
  document?.addEventListener('visibilitychange', onHide);
  return () => {
    target.removeEventListener('beforeunload', onBeforeUnload);
    target.removeEventListener('pagehide', onHide);
    document?.removeEventListener('visibilitychange', onHide);
  };
}
