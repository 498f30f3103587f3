/**
 * The roundtrip through a real consumer: a source opened in the editor, exported in every variant,
 * and both files read by the consumer's own loader; what it reads must be the same but for the
 * weights' encoding, and the skinned vertices it computes over a few clip frames must agree.
 * Shared by the three.js and Babylon.js tests (each supplies its loader as a {@link Consumer}).
 */
import { type Document, type Node, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { loadDraco, loadMeshopt } from '../../src/gltf/decoders.ts';
import { type ExportOptions, exportDocument } from '../../src/gltf/export/export-document.ts';
import { sourceGlb } from '../gltf/support/extension-fixture.ts';
import {
  type CompareOptions,
  type ConsumerFile,
  type ConsumerView,
  compareViews,
  diagonalOfPoints,
  maxPointDistance,
} from './consumer-view.ts';
import { EXPORTER_CONVENTIONS, exportedGlb } from './exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel, SHARED_MODEL_FILES } from './shared-models.ts';

/** A loader under test: read a file, describe it, skin it at a clip time. */
export interface Consumer<Loaded> {
  load(file: ConsumerFile): Promise<Loaded>;
  view(loaded: Loaded): ConsumerView;
  /** Skinned positions per skinned mesh at `clip`'s time `t` (null: rest), weights normalised on request. */
  skinned(loaded: Loaded, clip: number | null, t: number, normalise: boolean): Float32Array[];
  /** Normal/tangent attribute names and sizes (compared as unit vectors for compressed sources). */
  vectorAttributes: Record<string, number>;
  dispose?(loaded: Loaded): void;
}

export type Variant = Required<Pick<ExportOptions, 'format' | 'maxInfluences' | 'weights'>>;

/** Every export variant: float/unorm16/unorm8 × 4/8 influences × .glb/.gltf. */
export const VARIANTS: Variant[] = (['float', 'unorm16', 'unorm8'] as const).flatMap((weights) =>
  ([4, 8] as const).flatMap((maxInfluences) =>
    (['glb', 'gltf'] as const).map((format): Variant => ({ format, maxInfluences, weights })),
  ),
);

export interface RoundtripCase {
  name: string;
  source: () => Promise<ConsumerFile>;
}

/** The generated fixtures (every exporter convention, and the file with extensions three.js may not know). */
export const FIXTURE_CASES: RoundtripCase[] = [
  ...EXPORTER_CONVENTIONS.map((c) => ({
    name: c,
    source: async () => ({ name: `${c}.glb`, bytes: await exportedGlb(c, 2000) }),
  })),
  { name: 'extensions', source: async () => ({ name: 'Extensions.glb', bytes: await sourceGlb() }) },
];

/** Every shared model (none where ../shared is absent). */
export const SHARED_CASES: RoundtripCase[] = HAVE_SHARED_MODELS
  ? SHARED_MODEL_FILES.map((m) => ({ name: m.name, source: async () => readSharedModel(m.file) }))
  : [];

const COMPRESSION = ['KHR_draco_mesh_compression', 'EXT_meshopt_compression'];

/** `node` and its ancestors, nearest first. */
function ancestry(node: Node): Node[] {
  const out: Node[] = [];
  for (let n: Node | null = node; n; n = n.getParentNode()) out.push(n);
  return out;
}

/**
 * Skins whose `skeleton` is not above all their joints (glTF 2.0 requires it; QuaterniusWolf's is
 * not) given the joints' deepest common ancestor, as export does: loaders that build bone
 * hierarchies from `skeleton` (Babylon) read the source and the export alike only then.
 */
function fixInvalidSkeletons(doc: Document): boolean {
  let fixed = false;
  for (const skin of doc.getRoot().listSkins()) {
    const skeleton = skin.getSkeleton();
    const joints = skin.listJoints();
    if (!skeleton || joints.every((j) => ancestry(j).includes(skeleton))) continue;
    let common = ancestry(joints[0]);
    for (const j of joints) {
      const up = new Set(ancestry(j));
      common = common.filter((n) => up.has(n));
    }
    skin.setSkeleton(common[0] ?? null);
    fixed = true;
  }
  return fixed;
}

/**
 * The source as the reference a loader reads: as it is, unless it is compressed (decoded by
 * glTF-Transform and written plain: three's DRACOLoader needs Web Workers, Babylon's decoders a
 * CDN) or has a skin with an invalid `skeleton` (fixed as the spec says it must be).
 */
async function readableSource(source: ConsumerFile): Promise<{ file: ConsumerFile; compressed: boolean }> {
  const io = new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'draco3d.decoder': await loadDraco(), 'meshopt.decoder': await loadMeshopt() });
  const doc = source.name.endsWith('.glb') ? await io.readBinary(source.bytes) : null;
  if (!doc) return { file: source, compressed: false };
  const used = doc.getRoot().listExtensionsUsed();
  const compressed = used.some((e) => COMPRESSION.includes(e.extensionName));
  const fixed = fixInvalidSkeletons(doc);
  if (!compressed && !fixed) return { file: source, compressed };
  for (const e of used) if (COMPRESSION.includes(e.extensionName)) e.dispose();
  return { file: { name: 'reference.glb', bytes: await io.writeBinary(doc) }, compressed };
}

/** How far a skinned vertex may move, in diagonals: float round trip, or the quantisation's reach. */
export function positionTolerance(weights: Variant['weights']): number {
  // Σ|Δw| over 4 influences ≤ 4 steps (largest-remainder rounding moves each by < 1 step), each
  // moving the vertex by at most the spread of its joints' transforms (≤ the diagonal here).
  if (weights === 'unorm8') return 4 / 255 + 1e-6;
  if (weights === 'unorm16') return 4 / 65535 + 1e-6;
  return 1e-6;
}

export interface VariantOutcome {
  variant: Variant;
  differences: string[];
  /** Largest skinned-vertex distance between source and export over the frames, in diagonals. */
  moved: number;
}

/** The clip frames compared: the rest pose, and three times of the first clip. */
function frames(view: ConsumerView): [number | null, number][] {
  const out: [number | null, number][] = [[null, 0]];
  const clip = view.clips[0];
  if (clip) for (const f of [0, 1 / 3, 2 / 3]) out.push([0, clip.duration * f]);
  return out;
}

/** Runs one case through every variant; returns each variant's differences and movement. */
export async function roundtrip<L>(
  consumer: Consumer<L>,
  c: RoundtripCase,
  variants = VARIANTS,
): Promise<VariantOutcome[]> {
  const source = await c.source();
  const model = await new Editor().load(source);
  const readable = await readableSource(source);
  const loadedSource = await consumer.load(readable.file);
  const sourceView = consumer.view(loadedSource);
  // The editor repairs weights whose sums are off (the spec requires 1): compare with those repaired.
  const normalise = model.repairedVertices > 0;
  const reference = frames(sourceView).map(([clip, t]) => consumer.skinned(loadedSource, clip, t, normalise));
  const diagonal = Math.max(...reference.map(diagonalOfPoints), 1e-12);
  const compare: CompareOptions = {
    unitVectors: readable.compressed,
    vectorAttributes: consumer.vectorAttributes,
  };
  const outcomes: VariantOutcome[] = [];
  for (const variant of variants) {
    const result = await exportDocument(model, { ...variant, sourceName: source.name });
    const file: ConsumerFile = result.bytes
      ? { name: result.fileName, bytes: result.bytes }
      : { name: result.fileName, bytes: result.files!.get(result.fileName)!, resources: result.files };
    const loaded = await consumer.load(file);
    const differences = compareViews(sourceView, consumer.view(loaded), compare);
    let moved = 0;
    frames(sourceView).forEach(([clip, t], k) => {
      moved = Math.max(
        moved,
        maxPointDistance(reference[k], consumer.skinned(loaded, clip, t, false)) / diagonal,
      );
    });
    consumer.dispose?.(loaded);
    outcomes.push({ variant, differences, moved });
  }
  consumer.dispose?.(loadedSource);
  return outcomes;
}

/** One test per case: every variant reads as the source did, and skins within the tolerance. */
export function describeRoundtrip<L>(title: string, consumer: Consumer<L>): void {
  describe(title, () => {
    for (const c of [...FIXTURE_CASES, ...SHARED_CASES]) {
      it(c.name, async () => {
        for (const o of await roundtrip(consumer, c)) {
          const label = `${c.name} ${o.variant.format} ${o.variant.maxInfluences} ${o.variant.weights}`;
          expect(o.differences.slice(0, 6), label).toEqual([]);
          expect(o.moved, label).toBeLessThanOrEqual(positionTolerance(o.variant.weights));
        }
      });
    }
  });
}
