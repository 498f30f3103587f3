import type { MirrorAxis } from '../mesh/mirror-map.ts';
import { MIRROR_DIRECTIONS, type MirrorDirection } from '../tools/mirror-tool.ts';
import { toolCommand } from './tool-command.ts';
import { UsageError } from './usage-error.ts';

/** `skinsmith mirror IN -o OUT [--direction D] [--axis A]`: mirrors weights across a plane, exports. */
export const mirrorCommand = toolCommand({
  name: 'mirror',
  summary: "Mirror weights across the character's symmetry plane, then export.",
  options: { direction: { kind: 'string' }, axis: { kind: 'string' }, center: { kind: 'string' } },
  optionHelp: [
    '--direction left-to-right|right-to-left|flip   default left-to-right (left from joint names)',
    '--axis x|y|z             the plane x = 0, y = 0 or z = 0; default x',
    '--center keep|symmetrize vertices on the plane: keep, or average with their mirror; default keep',
  ],
  prepare: (options) => {
    const direction = (options.get('direction') ?? 'left-to-right') as MirrorDirection;
    if (!MIRROR_DIRECTIONS.includes(direction))
      throw new UsageError(`mirror: --direction must be ${MIRROR_DIRECTIONS.join(', ')} (got ${direction})`);
    const axis = (options.get('axis') ?? 'x') as MirrorAxis;
    if (!['x', 'y', 'z'].includes(axis))
      throw new UsageError(`mirror: --axis must be x, y or z (got ${axis})`);
    const center = options.get('center') ?? 'keep';
    if (center !== 'keep' && center !== 'symmetrize')
      throw new UsageError(`mirror: --center must be keep or symmetrize (got ${center})`);
    return (editor) => editor.tools.mirror({ direction, axis, center });
  },
});
