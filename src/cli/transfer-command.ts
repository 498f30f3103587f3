import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import { transferToMeshes } from '../gltf/transfer-meshes.ts';
import { type Command, toJson } from './command.ts';
import {
  EXPORT_OPTION_SPECS,
  exportAndWrite,
  exportOptions,
  exportOutcome,
  vrmSummary,
} from './export-command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

function names(value: string | undefined, flag: string): string[] | null {
  if (value === undefined) return null;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (list.length === 0) throw new UsageError(`transfer: --${flag} needs at least one mesh name`);
  return list;
}

function numberIn(value: string | undefined, flag: string, lo: number, hi: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < lo || n > hi)
    throw new UsageError(`transfer: --${flag} must be a number in [${lo}, ${hi}] (got ${value})`);
  return n;
}

/**
 * `skinsmith transfer IN -o OUT --to MESH[,MESH…] [--from MESH,… | --source FILE]`: gives the named
 * meshes weights transferred from the other skinned meshes of IN (or `--from` those, or the
 * skinned meshes of FILE) — robust transfer with inpainting (src/transfer); unskinned meshes are
 * skinned to the source's skin. Exports as `export` does and prints a JSON summary.
 */
export const transferCommand: Command = {
  name: 'transfer',
  synopsis: 'IN -o OUT --to MESH',
  summary: 'Give meshes weights transferred from skinned meshes (robust: matched, then inpainted).',
  options: {
    ...EXPORT_OPTION_SPECS,
    to: { kind: 'string' },
    from: { kind: 'string' },
    source: { kind: 'string' },
    distance: { kind: 'string' },
    angle: { kind: 'string' },
    contact: { kind: 'string' },
    method: { kind: 'string' },
    'only-matched': { kind: 'flag' },
    border: { kind: 'string' },
  },
  optionHelp: [
    '--to A,B                 the meshes (node or mesh names) to give weights; unskinned ones get the source skin',
    '--from C,D               copy from these skinned meshes of IN (default: every other skinned mesh)',
    '--source FILE            copy from the skinned meshes of FILE (same skeleton: joints matched by name, then position)',
    '--distance F             match distance as a fraction of the source diagonal; default 0.05',
    '--angle DEG              largest angle between normals for a match; default 45',
    '--contact F              nearer than this (fraction of the diagonal) a match only needs to face the same side; default 0.02',
    '--method robust|closest  match and inpaint, or plain closest-point copy; default robust',
    '--only-matched           meshes that have weights keep them where the source does not reach',
    '                         (no inpainting there); default: inpaint, with a warning on stderr',
    '--border N               with --only-matched, rings of matched vertices that blend into the',
    '                         kept weights; default 3',
    '--max-influences 4|8, -o OUT, --no-validate, --uncompressed, --allow-loss: as for export',
  ],
  async run(argv, io) {
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], 'transfer');
    const out = args.options.get('out');
    if (!out) throw new UsageError('transfer: missing -o OUT');
    const to = names(args.options.get('to'), 'to');
    if (!to) throw new UsageError('transfer: missing --to MESH[,MESH…] (the meshes to give weights)');
    const from = names(args.options.get('from'), 'from');
    const sourcePath = args.options.get('source');
    if (from && sourcePath) throw new UsageError('transfer: --from and --source exclude each other');
    const method = args.options.get('method') ?? 'robust';
    if (method !== 'robust' && method !== 'closest')
      throw new UsageError(`transfer: --method must be robust or closest (got ${method})`);
    const distance = numberIn(args.options.get('distance'), 'distance', 0, 10);
    const angle = numberIn(args.options.get('angle'), 'angle', 0, 180);
    const contact = numberIn(args.options.get('contact'), 'contact', 0, 10);
    const onlyMatched = args.options.has('only-matched');
    const border = numberIn(args.options.get('border'), 'border', 0, 100);
    if (border !== undefined && !onlyMatched) throw new UsageError('transfer: --border needs --only-matched');
    if (border !== undefined && !Number.isInteger(border))
      throw new UsageError(`transfer: --border must be a whole number of rings (got ${border})`);
    const max = args.options.get('max-influences') ?? '4';
    if (max !== '4' && max !== '8')
      throw new UsageError(`transfer: --max-influences must be 4 or 8 (got ${max})`);
    const exportWith = exportOptions(args.options, out, 'transfer');
    const input = readInputFile(inPath);
    const document = await readDocument(input);
    const sourceDocument = sourcePath ? await readDocument(readInputFile(sourcePath)) : null;
    let report: ReturnType<typeof transferToMeshes>;
    try {
      report = transferToMeshes(document, {
        targets: to,
        sources: from,
        sourceDocument,
        distance,
        angle,
        contact,
        mode: method,
        onlyMatched,
        border,
        influences: max === '8' ? 8 : 4,
      });
    } catch (err) {
      throw new UsageError(`transfer: ${(err as Error).message}`);
    }
    const model = buildSkinnedModel(document, { influences: max === '8' ? 8 : undefined });
    const outcome = await exportAndWrite(model, input, exportWith, out, args.options, 'transfer');
    const v = outcome.result.validation;
    io.stdout(
      toJson({
        input: input.name,
        files: outcome.written,
        method,
        sources: report.sources,
        source: sourcePath ?? null,
        joints: report.joints,
        targets: report.targets.map((t) => ({
          name: t.name,
          skin: t.skin,
          vertices: t.vertices,
          matched: t.matched,
          inpainted: t.inpainted,
          seeded: t.seeded,
          kept: t.kept,
        })),
        vertices: report.vertices,
        matched: report.matched,
        inpainted: report.inpainted,
        seeded: report.seeded,
        kept: report.kept,
        onlyMatched,
        transferMs: Math.round(report.ms),
        validation: v && { errors: v.errors, newErrors: v.newErrors, warnings: v.warnings },
        ...vrmSummary(outcome.result.vrm),
      }),
    );
    // Weights replaced where the source did not reach: said, with the way to keep them.
    for (const t of report.targets) {
      const over = t.inpainted + t.seeded;
      if (t.skin !== 'existing' || over === 0) continue;
      io.stderr(
        `skinsmith transfer: the source reached ${t.matched} of the ${t.vertices} vertices of ${t.name}; the weights of the other ${over} were replaced by inpainted ones (--only-matched keeps them)\n`,
      );
    }
    return exportOutcome('transfer', outcome, io.stderr);
  },
};
