/**
 * The body seen from the front: how thick the solid is front to back at each point of the
 * frontal plane. Where an arm rests against the torso, or two knees touch, the solid is one
 * piece and its cross-sections cannot tell the limbs apart; the thickness can. Along a line
 * across a limb it falls from the limb's middle toward its edges and either ends (a gap) or,
 * where the limb meets another part, stops falling and rises again into that part (a crease,
 * or the step from a thin arm to the deep torso). The limb's span is the stretch between.
 */
import type { BodySolid } from './body-solid.ts';

type Vec3 = [number, number, number];

/** Thickness along z (voxels) of every (x, y) column of the solid. */
export class FrontView {
  /** Solid voxels in column (i, j), at i + nx·j. */
  readonly thickness: Uint16Array;

  constructor(readonly solid: BodySolid) {
    const { nx, ny, nz } = solid;
    const t = new Uint16Array(nx * ny);
    const S = solid.solid;
    const sxy = nx * ny;
    for (let k = 0; k < nz; k++) {
      const o = k * sxy;
      for (let c = 0; c < sxy; c++) t[c] += S[o + c];
    }
    this.thickness = t;
  }

  /** Thickness (voxels) of the column holding canonical (x, y); 0 outside the grid. */
  at(x: number, y: number): number {
    const { solid } = this;
    const i = Math.floor((x - solid.origin[0]) / solid.h);
    const j = Math.floor((y - solid.origin[1]) / solid.h);
    if (i < 0 || j < 0 || i >= solid.nx || j >= solid.ny) return 0;
    return this.thickness[i + solid.nx * j];
  }

  /**
   * How far the torso reaches from the mid-plane in row `row` on one side (`dir` 1: +x, the
   * character's left), seen from the front: to the first gap, or to where an arm resting against
   * the side begins — a level stretch of thickness well under the torso's (the torso's own
   * thickness keeps falling to its edge).
   */
  torsoSide(row: number, dir: 1 | -1): number {
    const { solid } = this;
    const { nx, h } = solid;
    const T = this.thickness;
    const base = nx * row;
    const mid = Math.floor(nx / 2);
    const level = Math.max(3, Math.round((0.02 * solid.height) / h));
    const first = dir > 0 ? mid : mid - 1;
    const tMid = Math.max(T[base + mid], T[base + mid - 1]);
    const edge = (i: number) => Math.abs(solid.origin[0] + (i + (dir > 0 ? 0 : 1)) * h);
    let run = 0;
    let runLo = 0;
    let runHi = 0;
    for (let i = first; i >= 0 && i < nx; i += dir) {
      const t = T[base + i];
      if (t === 0) return edge(i);
      if (t > 0.7 * tMid) {
        run = 0;
        continue;
      }
      if (run > 0 && Math.max(runHi, t) <= 1.1 * Math.min(runLo, t)) {
        run++;
        runLo = Math.min(runLo, t);
        runHi = Math.max(runHi, t);
      } else {
        run = 1;
        runLo = t;
        runHi = t;
      }
      if (run >= level) return edge(i - dir * (run - 1));
    }
    return edge(dir > 0 ? nx : -1);
  }

  /**
   * The limb's span across the line through `p` along the frontal-plane direction `u` (unit,
   * z ignored), looked for within `reach` either side: the offsets (along u, from p) of its two
   * edges, and whether each edge is a gap (the solid ends) or a crease (it meets another part).
   * Null when the column at p (or within a voxel of it) is empty. With `sheets`, a thin sheet
   * running on beside the limb (a cape hanging behind the legs) ends it as a gap would.
   */
  span(p: ArrayLike<number>, u: readonly [number, number], reach: number, sheets = false): LimbSpan | null {
    const step = 0.5 * this.solid.h;
    const n = Math.max(2, Math.ceil(reach / step));
    const at = (s: number) => this.at(p[0] + u[0] * s * step, p[1] + u[1] * s * step);
    let s0 = 0;
    if (at(0) === 0) {
      if (at(1) > 0) s0 = 1;
      else if (at(-1) > 0) s0 = -1;
      else if (at(2) > 0) s0 = 2;
      else if (at(-2) > 0) s0 = -2;
      else return null;
    }
    // A sheet beside the limb (a cape hanging behind the legs, a flap): a stretch this long
    // where the solid is a small share of the limb's thickness is no more limb.
    const sheetRun = Math.max(3, Math.ceil((SHEET_RUN * this.solid.height) / step));
    const side = (dir: 1 | -1): { offset: number; edge: 'gap' | 'crease' | 'open' } => {
      let low = at(s0);
      let lowAt = s0;
      let peak = low;
      let thinFrom = Number.NaN;
      for (let s = s0 + dir; Math.abs(s) <= n; s += dir) {
        const t = at(s);
        if (t === 0) return { offset: (s - dir / 2) * step, edge: 'gap' };
        if (sheets && t < SHEET * peak) {
          if (Number.isNaN(thinFrom)) thinFrom = s;
          else if (Math.abs(s - thinFrom) + 1 >= sheetRun)
            return { offset: (thinFrom - dir / 2) * step, edge: 'gap' };
        } else thinFrom = Number.NaN;
        if (t > peak && Number.isNaN(thinFrom) && t < low * RISE) peak = t;
        if (t <= low) {
          low = t;
          lowAt = s;
        } else if (t <= Math.max(low * 1.08, low + 1)) {
          // Level with the lowest: a plateau (the crease is at its far end).
          lowAt = s;
        } else if (t >= low * RISE && t >= low + 2) return { offset: lowAt * step, edge: 'crease' };
      }
      return { offset: n * dir * step, edge: 'open' };
    };
    const lo = side(-1);
    const hi = side(1);
    return { lo: lo.offset, hi: hi.offset, loEdge: lo.edge, hiEdge: hi.edge };
  }
}

/** Under this share of a limb's thickness (the most seen from its middle out), the solid is a sheet. */
const SHEET = 0.3;

/** How long (in heights) a sheet beside a limb runs before it is taken for one. */
const SHEET_RUN = 0.01;

/** How much thicker than the thinnest point behind it a part must be to be another part. */
const RISE = 1.25;

/** A limb's extent across a line (offsets along the line, from its point). */
export interface LimbSpan {
  lo: number;
  hi: number;
  loEdge: 'gap' | 'crease' | 'open';
  hiEdge: 'gap' | 'crease' | 'open';
}

/** The middle of a span's offsets. */
export function spanMiddle(s: LimbSpan): number {
  return 0.5 * (s.lo + s.hi);
}

/** The point `p` moved by `offset` along frontal-plane direction `u`. */
export function alongFrontal(p: ArrayLike<number>, u: readonly [number, number], offset: number): Vec3 {
  return [p[0] + u[0] * offset, p[1] + u[1] * offset, p[2]];
}

/**
 * The middle of the solid run along z through canonical (x, y) that holds `z` or lies nearest
 * it; `z` itself when the column is empty.
 */
export function zMiddle(solid: BodySolid, x: number, y: number, z: number): number {
  const i = Math.floor((x - solid.origin[0]) / solid.h);
  const j = Math.floor((y - solid.origin[1]) / solid.h);
  if (i < 0 || j < 0 || i >= solid.nx || j >= solid.ny) return z;
  const k0 = Math.floor((z - solid.origin[2]) / solid.h);
  let best: [number, number] | null = null;
  let bestGap = Infinity;
  let start = -1;
  for (let k = 0; k <= solid.nz; k++) {
    const inside = k < solid.nz && solid.solid[solid.index(i, j, k)] === 1;
    if (inside && start < 0) start = k;
    if (!inside && start >= 0) {
      const gap = k0 >= start && k0 < k ? 0 : Math.min(Math.abs(k0 - start), Math.abs(k0 - (k - 1)));
      if (gap < bestGap) {
        bestGap = gap;
        best = [start, k];
      }
      start = -1;
    }
  }
  return best ? solid.origin[2] + 0.5 * (best[0] + best[1]) * solid.h : z;
}

/**
 * The middle of a leg (or any limb running up and down) in the row at height y, seen from the
 * front: the span around x between its edges, kept to x's side of the mid-plane (legs that
 * touch are one blob there), and the middle of the solid's depth there (near z). Null when the
 * row is empty around x. `sheets`: see {@link FrontView.span}.
 */
export function rowMiddle(
  view: FrontView,
  y: number,
  x: number,
  z: number,
  reach: number,
  sheets = false,
): Vec3 | null {
  const span = view.span([x, y], [1, 0], reach, sheets);
  if (!span) return null;
  if (x > 0) span.lo = Math.max(span.lo, -x);
  else if (x < 0) span.hi = Math.min(span.hi, -x);
  if (span.hi <= span.lo) return null;
  const mx = x + spanMiddle(span);
  return [mx, y, zMiddle(view.solid, mx, y, z)];
}
