/**
 * A sparse sampling of a distance field on a regular grid: only 4×4×4-node blocks near the
 * surface hold values; every other block holds one sign. The field being 1-Lipschitz, a block
 * whose centre is further from the surface than its half-diagonal cannot contain a sign change,
 * and a 16×16×16 super-block is skipped the same way, so the work follows the surface area
 * instead of the volume.
 *
 * The grid is symmetric about x = 0: nx is even and node i sits at x = (i - (nx-1)/2)·h, so node
 * nx-1-i is its exact mirror.
 */
import { evalField, evalFieldList, type Field, relevantPrimitives } from './sdf.ts';

const SQRT3 = Math.sqrt(3);
/** What an unsampled node reads as, times its block's sign. */
const FAR = 1e3;

/** Grid of field samples, dense in 4³-node blocks near the surface and one sign elsewhere. */
export class SparseGrid {
  readonly nbx: number;
  readonly nby: number;
  readonly nbz: number;
  /** Pool slot of each block, -1 where the block holds only a sign. */
  readonly slotOf: Int32Array;
  /** Sign of each unsampled block: +1 outside, -1 inside. */
  readonly sign: Int8Array;
  /** 64 values per allocated slot, node (li, lj, lk) at slot·64 + lk·16 + lj·4 + li. */
  values: Float32Array;
  /** Block index of each allocated slot. */
  blockOfSlot: Int32Array;
  /** Per slot, the primitives that matter within a cell of the block (see relevantPrimitives). */
  lists: Uint8Array;
  /** How many ids of each slot's list are used. */
  listLength: Uint8Array;
  /** Allocated slots. */
  count = 0;
  private readonly cx: number;

  constructor(
    readonly field: Field,
    readonly h: number,
    readonly nx: number,
    readonly ny: number,
    readonly nz: number,
    readonly oy: number,
    readonly oz: number,
  ) {
    if (nx % 2 !== 0) throw new RangeError('nx must be even for a mirror-symmetric grid');
    this.nbx = (nx + 3) >> 2;
    this.nby = (ny + 3) >> 2;
    this.nbz = (nz + 3) >> 2;
    const nb = this.nbx * this.nby * this.nbz;
    this.slotOf = new Int32Array(nb).fill(-1);
    this.sign = new Int8Array(nb).fill(1);
    this.values = new Float32Array(64 * 1024);
    this.blockOfSlot = new Int32Array(1024);
    this.lists = new Uint8Array(1024 * field.count);
    this.listLength = new Uint8Array(1024);
    this.cx = (nx - 1) / 2;
  }

  /** World x of node column i (exactly antisymmetric: x(nx-1-i) = -x(i)). */
  x(i: number): number {
    return (i - this.cx) * this.h;
  }
  /** World y of node row j. */
  y(j: number): number {
    return this.oy + j * this.h;
  }
  /** World z of node layer k. */
  z(k: number): number {
    return this.oz + k * this.h;
  }

  /** Block index of node (i, j, k). */
  blockOf(i: number, j: number, k: number): number {
    return ((k >> 2) * this.nby + (j >> 2)) * this.nbx + (i >> 2);
  }

  /** Pool offset of node (i, j, k), or -1 when its block is unsampled. */
  offsetOf(i: number, j: number, k: number): number {
    const s = this.slotOf[((k >> 2) * this.nby + (j >> 2)) * this.nbx + (i >> 2)];
    return s < 0 ? -1 : (s << 6) | ((k & 3) << 4) | ((j & 3) << 2) | (i & 3);
  }

  /** Field value at node (i, j, k); ±FAR (by sign) in unsampled blocks. */
  value(i: number, j: number, k: number): number {
    const b = ((k >> 2) * this.nby + (j >> 2)) * this.nbx + (i >> 2);
    const s = this.slotOf[b];
    if (s < 0) return this.sign[b] * FAR;
    return this.values[(s << 6) | ((k & 3) << 4) | ((j & 3) << 2) | (i & 3)];
  }

  /** Samples block b's 64 nodes if it is not sampled yet; returns its slot. */
  ensure(b: number): number {
    let s = this.slotOf[b];
    if (s >= 0) return s;
    s = this.count++;
    if (s >= this.blockOfSlot.length) {
      const grown = new Int32Array(this.blockOfSlot.length * 2);
      grown.set(this.blockOfSlot);
      this.blockOfSlot = grown;
      const values = new Float32Array(this.values.length * 2);
      values.set(this.values);
      this.values = values;
      const lists = new Uint8Array(this.lists.length * 2);
      lists.set(this.lists);
      this.lists = lists;
      const listLength = new Uint8Array(this.listLength.length * 2);
      listLength.set(this.listLength);
      this.listLength = listLength;
    }
    this.slotOf[b] = s;
    this.blockOfSlot[s] = b;
    const bi = (b % this.nbx) << 2;
    const bj = (Math.floor(b / this.nbx) % this.nby) << 2;
    const bk = Math.floor(b / (this.nbx * this.nby)) << 2;
    const { field, values, lists, h } = this;
    // The list covers the block's nodes and cells with a cell's margin: what the mesher's
    // Newton steps and gradient stencils touch.
    const start = s * field.count;
    const radius = 2.5 * SQRT3 * h;
    const n = relevantPrimitives(
      field,
      this.x(bi + 1.5),
      this.y(bj + 1.5),
      this.z(bk + 1.5),
      radius,
      lists,
      start,
    );
    this.listLength[s] = n;
    let o = s << 6;
    for (let lk = 0; lk < 4; lk++) {
      const z = this.z(bk + lk);
      for (let lj = 0; lj < 4; lj++) {
        const y = this.y(bj + lj);
        for (let li = 0; li < 4; li++)
          values[o++] = evalFieldList(field, lists, start, start + n, this.x(bi + li), y, z);
      }
    }
    return s;
  }

  /**
   * Samples every block that may hold a corner of a cell with a sign change: such a corner is
   * within a cell diagonal of the surface, and the block's centre within 1.5 diagonals of it.
   * (The mesher's topology repair samples more blocks on demand, with {@link ensure}.)
   */
  sample(): this {
    const { h, field, nbx, nby, nbz } = this;
    const t4 = 2.5 * SQRT3 * h * 1.0001;
    const t16 = 6 * SQRT3 * h + t4;
    for (let sk = 0; sk < nbz; sk += 4) {
      for (let sj = 0; sj < nby; sj += 4) {
        for (let si = 0; si < nbx; si += 4) {
          // Super-block of 4³ blocks: its centre node coordinate is block·4 + 7.5.
          const f = evalField(field, this.x(si * 4 + 7.5), this.y(sj * 4 + 7.5), this.z(sk * 4 + 7.5));
          const far = Math.abs(f) > t16;
          for (let bk = sk; bk < Math.min(sk + 4, nbz); bk++) {
            for (let bj = sj; bj < Math.min(sj + 4, nby); bj++) {
              for (let bi = si; bi < Math.min(si + 4, nbx); bi++) {
                const b = (bk * nby + bj) * nbx + bi;
                let g = f;
                if (!far)
                  g = evalField(field, this.x(bi * 4 + 1.5), this.y(bj * 4 + 1.5), this.z(bk * 4 + 1.5));
                if (!far && Math.abs(g) <= t4) this.ensure(b);
                else this.sign[b] = g < 0 ? -1 : 1;
              }
            }
          }
        }
      }
    }
    return this;
  }
}
