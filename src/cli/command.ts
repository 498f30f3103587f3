import type { OptionSpec } from './parse-args.ts';

/** Where a command writes: stdout gets the result (JSON), stderr one-line messages. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** One `skinsmith <name>` command. `run` returns the exit code (0 ok, 1 validation errors). */
export interface Command {
  name: string;
  /** Argument synopsis, e.g. "FILE". */
  synopsis: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Lines describing the options, for --help. */
  optionHelp?: string[];
  run: (argv: string[], io: CommandIO) => Promise<number>;
}

/** JSON as the CLI prints it: indented, one trailing newline. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
