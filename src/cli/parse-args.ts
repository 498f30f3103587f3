import { UsageError } from './usage-error.ts';

/** One option a command accepts: `--name value`, `--name=value`, or a boolean `--name`. */
export interface OptionSpec {
  /** 'flag' takes no value. */
  kind: 'string' | 'flag';
  /** One-letter alias, e.g. 'o' for `-o`. */
  short?: string;
}

export interface ParsedArgs {
  positional: string[];
  /** Option values by long name; flags are 'true'. */
  options: Map<string, string>;
}

/**
 * Parses a command's arguments against its option specs. Unknown options, missing values and
 * repeated options are usage errors (exit code 2). `--` ends the options.
 */
export function parseArgs(argv: string[], specs: Record<string, OptionSpec>): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const byShort = new Map(Object.entries(specs).flatMap(([name, s]) => (s.short ? [[s.short, name]] : [])));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
    } else {
      const long = byShort.get(arg.slice(1));
      if (!long) throw new UsageError(`unknown option ${arg}`);
      name = long;
    }
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (options.has(name)) throw new UsageError(`--${name} given twice`);
    if (spec.kind === 'flag') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      options.set(name, 'true');
      continue;
    }
    const value = inline ?? argv[++i];
    // The next argument is the value unless it is an option itself (a value may start with a
    // minus: --facing -Z, a negative number).
    const isOption = value !== undefined && (value.startsWith('--') || byShort.has(value.slice(1)));
    if (value === undefined || (inline === undefined && isOption))
      throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { positional, options };
}

/** Exactly `n` positional arguments, named in the message when missing or extra. */
export function expectPositional(args: ParsedArgs, names: string[], command: string): string[] {
  if (args.positional.length < names.length)
    throw new UsageError(`${command}: missing ${names.slice(args.positional.length).join(' ')}`);
  if (args.positional.length > names.length)
    throw new UsageError(`${command}: unexpected argument ${args.positional[names.length]}`);
  return args.positional;
}
