/**
 * Blender's bone-heat weights (scripts/blender-bone-heat.py's JSON) as SkinWeights per primitive
 * of a loaded model, so `bench:bind` scores them with the same yardstick as ours. Vertices are
 * matched by position (Blender's importer keeps them, in its own order and per mesh object);
 * bones by name.
 */
import type { SkinnedModel } from '../src/gltf/skinned-model.ts';
import { canonicalizeVertex } from '../src/skin/canonicalize.ts';
import { SkinWeights } from '../src/skin/skin-weights.ts';

/** One file of the Blender script's output. */
export interface BlenderRun {
  file: string;
  heuristic: string;
  /** The operator's milliseconds per run. */
  ms: number[];
  vertices: number;
  meshes: { name: string; mesh: string; vertices: [number, number, number, [string, number][]][] }[];
}

/** Blender's weights for every primitive of `model` (null where a vertex found no match), and how many matched. */
export function blenderWeights(
  model: SkinnedModel,
  run: BlenderRun,
  influences = 4,
): { weights: SkinWeights[]; matched: number; total: number } {
  // Every Blender vertex by its position, quantised finely.
  let scale = 0;
  for (const m of run.meshes)
    for (const v of m.vertices) scale = Math.max(scale, Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[2]));
  const q = scale > 0 ? 1e5 / scale : 1;
  const key = (x: number, y: number, z: number) =>
    `${Math.round(x * q)},${Math.round(y * q)},${Math.round(z * q)}`;
  const byPosition = new Map<string, [string, number][]>();
  for (const m of run.meshes)
    for (const v of m.vertices)
      if (!byPosition.has(key(v[0], v[1], v[2]))) byPosition.set(key(v[0], v[1], v[2]), v[3]);
  const idByName = new Map<string, number>();
  for (const j of model.joints.values()) if (!idByName.has(j.name)) idByName.set(j.name, j.id);
  let matched = 0;
  let total = 0;
  const weights = model.primitives.map((prim) => {
    const skin = model.skins[prim.skins[0]];
    const slot = new Map(skin.joints.map((id, i) => [id, i]));
    const n = prim.weights.vertexCount;
    const out = new SkinWeights(n, influences);
    const P = prim.positions;
    for (let v = 0; v < n; v++) {
      total++;
      const groups = byPosition.get(key(P[v * 3], P[v * 3 + 1], P[v * 3 + 2]));
      if (!groups) continue;
      matched++;
      const list = groups
        .map(([name, w]) => [slot.get(idByName.get(name) ?? -1) ?? -1, w] as const)
        .filter(([j, w]) => j >= 0 && w > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, influences);
      const sum = list.reduce((s, [, w]) => s + w, 0);
      list.forEach(([j, w], k) => {
        out.joints[v * influences + k] = j;
        out.weights[v * influences + k] = w / sum;
      });
      canonicalizeVertex(out, v);
    }
    return out;
  });
  return { weights, matched, total };
}
