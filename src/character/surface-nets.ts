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

/** Builds the surface-nets mesh of the grid's zero level. */
export function surfaceNets(grid: SparseGrid): NetMesh {
  const { nx, ny, nz, h, field } = grid;
  const cellVert = new Int32Array(grid.count << 6).fill(-1);
  let cells = new Int32Array(3 * 4096);
  let n = 0;

  // 1. Number the cells with a sign change, in slot order.
  for (let s = 0; s < grid.count; s++) {
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
          if (3 * n + 3 > cells.length) {
            const grown = new Int32Array(cells.length * 2);
            grown.set(cells);
            cells = grown;
          }
          cells[3 * n] = i;
          cells[3 * n + 1] = j;
          cells[3 * n + 2] = k;
          cellVert[(s << 6) | (lk << 4) | (lj << 2) | li] = n++;
        }
      }
    }
  }
  const vertexAt = (i: number, j: number, k: number) => cellVert[grid.offsetOf(i, j, k)];

  // 2. Place the vertices of the +x half (cell i ≥ centre) and copy their mirrors.
  const positions = new Float64Array(3 * n);
  const normals = new Float64Array(3 * n);
  const mirror = new Uint32Array(n);
  const centre = nx / 2 - 1;
  const eps = 1e-3 * h;
  for (let v = 0; v < n; v++) {
    const i = cells[3 * v];
    const j = cells[3 * v + 1];
    const k = cells[3 * v + 2];
    if (i < centre) continue;
    // The primitives that matter in this cell, listed by its block.
    const slot = grid.slotOf[grid.blockOf(i, j, k)];
    const ls = slot * field.count;
    const le = ls + grid.listLength[slot];
    const lists = grid.lists;
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
    // The normal is the gradient before the last step: the step is tiny by then.
    for (let step = 0; step < 2; step++) {
      const f = fieldValueGradient(field, lists, ls, le, x, y, z, eps, _g);
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
      const w = vertexAt(nx - 2 - i, j, k);
      write3(positions, w, -x, y, z);
      write3(normals, w, -gx, gy, gz);
      mirror[v] = w;
      mirror[w] = v;
    }
  }

  // 3. One quad per edge with a sign change, from the edges at each cell's minimum corner.
  let indices = new Uint32Array(6 * n + 6);
  let t = 0;
  // (a, b, c, d) wind counter-clockwise seen from outside when `outward`; else reversed.
  const quad = (outward: boolean, a: number, b: number, c: number, d: number) => {
    if (!outward) {
      const tmp = b;
      b = d;
      d = tmp;
    }
    if (t + 6 > indices.length) {
      const grown = new Uint32Array(indices.length * 2);
      grown.set(indices);
      indices = grown;
    }
    // Split along the shorter diagonal for better-shaped triangles.
    const dac = dist2(positions, a, c);
    const dbd = dist2(positions, b, d);
    if (dac <= dbd) write6(indices, t, a, b, c, a, c, d);
    else write6(indices, t, a, b, d, b, c, d);
    t += 6;
  };
  for (let v = 0; v < n; v++) {
    const i = cells[3 * v];
    const j = cells[3 * v + 1];
    const k = cells[3 * v + 2];
    const v0 = grid.value(i, j, k) < 0;
    // Around an x edge the cells go (j, k) → (j-1, k) → (j-1, k-1) → (j, k-1): +x normal.
    if (j > 0 && k > 0 && v0 !== grid.value(i + 1, j, k) < 0) {
      quad(v0, v, vertexAt(i, j - 1, k), vertexAt(i, j - 1, k - 1), vertexAt(i, j, k - 1));
    }
    if (i > 0 && k > 0 && v0 !== grid.value(i, j + 1, k) < 0) {
      quad(v0, v, vertexAt(i, j, k - 1), vertexAt(i - 1, j, k - 1), vertexAt(i - 1, j, k));
    }
    if (i > 0 && j > 0 && v0 !== grid.value(i, j, k + 1) < 0) {
      quad(v0, v, vertexAt(i - 1, j, k), vertexAt(i - 1, j - 1, k), vertexAt(i, j - 1, k));
    }
  }
  return { positions, normals, indices: indices.slice(0, t), mirror };
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
