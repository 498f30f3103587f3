/**
 * MedialTree: shortest paths through the solid from one seed voxel, where a step costs more the
 * nearer it runs to the surface (length / depth²). Paths keep to the middle of each limb, so the
 * path from a fingertip to the chest runs down the arm's medial line and enters the torso at
 * the shoulder: the fitter reads limb axes, extremities and where limbs join from it.
 *
 * Dijkstra over the 26-neighbourhood with a binary heap of voxel indices.
 */
import type { BodySolid } from './body-solid.ts';

/** A min-heap of voxel indices, each with the key it was pushed with (stale entries are skipped by the caller). */
class VoxelHeap {
  private items = new Int32Array(1024);
  private keys = new Float64Array(1024);
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(v: number, key: number): void {
    if (this.size === this.items.length) {
      const items = new Int32Array(this.items.length * 2);
      items.set(this.items);
      this.items = items;
      const keys = new Float64Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const { items, keys } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] <= key) break;
      items[i] = items[p];
      keys[i] = keys[p];
      i = p;
    }
    items[i] = v;
    keys[i] = key;
  }

  pop(): number {
    const { items, keys } = this;
    const top = items[0];
    const n = --this.size;
    const last = items[n];
    const kl = keys[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1] < keys[c]) c++;
      if (keys[c] >= kl) break;
      items[i] = items[c];
      keys[i] = keys[c];
      i = c;
    }
    items[i] = last;
    keys[i] = kl;
    return top;
  }
}

/** Offsets and lengths of the 26 neighbours. */
function neighbourhood(solid: BodySolid) {
  const offsets: number[] = [];
  const lengths: number[] = [];
  const di: number[] = [];
  for (let k = -1; k <= 1; k++)
    for (let j = -1; j <= 1; j++)
      for (let i = -1; i <= 1; i++) {
        if (i === 0 && j === 0 && k === 0) continue;
        offsets.push(i + solid.nx * (j + solid.ny * k));
        lengths.push(Math.hypot(i, j, k));
        di.push(i, j, k);
      }
  return { offsets, lengths, di };
}

export class MedialTree {
  /** Path cost from the seed (Infinity where unreached). */
  readonly cost: Float64Array;
  /** Plain path length (voxels) along the cheapest path from the seed. */
  readonly length: Float32Array;
  /** Previous voxel on the cheapest path (-1 at the seed and where unreached). */
  readonly parent: Int32Array;
  /** Highest voxel row (y index) on the cheapest path from the seed (-1 where unreached). */
  readonly peak: Int16Array;
  /** The reached voxels in the order they were settled: every voxel after its parent. */
  readonly order: Int32Array;

  constructor(
    readonly solid: BodySolid,
    readonly seed: number,
  ) {
    const n = solid.solid.length;
    const cost = new Float64Array(n).fill(Infinity);
    const length = new Float32Array(n).fill(Infinity);
    const parent = new Int32Array(n).fill(-1);
    const peak = new Int16Array(n).fill(-1);
    const { offsets, lengths, di } = neighbourhood(solid);
    const { nx, ny, nz } = solid;
    const sxy = nx * ny;
    const S = solid.solid;
    const D = solid.depth;
    const heap = new VoxelHeap();
    const done = new Uint8Array(n);
    const order: number[] = [];
    cost[seed] = 0;
    length[seed] = 0;
    heap.push(seed, 0);
    while (heap.length > 0) {
      const v = heap.pop();
      if (done[v]) continue;
      done[v] = 1;
      order.push(v);
      const i = v % nx;
      const j = Math.floor(v / nx) % ny;
      const k = Math.floor(v / sxy);
      peak[v] = parent[v] < 0 ? j : Math.max(j, peak[parent[v]]);
      // The padding voxels are never solid, but guard the grid's edge anyway.
      const edge = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
      const cv = cost[v];
      for (let e = 0; e < 26; e++) {
        if (edge) {
          const a = i + di[3 * e];
          const b = j + di[3 * e + 1];
          const c = k + di[3 * e + 2];
          if (a < 0 || b < 0 || c < 0 || a >= nx || b >= ny || c >= nz) continue;
        }
        const w = v + offsets[e];
        if (!S[w] || done[w]) continue;
        const d = 0.5 * (D[v] + D[w]);
        const next = cv + lengths[e] / (d * d);
        if (next < cost[w]) {
          cost[w] = next;
          length[w] = length[v] + lengths[e];
          parent[w] = v;
          heap.push(w, next);
        }
      }
    }
    this.cost = cost;
    this.length = length;
    this.parent = parent;
    this.peak = peak;
    this.order = Int32Array.from(order);
  }

  reached(v: number): boolean {
    return this.parent[v] >= 0 || v === this.seed;
  }

  /** Voxels from `v` back to the seed (v first). Empty when `v` is unreached. */
  pathFrom(v: number): number[] {
    if (!this.reached(v)) return [];
    const out: number[] = [];
    for (let u = v; u >= 0; u = this.parent[u]) out.push(u);
    return out;
  }
}
