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
import { assignInfluences } from '../tools/assign-influences.ts';
import { inpaintWeights } from './inpaint-weights.ts';
import {
  CHUNK,
  checkpoint,
  createMatching,
  fallbackJoint,
  type Matching,
  matchAt,
  matchLimits,
  matchRobust,
  TransferStatus,
  throttle,
} from './match-target.ts';
import { writeMatchedOnly } from './matched-only.ts';
import { type SourcePart, SourceSurface } from './source-surface.ts';
import { buildTargetGraph } from './target-graph.ts';

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
  /**
   * Only where matched (needs `existing`): vertices the source does not reach keep their weights
   * bit for bit instead of being inpainted; matched vertices within `border` edge rings of them
   * blend from their own weights to the transferred ones. Ignored for a mesh without weights.
   */
  onlyMatched: boolean;
  /** Rings of matched vertices that blend into the kept ones (only where matched). */
  border: number;
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
  onlyMatched: false,
  border: 3,
};

export { TransferStatus };

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
  /** Vertices left with their own weights (only where matched). */
  kept: number;
  /** Vertices whose locked weights left no legal result (unchanged). */
  refused: number;
  ms: number;
}

/** Transfers weights from `source` (a built surface, or the parts to build one) to `target`. */
export function transferWeights(
  source: SourceSurface | readonly SourcePart[],
  target: TransferTarget,
  options: Partial<TransferOptions> = {},
): TransferResult {
  const start = performance.now();
  const { o, surface, graph, n, K } = prepare(source, target, options);
  const m = createMatching(surface, graph, o.jointCount);
  const { fixed, seeds } = m;
  const progress = throttle(o.onProgress ?? null);
  if (o.mode === 'closest') {
    for (let u = 0; u < graph.count; u++) {
      if (u % CHUNK === 0) checkpoint(o.signal, progress, (0.9 * u) / graph.count);
      matchAt(m, u, Number.POSITIVE_INFINITY);
      fixed[u] = 1;
    }
  } else {
    matchRobust(m, matchLimits(surface, o), o.signal, progress);
    checkpoint(o.signal, progress, 0.7);
    // Only where matched: the rest keeps its own weights, so there is nothing to inpaint.
    if (o.onlyMatched && o.existing) return writeMatchedOnly(m, o.existing, o, start);
    inpaintWeights(graph, fixed, m.table, o.jointCount, {
      signal: o.signal,
      onRegion: (done) => progress(0.7 + (0.25 * done) / Math.max(graph.count, 1)),
    });
    // A vertex no region reached (none should be: every piece is seeded) copies its closest.
    for (let u = 0; u < graph.count; u++) {
      if (fixed[u] !== 0 && m.table.has(u)) continue;
      matchAt(m, u, Number.POSITIVE_INFINITY);
      fixed[u] = 1;
      seeds[u] = 1;
    }
  }
  checkpoint(o.signal, progress, 0.95);
  return write(m, n, K, o, start);
}

/** What a transfer would do, counted before it runs (see {@link transferCoverage}). */
export interface TransferCoverage {
  /** Per target vertex what the transfer would do: matched, inpainted (unmatched) or seeded. */
  status: Uint8Array;
  /** Target vertices (not welded) the source covers (copied as they are). */
  matched: number;
  /** Target vertices it does not reach: inpainted from around, or kept with "only where matched". */
  inpainted: number;
  /** Vertices of pieces it matches nowhere, seeded at their nearest approach. */
  seeded: number;
  ms: number;
}

/**
 * How much of `target` the source covers: steps 1–2 of {@link transferWeights} alone (no
 * inpainting, nothing written), so the counts are those the transfer will report — quick enough
 * to show before a transfer that would replace a mesh's weights. `onlyMatched` is ignored: the
 * counts say what the source reaches.
 */
export function transferCoverage(
  source: SourceSurface | readonly SourcePart[],
  target: TransferTarget,
  options: Partial<TransferOptions> = {},
): TransferCoverage {
  const start = performance.now();
  const { o, surface, graph, n } = prepare(source, target, options);
  const status = new Uint8Array(n);
  const out: TransferCoverage = { status, matched: n, inpainted: 0, seeded: 0, ms: 0 };
  if (o.mode === 'closest') {
    status.fill(TransferStatus.matched);
  } else {
    const m = createMatching(surface, graph, o.jointCount);
    matchRobust(m, matchLimits(surface, o), o.signal, throttle(o.onProgress ?? null));
    out.matched = 0;
    for (let v = 0; v < n; v++) {
      const u = graph.weld[v];
      const s = m.seeds[u]
        ? TransferStatus.seeded
        : m.fixed[u]
          ? TransferStatus.matched
          : TransferStatus.inpainted;
      status[v] = s;
      if (s === TransferStatus.seeded) out.seeded++;
      else if (s === TransferStatus.matched) out.matched++;
      else out.inpainted++;
    }
  }
  o.onProgress?.(1);
  out.ms = performance.now() - start;
  return out;
}

/** The options with defaults, the source surface, the welded target and its sizes; checks them. */
function prepare(
  source: SourceSurface | readonly SourcePart[],
  target: TransferTarget,
  options: Partial<TransferOptions>,
) {
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
  return { o, surface, graph: buildTargetGraph(target.positions, target.indices), n, K };
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
  const result: TransferResult = {
    weights,
    status,
    matched: 0,
    inpainted: 0,
    seeded: 0,
    kept: 0,
    refused: 0,
    ms: 0,
  };
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
