/**
 * premultiplyNode: gives a node the local transform C · L, its rest transform and its keys in
 * every clip — what keeps a child's world (and its clips' motion) when its parent's frame changes
 * by C⁻¹, or moves a joint by C in its parent's frame.
 */
import type { Document, Node } from '@gltf-transform/core';
import { channelsOf, type KeysOutcome, type NodeChannel, premultiplyKeys } from './clip-keys.ts';
import { decompose, type Mat4, mul, nodeLocal, nodeTRS, setNodeTRS } from './frames.ts';

function isPureTranslation(m: Mat4): boolean {
  for (let k = 0; k < 12; k++) if (m[k] !== (k % 5 === 0 ? 1 : 0)) return false;
  return m[15] === 1;
}

/**
 * Sets node's local to C · L and re-expresses its channels in `all` (see premultiplyKeys). A pure
 * translation C only shifts the translation, so the rotation and scale keep their bits.
 */
export function premultiplyNode(
  document: Document,
  all: readonly NodeChannel[],
  node: Node,
  C: Mat4,
): KeysOutcome {
  if (isPureTranslation(C)) {
    const t = node.getTranslation();
    node.setTranslation([t[0] + C[12], t[1] + C[13], t[2] + C[14]]);
  } else {
    const next = decompose(mul(C, nodeLocal(node)));
    const rest = nodeTRS(node);
    // Keep the scale's bits where C does not change it (a rotation about the joint).
    if (next.s.every((v, c) => Math.abs(v - rest.s[c]) <= 1e-12 * Math.max(1, Math.abs(rest.s[c]))))
      next.s = rest.s;
    setNodeTRS(node, next);
  }
  return premultiplyKeys(document, channelsOf(all, node), C);
}
