/**
 * Makes a sampled sign grid "well-composed" so that surface nets give a 2-manifold.
 *
 * Surface nets' mesh is the boundary of the union of voxels around the inside nodes, with its
 * vertices moved. That boundary is a manifold unless two inside (or two outside) voxels touch
 * only along an edge or at a corner: a 2×2 face with diagonal signs, or a 2×2×2 cube whose only
 * two inside (or outside) nodes are opposite corners. Each such configuration is fixed by moving
 * one outside node inside (the one nearest the surface), together with its mirror image to keep
 * the grid symmetric; since nodes only ever move inside, the repair terminates.
 */
import type { SparseGrid } from './sparse-grid.ts';

// Corner c of a cell is node (c & 1, (c >> 1) & 1, (c >> 2) & 1) from its minimum corner.
const FACES = [
  [0, 2, 6, 4],
  [1, 3, 7, 5],
  [0, 1, 5, 4],
  [2, 3, 7, 6],
  [0, 1, 3, 2],
  [4, 5, 7, 6],
];

/** For each 8-bit inside mask, the outside corners one of which must move inside (0: fine). */
const CANDIDATES = (() => {
  const table = new Uint8Array(256);
  for (let m = 0; m < 256; m++) {
    const inside = (c: number) => (m >> c) & 1;
    let cand = 0;
    for (const [a, b, c, d] of FACES) {
      if (inside(a) === inside(c) && inside(b) === inside(d) && inside(a) !== inside(b)) {
        cand |= inside(a) ? (1 << b) | (1 << d) : (1 << a) | (1 << c);
      }
    }
    let n = 0;
    for (let c = 0; c < 8; c++) n += inside(c);
    for (let c = 0; c < 4; c++) {
      const pair = (1 << c) | (1 << (7 - c));
      if (n === 2 && m === pair) cand |= 255 & ~pair;
      if (n === 6 && (~m & 255) === pair) cand |= pair;
    }
    table[m] = cand;
  }
  return table;
})();

function cellMask(grid: SparseGrid, i: number, j: number, k: number): number {
  let m = 0;
  for (let c = 0; c < 8; c++) {
    if (grid.value(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1)) < 0) m |= 1 << c;
  }
  return m;
}

/**
 * Repairs the grid's signs in place (see the module comment); returns how many nodes moved
 * inside. Moved nodes get a tiny negative value, so the surface passes right by them.
 */
export function makeWellComposed(grid: SparseGrid): number {
  const { nx, ny, nz } = grid;
  const stack: number[] = [];
  const pushCell = (i: number, j: number, k: number) => {
    if (i >= 0 && j >= 0 && k >= 0 && i < nx - 1 && j < ny - 1 && k < nz - 1) stack.push(i, j, k);
  };
  // Every cell with a sign change has its minimum corner in a sampled block.
  for (let s = 0; s < grid.count; s++) {
    const b = grid.blockOfSlot[s];
    const bi = (b % grid.nbx) << 2;
    const bj = (Math.floor(b / grid.nbx) % grid.nby) << 2;
    const bk = Math.floor(b / (grid.nbx * grid.nby)) << 2;
    for (let k = bk; k < bk + 4; k++) {
      for (let j = bj; j < bj + 4; j++) {
        for (let i = bi; i < bi + 4; i++) {
          if (i >= nx - 1 || j >= ny - 1 || k >= nz - 1) continue;
          if (CANDIDATES[cellMask(grid, i, j, k)]) stack.push(i, j, k);
        }
      }
    }
  }
  let moved = 0;
  const moveInside = (i: number, j: number, k: number) => {
    // Sample the neighbourhood first, so the new sign changes all lie in sampled blocks.
    for (let dk = -1; dk <= 1; dk++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (let di = -1; di <= 1; di++) {
          const a = i + di;
          const b = j + dj;
          const c = k + dk;
          if (a >= 0 && b >= 0 && c >= 0 && a < nx && b < ny && c < nz) grid.ensure(grid.blockOf(a, b, c));
        }
      }
    }
    const o = grid.offsetOf(i, j, k);
    if (grid.values[o] < 0) return;
    grid.values[o] = -1e-6 * grid.h;
    moved++;
    for (let c = 0; c < 8; c++) pushCell(i - (c & 1), j - ((c >> 1) & 1), k - ((c >> 2) & 1));
  };
  while (stack.length > 0) {
    const k = stack.pop()!;
    const j = stack.pop()!;
    const i = stack.pop()!;
    const cand = CANDIDATES[cellMask(grid, i, j, k)];
    if (!cand) continue;
    let best = -1;
    let bestValue = Infinity;
    for (let c = 0; c < 8; c++) {
      if (!((cand >> c) & 1)) continue;
      const v = grid.value(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
      if (v < bestValue) {
        bestValue = v;
        best = c;
      }
    }
    const bi = i + (best & 1);
    const bj = j + ((best >> 1) & 1);
    const bk = k + ((best >> 2) & 1);
    moveInside(bi, bj, bk);
    moveInside(nx - 1 - bi, bj, bk);
  }
  return moved;
}
