/**
 * `skinsmith rig IN -o OUT [--template humanoid|quadruped] [--fingers 0|1|3|5] [--markers
 * MARKERS.json] [--facing +Z|-Z|+X|-X] [--replace]`: fits the humanoid (or quadruped) template
 * to a static mesh (src/skeleton/fit), makes one skin over its joints (the bind pose is the mesh as given), weights it with auto-bind and exports as `export` does.
 * Prints a JSON summary: every fitted joint's world position, the markers used (given or
 * guessed) and the time. A mesh it cannot rig, bad markers, or a file that already has a skin
 * (unless --replace, which strips it first and rigs the mesh as its rest pose draws it) exit 2
 * with one line.
 */
import { readFileSync } from 'node:fs';
import type { Document, Node } from '@gltf-transform/core';
import { autobind } from '../bind/autobind.ts';
import { bindGroupsOfModel, remapJoints } from '../bind/model-input.ts';
import { exportBaseName } from '../gltf/export/export-document.ts';
import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import { stripSkin } from '../gltf/strip-skin.ts';
import { fitMeshOfDocument } from '../skeleton/fit/fit-mesh.ts';
import { type FittedSkeleton, fitSkeleton } from '../skeleton/fit/fit-skeleton.ts';
import {
  type HumanoidMarkers,
  MARKER_NAMES,
  MarkerError,
  NotAHumanoidError,
} from '../skeleton/fit/markers.ts';
import { NotAQuadrupedError } from '../skeleton/fit/quadruped/quadruped-body.ts';
import { rigDocument } from '../skeleton/fit/rig-document.ts';
import { FINGER_COUNTS, type FingerCount } from '../skeleton/templates/humanoid.ts';
import { writeVrmHumanoid } from '../vrm/vrm-write.ts';
import { type Command, toJson } from './command.ts';
import {
  EXPORT_OPTION_SPECS,
  exportAndWrite,
  exportOptions,
  exportOutcome,
  validationSummary,
  vrmSummary,
} from './export-command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';
import { UsageError } from './usage-error.ts';

type Vec3 = [number, number, number];

/** MARKERS.json checked: an object of known marker names, each [x, y, z] finite numbers. */
export function parseMarkers(text: string, file: string): Partial<HumanoidMarkers> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`rig: ${file} is not JSON (${(err as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new UsageError(`rig: ${file} must be an object of markers, e.g. {"chin": [x, y, z], …}`);
  const out: Partial<HumanoidMarkers> = {};
  for (const [key, value] of Object.entries(json)) {
    if (!(MARKER_NAMES as readonly string[]).includes(key))
      throw new UsageError(`rig: ${file}: unknown marker "${key}" (markers: ${MARKER_NAMES.join(', ')})`);
    if (
      !Array.isArray(value) ||
      value.length !== 3 ||
      !value.every((v) => typeof v === 'number' && Number.isFinite(v))
    )
      throw new UsageError(`rig: ${file}: ${key} must be [x, y, z], three finite numbers`);
    out[key as keyof HumanoidMarkers] = value as Vec3;
  }
  return out;
}

function fingerCount(text: string | undefined): FingerCount {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!(FINGER_COUNTS as readonly number[]).includes(n))
    throw new UsageError(`rig: --fingers must be 0, 1, 3 or 5 (got ${text})`);
  return n as FingerCount;
}

/** The templates `rig` fits (the chain needs two clicks: the app's). */
const CLI_TEMPLATES = ['humanoid', 'quadruped'] as const;
type CliTemplate = (typeof CLI_TEMPLATES)[number];

function templateOf(text: string | undefined): CliTemplate {
  if (text === undefined) return 'humanoid';
  if (!(CLI_TEMPLATES as readonly string[]).includes(text))
    throw new UsageError(`rig: --template must be humanoid or quadruped (got ${text})`);
  return text as CliTemplate;
}

const FACINGS: Record<string, Vec3> = {
  '+X': [1, 0, 0],
  '-X': [-1, 0, 0],
  '+Z': [0, 0, 1],
  '-Z': [0, 0, -1],
};

/** `--facing`: a horizontal world axis the character faces (a quadruped: where its head is). */
function facingOf(text: string | undefined): Vec3 | null {
  if (text === undefined) return null;
  const axis = FACINGS[text.toUpperCase().replace('−', '-')];
  if (!axis) throw new UsageError(`rig: --facing must be +Z, -Z, +X or -X (got ${text})`);
  return axis;
}

/** Fits and rigs `document` in place; returns the fit. User errors become UsageErrors. */
function rig(
  document: Document,
  name: string,
  template: CliTemplate,
  fingers: FingerCount,
  markers: Partial<HumanoidMarkers> | null,
  facing: Vec3 | null,
): { fitted: FittedSkeleton; ends: Set<number>; jointNodes: Node[] } {
  const mesh = fitMeshOfDocument(document);
  if (mesh.indices.length < 3) throw new UsageError(`rig: ${name} has no triangle mesh to rig`);
  let fitted: FittedSkeleton;
  try {
    fitted = fitSkeleton(
      mesh,
      template === 'quadruped'
        ? { template, headToward: facing }
        : { template, fingers, markers, front: facing },
    );
  } catch (err) {
    if (err instanceof NotAQuadrupedError)
      throw new UsageError(`rig: cannot rig ${name} as a quadruped: ${err.message}`);
    // Markers the mesh did not show: say where the file's others were guessed, for --markers.
    if (err instanceof NotAHumanoidError && err.missing.length)
      throw new UsageError(
        `rig: cannot rig ${name}: ${err.message} with --markers MARKERS.json (one side is enough: the other mirrors)`,
      );
    if (err instanceof MarkerError || err instanceof NotAHumanoidError || err instanceof RangeError)
      throw new UsageError(`rig: cannot rig ${name}: ${err.message}`);
    throw err;
  }
  let rigged: ReturnType<typeof rigDocument>;
  try {
    rigged = rigDocument(document, fitted);
  } catch (err) {
    throw new UsageError(`rig: ${(err as Error).message}`);
  }
  const nodes = document.getRoot().listNodes();
  return {
    fitted,
    ends: new Set(rigged.endJoints.map((n) => nodes.indexOf(n))),
    jointNodes: rigged.jointNodes,
  };
}

export const rigCommand: Command = {
  name: 'rig',
  synopsis: 'IN -o OUT',
  summary: 'Fit a humanoid (or quadruped) skeleton to a static mesh, skin it with auto-bind, then export.',
  options: {
    ...EXPORT_OPTION_SPECS,
    template: { kind: 'string' },
    fingers: { kind: 'string' },
    markers: { kind: 'string' },
    facing: { kind: 'string' },
    replace: { kind: 'flag' },
    'vrm-name': { kind: 'string' },
    'vrm-author': { kind: 'string' },
  },
  optionHelp: [
    '--template humanoid|quadruped  the skeleton: humanoid (default; Mixamo names) or a four-legged',
    '                         animal standing on +Y (fitted from the mesh alone; no markers)',
    '--fingers 0|1|3|5        fingers per hand, three joints each (1: a mitten); default 0',
    '--markers MARKERS.json   {"chin":[x,y,z],"groin":[…],"leftWrist":[…],"rightWrist":[…],',
    '                         "leftElbow":[…],"rightElbow":[…],"leftKnee":[…],"rightKnee":[…]}',
    '                         in world coordinates, on the front surface or inside; missing ones guessed',
    '--facing +Z|-Z|+X|-X     the way the character faces (a quadruped: where its head is); default:',
    '                         read from the mesh',
    '--replace                a file with a skin: strip it and rig the mesh as its rest pose draws it',
    '-o OUT.vrm               a VRM 1.0 avatar: the humanoid map of the rig and a meta (VRMC_vrm)',
    "--vrm-name NAME          the avatar's name in a .vrm; default OUT's name",
    '--vrm-author NAME        its author in a .vrm; default Unknown',
    '-o OUT, --max-influences, --weights, --prune, --no-validate, --uncompressed, --draco, --allow-loss: as for export',
  ],
  async run(argv, io) {
    const t0 = performance.now();
    const args = parseArgs(argv, this.options);
    const [inPath] = expectPositional(args, ['IN'], 'rig');
    const out = args.options.get('out');
    if (!out) throw new UsageError('rig: missing -o OUT');
    const template = templateOf(args.options.get('template'));
    const fingers = fingerCount(args.options.get('fingers'));
    const facing = facingOf(args.options.get('facing'));
    if (template === 'quadruped')
      for (const o of ['fingers', 'markers'])
        if (args.options.has(o)) throw new UsageError(`rig: --${o} is for the humanoid template`);
    const exportWith = exportOptions(args.options, out, 'rig');
    const markersPath = args.options.get('markers');
    let markers: Partial<HumanoidMarkers> | null = null;
    if (markersPath !== undefined) {
      let text: string;
      try {
        text = readFileSync(markersPath, 'utf8');
      } catch (err) {
        throw new UsageError(
          `rig: cannot read ${markersPath}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
        );
      }
      markers = parseMarkers(text, markersPath);
    }
    const input = readInputFile(inPath);
    const document = await readDocument(input);
    const skins = document.getRoot().listSkins();
    let replaced: ReturnType<typeof stripSkin> | null = null;
    if (skins.length > 0) {
      if (!args.options.has('replace'))
        throw new UsageError(
          `rig: ${input.name} already has ${skins.length === 1 ? 'a skin' : `${skins.length} skins`}; pass --replace to strip ${skins.length === 1 ? 'it' : 'them'} and rig the mesh as drawn, or use autobind to reweight it`,
        );
      replaced = stripSkin(document);
    }
    const tFit = performance.now();
    if (template === 'quadruped' && exportWith.format === 'vrm')
      throw new UsageError('rig: a VRM is a humanoid avatar: rig a quadruped to .glb or .gltf');
    const { fitted, ends, jointNodes } = rig(document, input.name, template, fingers, markers, facing);
    const fitMs = performance.now() - tFit;
    // A .vrm asked for: the rig's joints become the VRM humanoid map (VRMC_vrm).
    if (exportWith.format === 'vrm') {
      const author = args.options.get('vrm-author');
      try {
        writeVrmHumanoid(document, jointNodes, {
          name: args.options.get('vrm-name') ?? exportBaseName(out),
          authors: author ? [author] : undefined,
        });
      } catch (err) {
        throw new UsageError(`rig: cannot write ${out} as a VRM: ${(err as Error).message}`);
      }
    }
    const model = buildSkinnedModel(document, { influences: exportWith.maxInfluences === 8 ? 8 : 4 });
    const tBind = performance.now();
    for (const group of bindGroupsOfModel(model)) {
      const bindInput = {
        ...group.input,
        joints: group.input.joints.map((j, i) =>
          ends.has(group.jointIds[i]) ? { ...j, excluded: true } : j,
        ),
      };
      const result = autobind(bindInput, {
        maxInfluences: exportWith.maxInfluences === 8 ? 8 : 4,
        rigidProps: true,
      });
      group.primitives.forEach((p, k) => {
        model.primitives[p].weights = remapJoints(result.weights[k], group.jointMaps[k]);
      });
    }
    const bindMs = performance.now() - tBind;
    const outcome = await exportAndWrite(model, input, exportWith, out, args.options, 'rig');
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    io.stdout(
      toJson({
        input: input.name,
        files: outcome.written,
        template,
        ...(template === 'humanoid' ? { fingers } : {}),
        replacedSkin: replaced && {
          skins: replaced.skins,
          joints: replaced.joints,
          animationsRemoved: replaced.animations,
        },
        joints: fitted.joints.map((j) => ({
          name: j.name,
          parent: j.parent >= 0 ? fitted.joints[j.parent].name : null,
          position: j.position.map(round),
        })),
        ...(fitted.markers
          ? {
              markers: Object.fromEntries(
                MARKER_NAMES.map((n) => [
                  n,
                  { position: fitted.markers![n].map(round), from: fitted.markersFrom[n] },
                ]),
              ),
            }
          : {}),
        facing: fitted.frame.front.map(round),
        symmetric: fitted.symmetric,
        skinnedVertices: model.skinnedVertexCount,
        timeMs: {
          fit: Math.round(fitMs),
          bind: Math.round(bindMs),
          total: Math.round(performance.now() - t0),
        },
        validation: validationSummary(outcome.result.validation),
        ...vrmSummary(outcome.result.vrm),
      }),
    );
    return exportOutcome('rig', outcome, io.stderr);
  },
};
