import { create } from 'zustand';
import type { ReplaceChoice } from '../io/open-guard.ts';

/** The question on screen: which file's work is unsaved, which file is to open, and the answer's taker. */
export interface UnsavedQuestion {
  current: string;
  next: string;
  /** The work is autosaved (it stays in the restore list if not saved). */
  autosaved: boolean;
  answer: (choice: ReplaceChoice) => void;
}

/** The "Save changes before opening?" dialog's state (one question at a time). */
export const useUnsaved = create<{ question: UnsavedQuestion | null }>(() => ({ question: null }));

/**
 * Shows the dialog and resolves with the rigger's answer. A question already on screen (a second
 * drop while the first is asked) is answered Cancel: the newest file is the one asked about.
 */
export function askUnsaved(current: string, next: string, autosaved: boolean): Promise<ReplaceChoice> {
  useUnsaved.getState().question?.answer('cancel');
  return new Promise((resolve) => {
    const question: UnsavedQuestion = {
      current,
      next,
      autosaved,
      answer: (choice) => {
        if (useUnsaved.getState().question === question) useUnsaved.setState({ question: null });
        resolve(choice);
      },
    };
    useUnsaved.setState({ question });
  });
}
