import type { JsonChecker } from './json.ts';
import { formatCount } from './limits.ts';

/** A node's label for messages: `node 4 ("LeftArm")`. */
export function nodeLabel(c: JsonChecker, index: number): string {
  const name = c.list('nodes')[index]?.name;
  return typeof name === 'string' && name ? `node ${index} ("${name.slice(0, 40)}")` : `node ${index}`;
}

/**
 * The node hierarchy is a forest: no node is its own ancestor, none has two parents, and scene
 * lists name only roots. glTF-Transform would quietly move a second child to its last parent
 * (changing the rig) and loop forever computing the world matrix of a node in a cycle.
 * Returns each node's parent (-1 for roots).
 */
export function checkNodeGraph(c: JsonChecker): Int32Array {
  const nodes = c.list('nodes');
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node, i) => {
    for (const child of (node.children as number[] | undefined) ?? []) {
      if (child === i) c.invalid(`${nodeLabel(c, i)} lists itself as its own child.`);
      if (parent[child] === i) c.invalid(`${nodeLabel(c, i)} lists ${nodeLabel(c, child)} twice as a child.`);
      if (parent[child] !== -1) {
        c.invalid(
          `${nodeLabel(c, child)} has two parents (${nodeLabel(c, parent[child])} and ${nodeLabel(c, i)}); a node may have only one.`,
        );
      }
      parent[child] = i;
    }
  });
  // With one parent each, a cycle is a walk up the parents that comes back to itself.
  // state: 0 = not seen, 1 = on the current walk, 2 = known to reach a root.
  const state = new Uint8Array(nodes.length);
  for (let start = 0; start < nodes.length; start++) {
    let n = start;
    while (n !== -1 && state[n] === 0) {
      state[n] = 1;
      n = parent[n];
    }
    if (n !== -1 && state[n] === 1) {
      c.invalid(`the node hierarchy has a cycle through ${nodeLabel(c, n)}: a node is its own ancestor.`);
    }
    for (let m = start; m !== -1 && state[m] === 1; m = parent[m]) state[m] = 2;
  }
  checkDepth(c, parent);
  c.list('scenes').forEach((scene, s) => {
    for (const node of (scene.nodes as number[] | undefined) ?? []) {
      if (parent[node] !== -1) {
        c.invalid(
          `scene ${s} lists ${nodeLabel(c, node)} as a root, but it is a child of ${nodeLabel(c, parent[node])}.`,
        );
      }
    }
  });
  return parent;
}

/** Hierarchy depth within the limit (the graph is known to be acyclic here). */
function checkDepth(c: JsonChecker, parent: Int32Array): void {
  const depth = new Int32Array(parent.length); // 0: not known yet
  const walk: number[] = [];
  for (let start = 0; start < parent.length; start++) {
    let n = start;
    while (n !== -1 && depth[n] === 0) {
      walk.push(n);
      n = parent[n];
    }
    let d = n === -1 ? 0 : depth[n];
    while (walk.length > 0) {
      depth[walk.pop()!] = ++d;
      if (d > c.limits.maxNodeDepth) {
        c.fail(
          'too-large',
          `its node hierarchy is more than ${formatCount(c.limits.maxNodeDepth)} levels deep.`,
        );
      }
    }
  }
}

/** Which nodes some scene reaches (roots and their descendants); null when the file has no scenes. */
function nodesInScenes(c: JsonChecker, parent: Int32Array): Uint8Array | null {
  const scenes = c.list('scenes');
  if (scenes.length === 0) return null;
  const inScene = new Uint8Array(parent.length);
  for (const scene of scenes)
    for (const node of (scene.nodes as number[] | undefined) ?? []) inScene[node] = 1;
  // state 2 = resolved; walk up until a resolved node or a root, then mark the walk.
  const resolved = new Uint8Array(parent.length);
  for (let start = 0; start < parent.length; start++) {
    let n = start;
    while (!resolved[n] && parent[n] !== -1 && !inScene[n]) n = parent[n];
    const value = inScene[n];
    for (let m = start; m !== n; m = parent[m]) {
      inScene[m] = value;
      resolved[m] = 1;
    }
    resolved[n] = 1;
  }
  return inScene;
}

/**
 * Skins: joints that exist, once each, within the limit; a matching inverse bind matrix
 * accessor (MAT4 floats, one per joint). Joints outside every scene are kept with a warning
 * (the skin still deforms; the viewport may not show them).
 */
export function checkSkins(c: JsonChecker, parent: Int32Array): void {
  const skins = c.list('skins').length;
  if (skins > c.limits.maxSkins) {
    c.fail(
      'too-large',
      `it has ${formatCount(skins)} skins; the limit is ${formatCount(c.limits.maxSkins)}.`,
    );
  }
  const inScene = nodesInScenes(c, parent);
  c.list('skins').forEach((skin, s) => {
    const path = `skins[${s}]`;
    const joints = c.array(skin, 'joints', path);
    if (!joints || joints.length === 0) c.invalid(`skin ${s} has no joints.`);
    if (joints.length > c.limits.maxJointsPerSkin) {
      c.fail(
        'too-large',
        `skin ${s} has ${formatCount(joints.length)} joints; the limit is ${formatCount(c.limits.maxJointsPerSkin)}.`,
      );
    }
    const seen = new Set<number>();
    let outside = 0;
    joints.forEach((joint, j) => {
      const id = c.refValue(joint, `${path}.joints[${j}]`, 'nodes');
      if (seen.has(id)) c.invalid(`skin ${s} lists ${nodeLabel(c, id)} twice as a joint.`);
      seen.add(id);
      if (inScene && !inScene[id]) outside++;
    });
    if (outside > 0) {
      c.warn(
        `Skin ${s} has ${outside} joints that are in no scene; they still bend the mesh but may not be shown.`,
      );
    }
    c.ref(skin, 'skeleton', path, 'nodes');
    const ibm = c.ref(skin, 'inverseBindMatrices', path, 'accessors');
    if (ibm === undefined) return;
    const accessor = c.list('accessors')[ibm];
    if (accessor.type !== 'MAT4' || accessor.componentType !== 5126) {
      c.invalid(`skin ${s}'s inverse bind matrices (accessor ${ibm}) are not 4×4 float matrices.`);
    }
    const count = accessor.count as number;
    if (count < joints.length) {
      c.invalid(`skin ${s} has ${joints.length} joints but only ${count} inverse bind matrices.`);
    }
    if (count > joints.length) {
      c.warn(
        `Skin ${s} has ${count} inverse bind matrices for ${joints.length} joints; the extra ones are ignored.`,
      );
    }
  });
}
