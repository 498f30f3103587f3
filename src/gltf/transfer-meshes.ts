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
import { triangleCorners } from '../mesh/triangles.ts';
import { matInvert } from '../pose/matrix.ts';
import { restPositions } from '../pose/rest-positions.ts';
import { multiplyInto } from '../pose/skinning.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { type SourcePart, SourceSurface } from '../transfer/source-surface.ts';
import { type TransferOptions, type TransferResult, transferWeights } from '../transfer/transfer-weights.ts';
import { attachMeshToSkin } from './create-skin.ts';
import { buildSkinnedModel } from './skinned-model.ts';
import { type JointMatch, transferSource } from './transfer-sources.ts';

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
  options: Pick<Partial<TransferOptions>, 'distance' | 'angle' | 'contact' | 'mode'>;
}

/** One target primitive's outcome. */
export type TransferWorkResult = Pick<
  TransferResult,
  'weights' | 'status' | 'matched' | 'inpainted' | 'seeded'
>;

/** A planned transfer: the work to compute, and how to write its results into the document. */
export interface TransferPlan {
  work: TransferWork;
  /** Writes the results (one list per group, one entry per target) and reports. */
  apply(results: TransferWorkResult[][]): TransferMeshesReport;
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
    return group.targets.map((t) => {
      const n = t.positions.length / 3;
      const base = done;
      const result = transferWeights(
        surface,
        { positions: t.positions, indices: t.indices },
        {
          ...work.options,
          jointCount: group.jointCount,
          influences: t.influences,
          existing: t.existing,
          signal,
          onProgress: onProgress ? (f) => onProgress((base + f * n) / Math.max(total, 1)) : null,
        },
      );
      done += n;
      return result;
    });
  });
}

/**
 * Resolves targets and sources, skins the unskinned targets (placement baked) and gathers the
 * work; nothing is weighted until `apply`. Throws an Error for the user on bad input.
 */
export function planTransfer(document: Document, options: TransferMeshesOptions): TransferPlan {
  const targets = resolveTargets(document, options.targets);
  const sourceDocument = options.sourceDocument ?? document;
  const sources = resolveSources(document, sourceDocument, options.sources ?? null, targets);
  const fallbackSkin =
    sourceDocument === document ? sources[0].getSkin()! : (document.getRoot().listSkins()[0] ?? null);
  for (const target of targets) {
    if (!target.getSkin() && !fallbackSkin) {
      throw new Error(
        `"${target.getName()}" has no skin and the file has none to attach it to: transfer from its own skinned meshes, or create a skin first.`,
      );
    }
  }
  const model = buildSkinnedModel(document);
  const rest = restPositions(model);
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
    },
  };
  const order: TransferredMesh[] = [];
  const groupOf = (skin: Skin): Group => {
    let g = groups.get(skin);
    if (!g) {
      const source = transferSource(
        sourceDocument,
        sources,
        skin,
        sourceDocument === document ? model : null,
      );
      g = { skin, joints: source.joints, entries: [], targets: [], primitiveOf: [] };
      groups.set(skin, g);
      work.groups.push({ sources: source.parts, jointCount: skin.listJoints().length, targets: g.targets });
    }
    return g;
  };
  for (const target of targets) {
    const own = target.getSkin();
    const skin = own ?? fallbackSkin!;
    const group = groupOf(skin);
    const node = own ? target : attachMeshToSkin(document, target, skin);
    const entry: TransferredMesh = {
      name: node.getName(),
      vertices: 0,
      matched: 0,
      inpainted: 0,
      seeded: 0,
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
      const positions = modelled ? rest[modelled.id] : Float32Array.from(position.getArray()!);
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
  return {
    work,
    apply(results) {
      const report: TransferMeshesReport = {
        targets: order,
        sources: sources.map((n) => n.getName()),
        joints: groupList[0]?.joints ?? { byNode: 0, byName: 0, byPosition: 0, unmatched: [] },
        vertices: 0,
        matched: 0,
        inpainted: 0,
        seeded: 0,
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
            if (isNew) toBindSpace(primitive, group.skin, result.weights);
            writeWeights(document, primitive, result.weights);
            entry.status.push(result.status);
            entry.vertices += result.weights.vertexCount;
            entry.matched += result.matched;
            entry.inpainted += result.inpainted;
            entry.seeded += result.seeded;
          }
        }
      });
      for (const entry of order) {
        report.vertices += entry.vertices;
        report.matched += entry.matched;
        report.inpainted += entry.inpainted;
        report.seeded += entry.seeded;
      }
      return report;
    },
  };
}

/** Mesh nodes whose node or mesh name is `name`. */
export function meshNodesNamed(document: Document, name: string): Node[] {
  return document
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && (n.getName() === name || n.getMesh()!.getName() === name));
}

function meshNodeNames(document: Document, skinned: boolean | null): string {
  const names = document
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && (skinned === null || !!n.getSkin() === skinned))
    .map((n) => n.getName() || n.getMesh()!.getName() || '(unnamed)');
  return names.length ? names.join(', ') : 'none';
}

function resolve(document: Document, items: readonly (string | Node)[], what: string): Node[] {
  const out: Node[] = [];
  for (const item of items) {
    const found = typeof item === 'string' ? meshNodesNamed(document, item) : [item];
    if (found.length === 0) {
      throw new Error(
        `No mesh named "${item}" to ${what}; the file's meshes: ${meshNodeNames(document, null)}.`,
      );
    }
    for (const n of found) {
      if (!n.getMesh()) throw new Error(`"${n.getName()}" holds no mesh.`);
      if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

function resolveTargets(document: Document, items: readonly (string | Node)[]): Node[] {
  if (items.length === 0) throw new Error('Name at least one mesh to transfer weights to.');
  return resolve(document, items, 'transfer weights to');
}

function resolveSources(
  document: Document,
  sourceDocument: Document,
  items: readonly (string | Node)[] | null,
  targets: readonly Node[],
): Node[] {
  const skinnedNodes = sourceDocument
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && n.getSkin());
  const sources = items
    ? resolve(sourceDocument, items, 'transfer weights from')
    : skinnedNodes.filter((n) => !targets.includes(n));
  if (sources.length === 0) {
    throw new Error(
      sourceDocument === document
        ? `No skinned mesh to transfer weights from besides the targets (skinned meshes: ${meshNodeNames(document, true)}).`
        : 'The source file has no skinned mesh to transfer weights from.',
    );
  }
  for (const s of sources) {
    if (targets.includes(s)) throw new Error(`"${s.getName()}" cannot be both a source and a target.`);
    if (!s.getSkin()) throw new Error(`"${s.getName()}" has no skin: it has no weights to transfer from.`);
  }
  return sources;
}

/** The primitive's triangles (strips and fans unrolled); empty for points and lines. */
function triangleIndices(primitive: Primitive, count: number): Uint32Array {
  const idx = primitive.getIndices()?.getArray() ?? null;
  return triangleCorners(idx ? Uint32Array.from(idx) : null, count, primitive.getMode());
}

/**
 * Takes a newly skinned primitive's rest-pose world positions (and normals) back to bind space:
 * v_bind = (Σ_j w_j S_j)^-1 v_rest with S_j = M_j · B_j^-1 in the rest pose. Nothing to do (and
 * nothing done) when every joint's rest is its bind pose.
 */
function toBindSpace(primitive: Primitive, skin: Skin, weights: SkinWeights): void {
  const joints = skin.listJoints();
  const ibm = skin.getInverseBindMatrices()?.getArray() ?? null;
  const S = new Float64Array(joints.length * 16);
  let identity = true;
  joints.forEach((joint, j) => {
    const B = new Float64Array(16);
    for (let k = 0; k < 16; k++)
      B[k] = ibm && ibm.length >= (j + 1) * 16 ? ibm[j * 16 + k] : k % 5 === 0 ? 1 : 0;
    multiplyInto(joint.getWorldMatrix(), 0, B, 0, S, j * 16);
    for (let k = 0; k < 16; k++) {
      if (Math.abs(S[j * 16 + k] - (k % 5 === 0 ? 1 : 0)) > 1e-5) identity = false;
    }
  });
  if (identity) return;
  const position = primitive.getAttribute('POSITION')!;
  const P = Float32Array.from(position.getArray()!);
  const normal = primitive.getAttribute('NORMAL');
  const N = normal ? Float32Array.from(normal.getArray()!) : null;
  const K = weights.influences;
  const blend = new Float64Array(16);
  const inv = new Float64Array(16);
  for (let v = 0; v < weights.vertexCount; v++) {
    blend.fill(0);
    for (let i = 0; i < K; i++) {
      const w = weights.weights[v * K + i];
      if (!(w > 0)) continue;
      const o = weights.joints[v * K + i] * 16;
      for (let k = 0; k < 16; k++) blend[k] += w * S[o + k];
    }
    if (!matInvert(blend, 0, inv, 0)) continue;
    const x = P[v * 3];
    const y = P[v * 3 + 1];
    const z = P[v * 3 + 2];
    P[v * 3] = inv[0] * x + inv[4] * y + inv[8] * z + inv[12];
    P[v * 3 + 1] = inv[1] * x + inv[5] * y + inv[9] * z + inv[13];
    P[v * 3 + 2] = inv[2] * x + inv[6] * y + inv[10] * z + inv[14];
    if (N) {
      // Normals go by the inverse transpose of inv: the blend's own linear part, transposed.
      const nx = N[v * 3];
      const ny = N[v * 3 + 1];
      const nz = N[v * 3 + 2];
      const mx = blend[0] * nx + blend[1] * ny + blend[2] * nz;
      const my = blend[4] * nx + blend[5] * ny + blend[6] * nz;
      const mz = blend[8] * nx + blend[9] * ny + blend[10] * nz;
      const len = Math.hypot(mx, my, mz) || 1;
      N[v * 3] = mx / len;
      N[v * 3 + 1] = my / len;
      N[v * 3 + 2] = mz / len;
    }
  }
  primitive.setAttribute('POSITION', position.clone().setArray(P));
  if (normal && N) primitive.setAttribute('NORMAL', normal.clone().setArray(N));
}

/** Writes JOINTS_n / WEIGHTS_n sets (4 influences each) for `weights`, replacing any others. */
export function writeWeights(document: Document, primitive: Primitive, weights: SkinWeights): void {
  for (const semantic of primitive.listSemantics()) {
    if (!/^(JOINTS|WEIGHTS)_\d+$/.test(semantic)) continue;
    const stale = primitive.getAttribute(semantic)!;
    primitive.setAttribute(semantic, null);
    // An accessor nothing else uses would be written as an unused object.
    if (stale.listParents().every((p) => p.propertyType === 'Root')) stale.dispose();
  }
  const buffer =
    primitive.getAttribute('POSITION')?.getBuffer() ?? document.getRoot().listBuffers()[0] ?? null;
  const K = weights.influences;
  const n = weights.vertexCount;
  for (let set = 0; set * 4 < K; set++) {
    const J = new Uint16Array(n * 4);
    const W = new Float32Array(n * 4);
    for (let v = 0; v < n; v++) {
      for (let i = 0; i < 4; i++) {
        J[v * 4 + i] = weights.joints[v * K + set * 4 + i];
        W[v * 4 + i] = weights.weights[v * K + set * 4 + i];
      }
    }
    primitive.setAttribute(
      `JOINTS_${set}`,
      document.createAccessor(`JOINTS_${set}`).setType('VEC4').setArray(J).setBuffer(buffer),
    );
    primitive.setAttribute(
      `WEIGHTS_${set}`,
      document.createAccessor(`WEIGHTS_${set}`).setType('VEC4').setArray(W).setBuffer(buffer),
    );
  }
}
