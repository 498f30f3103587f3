/**
 * The characters made of parts that the cross-part tests run on: the exporter conventions whose
 * mesh is cut into several skinned meshes (`garment-parts`: body, shirt and trousers as three
 * skins touching at the hem; `multi-skin`: four skins numbering the joints differently) and the
 * shared models of several skins over one skeleton (QuaterniusPlatformerCharacter: 4 skins, 11
 * primitives; RobotExpressive: 2 skins, 4 primitives; skipped where ../shared is absent).
 */
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel, SkinnedPrimitive } from '../../src/gltf/skinned-model.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { exportedGlb } from './exporter-fixtures.ts';
import { HAVE_SHARED_MODELS, readSharedModel } from './shared-models.ts';

/** A character of parts: its name and how to read it. */
export interface PartModel {
  name: string;
  file: () => Promise<{ name: string; bytes: Uint8Array }>;
}

/** The fixtures always; the shared models where ../shared is present. */
export const PART_MODELS: PartModel[] = [
  {
    name: 'garment-parts',
    file: async () => ({ name: 'clothed.glb', bytes: await exportedGlb('garment-parts', 3000) }),
  },
  {
    name: 'multi-skin',
    file: async () => ({ name: 'multi-skin.glb', bytes: await exportedGlb('multi-skin', 2000) }),
  },
  ...(HAVE_SHARED_MODELS
    ? [
        { name: 'QuaterniusPlatformerCharacter', file: 'QuaterniusPlatformerCharacter/Character.glb' },
        { name: 'RobotExpressive', file: 'RobotExpressive/RobotExpressive.glb' },
      ].map(({ name, file }) => ({ name, file: async () => readSharedModel(file) }))
    : []),
];

/** An editor with `m` loaded. */
export async function openPartModel(m: PartModel): Promise<{ editor: Editor; model: SkinnedModel }> {
  const editor = new Editor();
  const model = await editor.load(await m.file());
  return { editor, model };
}

/** Every slot of every primitive, bit for bit, as text. */
export function weightBits(model: SkinnedModel): string[] {
  return model.primitives.map((p) => slotBits(p.weights));
}

/** One primitive's slots, bit for bit, as text. */
export function slotBits(sw: SkinWeights): string {
  return `${Array.from(sw.joints)}|${Array.from(new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length))}`;
}

/** A vertex's influences by joint id (node), `id:weight bits`, sorted by joint: comparable across skins. */
export function influencesById(model: SkinnedModel, prim: SkinnedPrimitive, v: number): string {
  const joints = model.skins[prim.skins[0]].joints;
  const { joints: J, weights: W, influences: K } = prim.weights;
  const bits = new Uint32Array(W.buffer, W.byteOffset, W.length);
  const out: [number, number][] = [];
  for (let i = v * K; i < v * K + K; i++) if (W[i] !== 0) out.push([joints[J[i]], bits[i]]);
  return out
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([j, b]) => `${j}:${b}`)
    .join(' ');
}

/** The weight of joint `id` (node) at vertex `v` of `prim`. */
export function weightOfId(model: SkinnedModel, prim: SkinnedPrimitive, v: number, id: number): number {
  const joints = model.skins[prim.skins[0]].joints;
  const { joints: J, weights: W, influences: K } = prim.weights;
  let w = 0;
  for (let i = v * K; i < v * K + K; i++) if (W[i] !== 0 && joints[J[i]] === id) w += W[i];
  return w;
}

/** One place where vertices of several primitives are drawn (a hem, a cuff, a modular seam). */
export interface Hem {
  /** (primitive id, vertex) of every vertex there. */
  vertices: { primitive: number; vertex: number }[];
}

/**
 * The places where vertices of two or more primitives of the body are drawn at one point, as the
 * brushes' body welds them (its nodes with members in several parts).
 */
export function hemsOf(editor: Editor, primitive = 0): Hem[] {
  const body = editor.surfaces.forBody(primitive)!;
  const s = body.surface;
  const out: Hem[] = [];
  for (let g = 0; g < s.nodeCount; g++) {
    const vertices: Hem['vertices'] = [];
    const parts = new Set<number>();
    for (let k = s.nodeStart[g]; k < s.nodeStart[g + 1]; k++) {
      const p = s.vertexPart[s.members[k]];
      parts.add(p);
      vertices.push({ primitive: s.parts[p].primitive, vertex: s.members[k] - s.vertexOffset[p] });
    }
    if (parts.size > 1) out.push({ vertices });
  }
  return out;
}

/** True when the hem's vertices are in primitives of different skins. */
export function crossesSkins(model: SkinnedModel, hem: Hem): boolean {
  return new Set(hem.vertices.map((v) => model.primitives[v.primitive].skins[0])).size > 1;
}

/** A vertex of a primitive. */
export interface VertexRef {
  primitive: number;
  vertex: number;
}

/**
 * The vertices drawn at the mirror image (x → -x) of each vertex, within 1e-5 of the character's
 * size: as drawn, or in the stored mesh where that is the symmetric one (RobotExpressive's rest
 * pose holds its hands apart unevenly; the mirror pairs vertices where they pair best).
 */
export function mirrorImages(editor: Editor, model: SkinnedModel): (p: number, v: number) => VertexRef[] {
  const spaces = [
    model.primitives.map((p) => editor.pose.positions(p.id).slice()),
    model.primitives.map((p) => p.positions),
  ];
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const P of spaces[0])
    for (let i = 0; i < P.length; i++) {
      lo[i % 3] = Math.min(lo[i % 3], P[i]);
      hi[i % 3] = Math.max(hi[i % 3], P[i]);
    }
  const tol = 1e-5 * Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  const cell = 4 * tol;
  const finder = (space: Float32Array[]) => {
    const grid = new Map<string, VertexRef[]>();
    const key = (x: number, y: number, z: number) =>
      `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
    space.forEach((P, primitive) => {
      for (let vertex = 0; vertex < P.length / 3; vertex++) {
        const k = key(P[vertex * 3], P[vertex * 3 + 1], P[vertex * 3 + 2]);
        const list = grid.get(k);
        if (list) list.push({ primitive, vertex });
        else grid.set(k, [{ primitive, vertex }]);
      }
    });
    return (p: number, v: number): VertexRef[] => {
      const x = -space[p][v * 3];
      const y = space[p][v * 3 + 1];
      const z = space[p][v * 3 + 2];
      const out: VertexRef[] = [];
      const [cx, cy, cz] = [x, y, z].map((c) => Math.floor(c / cell));
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++)
            for (const r of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
              const Q = space[r.primitive];
              if (Math.hypot(Q[r.vertex * 3] - x, Q[r.vertex * 3 + 1] - y, Q[r.vertex * 3 + 2] - z) < tol)
                out.push(r);
            }
      return out;
    };
  };
  const finders = spaces.map(finder);
  const matched = finders.map((f) =>
    model.primitives.reduce((n, prim) => {
      let m = 0;
      for (let v = 0; v < prim.weights.vertexCount; v += 5) m += f(prim.id, v).length > 0 ? 1 : 0;
      return n + m;
    }, 0),
  );
  return matched[1] > matched[0] ? finders[1] : finders[0];
}
