import { toolCommand } from './tool-command.ts';

/** `skinsmith normalize IN -o OUT`: lock-free renormalisation of every vertex, then export. */
export const normalizeCommand = toolCommand({
  name: 'normalize',
  summary: 'Renormalise every vertex (weights sum to 1), then export as `export` does.',
  options: {},
  optionHelp: ['(no options of its own: import already repairs what breaks the invariants)'],
  prepare: () => (editor) => editor.tools.normalize(),
});
