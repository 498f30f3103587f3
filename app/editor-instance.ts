import { Editor } from '../src/editor/editor.ts';
import { runAutobindInWorker } from './bind/worker-runner.ts';
import { runFitInWorker } from './rig/worker-runner.ts';
import { runTransferInWorker } from './transfer/worker-runner.ts';

/**
 * The one Editor of the page. Components and the viewport talk to it directly (it is not React
 * state): React only mirrors small facts about it through the store.
 */
export const editor = new Editor();
// Auto-bind computes for seconds: off the main thread, so the page stays responsive.
runAutobindInWorker(editor);
runTransferInWorker(editor);
runFitInWorker(editor);
