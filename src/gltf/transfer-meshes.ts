/**
 * transferToMeshes: gives mesh nodes of a Document weights transferred from skinned meshes (of the
 * same file or of another file of the same skeleton), in place on the Document — the document
 * half of `skinsmith transfer` and of the editor's "Add to this character" and Transfer panel.
 *
 * 1. Targets are mesh nodes named by node or mesh name; sources are the named skinned nodes, or
 *    every skinned mesh node that is not a target, or every skinned mesh node of the source file.
 * 2. Matching happens in the file's rest pose in world space — where an unskinned garment sits
 *    and what every engine draws — with the source's joints mapped into the target's skin.
 * 3. An unskinned target is skinned to the source's skin as Create a skin does it (on a scene-root
 *    node, its placement baked into its vertices), its weights transferred; when the rest pose is
 *    not the bind pose its vertices are taken back to bind space through the inverse of their
 *    blended skinning matrix, so in the rest pose it is drawn exactly where it was.
 * 4. A skinned target keeps its skin and gets new weights in it.
 */
import type { Document, Node, Primitive, Skin } from '@gltf-transform/core';
import { restPositions } from '../pose/rest-positions.ts';
import { SkinWeights } from '../skin/skin-weights.ts';
import { type SourcePart, SourceSurface } from '../transfer/source-surface.ts';
import {
  type TransferOptions,
  type TransferResult,
  transferCoverage,
  transferWeights,
} from '../transfer/transfer-weights.ts';
import { attachMeshToSkin } from './create-skin.ts';
import { buildSkinnedModel, type SkinnedModel } from './skinned-model.ts';
import { resolveSources, resolveTargets } from './transfer-nodes.ts';
import { skeletonIds, skinUnder, sourcesOfSkeleton } from './transfer-skeletons.ts';
import { type JointMatch, transferSource } from './transfer-sources.ts';
import { toBindSpace, triangleIndices, writeWeights } from './transfer-write.ts';

export { meshNodesNamed } from './transfer-nodes.ts';
export { writeWeights } from './transfer-write.ts';

export interface TransferMeshesOptions {
  /** Mesh nodes to give weights (nodes, or node or mesh names). */
  targets: readonly (string | Node)[];
  /** Skinned mesh nodes to copy from (default: every skinned mesh node that is not a target). */
  sources?: readonly (string | Node)[] | null;
  /** Copy from this file's skinned meshes instead (same skeleton: joints matched by name). */
  sourceDocument?: Document | null;
  distance?: number;
  angle?: number;
  contact?: number;
  mode?: TransferOptions['mode'];
  /**
   * Only where matched: target vertices that have weights and that the source does not reach
   * keep them (see src/transfer/matched-only.ts); a mesh without a skin is inpainted everywhere.
   */
  onlyMatched?: boolean;
  /** Rings of matched vertices blending into the kept ones (only where matched; default 3). */
  border?: number;
  /** The document's SkinnedModel when the caller has one (not rebuilt). */
  model?: SkinnedModel | null;
  /** Influences per vertex of newly skinned meshes (default 4). */
  influences?: 4 | 8;
  onProgress?: ((fraction: number) => void) | null;
  signal?: { aborted: boolean } | null;
}

export interface TransferredMesh {
  name: string;
  vertices: number;
  matched: number;
  inpainted: number;
  seeded: number;
  /** Vertices that kept their own weights (only where matched). */
  kept: number;
  /** 'new': the mesh had no skin and now has the source's; 'existing': reweighted in its skin. */
  skin: 'new' | 'existing';
  /** The node that holds it now (a new scene-root node when its placement was baked). */
  node: Node;
  /** Per primitive: how each vertex got its weights (TransferStatus). */
  status: Uint8Array[];
}

export interface TransferMeshesReport {
  targets: TransferredMesh[];
  sources: string[];
  joints: JointMatch;
  vertices: number;
  matched: number;
  inpainted: number;
  seeded: number;
  kept: number;
  ms: number;
}

/** One target primitive's inputs to {@link computeTransfer}. */
export interface TransferWorkTarget {
  positions: Float32Array;
  indices: Uint32Array;
  existing: SkinWeights | null;
  influences: number;
}

/** What the transfer computes: per target skin, its source parts and target primitives. */
export interface TransferWork {
  groups: { sources: SourcePart[]; jointCount: number; targets: TransferWorkTarget[] }[];
  options: Pick<
    Partial<TransferOptions>,
    'distance' | 'angle' | 'contact' | 'mode' | 'onlyMatched' | 'border'
  > & {
    /** Count only (the coverage preview): match, inpaint nothing, write nothing (weights empty). */
    coverage?: boolean;
  };
}

/** One target primitive's outcome. */
export type TransferWorkResult = Pick<
  TransferResult,
  'weights' | 'status' | 'matched' | 'inpainted' | 'seeded' | 'kept'
>;

/** A planned transfer: the work to compute, and how to write its results into the document. */
export interface TransferPlan {
  work: TransferWork;
  /** Writes the results (one list per group, one entry per target) and reports. */
  apply(results: TransferWorkResult[][]): TransferMeshesReport;
  /** Reports the results without writing them (a coverage preview's counts per target). */
  report(results: TransferWorkResult[][]): TransferMeshesReport;
}

/** See the module comment. Throws an Error with a message for the user on bad input. */
export function transferToMeshes(document: Document, options: TransferMeshesOptions): TransferMeshesReport {
  const start = performance.now();
  const plan = planTransfer(document, options);
  const report = plan.apply(computeTransfer(plan.work, options.onProgress ?? null, options.signal ?? null));
  report.ms = performance.now() - start;
  return report;
}

/**
 * Runs the transfers of `work` (pure: what the app's worker runs). Progress is over all target
 * vertices.
 */
export function computeTransfer(
  work: TransferWork,
  onProgress: ((fraction: number) => void) | null = null,
  signal: { aborted: boolean } | null = null,
): TransferWorkResult[][] {
  const total = work.groups.reduce(
    (n, g) => n + g.targets.reduce((m, t) => m + t.positions.length / 3, 0),
    0,
  );
  let done = 0;
  return work.groups.map((group) => {
    const surface = new SourceSurface(group.sources);
    return group.targets.map((t): TransferWorkResult => {
      const n = t.positions.length / 3;
      const base = done;
      const target = { positions: t.positions, indices: t.indices };
      const options = {
        ...work.options,
        jointCount: group.jointCount,
        influences: t.influences,
        existing: t.existing,
        signal,
        onProgress: onProgress ? (f: number) => onProgress((base + f * n) / Math.max(total, 1)) : null,
      };
      done += n;
      if (!work.options.coverage) return transferWeights(surface, target, options);
      const c = transferCoverage(surface, target, options);
      const weights = new SkinWeights(0, t.influences);
      return {
        weights,
        status: c.status,
        matched: c.matched,
        inpainted: c.inpainted,
        seeded: c.seeded,
        kept: 0,
      };
    });
  });
}

/**
 * Resolves targets and sources, skins the unskinned targets (placement baked) and gathers the
 * work; nothing is weighted until `apply`. Throws an Error for the user on bad input. With
 * `preview`, the document is only read (unskinned targets are placed in memory, not attached):
 * for a coverage preview, whose plan is reported, never applied.
 */
export function planTransfer(
  document: Document,
  options: TransferMeshesOptions,
  preview = false,
): TransferPlan {
  const targets = resolveTargets(document, options.targets);
  const sourceDocument = options.sourceDocument ?? document;
  const sources = resolveSources(document, sourceDocument, options.sources ?? null, targets);
  const sameFile = sourceDocument === document;
  const fallbackSkin = sameFile ? sources[0].getSkin()! : (document.getRoot().listSkins()[0] ?? null);
  for (const target of targets) {
    if (!target.getSkin() && !fallbackSkin) {
      throw new Error(
        `"${target.getName()}" has no skin and the file has none to attach it to: transfer from its own skinned meshes, or create a skin first.`,
      );
    }
  }
  const model = options.model ?? buildSkinnedModel(document);
  const rest = restPositions(model);
  // Where the file holds several skeletons, an unskinned target takes the one of the body it sits on.
  const several = sameFile && new Set(skeletonIds(document).values()).size > 1;
  let everyBody: ReturnType<typeof transferSource> | null = null;
  const bodySkin = (target: Node): Skin => {
    if (!several) return fallbackSkin!;
    everyBody ??= transferSource(document, sources, fallbackSkin!, model);
    return skinUnder(target, everyBody) ?? fallbackSkin!;
  };
  interface Group {
    skin: Skin;
    joints: JointMatch;
    entries: { entry: TransferredMesh; primitives: (Primitive | null)[]; isNew: boolean }[];
    targets: TransferWorkTarget[];
    primitiveOf: Primitive[];
  }
  const groups = new Map<Skin, Group>();
  const work: TransferWork = {
    groups: [],
    options: {
      distance: options.distance,
      angle: options.angle,
      contact: options.contact,
      mode: options.mode,
      onlyMatched: options.onlyMatched,
      border: options.border,
    },
  };
  const order: TransferredMesh[] = [];
  const groupOf = (skin: Skin): Group => {
    let g = groups.get(skin);
    if (!g) {
      // Only the meshes of the target's own skeleton give it weights.
      const own = sameFile ? sourcesOfSkeleton(document, sources, skin) : sources;
      const source = transferSource(sourceDocument, own, skin, sameFile ? model : null);
      g = { skin, joints: source.joints, entries: [], targets: [], primitiveOf: [] };
      groups.set(skin, g);
      work.groups.push({ sources: source.parts, jointCount: skin.listJoints().length, targets: g.targets });
    }
    return g;
  };
  for (const target of targets) {
    const own = target.getSkin();
    const skin = own ?? bodySkin(target);
    const group = groupOf(skin);
    const node = own || preview ? target : attachMeshToSkin(document, target, skin);
    const entry: TransferredMesh = {
      name: node.getName(),
      vertices: 0,
      matched: 0,
      inpainted: 0,
      seeded: 0,
      kept: 0,
      skin: own ? 'existing' : 'new',
      node,
      status: [],
    };
    order.push(entry);
    const primitives: (Primitive | null)[] = [];
    for (const primitive of node.getMesh()!.listPrimitives()) {
      const position = primitive.getAttribute('POSITION');
      if (!position) {
        primitives.push(null);
        continue;
      }
      primitives.push(primitive);
      const modelled = own ? model.primitives.find((p) => p.primitive === primitive) : undefined;
      const positions = modelled
        ? rest[modelled.id]
        : preview && !own
          ? placed(position.getArray()!, target.getWorldMatrix())
          : Float32Array.from(position.getArray()!);
      group.targets.push({
        positions,
        indices: triangleIndices(primitive, positions.length / 3),
        existing: modelled?.weights ?? null,
        influences: modelled ? modelled.weights.influences : (options.influences ?? 4),
      });
      group.primitiveOf.push(primitive);
    }
    group.entries.push({ entry, primitives, isNew: !own });
  }
  const groupList = [...groups.values()];
  const report = (results: TransferWorkResult[][], write: boolean): TransferMeshesReport => {
    const out: TransferMeshesReport = {
      targets: order,
      sources: sources.map((n) => n.getName()),
      joints: groupList[0]?.joints ?? { byNode: 0, byName: 0, byPosition: 0, unmatched: [] },
      vertices: 0,
      matched: 0,
      inpainted: 0,
      seeded: 0,
      kept: 0,
      ms: 0,
    };
    groupList.forEach((group, g) => {
      let k = 0;
      for (const { entry, primitives, isNew } of group.entries) {
        for (const primitive of primitives) {
          if (!primitive) {
            entry.status.push(new Uint8Array(0));
            continue;
          }
          const result = results[g][k++];
          if (write) {
            if (isNew) toBindSpace(primitive, group.skin, result.weights);
            writeWeights(document, primitive, result.weights);
          }
          entry.status.push(result.status);
          entry.vertices += result.status.length;
          entry.matched += result.matched;
          entry.inpainted += result.inpainted;
          entry.seeded += result.seeded;
          entry.kept += result.kept;
        }
      }
    });
    for (const entry of order) {
      out.vertices += entry.vertices;
      out.matched += entry.matched;
      out.inpainted += entry.inpainted;
      out.seeded += entry.seeded;
      out.kept += entry.kept;
    }
    return out;
  };
  return { work, apply: (results) => report(results, true), report: (results) => report(results, false) };
}

/** Positions (xyz) placed by a column-major world matrix, as attaching the mesh would bake them. */
function placed(positions: ArrayLike<number>, m: ArrayLike<number>): Float32Array {
  const out = new Float32Array(positions.length);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    out[i] = m[0] * x + m[4] * y + m[8] * z + m[12];
    out[i + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
    out[i + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
  }
  return out;
}
