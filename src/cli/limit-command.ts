import { numberOption, toolCommand } from './tool-command.ts';

/** `skinsmith limit IN -o OUT [--max N]`: keeps the N strongest influences per vertex, exports. */
export const limitCommand = toolCommand({
  name: 'limit',
  summary: 'Keep at most N influences per vertex (the strongest), renormalise, then export.',
  options: { max: { kind: 'string' } },
  optionHelp: ['--max N                  influences per vertex, 1…8; default 4 (above 4 exports 8 slots)'],
  prepare: (options) => {
    const max = numberOption(
      options,
      'max',
      4,
      (x) => Number.isInteger(x) && x >= 1 && x <= 8,
      'limit',
      'a whole number in 1…8',
    );
    return (editor) => editor.tools.limit({ maxInfluences: max });
  },
  exportDefaults: (options) => ({ 'max-influences': Number(options.get('max') ?? 4) > 4 ? '8' : '4' }),
});
