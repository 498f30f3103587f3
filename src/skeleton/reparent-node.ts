/**
 * reparentNode: moves a node under another parent (or to the scene's top level) keeping its world
 * placement, and re-expresses its keys in every clip: new local(t) = W_new(t)⁻¹ · W_old(t) · L(t).
 * Only the nodes between each parent and their lowest common ancestor matter; where none of them
 * is animated in a clip the factor is constant and the keys map exactly (premultiplyKeys), else
 * the node's keys are resampled at the key times of every channel involved (exact at those times,
 * LINEAR — STEP where all of them step — in between).
 */
import type { Animation, Document, Node, Scene } from '@gltf-transform/core';
import {
  allStep,
  channelsOf,
  KeySampler,
  keyTimes,
  type NodeChannel,
  premultiplyKeys,
  replaceKeys,
} from './clip-keys.ts';
import {
  compose,
  decompose,
  identity,
  invert,
  type Mat4,
  mul,
  type NodeWorlds,
  nodeTRS,
  setNodeTRS,
} from './frames.ts';

/** Where a node goes: under a node, or to the top level of these scenes. */
export type NewParent = Node | { scenes: Scene[] };

/** A node and its ancestors, the node first. */
function lineage(node: Node | null): Node[] {
  const out: Node[] = [];
  const seen = new Set<Node>();
  for (let n = node; n && !seen.has(n); n = n.getParentNode()) {
    out.push(n);
    seen.add(n);
  }
  return out;
}

/**
 * Moves `node` under `parent` keeping its world matrix (`worlds`: the document's worlds now),
 * re-expressing its channels in `all`. Notes what it resampled. Does not check for cycles.
 */
export function reparentNode(
  document: Document,
  node: Node,
  parent: NewParent,
  worlds: NodeWorlds,
  all: readonly NodeChannel[],
  notes: string[],
): void {
  const oldParent = node.getParentNode();
  const newParent = 'scenes' in parent ? null : parent;
  if (oldParent === newParent && newParent) return;
  const up = lineage(oldParent);
  const across = lineage(newParent);
  const common = up.find((n) => across.includes(n)) ?? null;
  const pathOld = common ? up.slice(0, up.indexOf(common)) : up;
  const pathNew = common ? across.slice(0, across.indexOf(common)) : across;
  const Wold = oldParent ? worlds.worldOf(oldParent) : identity();
  const Wnew = newParent ? worlds.worldOf(newParent) : identity();
  const constant = mul(invert(Wnew), Wold);
  const restLocal = decompose(mul(constant, compose(nodeTRS(node))));
  const sampler = new KeySampler();

  // Keys first (read from the file as it is), then the tree and the rest transform.
  const animations = new Set<Animation>(all.map((c) => c.animation));
  const plans: (() => void)[] = [];
  const steady: NodeChannel[] = [];
  // A skinned mesh's node transform is ignored by every engine (glTF: only the joints place a
  // skinned mesh), and a channel on it is a validator warning: without children that would follow
  // it, it keeps its rest placement and gets no keys of its own.
  const placesNothing = node.getSkin() !== null && node.listChildren().length === 0;
  for (const animation of animations) {
    const own = channelsOf(all, node, animation);
    const path = [...pathOld, ...pathNew].flatMap((n) => channelsOf(all, n, animation));
    if (path.length === 0 || (placesNothing && own.length === 0)) {
      steady.push(...own);
      continue;
    }
    const times = keyTimes([...path, ...own]);
    // Relative world of a path's end below the common ancestor at time t.
    const relative = (chain: Node[], t: number): Mat4 => {
      let m = identity();
      for (let k = chain.length - 1; k >= 0; k--)
        m = mul(m, compose(sampler.localAt(channelsOf(all, chain[k], animation), nodeTRS(chain[k]), t)));
      return m;
    };
    const locals = Array.from(times, (t) =>
      mul(
        mul(invert(relative(pathNew, t)), relative(pathOld, t)),
        compose(sampler.localAt(own, nodeTRS(node), t)),
      ),
    );
    const interpolation = allStep([...path, ...own]) ? 'STEP' : 'LINEAR';
    plans.push(() => replaceKeys(document, animation, node, own, times, locals, restLocal, interpolation));
    notes.push(
      `"${node.getName()}" in animation "${animation.getName() || 'unnamed'}": keys resampled at ${times.length} key times (its new parent moves differently from its old one)`,
    );
  }
  for (const plan of plans) plan();
  if (steady.length && premultiplyKeys(document, steady, constant) === 'approximate')
    notes.push(
      `"${node.getName()}": its new parent's frame has shear or non-uniform scale, so its keys are approximated`,
    );

  if (newParent) newParent.addChild(node);
  else {
    oldParent?.removeChild(node);
    for (const scene of (parent as { scenes: Scene[] }).scenes) scene.addChild(node);
  }
  setNodeTRS(node, restLocal);
}
