/**
 * The weighted source of a transfer, read from a Document: the skinned mesh nodes to copy from,
 * their rest-pose world positions (the shape every engine draws for the file, which is where an
 * unskinned garment sits), their weights, and a map from their skin's joints to the target
 * skin's — by node in the same file, by name and then by position for another file of the same
 * skeleton (a re-modelled body exported from another scene).
 */
import type { Document, Node, Skin } from '@gltf-transform/core';
import { restPositions, restPositionsOfInstance } from '../pose/rest-positions.ts';
import type { SourcePart } from '../transfer/source-surface.ts';
import { buildSkinnedModel, type SkinnedModel } from './skinned-model.ts';

/** How a source skin's joints found the target skin's. */
export interface JointMatch {
  byNode: number;
  byName: number;
  byPosition: number;
  /** Source joints with no counterpart (their weight goes to the joints that have one). */
  unmatched: string[];
}

export interface TransferSource {
  parts: SourcePart[];
  /** The skin of each part's node (a mesh instanced by several skinned nodes gives a part per node). */
  partSkins: Skin[];
  /** The source mesh nodes, by name, for the summary. */
  names: string[];
  joints: JointMatch;
}

/**
 * Collects the source parts of `nodes` (skinned mesh nodes of `document`) with joints mapped
 * into `targetSkin` (`built`: the document's model, when the caller has one). Throws an Error for the user when a node has no skinned mesh.
 */
export function transferSource(
  document: Document,
  nodes: readonly Node[],
  targetSkin: Skin,
  built: SkinnedModel | null = null,
): TransferSource {
  // The caller's model of the same document when it has one: read once, not per target skin.
  const model = built ?? buildSkinnedModel(document);
  const rest = restPositions(model);
  const skins = document.getRoot().listSkins();
  const parts: SourcePart[] = [];
  const partSkins: Skin[] = [];
  const joints: JointMatch = { byNode: 0, byName: 0, byPosition: 0, unmatched: [] };
  const maps = new Map<Skin, Int32Array>();
  for (const node of nodes) {
    const skin = node.getSkin();
    const mesh = node.getMesh();
    if (!skin || !mesh)
      throw new Error(`"${node.getName()}" is not a skinned mesh: it has no weights to transfer.`);
    let map = maps.get(skin);
    if (!map) {
      map = jointMap(skin, targetSkin, joints);
      maps.set(skin, map);
    }
    const s = skins.indexOf(skin);
    for (const p of model.primitives) {
      if (p.mesh !== mesh || !p.skins.includes(s)) continue;
      // A mesh instanced by several skinned nodes is one body per node, each where its skin draws it.
      const positions = p.skins[0] === s ? rest[p.id] : restPositionsOfInstance(model, p.id, s);
      parts.push({ positions, indices: p.indices, weights: p.weights, jointMap: map });
      partSkins.push(skin);
    }
  }
  if (parts.length === 0) throw new Error('The source meshes have no skinned triangles to transfer from.');
  return { parts, partSkins, names: nodes.map((n) => n.getName()), joints };
}

/** Source skin joint → target skin joint (-1: none): same node, same name, then nearest position. */
function jointMap(source: Skin, target: Skin, report: JointMatch): Int32Array {
  const from = source.listJoints();
  const to = target.listJoints();
  const map = new Int32Array(from.length).fill(-1);
  const byNode = new Map(to.map((n, i) => [n, i]));
  const byName = new Map<string, number>();
  to.forEach((n, i) => {
    const key = jointKey(n.getName());
    if (!byName.has(key)) byName.set(key, i);
  });
  const spread = skeletonSpread(to);
  from.forEach((node, j) => {
    const same = byNode.get(node);
    if (same !== undefined) {
      map[j] = same;
      report.byNode++;
      return;
    }
    const named = byName.get(jointKey(node.getName()));
    if (named !== undefined) {
      map[j] = named;
      report.byName++;
      return;
    }
    const near = nearestJoint(node, to, 0.02 * spread);
    if (near >= 0) {
      map[j] = near;
      report.byPosition++;
      return;
    }
    report.unmatched.push(node.getName());
  });
  return map;
}

/** A joint name without the exporter prefixes that differ between files ("mixamorig:", "Armature|"). */
export function jointKey(name: string): string {
  return name
    .replace(/^.*[:|]/, '')
    .replace(/[\s_.-]/g, '')
    .toLowerCase();
}

function skeletonSpread(joints: readonly Node[]): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const j of joints) {
    const p = j.getWorldTranslation();
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], p[k]);
      hi[k] = Math.max(hi[k], p[k]);
    }
  }
  const d = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  return Number.isFinite(d) ? d : 0;
}

function nearestJoint(node: Node, joints: readonly Node[], within: number): number {
  const p = node.getWorldTranslation();
  let best = -1;
  let bestD = within;
  joints.forEach((j, i) => {
    const q = j.getWorldTranslation();
    const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}
