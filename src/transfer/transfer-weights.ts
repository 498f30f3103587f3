/**
 * transferWeights: gives a target mesh weights from a weighted source surface — Robust Skin
 * Weights Transfer via Weight Inpainting (Abdrashitov et al. 2023), our own implementation.
 *
 * 1. Match: each welded target vertex takes the source's interpolated weights at its closest
 *    surface point when that point is within `distance` × the source's diagonal and the two
 *    normals agree within `angle` (a trouser leg's inner side faces the other thigh, whose
 *    normal faces back: rejected, so it cannot bleed). A piece of the target wound inside-out
 *    is flipped first by a vote over its near vertices.
 * 2. Seed: a piece with no match at all (a helmet standing off the head, a hood) takes its
 *    closest vertices — those within `distance` of its nearest approach — as matched.
 * 3. Inpaint: every other vertex gets a harmonic blend of the matched ones around it, per region
 *    (inpaintWeights), so far vertices join their neighbours smoothly instead of staying empty.
 * 4. Write: limited to K and normalised lock-aware (assignInfluences), the same weights on every
 *    copy of a welded vertex (DESIGN.md invariants 1–4).
 *
 * `mode: 'closest'` is the simple alternative benchmarks compare against: every vertex copies
 * the weights at its closest source point, whatever its distance or normal.
 */

import { SkinWeights } from '../skin/skin-weights.ts';
import { assignInfluences, InfluenceSum } from '../tools/assign-influences.ts';
import { inpaintWeights, TransferCancelled } from './inpaint-weights.ts';
import { type SourcePart, SourceSurface } from './source-surface.ts';
import { buildTargetGraph, type TargetGraph } from './target-graph.ts';
import { WeightTable } from './weight-table.ts';

export interface TransferOptions {
  /** Match distance as a fraction of the source's bounding-box diagonal. */
  distance: number;
  /** Largest angle in degrees between target and source normals for a match. */
  angle: number;
  /**
   * Contact distance, a fraction of the diagonal: a vertex this near the source (or within 1.5×
   * its piece's median distance, if farther, up to twice this) matches when its normal is on the source's side
   * (under 90°), whatever `angle` says. So near, the closest point is the body right under it;
   * the angle test is for vertices across a gap, whose closest point may be on another limb.
   * Coarse meshes need it: there a garment's normals differ from the body's by more than `angle`
   * at every sharp corner.
   */
  contact: number;
  /** K of the result (ignored when `existing` is given: its K). */
  influences: number;
  /** Joints of the target skin (the space the source's joint maps write into). */
  jointCount: number;
  mode: 'robust' | 'closest';
  /** The target's current weights, when it has some (locked joints keep theirs). */
  existing: SkinWeights | null;
  /** Locked joints of the target skin (joint-indexed), or null. */
  locked: Uint8Array | null;
  /** Called with the fraction done (0..1), at most every few thousand vertices. */
  onProgress?: ((fraction: number) => void) | null;
  /** When it turns true the transfer stops with {@link TransferCancelled}. */
  signal?: { aborted: boolean } | null;
}

export const TRANSFER_DEFAULTS: TransferOptions = {
  distance: 0.05,
  angle: 45,
  contact: 0.02,
  influences: 4,
  jointCount: 0,
  mode: 'robust',
  existing: null,
  locked: null,
};

/** How each target vertex got its weights. */
export const TransferStatus = { none: 0, matched: 1, inpainted: 2, seeded: 3 } as const;

export interface TransferTarget {
  positions: Float32Array;
  indices: Uint32Array | null;
}

export interface TransferResult {
  weights: SkinWeights;
  /** {@link TransferStatus} per target vertex. */
  status: Uint8Array;
  /** Target vertices (not welded) per outcome. */
  matched: number;
  inpainted: number;
  seeded: number;
  /** Vertices whose locked weights left no legal result (unchanged). */
  refused: number;
  ms: number;
}

const CHUNK = 4096;

/** Transfers weights from `source` (a built surface, or the parts to build one) to `target`. */
export function transferWeights(
  source: SourceSurface | readonly SourcePart[],
  target: TransferTarget,
  options: Partial<TransferOptions> = {},
): TransferResult {
  const start = performance.now();
  // An option given as undefined means "the default", as if it were left out.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const o: TransferOptions = { ...TRANSFER_DEFAULTS, ...given };
  if (!(o.jointCount > 0)) throw new Error('The target skin has no joints to transfer weights to.');
  const surface = source instanceof SourceSurface ? source : new SourceSurface(source);
  const n = Math.floor(target.positions.length / 3);
  const K = o.existing ? o.existing.influences : o.influences;
  if (o.existing && o.existing.vertexCount !== n) {
    throw new Error(`The target's weights hold ${o.existing.vertexCount} vertices, its mesh ${n}.`);
  }
  const graph = buildTargetGraph(target.positions, target.indices);
  const m: Matching = {
    surface,
    graph,
    table: new WeightTable(graph.count),
    fixed: new Uint8Array(graph.count),
    seeds: new Uint8Array(graph.count),
    sum: new InfluenceSum(o.jointCount),
  };
  const { table, fixed, seeds } = m;
  const progress = throttle(o.onProgress ?? null);
  const threshold = Math.max(o.distance, 0) * surface.diagonal;
  const cosAngle = Math.cos((Math.min(Math.max(o.angle, 0), 180) * Math.PI) / 180);
  const contact = Math.min(Math.max(o.contact, 0), Math.max(o.distance, 0)) * surface.diagonal;

  if (o.mode === 'closest') {
    for (let u = 0; u < graph.count; u++) {
      if (u % CHUNK === 0) checkpoint(o.signal, progress, (0.9 * u) / graph.count);
      matchAt(m, u, Number.POSITIVE_INFINITY);
      fixed[u] = 1;
    }
  } else {
    matchRobust(m, { threshold, cosAngle, contact }, o, progress);
    checkpoint(o.signal, progress, 0.7);
    inpaintWeights(graph, fixed, table, o.jointCount, {
      signal: o.signal,
      onRegion: (done) => progress(0.7 + (0.25 * done) / Math.max(graph.count, 1)),
    });
    // A vertex no region reached (none should be: every piece is seeded) copies its closest.
    for (let u = 0; u < graph.count; u++) {
      if (fixed[u] !== 0 && table.has(u)) continue;
      matchAt(m, u, Number.POSITIVE_INFINITY);
      fixed[u] = 1;
      seeds[u] = 1;
    }
  }
  checkpoint(o.signal, progress, 0.95);
  return write(m, n, K, o, start);
}

/** What one transfer works on: the source, the welded target, the weight table and the marks. */
interface Matching {
  surface: SourceSurface;
  graph: TargetGraph;
  table: WeightTable;
  /** Per welded vertex: 0 not yet weighted, 1 fixed (matched or seed), 2 inpainted. */
  fixed: Uint8Array;
  /** Per welded vertex: a seed of a piece that had no match. */
  seeds: Uint8Array;
  sum: InfluenceSum;
}

/** The match thresholds in model units (distances) and as a cosine. */
interface MatchLimits {
  threshold: number;
  cosAngle: number;
  contact: number;
}

/** Steps 1–2: matches by distance and normal, orients pieces, seeds unmatched pieces. */
function matchRobust(
  match: Matching,
  { threshold, cosAngle, contact }: MatchLimits,
  o: TransferOptions,
  progress: (f: number) => void,
): void {
  const { surface, graph, fixed } = match;
  const m = graph.count;
  // Per candidate: its closest point's weights (in the table), distance and normals' dot product.
  const dot = new Float32Array(m);
  const gap = new Float32Array(m);
  const near = new Uint8Array(m);
  const vote = new Float64Array(graph.pieceCount);
  for (let u = 0; u < m; u++) {
    if (u % CHUNK === 0) checkpoint(o.signal, progress, (0.6 * u) / m);
    if (!matchAt(match, u, threshold)) continue;
    near[u] = 1;
    gap[u] = surface.distance;
    const d = normalDot(match, u);
    dot[u] = d;
    vote[graph.piece[u]] += d;
  }
  // A piece whose near vertices mostly face against the source is wound inside-out: flip it.
  const flip = new Uint8Array(graph.pieceCount);
  for (let p = 0; p < graph.pieceCount; p++) flip[p] = vote[p] < 0 ? 1 : 0;
  const reach = contactDistances(graph, near, gap, contact, threshold);
  const matchedInPiece = new Uint8Array(graph.pieceCount);
  for (let u = 0; u < m; u++) {
    if (!near[u]) continue;
    const p = graph.piece[u];
    const d = flip[p] ? -dot[u] : dot[u];
    // A vertex without a normal (no triangle area) is matched on distance alone; one in
    // contact with the body matches when it faces the body's side at all.
    if (d >= cosAngle || Number.isNaN(d) || (gap[u] <= reach[p] && d > 0)) {
      fixed[u] = 1;
      matchedInPiece[p] = 1;
    }
  }
  // Pieces with nothing matched: their nearest vertices (within `threshold` of the piece's
  // nearest approach, normal-agreeing where any agree) become the seeds the inpainting grows from.
  const members = piecesOf(graph);
  for (let p = 0; p < graph.pieceCount; p++) {
    if (matchedInPiece[p]) continue;
    checkpoint(o.signal, progress, 0.6 + (0.1 * p) / graph.pieceCount);
    seedPiece(match, members[p], threshold, cosAngle, flip[p] === 1);
  }
}

function seedPiece(
  match: Matching,
  vertices: Int32Array,
  threshold: number,
  cosAngle: number,
  flipped: boolean,
): void {
  const { surface, fixed, seeds } = match;
  const distance = new Float64Array(vertices.length);
  const agrees = new Uint8Array(vertices.length);
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < vertices.length; i++) {
    const u = vertices[i];
    matchAt(match, u, Number.POSITIVE_INFINITY);
    distance[i] = surface.distance;
    const d = normalDot(match, u) * (flipped ? -1 : 1);
    agrees[i] = d >= cosAngle || Number.isNaN(d) ? 1 : 0;
    if (surface.distance < nearest) nearest = surface.distance;
  }
  const within = nearest + Math.max(threshold, 1e-9);
  let anyAgree = false;
  for (let i = 0; i < vertices.length; i++) if (distance[i] <= within && agrees[i]) anyAgree = true;
  for (let i = 0; i < vertices.length; i++) {
    if (distance[i] <= within && (agrees[i] || !anyAgree)) {
      fixed[vertices[i]] = 1;
      seeds[vertices[i]] = 1;
    }
  }
}

/**
 * Per piece, the distance within which its vertices count as in contact with the source: the
 * `contact` floor, or 1.5 × the piece's median distance to the source when larger (a garment
 * layer sits at about one offset from the body; what hangs across a gap is much farther), at
 * most twice the floor and `threshold`.
 */
function contactDistances(
  graph: TargetGraph,
  near: Uint8Array,
  gap: Float32Array,
  contact: number,
  threshold: number,
): Float64Array {
  const lists: number[][] = Array.from({ length: graph.pieceCount }, () => []);
  for (let u = 0; u < graph.count; u++) if (near[u]) lists[graph.piece[u]].push(gap[u]);
  return Float64Array.from(lists, (list) => {
    if (list.length === 0) return contact;
    list.sort((a, b) => a - b);
    // At most twice the floor: a cape or long skirt (large median) keeps its angle test.
    return Math.min(threshold, 2 * contact, Math.max(contact, 1.5 * list[list.length >> 1]));
  });
}

/** Queries the closest source point of welded vertex u; stores its weights in the table. */
function matchAt({ surface, graph, table, sum }: Matching, u: number, maxDistance: number): boolean {
  const v = graph.representative[u];
  const P = graph.positions;
  if (!surface.closest(P[v * 3], P[v * 3 + 1], P[v * 3 + 2], maxDistance)) return false;
  sum.clear();
  surface.addWeights(sum);
  table.setFromSum(u, sum);
  return true;
}

/** Cosine between target vertex u's normal and the last query's source normal (NaN: none). */
function normalDot({ surface, graph }: Matching, u: number): number {
  const N = graph.normals;
  const nx = N[u * 3];
  const ny = N[u * 3 + 1];
  const nz = N[u * 3 + 2];
  if (nx === 0 && ny === 0 && nz === 0) return Number.NaN;
  return nx * surface.nx + ny * surface.ny + nz * surface.nz;
}

/** Step 4: writes the table to every target vertex, lock-aware. */
function write(
  { graph, table, fixed, seeds, sum }: Matching,
  n: number,
  K: number,
  o: TransferOptions,
  start: number,
): TransferResult {
  const weights = o.existing ? o.existing.clone() : new SkinWeights(n, K);
  const status = new Uint8Array(n);
  const result: TransferResult = { weights, status, matched: 0, inpainted: 0, seeded: 0, refused: 0, ms: 0 };
  // Never unweighted: a vertex whose entries all go to locked joints falls back to its strongest.
  const fallback = (v: number, exclude: number) => fallbackJoint(table, graph.weld[v], exclude, o.locked);
  for (let v = 0; v < n; v++) {
    const u = graph.weld[v];
    sum.clear();
    table.addTo(u, sum);
    if (assignInfluences(weights, v, sum, o.locked, fallback) === 'refused') result.refused++;
    if (seeds[u]) {
      status[v] = TransferStatus.seeded;
      result.seeded++;
    } else if (fixed[u] === 2) {
      status[v] = TransferStatus.inpainted;
      result.inpainted++;
    } else {
      status[v] = TransferStatus.matched;
      result.matched++;
    }
  }
  o.onProgress?.(1);
  result.ms = performance.now() - start;
  return result;
}

function fallbackJoint(table: WeightTable, u: number, exclude: number, locked: Uint8Array | null): number {
  const S = table.slots;
  for (let i = u * S; i < u * S + S; i++) {
    const j = table.joints[i];
    if (j >= 0 && j !== exclude && !locked?.[j]) return j;
  }
  return -1;
}

/** The welded vertices of each piece. */
function piecesOf(graph: TargetGraph): Int32Array[] {
  const counts = new Int32Array(graph.pieceCount);
  for (let u = 0; u < graph.count; u++) counts[graph.piece[u]]++;
  const out = Array.from(counts, (c) => new Int32Array(c));
  const fill = new Int32Array(graph.pieceCount);
  for (let u = 0; u < graph.count; u++) out[graph.piece[u]][fill[graph.piece[u]]++] = u;
  return out;
}

function checkpoint(
  signal: { aborted: boolean } | null | undefined,
  progress: (f: number) => void,
  f: number,
) {
  if (signal?.aborted) throw new TransferCancelled();
  progress(f);
}

/** Passes progress on at most every ~10 ms (workers post each call). */
function throttle(onProgress: ((f: number) => void) | null): (f: number) => void {
  if (!onProgress) return () => {};
  let last = 0;
  return (f) => {
    const now = performance.now();
    if (now - last < 10) return;
    last = now;
    onProgress(f);
  };
}
