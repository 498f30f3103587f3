/**
 * toolCommand: the shape of the batch weight-tool commands (`skinsmith normalize|prune|limit|
 * mirror IN -o OUT`): import with repair as `export` does, run one tool on every vertex (nothing
 * is selected, so the tool works on everything), then export, validate and write exactly as
 * `export` does (its option parsing and writer), and print a JSON summary.
 */
import { Editor } from '../editor/editor.ts';
import type { ToolReport } from '../editor/tools-session.ts';
import { type Command, toJson } from './command.ts';
import {
  EXPORT_OPTION_SPECS,
  exportAndWrite,
  exportOptions,
  exportOutcome,
  validationSummary,
  vrmSummary,
} from './export-command.ts';
import { expectPositional, type OptionSpec, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

/** One batch tool command. */
export interface ToolCommandSpec {
  name: string;
  summary: string;
  /** The tool's own options (the export options are added). */
  options: Record<string, OptionSpec>;
  /** --help lines for the tool's options. */
  optionHelp: string[];
  /**
   * Checks the tool's options (a UsageError for bad ones) and returns the function that runs the
   * tool on the loaded editor, so bad usage fails before the file is read.
   */
  prepare: (options: Map<string, string>) => (editor: Editor) => ToolReport;
  /** Export option defaults the tool implies (e.g. `limit --max 6` keeps 8 slots). */
  exportDefaults?: (options: Map<string, string>) => Record<string, string>;
}

/** The common --help line of the batch tools. */
const EXPORT_HELP =
  '-o OUT, --max-influences, --weights, --prune, --no-validate, --uncompressed, --draco, --allow-loss: as for export';

/** A number option: absent → `fallback`; otherwise it must parse and pass `ok`. */
export function numberOption(
  options: Map<string, string>,
  name: string,
  fallback: number,
  ok: (x: number) => boolean,
  command: string,
  expected: string,
): number {
  const text = options.get(name);
  if (text === undefined) return fallback;
  const x = Number(text);
  if (text.trim() === '' || !ok(x))
    throw new UsageError(`${command}: --${name} must be ${expected} (got ${text})`);
  return x;
}

/** Builds the Command of a batch tool. */
export function toolCommand(spec: ToolCommandSpec): Command {
  return {
    name: spec.name,
    synopsis: 'IN -o OUT',
    summary: spec.summary,
    options: { ...EXPORT_OPTION_SPECS, ...spec.options },
    optionHelp: [...spec.optionHelp, EXPORT_HELP],
    async run(argv, io) {
      const args = parseArgs(argv, this.options);
      const [inPath] = expectPositional(args, ['IN'], spec.name);
      const out = args.options.get('out');
      if (!out) throw new UsageError(`${spec.name}: missing -o OUT`);
      const apply = spec.prepare(args.options);
      const implied = spec.exportDefaults?.(args.options) ?? {};
      const merged = new Map([...Object.entries(implied), ...args.options]);
      const options = exportOptions(merged, out, spec.name);
      const input = readInputFile(inPath);
      const editor = new Editor();
      const model = await editor.load(input);
      const t0 = performance.now();
      const report = apply(editor);
      const toolMs = performance.now() - t0;
      const outcome = await exportAndWrite(model, input, options, out, args.options, spec.name);
      const { result, written } = outcome;
      const v = result.validation;
      io.stdout(
        toJson({
          input: input.name,
          files: written,
          tool: spec.name,
          changedVertices: report.changed,
          refusedVertices: report.refused,
          ...(report.unmatched !== undefined ? { unmatchedVertices: report.unmatched } : {}),
          toolMs: Math.round(toolMs),
          repairedOnImport: model.repairedVertices,
          maxInfluences: options.maxInfluences,
          weights: options.weights,
          notices: editor.notices.map((n) => `${n.level}: ${n.message}`),
          validation: validationSummary(v),
          ...vrmSummary(outcome.result.vrm),
        }),
      );
      return exportOutcome(spec.name, outcome, io.stderr);
    },
  };
}
