/**
 * Surface nets over a {@link SparseGrid}: one vertex per cell with a sign change, one quad (two
 * triangles) per grid edge with a sign change, wound so the faces look out of the solid.
 *
 * Vertices start at the mean of their cell's edge crossings, then take two Newton steps onto the
 * zero level of the field (kept inside their cell so no face folds over); normals are the field's
 * gradient there. Only cells on the +x half are computed: the others copy their mirror cell with
 * x negated, and the cells straddling x = 0 sit exactly on it, so the mesh is exactly symmetric.
 */
import { fieldValueGradient } from './sdf.ts';
import type { SparseGrid } from './sparse-grid.ts';

/** A raw surface-nets mesh: float64 positions and normals, and each vertex's mirror image. */
export interface NetMesh {
  positions: Float64Array;
  normals: Float64Array;
  indices: Uint32Array;
  mirror: Uint32Array;
}

// The 12 cell edges as corner pairs (corner c = (c & 1, c >> 1 & 1, c >> 2 & 1)).
const EDGES = [0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7];

const _g = new Float64Array(3);
const _v = new Float64Array(8);

interface Nets {
  grid: SparseGrid;
  /** Vertex of each cell with a sign change, stored like the grid's values (-1: none). */
  cellVert: Int32Array;
  /** Cell (i, j, k) of each vertex. */
  cells: Int32Array;
  positions: Float64Array;
  normals: Float64Array;
  mirror: Uint32Array;
  indices: Uint32Array;
  triangles: number;
}

/** Builds the surface-nets mesh of the grid's zero level. */
export function surfaceNets(grid: SparseGrid): NetMesh {
  // Small functions per block and per vertex: V8 optimises them whole and early.
  const nets: Nets = {
    grid,
    cellVert: new Int32Array(grid.count << 6).fill(-1),
    cells: new Int32Array(3 * 4096),
    positions: new Float64Array(0),
    normals: new Float64Array(0),
    mirror: new Uint32Array(0),
    indices: new Uint32Array(0),
    triangles: 0,
  };
  // 1. Number the cells with a sign change, in slot order.
  let n = 0;
  for (let s = 0; s < grid.count; s++) n = numberBlockCells(nets, s, n);
  // 2. Place the vertices of the +x half (cell i ≥ centre); each writes its mirror too.
  nets.positions = new Float64Array(3 * n);
  nets.normals = new Float64Array(3 * n);
  nets.mirror = new Uint32Array(n);
  for (let v = 0; v < n; v++) if (nets.cells[3 * v] >= grid.nx / 2 - 1) placeVertex(nets, v);
  // 3. One quad per edge with a sign change, from the edges at each cell's minimum corner.
  nets.indices = new Uint32Array(6 * n + 6);
  for (let v = 0; v < n; v++) emitQuads(nets, v);
  const { positions, normals, mirror, indices, triangles } = nets;
  return { positions, normals, indices: indices.slice(0, 3 * triangles), mirror };
}

function vertexAt(nets: Nets, i: number, j: number, k: number): number {
  return nets.cellVert[nets.grid.offsetOf(i, j, k)];
}

/** Numbers the cells of slot s that have a sign change, from vertex n on; returns the next n. */
function numberBlockCells(nets: Nets, s: number, n: number): number {
  const { grid } = nets;
  const { nx, ny, nz } = grid;
  const b = grid.blockOfSlot[s];
  const bi = (b % grid.nbx) << 2;
  const bj = (Math.floor(b / grid.nbx) % grid.nby) << 2;
  const bk = Math.floor(b / (grid.nbx * grid.nby)) << 2;
  for (let lk = 0; lk < 4; lk++) {
    for (let lj = 0; lj < 4; lj++) {
      for (let li = 0; li < 4; li++) {
        const i = bi + li;
        const j = bj + lj;
        const k = bk + lk;
        if (i >= nx - 1 || j >= ny - 1 || k >= nz - 1) continue;
        let inside = 0;
        for (let c = 0; c < 8; c++) {
          if (grid.value(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)) < 0) inside++;
        }
        if (inside === 0 || inside === 8) continue;
        if (3 * n + 3 > nets.cells.length) {
          const grown = new Int32Array(nets.cells.length * 2);
          grown.set(nets.cells);
          nets.cells = grown;
        }
        nets.cells[3 * n] = i;
        nets.cells[3 * n + 1] = j;
        nets.cells[3 * n + 2] = k;
        nets.cellVert[(s << 6) | (lk << 4) | (lj << 2) | li] = n++;
      }
    }
  }
  return n;
}

/** Places vertex v (a cell on the +x half) and its mirror image. */
function placeVertex(nets: Nets, v: number): void {
  const { grid, cells, positions, normals, mirror } = nets;
  const { h, field } = grid;
  const centre = grid.nx / 2 - 1;
  const i = cells[3 * v];
  const j = cells[3 * v + 1];
  const k = cells[3 * v + 2];
  for (let c = 0; c < 8; c++) _v[c] = grid.value(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
  let sx = 0;
  let sy = 0;
  let sz = 0;
  let m = 0;
  for (let e = 0; e < 24; e += 2) {
    const a = EDGES[e];
    const b = EDGES[e + 1];
    const va = _v[a];
    const vb = _v[b];
    if (va < 0 === vb < 0) continue;
    const t = va / (va - vb);
    sx += (a & 1) + ((b & 1) - (a & 1)) * t;
    sy += ((a >> 1) & 1) + (((b >> 1) & 1) - ((a >> 1) & 1)) * t;
    sz += ((a >> 2) & 1) + (((b >> 2) & 1) - ((a >> 2) & 1)) * t;
    m++;
  }
  const x0 = grid.x(i);
  const y0 = grid.y(j);
  const z0 = grid.z(k);
  let x = i === centre ? 0 : x0 + (sx / m) * h;
  let y = y0 + (sy / m) * h;
  let z = z0 + (sz / m) * h;
  // The primitives that matter in this cell, listed by its block.
  const slot = grid.slotOf[grid.blockOf(i, j, k)];
  const ls = slot * field.count;
  const le = ls + grid.listLength[slot];
  // The normal is the gradient before the last step: the step is tiny by then.
  for (let step = 0; step < 2; step++) {
    const f = fieldValueGradient(field, grid.lists, ls, le, x, y, z, 1e-3 * h, _g);
    const g2 = _g[0] * _g[0] + _g[1] * _g[1] + _g[2] * _g[2];
    if (!(g2 > 1e-12)) break;
    const q = f / g2;
    x = Math.min(Math.max(x - q * _g[0], x0), x0 + h);
    y = Math.min(Math.max(y - q * _g[1], y0), y0 + h);
    z = Math.min(Math.max(z - q * _g[2], z0), z0 + h);
  }
  if (i === centre) {
    x = 0;
    _g[0] = 0;
  }
  const len = Math.hypot(_g[0], _g[1], _g[2]) || 1;
  const gx = _g[0] / len;
  const gy = _g[1] / len;
  const gz = _g[2] / len;
  write3(positions, v, x, y, z);
  write3(normals, v, gx, gy, gz);
  mirror[v] = v;
  if (i > centre) {
    const w = vertexAt(nets, grid.nx - 2 - i, j, k);
    write3(positions, w, -x, y, z);
    write3(normals, w, -gx, gy, gz);
    mirror[v] = w;
    mirror[w] = v;
  }
}

/** Emits the quads of the sign-changing edges at vertex v's cell's minimum corner. */
function emitQuads(nets: Nets, v: number): void {
  const { grid, cells } = nets;
  const i = cells[3 * v];
  const j = cells[3 * v + 1];
  const k = cells[3 * v + 2];
  const v0 = grid.value(i, j, k) < 0;
  // Around an x edge the cells go (j, k) → (j-1, k) → (j-1, k-1) → (j, k-1): +x normal.
  if (j > 0 && k > 0 && v0 !== grid.value(i + 1, j, k) < 0) {
    quad(
      nets,
      v0,
      v,
      vertexAt(nets, i, j - 1, k),
      vertexAt(nets, i, j - 1, k - 1),
      vertexAt(nets, i, j, k - 1),
    );
  }
  if (i > 0 && k > 0 && v0 !== grid.value(i, j + 1, k) < 0) {
    quad(
      nets,
      v0,
      v,
      vertexAt(nets, i, j, k - 1),
      vertexAt(nets, i - 1, j, k - 1),
      vertexAt(nets, i - 1, j, k),
    );
  }
  if (i > 0 && j > 0 && v0 !== grid.value(i, j, k + 1) < 0) {
    quad(
      nets,
      v0,
      v,
      vertexAt(nets, i - 1, j, k),
      vertexAt(nets, i - 1, j - 1, k),
      vertexAt(nets, i, j - 1, k),
    );
  }
}

/** Two triangles for quad (a, b, c, d), counter-clockwise seen from outside when `outward`. */
function quad(nets: Nets, outward: boolean, a: number, b: number, c: number, d: number): void {
  if (!outward) {
    const tmp = b;
    b = d;
    d = tmp;
  }
  if (3 * nets.triangles + 6 > nets.indices.length) {
    const grown = new Uint32Array(nets.indices.length * 2);
    grown.set(nets.indices);
    nets.indices = grown;
  }
  // Split along the shorter diagonal for better-shaped triangles.
  const t = 3 * nets.triangles;
  if (dist2(nets.positions, a, c) <= dist2(nets.positions, b, d)) write6(nets.indices, t, a, b, c, a, c, d);
  else write6(nets.indices, t, a, b, d, b, c, d);
  nets.triangles += 2;
}

function write3(a: Float64Array, v: number, x: number, y: number, z: number): void {
  a[3 * v] = x;
  a[3 * v + 1] = y;
  a[3 * v + 2] = z;
}

function write6(a: Uint32Array, t: number, p: number, q: number, r: number, s: number, u: number, w: number) {
  a[t] = p;
  a[t + 1] = q;
  a[t + 2] = r;
  a[t + 3] = s;
  a[t + 4] = u;
  a[t + 5] = w;
}

function dist2(p: Float64Array, a: number, b: number): number {
  const dx = p[3 * a] - p[3 * b];
  const dy = p[3 * a + 1] - p[3 * b + 1];
  const dz = p[3 * a + 2] - p[3 * b + 2];
  return dx * dx + dy * dy + dz * dz;
}
