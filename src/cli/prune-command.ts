import { numberOption, toolCommand } from './tool-command.ts';

/** `skinsmith prune IN -o OUT [--threshold T]`: drops light influences, renormalises, exports. */
export const pruneCommand = toolCommand({
  name: 'prune',
  summary: 'Drop influences below a threshold and renormalise, then export.',
  options: { threshold: { kind: 'string' } },
  optionHelp: ['--threshold T            drop influences below T (0 ≤ T < 1); default 0.01'],
  prepare: (options) => {
    const threshold = numberOption(options, 'threshold', 0.01, (x) => x >= 0 && x < 1, 'prune', 'in [0, 1)');
    return (editor) => editor.tools.prune({ threshold });
  },
});
