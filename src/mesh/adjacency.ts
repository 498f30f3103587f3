/**
 * buildAdjacency / connectedComponents: the edge graph of a triangle mesh over welded vertices,
 * as CSR typed arrays (the smooth and smear brushes read neighbours; "connected surface only"
 * and selection read components).
 */

/** Neighbours of node n are `neighbors[start[n] .. start[n + 1])`, each once. */
export interface Adjacency {
  nodeCount: number;
  start: Uint32Array;
  neighbors: Uint32Array;
}

/**
 * Builds the adjacency of `nodeCount` nodes from triangle corners (3 node ids per triangle).
 * Degenerate edges (a node to itself) are skipped.
 */
export function buildAdjacency(nodeCount: number, corners: Uint32Array): Adjacency {
  const triangles = Math.floor(corners.length / 3);
  const degree = new Uint32Array(nodeCount + 1);
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3];
    const b = corners[t * 3 + 1];
    const c = corners[t * 3 + 2];
    if (a !== b) {
      degree[a + 1]++;
      degree[b + 1]++;
    }
    if (b !== c) {
      degree[b + 1]++;
      degree[c + 1]++;
    }
    if (c !== a) {
      degree[c + 1]++;
      degree[a + 1]++;
    }
  }
  for (let n = 0; n < nodeCount; n++) degree[n + 1] += degree[n];
  const raw = new Uint32Array(degree[nodeCount]);
  const cursor = degree.slice(0, nodeCount);
  for (let t = 0; t < triangles; t++) {
    const a = corners[t * 3];
    const b = corners[t * 3 + 1];
    const c = corners[t * 3 + 2];
    if (a !== b) {
      raw[cursor[a]++] = b;
      raw[cursor[b]++] = a;
    }
    if (b !== c) {
      raw[cursor[b]++] = c;
      raw[cursor[c]++] = b;
    }
    if (c !== a) {
      raw[cursor[c]++] = a;
      raw[cursor[a]++] = c;
    }
  }
  // Each interior edge was seen twice (once per triangle): keep the first of each neighbour,
  // spotted with a per-node stamp (no sorting).
  const seen = new Uint32Array(nodeCount);
  const start = new Uint32Array(nodeCount + 1);
  let out = 0;
  for (let n = 0; n < nodeCount; n++) {
    const lo = degree[n];
    const hi = degree[n + 1];
    const stamp = n + 1;
    start[n] = out;
    for (let k = lo; k < hi; k++) {
      const m = raw[k];
      if (seen[m] === stamp) continue;
      seen[m] = stamp;
      raw[out++] = m;
    }
  }
  start[nodeCount] = out;
  return { nodeCount, start, neighbors: raw.slice(0, out) };
}

/** Connected-component label of every node. */
export interface Components {
  count: number;
  /** Component of each node, numbered in order of their lowest node. */
  ids: Uint32Array;
}

/** Labels the connected components of an adjacency (breadth-first, one queue, no recursion). */
export function connectedComponents(adjacency: Adjacency): Components {
  const { nodeCount, start, neighbors } = adjacency;
  const ids = new Uint32Array(nodeCount).fill(0xffffffff);
  const queue = new Uint32Array(nodeCount);
  let count = 0;
  for (let seed = 0; seed < nodeCount; seed++) {
    if (ids[seed] !== 0xffffffff) continue;
    const id = count++;
    ids[seed] = id;
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    while (head < tail) {
      const n = queue[head++];
      for (let k = start[n]; k < start[n + 1]; k++) {
        const m = neighbors[k];
        if (ids[m] === 0xffffffff) {
          ids[m] = id;
          queue[tail++] = m;
        }
      }
    }
  }
  return { count, ids };
}
