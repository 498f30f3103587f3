import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Editor } from '../editor/editor.ts';
import { exportAndValidate, type ValidatedExport, writtenVrm } from '../gltf/export/export-and-validate.ts';
import { type ExportResult, exportDocument } from '../gltf/export/export-document.ts';
import {
  type ExportFormat,
  ExportOptionError,
  type ExportOptions,
  resolveExportOptions,
} from '../gltf/export/export-options.ts';
import type { InputFiles } from '../gltf/input-files.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { type VrmReport, vrmExportRefusal } from '../vrm/vrm-document.ts';
import { type Command, toJson } from './command.ts';
import { expectPositional, type OptionSpec, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

/** The command-line flag of each export option (for messages). */
const FLAGS: Partial<Record<keyof ExportOptions, string>> = {
  maxInfluences: '--max-influences',
  weights: '--weights',
  prune: '--prune',
};

/** The options every command that writes a file takes (export and the batch tools). */
export const EXPORT_OPTION_SPECS: Record<string, OptionSpec> = {
  out: { kind: 'string', short: 'o' },
  'max-influences': { kind: 'string' },
  weights: { kind: 'string' },
  prune: { kind: 'string' },
  'no-validate': { kind: 'flag' },
  uncompressed: { kind: 'flag' },
  draco: { kind: 'flag' },
  'allow-loss': { kind: 'flag' },
};

/** Help lines for {@link EXPORT_OPTION_SPECS}. */
export const EXPORT_OPTION_HELP = [
  '-o, --out OUT            output file: .glb, .gltf (writes .bin and images beside it), or .vrm',
  '                         (a GLB; only for a VRM avatar, or a rig written as one)',
  '--max-influences 4|8     influences per vertex (8 adds JOINTS_1/WEIGHTS_1); default 4',
  '--weights float|unorm16|unorm8   weight encoding; default float',
  '--prune T                drop influences below T (0 ≤ T < 1) before limiting; default 0',
  '--no-validate            skip the glTF-Validator run on the result',
  '--uncompressed           write a meshopt source uncompressed (default: meshopt again, exact);',
  '                         a Draco source is written uncompressed unless --draco',
  '--draco                  re-encode meshes with Draco: smaller, but re-quantises positions',
  '                         (16 bits), normals and UVs and reorders vertices',
  '--allow-loss             write the file even where the source has parts the export cannot',
  '                         keep (listed on stderr); without it such an export writes nothing, exit 1',
];

/** The format of each output file extension: the one place a command line picks it. */
const OUTPUT_FORMATS: Record<string, ExportFormat> = { '.glb': 'glb', '.gltf': 'gltf', '.vrm': 'vrm' };

/**
 * The export options the command line asks for, checked (usage errors exit with code 2);
 * `command` names the command in messages.
 */
export function exportOptions(options: Map<string, string>, out: string, command = 'export'): ExportOptions {
  const ext = extname(out).toLowerCase();
  const format = OUTPUT_FORMATS[ext];
  if (!format) throw new UsageError(`${command}: OUT must end in .glb, .gltf or .vrm (got ${out})`);
  if (options.has('uncompressed') && options.has('draco'))
    throw new UsageError(`${command}: --uncompressed and --draco exclude each other`);
  try {
    return resolveExportOptions({
      format,
      maxInfluences: options.get('max-influences'),
      weights: options.get('weights') as ExportOptions['weights'],
      prune: options.get('prune'),
      sourceName: basename(out),
      compression: options.has('draco') ? 'draco' : options.has('uncompressed') ? 'none' : 'auto',
    });
  } catch (err) {
    if (err instanceof ExportOptionError)
      throw new UsageError(`${command}: ${FLAGS[err.field] ?? err.field} ${err.detail}`);
    throw err;
  }
}

/** Writes a path under `dir` (export's file names are relative and checked: no `..`). */
function writeBeside(dir: string, path: string, data: Uint8Array): void {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, data);
}

/**
 * Exports `model` (read from `input`) as the UI does, validated unless `validate` is false, and
 * writes the result at `out` (a .gltf's .bin and images beside it). Returns the result and the
 * files written.
 */
export async function exportAndWrite(
  model: SkinnedModel,
  input: InputFiles,
  options: ExportOptions,
  out: string,
  flags: Map<string, string>,
  command = 'export',
): Promise<{
  result: ExportResult & { validation: ValidatedExport['validation'] | null; vrm: VrmReport | null };
  written: string[];
  /** What the export could not keep of the source; non-empty without --allow-loss: nothing written. */
  lost: string[];
}> {
  const validate = !flags.has('no-validate');
  // A .vrm of a file that is no VRM: refused before anything is written (exit 2, one line).
  const refusal = options.format === 'vrm' ? vrmExportRefusal(model.document) : null;
  if (refusal) throw new UsageError(`${command}: cannot write ${basename(out)}: ${refusal}`);
  const result = validate
    ? await exportAndValidate(model, options, {
        name: input.name,
        bytes: input.bytes,
        resources: input.resources,
      })
    : await exportDocument(model, options).then((r) => ({
        ...r,
        validation: null,
        vrm: writtenVrm(model, r),
      }));
  const outPath = resolve(out);
  const written: string[] = [];
  const lost = result.extensions.dropped;
  if (lost.length > 0 && !flags.has('allow-loss')) return { result, written, lost };
  if (result.bytes) {
    writeBeside(dirname(outPath), basename(outPath), result.bytes);
    written.push(outPath);
  } else {
    for (const [path, data] of result.files!) {
      // The .gltf itself goes exactly where asked; its resources beside it.
      const target = path === result.fileName ? basename(outPath) : path;
      writeBeside(dirname(outPath), target, data);
      written.push(join(dirname(outPath), target));
    }
  }
  return { result, written, lost };
}

/**
 * What a command says on stderr after an export, and its exit code: 1 when the export would lose
 * part of the source (and wrote nothing) or has validator errors of its own, else 0.
 */
export function exportOutcome(
  command: string,
  outcome: {
    result: { validation: ValidatedExport['validation'] | null; vrm?: VrmReport | null };
    written: string[];
    lost: string[];
  },
  stderr: (text: string) => void,
): number {
  // A VRM written inconsistent (checkVrm) is said, problem by problem (the file is written).
  for (const problem of outcome.result.vrm?.problems ?? [])
    if (outcome.written.length > 0) stderr(`skinsmith ${command}: VRM check: ${problem}\n`);
  if (outcome.lost.length > 0) {
    const kept = outcome.written.length > 0;
    stderr(
      `skinsmith ${command}: not kept from the source: ${outcome.lost.join(', ')}` +
        (kept ? '\n' : ' (nothing written; pass --allow-loss to write it anyway)\n'),
    );
    if (!kept) return 1;
  }
  const v = outcome.result.validation;
  return v && v.newErrors > 0 ? 1 : 0;
}

/** The validation part of a command's JSON summary (null when validation was skipped). */
export function validationSummary(v: ValidatedExport['validation'] | null) {
  return (
    v && {
      errors: v.errors,
      newErrors: v.newErrors,
      inheritedErrors: v.inheritedErrors,
      warnings: v.warnings,
      infos: v.infos,
      hints: v.hints,
      newErrorMessages: v.messages.filter((m) => m.severity === 'error' && m.origin === 'new'),
    }
  );
}

/**
 * The VRM part of a command's JSON summary, for a VRM written (any format): `{vrm: {version,
 * name, humanBones, problems}}` (problems: checkVrm's), else nothing.
 */
export function vrmSummary(vrm: VrmReport | null | undefined): { vrm?: object } {
  if (!vrm) return {};
  return {
    vrm: {
      version: vrm.version,
      specVersion: vrm.specVersion,
      name: vrm.name,
      humanBones: vrm.humanBones.size,
      problems: vrm.problems,
    },
  };
}

/**
 * `skinsmith export IN -o OUT`: import with repair, export as the UI does (same code), validate
 * the result; prints a JSON summary. Exit 1 if the export has errors of its own (it should not).
 */
export const exportCommand: Command = {
  name: 'export',
  synopsis: 'IN -o OUT',
  summary: 'Import (repairing weights) and export as .glb, .gltf (+ .bin and images) or .vrm.',
  options: EXPORT_OPTION_SPECS,
  optionHelp: EXPORT_OPTION_HELP,
  async run(argv, io) {
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], 'export');
    const out = args.options.get('out');
    if (!out) throw new UsageError('export: missing -o OUT');
    const options = exportOptions(args.options, out);
    const input = readInputFile(inPath);
    const editor = new Editor();
    const model = await editor.load(input);
    const outcome = await exportAndWrite(model, input, options, out, args.options);
    const { result, written } = outcome;
    const v = result.validation;
    const histogram: Record<string, number> = {};
    result.histogram.forEach((n, k) => {
      if (n > 0) histogram[k] = n;
    });
    io.stdout(
      toJson({
        input: input.name,
        files: written,
        format: result.format,
        size: result.size,
        maxInfluences: options.maxInfluences,
        weights: options.weights,
        influenceHistogram: histogram,
        repairedOnImport: model.repairedVertices,
        fixedSkeletons: result.fixedSkeletons,
        decompressed: result.decompressed,
        recompressed: result.recompressed,
        dracoEncodedPrimitives: result.dracoEncoded,
        keptExtensions: result.extensions.restored,
        droppedExtensions: result.extensions.dropped,
        validation: validationSummary(v),
        ...vrmSummary(result.vrm),
      }),
    );
    // Never silently: say what of the source the export could not keep.
    return exportOutcome('export', outcome, io.stderr);
  },
};
