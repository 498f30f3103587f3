/**
 * The `skinsmith` command line: the same src/ code as the app, in Node. `main` never throws:
 * user errors (bad usage, unreadable input) print one line on stderr and return 2.
 */
import { LoadError } from '../gltf/load-error.ts';
import { autobindCommand } from './autobind-command.ts';
import type { Command, CommandIO } from './command.ts';
import { exportCommand } from './export-command.ts';
import { limitCommand } from './limit-command.ts';
import { mirrorCommand } from './mirror-command.ts';
import { normalizeCommand } from './normalize-command.ts';
import { pruneCommand } from './prune-command.ts';
import { rigCommand } from './rig-command.ts';
import { skeletonCommand } from './skeleton-command.ts';
import { statsCommand } from './stats-command.ts';
import { transferCommand } from './transfer-command.ts';
import { UsageError } from './usage-error.ts';
import { validateCommand } from './validate-command.ts';

/** Every command, in --help order. A new command (autobind) is one more entry here. */
export const COMMANDS: Command[] = [
  statsCommand,
  validateCommand,
  exportCommand,
  autobindCommand,
  rigCommand,
  transferCommand,
  normalizeCommand,
  pruneCommand,
  limitCommand,
  mirrorCommand,
  skeletonCommand,
];

/** The --help text. */
export function helpText(): string {
  const lines = [
    'Usage: skinsmith <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${`${c.name} ${c.synopsis}`.padEnd(22)} ${c.summary}`),
    '',
  ];
  for (const c of COMMANDS) {
    if (!c.optionHelp?.length) continue;
    lines.push(`Options of ${c.name}:`, ...c.optionHelp.map((l) => `  ${l}`), '');
  }
  lines.push(
    'Exit codes: 0 ok; 1 the validator found errors; 2 bad usage or unreadable input.',
    'A .gltf is read with its .bin and images from its own folder (relative paths only).',
    '',
  );
  return lines.join('\n');
}

const NODE_IO: CommandIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs `skinsmith` with `argv` (without node and the script); returns the exit code. */
export async function main(argv: string[], io: CommandIO = NODE_IO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(helpText());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`skinsmith: unknown command "${name}" (try skinsmith --help)\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(helpText());
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError || err instanceof LoadError) {
      io.stderr(`skinsmith: ${err.message.split('\n')[0]}\n`);
      return 2;
    }
    // A bug, not a user error: keep the stack for the report.
    io.stderr(`skinsmith ${name}: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    return 3;
  }
}
