/**
 * Meshes a mirror-symmetric distance field into one closed, welded, outward-wound surface:
 * sparse sampling, well-composed repair, surface nets, then only the largest connected piece is
 * kept (at coarse grids a thin part may sample as a separate island).
 */
import type { Field } from './sdf.ts';
import { SparseGrid } from './sparse-grid.ts';
import { type NetMesh, surfaceNets } from './surface-nets.ts';
import { makeWellComposed } from './well-composed.ts';

/** Meshes `field` on a grid of spacing `h` (metres). */
export function meshField(field: Field, h: number): NetMesh {
  const pad = 3 * h;
  const half = Math.max(Math.abs(field.min[0]), Math.abs(field.max[0])) + pad;
  const nx = 2 * Math.ceil(half / h);
  const oy = field.min[1] - pad;
  const oz = field.min[2] - pad;
  const ny = Math.ceil((field.max[1] + pad - oy) / h) + 1;
  const nz = Math.ceil((field.max[2] + pad - oz) / h) + 1;
  const grid = new SparseGrid(field, h, nx, ny, nz, oy, oz).sample();
  makeWellComposed(grid);
  return largestComponent(surfaceNets(grid));
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]];
    a = parent[a];
  }
  return a;
}

/** Keeps the connected piece with the most vertices, renumbering vertices in their old order. */
export function largestComponent(mesh: NetMesh): NetMesh {
  const n = mesh.mirror.length;
  const parent = new Int32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  const idx = mesh.indices;
  for (let t = 0; t < idx.length; t += 3) {
    for (let e = 0; e < 2; e++) {
      const a = find(parent, idx[t + e]);
      const b = find(parent, idx[t + e + 1]);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const size = new Int32Array(n);
  let best = 0;
  for (let v = 0; v < n; v++) {
    const r = find(parent, v);
    if (++size[r] > size[best]) best = r;
  }
  if (size[best] === n) return mesh;
  const remap = new Int32Array(n).fill(-1);
  let m = 0;
  for (let v = 0; v < n; v++) if (find(parent, v) === best) remap[v] = m++;
  const positions = new Float64Array(3 * m);
  const normals = new Float64Array(3 * m);
  const mirror = new Uint32Array(m);
  for (let v = 0; v < n; v++) {
    const w = remap[v];
    if (w < 0) continue;
    for (let c = 0; c < 3; c++) {
      positions[3 * w + c] = mesh.positions[3 * v + c];
      normals[3 * w + c] = mesh.normals[3 * v + c];
    }
    // The kept piece is its own mirror image: the body is symmetric and much the largest.
    mirror[w] = remap[mesh.mirror[v]];
  }
  let t = 0;
  const indices = new Uint32Array(idx.length);
  for (let i = 0; i < idx.length; i += 3) {
    if (remap[idx[i]] < 0) continue;
    indices[t++] = remap[idx[i]];
    indices[t++] = remap[idx[i + 1]];
    indices[t++] = remap[idx[i + 2]];
  }
  return { positions, normals, indices: indices.slice(0, t), mirror };
}
