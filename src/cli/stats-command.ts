import { fileWeightStats } from '../gltf/file-weight-stats.ts';
import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel } from '../gltf/skinned-model.ts';
import { vrmOfDocument } from '../vrm/vrm-document.ts';
import { type Command, toJson } from './command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';

/** What `skinsmith stats` prints. */
export interface StatsOutput {
  file: string;
  /** POSITION count over every primitive (a mesh used by several nodes counted once). */
  vertices: number;
  skinnedVertices: number;
  joints: number;
  skins: number;
  primitives: number;
  skinnedPrimitives: number;
  /** 4 per JOINTS_n/WEIGHTS_n set in the file. */
  storedInfluences: number;
  /** `{ "1": vertices with 1 influence, … }` as stored in the file. */
  influenceHistogram: Record<string, number>;
  /** Vertices whose stored weights break the invariants (DESIGN.md 1–2), before repair. */
  invalidVertices: number;
  invalidByReason: Record<string, number>;
  /** Legal vertices with slots out of canonical order (import sorts them; not an error). */
  nonCanonicalVertices: number;
  /** What import repaired (the editor's warning). */
  repairs: { vertices: number; byReason: Record<string, number> };
}

/** `skinsmith stats FILE`: counts and weight health of a file, as JSON. */
export const statsCommand: Command = {
  name: 'stats',
  synopsis: 'FILE',
  summary: 'Print vertex, joint and skin counts, the influence histogram and invalid weights as JSON.',
  options: {},
  async run(argv, io) {
    const [file] = expectPositional(parseArgs(argv, this.options), ['FILE'], 'stats');
    const input = readInputFile(file);
    const model = buildSkinnedModel(await readDocument(input));
    const stored = fileWeightStats(model);
    const histogram: Record<string, number> = {};
    stored.influenceHistogram.forEach((n, k) => {
      if (n > 0) histogram[k] = n;
    });
    const out: StatsOutput = {
      file: input.name,
      vertices: model.vertexCount,
      skinnedVertices: model.skinnedVertexCount,
      joints: model.joints.size,
      skins: model.skins.length,
      primitives: model.primitiveCount,
      skinnedPrimitives: model.primitives.length,
      storedInfluences: stored.storedInfluences,
      influenceHistogram: histogram,
      invalidVertices: stored.invalidVertices,
      invalidByReason: stored.invalidByReason,
      nonCanonicalVertices: stored.nonCanonicalVertices,
      repairs: {
        vertices: model.repairedVertices,
        byReason: Object.fromEntries(Object.entries(model.repairReasons).filter(([, n]) => n > 0)),
      },
    };
    // A VRM avatar: which VRM, whose, how many human bones (no check: validate runs that).
    const vrm = vrmOfDocument(model.document);
    const avatar = vrm && {
      vrm: {
        version: vrm.version,
        specVersion: vrm.specVersion,
        name: vrm.name,
        humanBones: vrm.humanBones.size,
      },
    };
    io.stdout(toJson({ ...out, ...avatar }));
    return 0;
  },
};
