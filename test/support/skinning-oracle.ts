/**
 * An oracle for what an engine draws, sharing no code with src/pose: glTF skinning written out
 * from the spec with three.js' Matrix4 over glTF-Transform's own node transforms —
 * `v' = Σ_j w_j · world_j · IBM_j · v`, the mesh node's transform ignored — for a file read
 * fresh from its bytes. A pose is given as local rotation offsets (applied on the node's own
 * rotation: `R_rest · q`, as the editor's sliders and three.js' bone.quaternion take them).
 */
import { type Document, type Node, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { Matrix4, Quaternion, Vector3 } from 'three';

export interface DrawnPrimitive {
  meshIndex: number;
  primitiveIndex: number;
  /** Index of the skin (in the document) it was skinned with. */
  skin: number;
  positions: Float32Array;
}

/** Reads a GLB, or a .gltf with embedded (data URI) buffers, Draco and meshopt decoded. */
export async function readForOracle(bytes: Uint8Array, path?: string): Promise<Document> {
  const draco = (await import('draco3dgltf')) as unknown as {
    createDecoderModule?: () => Promise<unknown>;
    default?: { createDecoderModule: () => Promise<unknown> };
  };
  const create = draco.createDecoderModule ?? draco.default!.createDecoderModule;
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.decoder': await create(),
    'meshopt.decoder': MeshoptDecoder,
  });
  await MeshoptDecoder.ready;
  const glb = bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
  if (glb) return io.readBinary(bytes);
  if (path) return io.read(path);
  return io.readJSON({ json: JSON.parse(new TextDecoder().decode(bytes)), resources: {} });
}

/**
 * World positions of every skinned primitive as an engine draws them, each mesh once with the
 * skin of the first node (in document order) that instances it with a skin. `rotations`: node
 * index → local rotation offset (x, y, z, w). The document's nodes are restored after.
 */
export function drawnPositions(
  doc: Document,
  rotations: Map<number, number[]> = new Map(),
): DrawnPrimitive[] {
  const root = doc.getRoot();
  const nodes = root.listNodes();
  const saved = new Map<Node, [number, number, number, number]>();
  for (const [id, q] of rotations) {
    const node = nodes[id];
    const rest = node.getRotation();
    saved.set(node, rest);
    const posed = new Quaternion().fromArray(rest).multiply(new Quaternion().fromArray(q));
    node.setRotation(posed.toArray() as [number, number, number, number]);
  }
  try {
    const out: DrawnPrimitive[] = [];
    const done = new Set<unknown>();
    const skins = root.listSkins();
    const meshes = root.listMeshes();
    for (const node of nodes) {
      const mesh = node.getMesh();
      const skin = node.getSkin();
      if (!mesh || !skin || done.has(mesh)) continue;
      done.add(mesh);
      const joints = skin.listJoints();
      const ibmData = skin.getInverseBindMatrices()?.getArray();
      const S = joints.map((joint, j) => {
        const world = new Matrix4().fromArray(joint.getWorldMatrix());
        const ibm = ibmData
          ? new Matrix4().fromArray(Array.from(ibmData.slice(j * 16, j * 16 + 16)))
          : new Matrix4();
        return world.multiply(ibm);
      });
      mesh.listPrimitives().forEach((prim, primitiveIndex) => {
        const position = prim.getAttribute('POSITION');
        const J = prim.getAttribute('JOINTS_0');
        const W = prim.getAttribute('WEIGHTS_0');
        if (!position || !J || !W) return;
        const n = position.getCount();
        const positions = new Float32Array(n * 3);
        const v = new Vector3();
        const acc = new Vector3();
        const t = new Vector3();
        const je: number[] = [];
        const we: number[] = [];
        const pe: number[] = [];
        for (let i = 0; i < n; i++) {
          position.getElement(i, pe);
          v.fromArray(pe);
          J.getElement(i, je);
          W.getElement(i, we);
          acc.set(0, 0, 0);
          // Float weights are normalised by their sum, as GLTFLoader does (normalizeSkinWeights).
          const sum = we[0] + we[1] + we[2] + we[3];
          const scale = W.getNormalized() ? 1 : sum > 0 ? 1 / sum : 0;
          for (let k = 0; k < 4; k++) {
            if (!we[k]) continue;
            const m = S[je[k]];
            if (!m) continue;
            acc.addScaledVector(t.copy(v).applyMatrix4(m), we[k] * scale);
          }
          acc.toArray(positions, i * 3);
        }
        out.push({ meshIndex: meshes.indexOf(mesh), primitiveIndex, skin: skins.indexOf(skin), positions });
      });
    }
    return out;
  } finally {
    for (const [node, q] of saved) node.setRotation(q);
  }
}

/** Length of the bounding-box diagonal of xyz arrays together. */
export function diagonalOf(arrays: readonly ArrayLike<number>[]): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const a of arrays)
    for (let i = 0; i < a.length; i++) {
      const c = i % 3;
      if (a[i] < lo[c]) lo[c] = a[i];
      if (a[i] > hi[c]) hi[c] = a[i];
    }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** Largest distance between corresponding points of two xyz arrays (Infinity if their lengths differ). */
export function maxDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let i = 0; i < a.length; i += 3)
    worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
}
