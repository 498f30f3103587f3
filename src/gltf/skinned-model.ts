import type { Accessor, Document, Mesh, Node, Primitive, Skin } from '@gltf-transform/core';
import { repairImportedWeights } from '../skin/repair.ts';
import type { SkinWeights } from '../skin/skin-weights.ts';
import { readAccessorAsFloat, readIndices, readPositions } from './accessor-data.ts';

/** WEIGHTS_n as floats: a float accessor's own array (read only), else decoded. */
function readWeights(accessor: Accessor): ArrayLike<number> {
  const array = accessor.getArray();
  return array instanceof Float32Array && !accessor.getNormalized() ? array : readAccessorAsFloat(accessor);
}

/** A joint of any skin in the file; `id` is its glTF node index. */
export interface JointInfo {
  id: number;
  node: Node;
  name: string;
  /** Nearest ancestor that is also a joint, or -1. */
  parent: number;
  children: number[];
  /** World position in the bind pose (from the inverse bind matrix of the first skin using it). */
  bindPosition: [number, number, number];
  /**
   * World position in the file's rest pose (the nodes' own transforms): where engines draw the
   * joint, and where the shown mesh has it. Equal to bindPosition in most files.
   */
  restPosition: [number, number, number];
}

export interface SkinInfo {
  index: number;
  skin: Skin;
  name: string;
  /** Joint ids (node indices), in the skin's own order: JOINTS_n values index this list. */
  joints: number[];
  /** Column-major inverse bind matrices, 16 floats per joint (identity where the file has none). */
  inverseBindMatrices: Float32Array;
}

/** One skinned primitive the editor owns the weights of. */
export interface SkinnedPrimitive {
  id: number;
  name: string;
  mesh: Mesh;
  primitive: Primitive;
  meshIndex: number;
  primitiveIndex: number;
  /** Skins that instance this primitive's mesh; the first is used to name its joints. */
  skins: number[];
  /** Bind-pose positions (mesh space). */
  positions: Float32Array;
  indices: Uint32Array | null;
  weights: SkinWeights;
}

export type RepairCounts = Record<string, number>;

/** The file as the editor sees it: the Document plus what it owns. */
export interface SkinnedModel {
  document: Document;
  joints: Map<number, JointInfo>;
  /** Joint ids whose parent joint is -1. */
  rootJoints: number[];
  skins: SkinInfo[];
  primitives: SkinnedPrimitive[];
  /**
   * Vertices of every primitive (skinned or not) of the meshes a node draws, each mesh counted
   * once; a mesh no node uses (an orphan left in the file) is not part of the character.
   */
  vertexCount: number;
  skinnedVertexCount: number;
  /** Primitives of the meshes a node draws, as vertexCount counts them. */
  primitiveCount: number;
  repairedVertices: number;
  repairReasons: RepairCounts;
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

function readInverseBindMatrices(skin: Skin, jointCount: number): Float32Array {
  const out = new Float32Array(jointCount * 16);
  const ibm = skin.getInverseBindMatrices();
  const data = ibm?.getArray();
  for (let j = 0; j < jointCount; j++) {
    for (let k = 0; k < 16; k++)
      out[j * 16 + k] = data && data.length >= (j + 1) * 16 ? data[j * 16 + k] : IDENTITY[k];
  }
  return out;
}

/** Translation of the inverse of an affine column-major matrix (the joint's bind world position). */
function bindPositionFromInverse(m: Float32Array, o: number): [number, number, number] {
  // inv(IBM) translation = -R^T t for a rigid IBM; for general affine, solve R x = -t.
  const a = m[o],
    b = m[o + 4],
    c = m[o + 8];
  const d = m[o + 1],
    e = m[o + 5],
    f = m[o + 9];
  const g = m[o + 2],
    h = m[o + 6],
    i = m[o + 10];
  const tx = -m[o + 12],
    ty = -m[o + 13],
    tz = -m[o + 14];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return [0, 0, 0];
  const x = (tx * (e * i - f * h) - b * (ty * i - f * tz) + c * (ty * h - e * tz)) / det;
  const y = (a * (ty * i - f * tz) - tx * (d * i - f * g) + c * (d * tz - ty * g)) / det;
  const z = (a * (e * tz - ty * h) - b * (d * tz - ty * g) + tx * (d * h - e * g)) / det;
  return [x, y, z];
}

function skinnedPrimitive(
  id: number,
  mesh: Mesh,
  primitive: Primitive,
  meshIndex: number,
  primitiveIndex: number,
  skins: number[],
  weights: SkinWeights,
): SkinnedPrimitive {
  return {
    id,
    name: `${mesh.getName() || `mesh ${meshIndex}`}${mesh.listPrimitives().length > 1 ? ` #${primitiveIndex}` : ''}`,
    mesh,
    primitive,
    meshIndex,
    primitiveIndex,
    skins,
    positions: readPositions(primitive.getAttribute('POSITION')!),
    indices: readIndices(primitive.getIndices()),
    weights,
  };
}

function countSets(primitive: Primitive): number {
  let sets = 0;
  while (primitive.getAttribute(`JOINTS_${sets}`) && primitive.getAttribute(`WEIGHTS_${sets}`)) sets++;
  return sets;
}

/** Options of {@link buildSkinnedModel}. */
export interface BuildSkinnedModelOptions {
  /** Influences per vertex the editor keeps (default: 8 when a primitive has two sets, else 4). */
  influences?: 4 | 8;
  /**
   * The weights a primitive already has (a skeleton edit rebuilding the model over its edited
   * document): used as they are instead of reading and repairing JOINTS_n/WEIGHTS_n.
   */
  weightsOf?: (meshIndex: number, primitiveIndex: number) => SkinWeights | undefined;
}

/**
 * Builds the editor's view of a Document: joints, skins, and the SkinWeights of every skinned
 * primitive, repairing weights that break the invariants (and counting why).
 */
export function buildSkinnedModel(document: Document, options: BuildSkinnedModelOptions = {}): SkinnedModel {
  const root = document.getRoot();
  const nodes = root.listNodes();
  const nodeIndex = new Map<Node, number>();
  for (const [i, n] of nodes.entries()) nodeIndex.set(n, i);
  const meshes = root.listMeshes();

  const skins: SkinInfo[] = root.listSkins().map((skin, index) => {
    const joints = skin.listJoints().map((n) => nodeIndex.get(n) ?? -1);
    return {
      index,
      skin,
      name: skin.getName(),
      joints,
      inverseBindMatrices: readInverseBindMatrices(skin, joints.length),
    };
  });

  // Joints: every node any skin names, with the bind position from its first skin.
  const joints = new Map<number, JointInfo>();
  for (const info of skins) {
    info.joints.forEach((id, j) => {
      if (id < 0 || joints.has(id)) return;
      const node = nodes[id];
      joints.set(id, {
        id,
        node,
        name: node.getName() || `joint ${id}`,
        parent: -1,
        children: [],
        bindPosition: info.skin.getInverseBindMatrices()
          ? bindPositionFromInverse(info.inverseBindMatrices, j * 16)
          : (node.getWorldTranslation() as [number, number, number]),
        restPosition: node.getWorldTranslation() as [number, number, number],
      });
    });
  }
  for (const joint of joints.values()) {
    let p = joint.node.getParentNode();
    const seen = new Set<Node>();
    while (p && !seen.has(p)) {
      seen.add(p);
      const pid = nodeIndex.get(p);
      if (pid !== undefined && joints.has(pid)) {
        joint.parent = pid;
        joints.get(pid)!.children.push(joint.id);
        break;
      }
      p = p.getParentNode();
    }
  }
  const rootJoints = [...joints.values()].filter((j) => j.parent < 0).map((j) => j.id);

  // Which skins instance each mesh.
  const meshSkins = new Map<Mesh, number[]>();
  for (const node of nodes) {
    const mesh = node.getMesh();
    const skin = node.getSkin();
    if (!mesh || !skin) continue;
    const list = meshSkins.get(mesh) ?? [];
    const s = root.listSkins().indexOf(skin);
    if (!list.includes(s)) list.push(s);
    meshSkins.set(mesh, list);
  }

  const maxSets = Math.max(0, ...meshes.flatMap((m) => m.listPrimitives().map(countSets)));
  const K = options.influences ?? (maxSets > 1 ? 8 : 4);

  const primitives: SkinnedPrimitive[] = [];
  const repairReasons: RepairCounts = {};
  let repairedVertices = 0;
  let vertexCount = 0;
  let skinnedVertexCount = 0;
  let primitiveCount = 0;
  const drawn = new Set(nodes.map((n) => n.getMesh()));
  meshes.forEach((mesh, meshIndex) => {
    mesh.listPrimitives().forEach((primitive, primitiveIndex) => {
      const position = primitive.getAttribute('POSITION');
      const count = position?.getCount() ?? 0;
      if (drawn.has(mesh)) {
        primitiveCount++;
        vertexCount += count;
      }
      const skinList = meshSkins.get(mesh);
      const sets = countSets(primitive);
      if (!skinList || sets === 0 || !position) return;
      skinnedVertexCount += count;
      const kept = options.weightsOf?.(meshIndex, primitiveIndex);
      if (kept) {
        primitives.push(
          skinnedPrimitive(primitives.length, mesh, primitive, meshIndex, primitiveIndex, skinList, kept),
        );
        return;
      }
      const jointCount = Math.min(...skinList.map((s) => skins[s].joints.length));
      const rawJoints: ArrayLike<number>[] = [];
      const rawWeights: ArrayLike<number>[] = [];
      for (let s = 0; s < sets; s++) {
        rawJoints.push(primitive.getAttribute(`JOINTS_${s}`)!.getArray() ?? new Uint16Array(count * 4));
        rawWeights.push(readWeights(primitive.getAttribute(`WEIGHTS_${s}`)!));
      }
      const { weights, report } = repairImportedWeights(rawJoints, rawWeights, count, jointCount, K);
      repairedVertices += report.repairedVertices;
      for (const [reason, n] of Object.entries(report.byReason)) {
        if (n) repairReasons[reason] = (repairReasons[reason] ?? 0) + n;
      }
      primitives.push(
        skinnedPrimitive(primitives.length, mesh, primitive, meshIndex, primitiveIndex, skinList, weights),
      );
    });
  });

  return {
    document,
    joints,
    rootJoints,
    skins,
    primitives,
    vertexCount,
    skinnedVertexCount,
    primitiveCount,
    repairedVertices,
    repairReasons,
  };
}
