import { Editor } from '../src/editor/editor.ts';

/**
 * The one Editor of the page. Components and the viewport talk to it directly (it is not React
 * state): React only mirrors small facts about it through the store.
 */
export const editor = new Editor();
