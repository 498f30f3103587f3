/**
 * What a four-legged animal has on the floor, on one side of its mid-plane: the floor slab's
 * solid columns in connected pieces, and which of them can be feet.
 *
 * - A piece that reaches the mid-plane is half of something lying across it. Where it narrows
 *   toward the plane (its run along the body there well under its longest), it is a paw
 *   touching its mirror (a dog standing with its paws together): a foot. Where the plane runs
 *   through its broadest part, it is a body part lying on the mid-line (a tail down on the
 *   floor, a belly or a long coat down between the legs): left out.
 * - A side's only large piece that narrows along the body between two lobes far enough apart is
 *   its front and hind paw touching (long paws, a short-legged animal): split there.
 */
import type { BodySolid } from '../body-solid.ts';

/** Height of the floor slab the feet are read from, in voxels (at least) and heights. */
const SLAB = { voxels: 2, height: 0.03 };
/**
 * A piece reaching the mid-plane whose run along the body there is at least this share of its
 * longest run lies across the plane on its broad side: a tail or a belly, not a paw (paws side
 * by side are longest through their middles, off the plane: 86% on the dog).
 */
const ON_PLANE = 0.92;
/** A merged piece is split where its width falls under this share of each lobe's widest. */
const WAIST = 0.75;

/** One side's floor pieces (slab voxels) and what was left out. */
export interface SideFloor {
  /** Pieces that may be feet, largest first, as the slab's solid voxels. */
  pieces: number[][];
  /** How many pieces lying along the mid-plane (a tail, a belly) were left out. */
  onPlane: number;
}

interface Slab {
  floorRow: number;
  rows: number;
}

function slabOf(solid: BodySolid): Slab {
  const floorRow = Math.floor((solid.floor - solid.origin[1]) / solid.h + 1e-6);
  const rows = Math.max(SLAB.voxels, Math.ceil((SLAB.height * solid.height) / solid.h));
  return { floorRow, rows };
}

/** The slab's connected pieces of one side (x sign), as columns i + nx·k (xz, 8-neighbours). */
function columnPieces(solid: BodySolid, side: 1 | -1, slab: Slab): number[][] {
  const { nx, ny, nz } = solid;
  const mark = new Int32Array(nx * nz).fill(-1);
  const inSide = (i: number) => side * (solid.origin[0] + (i + 0.5) * solid.h) > 0;
  // A column is a foot column when any voxel of the slab in it is solid.
  const footAt = new Uint8Array(nx * nz);
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++) {
      if (!inSide(i)) continue;
      for (let j = slab.floorRow; j < Math.min(ny, slab.floorRow + slab.rows); j++)
        if (solid.solid[solid.index(i, j, k)]) {
          footAt[i + nx * k] = 1;
          break;
        }
    }
  const pieces: number[][] = [];
  for (let start = 0; start < nx * nz; start++) {
    if (!footAt[start] || mark[start] >= 0) continue;
    const piece: number[] = [];
    const stack = [start];
    mark[start] = pieces.length;
    while (stack.length) {
      const c = stack.pop()!;
      piece.push(c);
      const i = c % nx;
      const k = Math.floor(c / nx);
      for (let dk = -1; dk <= 1; dk++)
        for (let di = -1; di <= 1; di++) {
          const a = i + di;
          const b = k + dk;
          if (a < 0 || b < 0 || a >= nx || b >= nz) continue;
          const d = a + nx * b;
          if (footAt[d] && mark[d] < 0) {
            mark[d] = pieces.length;
            stack.push(d);
          }
        }
    }
    pieces.push(piece);
  }
  return pieces;
}

/** Columns → the slab's solid voxels. */
function slabVoxels(solid: BodySolid, cols: number[], slab: Slab): number[] {
  const out: number[] = [];
  for (const c of cols) {
    const i = c % solid.nx;
    const k = Math.floor(c / solid.nx);
    for (let j = slab.floorRow; j < Math.min(solid.ny, slab.floorRow + slab.rows); j++) {
      const v = solid.index(i, j, k);
      if (solid.solid[v]) out.push(v);
    }
  }
  return out;
}

/** The column index i nearest the mid-plane on a side. */
function planeColumn(solid: BodySolid, side: 1 | -1): number {
  // The side's columns have centres with side·x > 0 (a centre on the plane is on neither).
  let i = Math.floor(-solid.origin[0] / solid.h - 0.5);
  while (side * (solid.origin[0] + (i + 0.5) * solid.h) <= 0) i += side;
  while (side * (solid.origin[0] + (i - side + 0.5) * solid.h) > 0) i -= side;
  return i;
}

/** Whether a piece lies across the mid-plane on its broad side (a tail or a belly, not a paw). */
function liesOnPlane(solid: BodySolid, cols: number[], plane: number): boolean {
  const runs = new Map<number, number>();
  for (const c of cols) {
    const i = c % solid.nx;
    runs.set(i, (runs.get(i) ?? 0) + 1);
  }
  const atPlane = runs.get(plane) ?? 0;
  if (atPlane === 0) return false;
  return atPlane >= ON_PLANE * Math.max(...runs.values());
}

/**
 * A piece split in two along the body where it narrows between two lobes (each side of the
 * waist at least twice as wide), or null. `minSpan`: the lobes' centres at least this far apart.
 */
export function splitAtWaist(solid: BodySolid, cols: number[], minSpan: number): [number[], number[]] | null {
  const width = new Map<number, number>();
  for (const c of cols) {
    const k = Math.floor(c / solid.nx);
    width.set(k, (width.get(k) ?? 0) + 1);
  }
  const ks = [...width.keys()].sort((a, b) => a - b);
  let best: { k: number; score: number } | null = null;
  for (let n = 1; n < ks.length - 1; n++) {
    const w = width.get(ks[n])!;
    let before = 0;
    let after = 0;
    for (let m = 0; m < n; m++) before = Math.max(before, width.get(ks[m])!);
    for (let m = n + 1; m < ks.length; m++) after = Math.max(after, width.get(ks[m])!);
    if (w > WAIST * Math.min(before, after)) continue;
    const score = w / Math.min(before, after);
    if (!best || score < best.score) best = { k: ks[n], score };
  }
  if (!best) return null;
  const { k } = best;
  const back = cols.filter((c) => Math.floor(c / solid.nx) < k);
  const front = cols.filter((c) => Math.floor(c / solid.nx) > k);
  const meanK = (p: number[]) => p.reduce((s, c) => s + Math.floor(c / solid.nx), 0) / p.length;
  if ((meanK(front) - meanK(back)) * solid.h < minSpan) return null;
  return [front, back];
}

/**
 * The floor pieces of one side that may be feet (see the module comment). `speck`: a piece
 * under this share of the largest is left out; `minSpan`: front and hind paws at least this far
 * apart, for a split.
 */
export function sideFloor(solid: BodySolid, side: 1 | -1, speck: number, minSpan: number): SideFloor {
  const slab = slabOf(solid);
  const plane = planeColumn(solid, side);
  const all = columnPieces(solid, side, slab).sort((a, b) => b.length - a.length);
  const feet = all.filter((p) => !liesOnPlane(solid, p, plane));
  const onPlane = all.filter((p) => p.length >= speck * all[0].length && liesOnPlane(solid, p, plane)).length;
  let pieces = feet.filter((p) => p.length >= speck * (feet[0]?.length ?? 0));
  // Only the largest piece left: it may be both paws of the side touching.
  if (pieces.length === 1) {
    const split = splitAtWaist(solid, pieces[0], minSpan);
    if (split) pieces = split;
  }
  return { pieces: pieces.map((p) => slabVoxels(solid, p, slab)), onPlane };
}
