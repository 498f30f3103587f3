import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { type AutobindOptions, autobind } from '../bind/autobind.ts';
import { bindGroupsOfModel, remapJoints } from '../bind/model-input.ts';
import { exportAndValidate } from '../gltf/export-and-validate.ts';
import { exportDocument, type WeightEncoding } from '../gltf/export-weights.ts';
import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import { type Command, toJson } from './command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

/** The auto-bind options the command line asks for, checked (usage errors exit with code 2). */
function bindOptions(options: Map<string, string>): AutobindOptions & { maxInfluences: 4 | 8 } {
  const method = options.get('method') ?? 'voxel';
  if (method !== 'voxel' && method !== 'closest')
    throw new UsageError(`autobind: --method must be voxel or closest (got ${method})`);
  const max = options.get('max-influences') ?? '4';
  if (max !== '4' && max !== '8')
    throw new UsageError(`autobind: --max-influences must be 4 or 8 (got ${max})`);
  const resText = options.get('resolution') ?? '256';
  const resolution = Number(resText);
  if (!Number.isInteger(resolution) || resolution < 16 || resolution > 1024)
    throw new UsageError(`autobind: --resolution must be an integer in [16, 1024] (got ${resText})`);
  return { method, resolution, maxInfluences: max === '8' ? 8 : 4 };
}

/**
 * `skinsmith autobind IN -o OUT`: discards the file's weights, binds every skinned primitive to
 * its skin's joints in the bind pose (src/bind), and exports as `export` does (same code, vertex
 * order unchanged); prints a JSON summary. Exit 1 if the export has errors of its own.
 */
export const autobindCommand: Command = {
  name: 'autobind',
  synopsis: 'IN -o OUT',
  summary: "Replace every skinned primitive's weights with auto-bind's, then export as `export` does.",
  options: {
    out: { kind: 'string', short: 'o' },
    method: { kind: 'string' },
    resolution: { kind: 'string' },
    'max-influences': { kind: 'string' },
    weights: { kind: 'string' },
    'no-validate': { kind: 'flag' },
  },
  optionHelp: [
    '--method voxel|closest   geodesic voxel binding, or straight-line distances; default voxel',
    '--resolution N           voxels along the longest axis; default 256',
    '--max-influences 4|8     influences per vertex; default 4 (plus -o, --weights, --no-validate as export)',
  ],
  async run(argv, io) {
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], 'autobind');
    const out = args.options.get('out');
    if (!out) throw new UsageError('autobind: missing -o OUT');
    const ext = extname(out).toLowerCase();
    if (ext !== '.glb' && ext !== '.gltf')
      throw new UsageError(`autobind: OUT must end in .glb or .gltf (got ${out})`);
    const weights = (args.options.get('weights') ?? 'float') as WeightEncoding;
    if (!['float', 'unorm16', 'unorm8'].includes(weights))
      throw new UsageError(`autobind: --weights must be float, unorm16 or unorm8 (got ${weights})`);
    const options = bindOptions(args.options);
    const input = readInputFile(inPath);
    const model = buildSkinnedModel(await readDocument(input), { influences: options.maxInfluences });
    const t0 = performance.now();
    const outside = new Set<string>();
    for (const group of bindGroupsOfModel(model)) {
      const result = autobind(group.input, options);
      group.primitives.forEach((p, k) => {
        model.primitives[p].weights = remapJoints(result.weights[k], group.jointMaps[k]);
      });
      for (const j of result.stats.outsideJoints)
        outside.add(model.joints.get(group.jointIds[j])?.name ?? `#${j}`);
    }
    const bindMs = performance.now() - t0;
    const exportOptions = {
      format: ext === '.glb' ? ('glb' as const) : ('gltf' as const),
      maxInfluences: options.maxInfluences,
      weights,
      sourceName: basename(out),
    };
    const result = args.options.has('no-validate')
      ? { ...(await exportDocument(model, exportOptions)), validation: null }
      : await exportAndValidate(model, exportOptions, {
          name: input.name,
          bytes: input.bytes,
          resources: input.resources,
        });
    const outPath = resolve(out);
    const written: string[] = [];
    const write = (path: string, data: Uint8Array) => {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
      written.push(path);
    };
    if (result.bytes) write(outPath, result.bytes);
    else {
      for (const [path, data] of result.files!) {
        write(join(dirname(outPath), path === result.fileName ? basename(outPath) : path), data);
      }
    }
    const v = result.validation;
    io.stdout(
      toJson({
        input: input.name,
        files: written,
        method: options.method,
        resolution: options.resolution,
        maxInfluences: options.maxInfluences,
        boundPrimitives: model.primitives.length,
        boundVertices: model.skinnedVertexCount,
        jointsLeftOut: [...outside],
        bindMs: Math.round(bindMs),
        validation: v && { errors: v.errors, newErrors: v.newErrors, warnings: v.warnings },
      }),
    );
    return v && v.newErrors > 0 ? 1 : 0;
  },
};
