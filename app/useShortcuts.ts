import { useEffect } from 'react';
import { handleShortcut } from './commands.ts';

/** Installs the keyboard shortcuts of COMMANDS for the page's lifetime. */
export function useShortcuts(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleShortcut);
    return () => window.removeEventListener('keydown', handleShortcut);
  }, []);
}
