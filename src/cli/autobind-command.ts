import type { Document } from '@gltf-transform/core';
import { type AutobindOptions, autobind } from '../bind/autobind.ts';
import type { BindReportItem } from '../bind/bind-report.ts';
import { bindGroupsOfModel, remapJoints } from '../bind/model-input.ts';
import { modelFindings } from '../editor/bind-findings.ts';
import { createSkinFromNodes } from '../gltf/create-skin.ts';
import { readDocument } from '../gltf/read-document.ts';
import { skeletonRootCandidates } from '../gltf/skeleton-nodes.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
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

/** The auto-bind options the command line asks for, checked (usage errors exit with code 2). */
function bindOptions(options: Map<string, string>): AutobindOptions & { maxInfluences: 4 | 8 } {
  const method = options.get('method') ?? 'voxel';
  if (method !== 'voxel' && method !== 'closest')
    throw new UsageError(`autobind: --method must be voxel or closest (got ${method})`);
  const max = options.get('max-influences') ?? '4';
  if (max !== '4' && max !== '8')
    throw new UsageError(`autobind: --max-influences must be 4 or 8 (got ${max})`);
  const resText = options.get('resolution') ?? 'auto';
  const resolution = resText === 'auto' ? 0 : Number(resText);
  if (resText !== 'auto' && (!Number.isInteger(resolution) || resolution < 16 || resolution > 1024))
    throw new UsageError(`autobind: --resolution must be auto or an integer in [16, 1024] (got ${resText})`);
  return {
    method,
    resolution,
    maxInfluences: max === '8' ? 8 : 4,
    bindEndJoints: options.has('bind-end-joints'),
  };
}

/**
 * For a file without a skin: makes one from `--root` (src/gltf/create-skin.ts) and returns its
 * root's name; without `--root`, a usage error naming the nodes that could be the root.
 */
function skinFromRoot(
  document: Document,
  fileName: string,
  root: string | undefined,
  meshes: string | undefined,
): string | null {
  const hasSkin = document.getRoot().listSkins().length > 0;
  if (root === undefined && meshes !== undefined)
    throw new UsageError('autobind: --meshes goes with --root (a file without a skin).');
  if (hasSkin) {
    if (root !== undefined)
      throw new UsageError(`autobind: ${fileName} already has a skin; --root is for files without one.`);
    return null;
  }
  if (root === undefined) {
    const names = skeletonRootCandidates(document).map((c) => c.name);
    throw new UsageError(
      `autobind: ${fileName} has no skin. Pass --root <node> to make one from the skeleton's top node${names.length ? `; candidates: ${names.join(', ')}` : ' (the file has no node hierarchy to make one from)'}.`,
    );
  }
  try {
    const names = meshes?.split(',').map((m) => m.trim());
    return createSkinFromNodes(document, root, names ? { meshes: names } : {}).root.getName();
  } catch (err) {
    throw new UsageError(`autobind: ${(err as Error).message}`);
  }
}

/**
 * `skinsmith autobind IN -o OUT`: discards the file's weights, binds every skinned primitive to
 * its skin's joints in the bind pose (src/bind), and exports as `export` does (same code, vertex
 * order unchanged); prints a JSON summary. Exit 1 if the export has errors of its own.
 * A file without a skin gets one first from `--root <node>` (see {@link skinFromRoot}).
 */
export const autobindCommand: Command = {
  name: 'autobind',
  synopsis: 'IN -o OUT',
  summary: "Replace every skinned primitive's weights with auto-bind's, then export as `export` does.",
  options: {
    ...EXPORT_OPTION_SPECS,
    method: { kind: 'string' },
    resolution: { kind: 'string' },
    root: { kind: 'string' },
    meshes: { kind: 'string' },
    'exclude-root': { kind: 'flag' },
    'bind-end-joints': { kind: 'flag' },
  },
  optionHelp: [
    '--method voxel|closest   geodesic voxel binding, or straight-line distances; default voxel',
    '--resolution auto|N      voxels along the longest axis; default auto (from the mesh)',
    '--max-influences 4|8     influences per vertex; default 4',
    '--bind-end-joints        give end joints (HeadTop_End, finger tips, Toe_End) weight too',
    '-o OUT, --weights, --prune, --no-validate, --uncompressed, --draco, --allow-loss: as for export',
    '--root NODE              file without a skin: make one from this node (the skeleton top) and its',
    '                         mesh-free nodes, on every mesh outside it; the nodes as placed are the bind pose',
    '--exclude-root           with --root: the root gets no weight (an Armature or root node)',
    '--meshes A,B             with --root: skin only these mesh nodes (default: every mesh outside the skeleton)',
  ],
  async run(argv, io) {
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], 'autobind');
    const out = args.options.get('out');
    if (!out) throw new UsageError('autobind: missing -o OUT');
    const options = bindOptions(args.options);
    const exportWith = exportOptions(args.options, out, 'autobind');
    const input = readInputFile(inPath);
    const document = await readDocument(input);
    const createdRoot = skinFromRoot(
      document,
      input.name,
      args.options.get('root'),
      args.options.get('meshes'),
    );
    const model = buildSkinnedModel(document, { influences: options.maxInfluences });
    const t0 = performance.now();
    const outside = new Set<string>();
    const groups = bindGroupsOfModel(model);
    const reports: BindReportItem[][] = [];
    const weightsOf: SkinWeights[][] = [];
    for (const group of groups) {
      // The created skin's root is its first joint.
      const excludeRoot = createdRoot !== null && args.options.has('exclude-root');
      const input = excludeRoot
        ? {
            ...group.input,
            joints: group.input.joints.map((j, i) => (i === 0 ? { ...j, excluded: true } : j)),
          }
        : group.input;
      const result = autobind(input, options);
      group.primitives.forEach((p, k) => {
        model.primitives[p].weights = remapJoints(result.weights[k], group.jointMaps[k]);
      });
      for (const j of result.stats.outsideJoints)
        outside.add(model.joints.get(group.jointIds[j])?.name ?? `#${j}`);
      reports.push(result.report);
      weightsOf.push(result.weights);
    }
    const findings = modelFindings(model, groups, reports, weightsOf).map((f) => f.message);
    const bindMs = performance.now() - t0;
    const outcome = await exportAndWrite(model, input, exportWith, out, args.options, 'autobind');
    const { result, written } = outcome;
    const v = result.validation;
    io.stdout(
      toJson({
        input: input.name,
        files: written,
        method: options.method,
        resolution: options.resolution || 'auto',
        maxInfluences: options.maxInfluences,
        createdSkin:
          createdRoot !== null ? { root: createdRoot, joints: model.skins[0].joints.length } : null,
        boundPrimitives: model.primitives.length,
        boundVertices: model.skinnedVertexCount,
        jointsLeftOut: [...outside],
        findings,
        bindMs: Math.round(bindMs),
        validation: v && { errors: v.errors, newErrors: v.newErrors, warnings: v.warnings },
        ...vrmSummary(result.vrm),
      }),
    );
    return exportOutcome('autobind', outcome, io.stderr);
  },
};
