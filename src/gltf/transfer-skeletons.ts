/**
 * Which skeleton a transfer target belongs to. A file may hold several separate skeletons
 * (RecursiveSkeletons: one mesh instanced by 84 skins over four hierarchies; a scene of several
 * characters); skins that share a joint node are one skeleton (a character split into body,
 * shirt and trousers, each with its own skin). A garment takes the skeleton of the body it sits
 * on, and only that body's meshes give it weights: joints of another skeleton, matched by name,
 * would bind it to someone else.
 */
import type { Document, Node, Skin } from '@gltf-transform/core';
import { SourceSurface } from '../transfer/source-surface.ts';
import type { TransferSource } from './transfer-sources.ts';

/** Skeleton id per skin of the document: skins that share a joint node share an id. */
export function skeletonIds(document: Document): Map<Skin, number> {
  const skins = document.getRoot().listSkins();
  const parent = skins.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<Node, number>();
  skins.forEach((skin, i) => {
    for (const joint of skin.listJoints()) {
      const other = owner.get(joint);
      if (other === undefined) owner.set(joint, i);
      else parent[find(i)] = find(other);
    }
  });
  return new Map(skins.map((skin, i) => [skin, find(i)]));
}

/** The source nodes of `skin`'s skeleton, or all of them when none is (another file's meshes). */
export function sourcesOfSkeleton(document: Document, sources: readonly Node[], skin: Skin): Node[] {
  const ids = skeletonIds(document);
  const id = ids.get(skin);
  const same = sources.filter((n) => {
    const s = n.getSkin();
    return s !== null && id !== undefined && ids.get(s) === id;
  });
  return same.length > 0 ? same : [...sources];
}

/** Most target vertices sampled to find the body under a garment. */
const SAMPLES = 256;

/**
 * The skin of the source body `target` (an unskinned mesh node) sits on: of up to 256 of its
 * vertices spread over the mesh, in world space, the most find their closest source surface on a
 * part of that skin. Null when the target has no vertices.
 */
export function skinUnder(target: Node, source: TransferSource): Skin | null {
  const surface = new SourceSurface(source.parts);
  const world = target.getWorldMatrix();
  const votes = new Map<Skin, number>();
  for (const primitive of target.getMesh()?.listPrimitives() ?? []) {
    const P = primitive.getAttribute('POSITION')?.getArray();
    if (!P) continue;
    const n = Math.floor(P.length / 3);
    const step = Math.max(1, Math.floor(n / SAMPLES));
    for (let v = 0; v < n; v += step) {
      const x = P[v * 3];
      const y = P[v * 3 + 1];
      const z = P[v * 3 + 2];
      const wx = world[0] * x + world[4] * y + world[8] * z + world[12];
      const wy = world[1] * x + world[5] * y + world[9] * z + world[13];
      const wz = world[2] * x + world[6] * y + world[10] * z + world[14];
      if (!surface.closest(wx, wy, wz)) continue;
      const skin = source.partSkins[surface.part];
      votes.set(skin, (votes.get(skin) ?? 0) + 1);
    }
  }
  let best: Skin | null = null;
  let most = 0;
  for (const [skin, count] of votes) {
    if (count > most) {
      best = skin;
      most = count;
    }
  }
  return best;
}
