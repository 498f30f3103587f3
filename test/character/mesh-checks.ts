/** Topology checks for indexed triangle meshes, shared by the character tests. */

/** Counts of a triangle mesh's edge structure and pieces. */
export interface TopologyReport {
  vertices: number;
  triangles: number;
  /** Undirected edges. */
  edges: number;
  /** Undirected edges not used by exactly two triangles. */
  nonManifoldEdges: number;
  /** Directed edges used twice (two faces agreeing on the edge's direction: flipped winding). */
  repeatedDirectedEdges: number;
  /** Directed edges whose reverse is missing (a hole or a flipped neighbour). */
  unpairedDirectedEdges: number;
  /** Vertices used by no triangle. */
  unusedVertices: number;
  /** Triangles with a repeated vertex index. */
  degenerateTriangles: number;
  /** Connected pieces (through shared vertices) among used vertices. */
  components: number;
  /** Vertices whose triangles do not form a single fan (a pinch where two sheets touch). */
  pinchedVertices: number;
  /** V - E + F. */
  euler: number;
  /** Signed volume (positive when the faces wind counter-clockwise seen from outside). */
  volume: number;
}

/** Inspects the mesh's edges, pieces and orientation. */
export function topology(positions: ArrayLike<number>, indices: ArrayLike<number>): TopologyReport {
  const n = positions.length / 3;
  const directed = new Map<number, number>();
  const used = new Uint8Array(n);
  let degenerate = 0;
  let volume = 0;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]];
    return a;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const tri = [indices[t], indices[t + 1], indices[t + 2]];
    if (tri[0] === tri[1] || tri[1] === tri[2] || tri[0] === tri[2]) degenerate++;
    for (let e = 0; e < 3; e++) {
      const a = tri[e];
      const b = tri[(e + 1) % 3];
      used[a] = 1;
      const key = a * n + b;
      directed.set(key, (directed.get(key) ?? 0) + 1);
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent[ra] = rb;
    }
    const [a, b, c] = tri.map((v) => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]]);
    volume +=
      (a[0] * (b[1] * c[2] - b[2] * c[1]) -
        a[1] * (b[0] * c[2] - b[2] * c[0]) +
        a[2] * (b[0] * c[1] - b[1] * c[0])) /
      6;
  }
  let repeated = 0;
  let unpaired = 0;
  let nonManifold = 0;
  const undirected = new Set<number>();
  for (const [key, count] of directed) {
    const a = Math.floor(key / n);
    const b = key % n;
    if (count > 1) repeated++;
    if (!directed.has(b * n + a)) unpaired++;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    if (undirected.has(lo * n + hi)) continue;
    undirected.add(lo * n + hi);
    if (count + (directed.get(b * n + a) ?? 0) !== 2) nonManifold++;
  }
  const roots = new Set<number>();
  let unused = 0;
  for (let v = 0; v < n; v++) {
    if (used[v]) roots.add(find(v));
    else unused++;
  }
  const triangles = indices.length / 3;
  return {
    pinchedVertices: pinchedVertices(n, indices),
    vertices: n,
    triangles,
    edges: undirected.size,
    nonManifoldEdges: nonManifold,
    repeatedDirectedEdges: repeated,
    unpairedDirectedEdges: unpaired,
    unusedVertices: unused,
    degenerateTriangles: degenerate,
    components: roots.size,
    euler: n - undirected.size + triangles,
    volume,
  };
}

/** Counts vertices whose triangles' far edges do not form one closed loop. */
function pinchedVertices(n: number, indices: ArrayLike<number>): number {
  const next: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  for (let t = 0; t < indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const v = indices[t + e];
      next[v].set(indices[t + ((e + 1) % 3)], indices[t + ((e + 2) % 3)]);
    }
  }
  let pinched = 0;
  for (const fan of next) {
    if (fan.size === 0) continue;
    const start = fan.keys().next().value as number;
    let at = start;
    let steps = 0;
    do {
      at = fan.get(at) ?? -1;
      steps++;
    } while (at !== start && at >= 0 && steps <= fan.size);
    if (at !== start || steps !== fan.size) pinched++;
  }
  return pinched;
}
