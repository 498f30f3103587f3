/**
 * Matching a transfer target to its source (steps 1–2 of transferWeights): each welded target
 * vertex near the source whose normal agrees takes the weights at its closest source point;
 * pieces with no match at all are seeded at their nearest approach. What is left unmatched is
 * what inpainting (or "only where matched") decides. Also the transfer's coverage preview: the
 * same matching, without the inpainting, counts what a transfer would copy.
 */
import { InfluenceSum } from '../tools/assign-influences.ts';
import { TransferCancelled } from './inpaint-weights.ts';
import type { SourceSurface } from './source-surface.ts';
import type { TargetGraph } from './target-graph.ts';
import { WeightTable } from './weight-table.ts';

/** What one transfer works on: the source, the welded target, the weight table and the marks. */
export interface Matching {
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
export interface MatchLimits {
  threshold: number;
  cosAngle: number;
  contact: number;
}

/** How each target vertex got its weights ('kept': its own, not reached with only-matched). */
export const TransferStatus = { none: 0, matched: 1, inpainted: 2, seeded: 3, kept: 4 } as const;

/** Vertices between progress reports and cancel checks. */
export const CHUNK = 4096;

/** A fresh matching of `graph` to `surface` (nothing matched yet). */
export function createMatching(surface: SourceSurface, graph: TargetGraph, jointCount: number): Matching {
  return {
    surface,
    graph,
    table: new WeightTable(graph.count),
    fixed: new Uint8Array(graph.count),
    seeds: new Uint8Array(graph.count),
    sum: new InfluenceSum(jointCount),
  };
}

/**
 * The options' match limits in model units: `distance` and `contact` are fractions of the
 * source's diagonal (contact at most distance), `angle` in degrees.
 */
export function matchLimits(
  surface: SourceSurface,
  o: { distance: number; angle: number; contact: number },
): MatchLimits {
  return {
    threshold: Math.max(o.distance, 0) * surface.diagonal,
    cosAngle: Math.cos((Math.min(Math.max(o.angle, 0), 180) * Math.PI) / 180),
    contact: Math.min(Math.max(o.contact, 0), Math.max(o.distance, 0)) * surface.diagonal,
  };
}

/** Steps 1–2: matches by distance and normal, orients pieces, seeds unmatched pieces. */
export function matchRobust(
  match: Matching,
  { threshold, cosAngle, contact }: MatchLimits,
  signal: { aborted: boolean } | null | undefined,
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
    if (u % CHUNK === 0) checkpoint(signal, progress, (0.6 * u) / m);
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
    if (
      d >= cosAngle ||
      Number.isNaN(d) ||
      // The nearest surface does not face the vertex's way (the other thigh, where thighs press
      // together): the nearest one that does, if in contact, is its own side's. Farther than
      // contact it may be another limb across a gap: left to the inpainting.
      matchFacing(match, u, flip[p] === 1, cosAngle, reach[p]) ||
      (gap[u] <= reach[p] && d > 0 && matchAt(match, u, Number.POSITIVE_INFINITY))
    ) {
      fixed[u] = 1;
      matchedInPiece[p] = 1;
    }
  }
  // Pieces with nothing matched: their nearest vertices (within `threshold` of the piece's
  // nearest approach, normal-agreeing where any agree) become the seeds the inpainting grows from.
  const members = piecesOf(graph);
  for (let p = 0; p < graph.pieceCount; p++) {
    if (matchedInPiece[p]) continue;
    checkpoint(signal, progress, 0.6 + (0.1 * p) / graph.pieceCount);
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
export function matchAt({ surface, graph, table, sum }: Matching, u: number, maxDistance: number): boolean {
  const v = graph.representative[u];
  const P = graph.positions;
  if (!surface.closest(P[v * 3], P[v * 3 + 1], P[v * 3 + 2], maxDistance)) return false;
  sum.clear();
  surface.addWeights(sum);
  table.setFromSum(u, sum);
  return true;
}

/**
 * Matches welded vertex u to the nearest source point within `maxDistance` whose normal agrees
 * with u's (within the angle of `minCos`); stores its weights. False when there is none.
 */
function matchFacing(
  { surface, graph, table, sum }: Matching,
  u: number,
  flipped: boolean,
  minCos: number,
  maxDistance: number,
): boolean {
  const N = graph.normals;
  const s = flipped ? -1 : 1;
  const nx = s * N[u * 3];
  const ny = s * N[u * 3 + 1];
  const nz = s * N[u * 3 + 2];
  if (nx === 0 && ny === 0 && nz === 0) return false;
  const v = graph.representative[u];
  const P = graph.positions;
  if (!surface.closestFacing(P[v * 3], P[v * 3 + 1], P[v * 3 + 2], nx, ny, nz, minCos, maxDistance))
    return false;
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

/** The welded vertices of each piece. */
function piecesOf(graph: TargetGraph): Int32Array[] {
  const counts = new Int32Array(graph.pieceCount);
  for (let u = 0; u < graph.count; u++) counts[graph.piece[u]]++;
  const out = Array.from(counts, (c) => new Int32Array(c));
  const fill = new Int32Array(graph.pieceCount);
  for (let u = 0; u < graph.count; u++) out[graph.piece[u]][fill[graph.piece[u]]++] = u;
  return out;
}

export function checkpoint(
  signal: { aborted: boolean } | null | undefined,
  progress: (f: number) => void,
  f: number,
) {
  if (signal?.aborted) throw new TransferCancelled();
  progress(f);
}

/** The strongest unlocked joint of welded vertex `u` other than `exclude` (-1: none). */
export function fallbackJoint(
  table: WeightTable,
  u: number,
  exclude: number,
  locked: Uint8Array | null,
): number {
  const S = table.slots;
  for (let i = u * S; i < u * S + S; i++) {
    const j = table.joints[i];
    if (j >= 0 && j !== exclude && !locked?.[j]) return j;
  }
  return -1;
}

/** Passes progress on at most every ~10 ms (workers post each call). */
export function throttle(onProgress: ((f: number) => void) | null): (f: number) => void {
  if (!onProgress) return () => {};
  let last = 0;
  return (f) => {
    const now = performance.now();
    if (now - last < 10) return;
    last = now;
    onProgress(f);
  };
}
