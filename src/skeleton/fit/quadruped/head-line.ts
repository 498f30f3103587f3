/**
 * The head's medial line of a four-legged animal, wherever the head is held: the line from the
 * trunk's seed out to the head end's far point (canonical frame, the head toward +z). A head held
 * up or level has its snout above the belly line and its skull's top as the highest point ahead
 * of the shoulders (fit-quadruped.ts reads it so); a grazing animal's head hangs down to the
 * ground, where neither holds: its line still runs out along the neck to the snout's tip, and the
 * skull is where the line is thickest on its outer half (the neck thins before it, the snout
 * after it).
 */
import type { BodySolid } from '../body-solid.ts';
import type { MedialTree } from '../medial-tree.ts';

type Vec3 = [number, number, number];

/**
 * The far point of the head's end: of the voxels near the mid-plane ahead of canonical z `from`,
 * the one furthest along the medial paths past where they cross `from` (a paw's toes are off the
 * mid-plane; the chest's front is near). −1 when nothing lies ahead.
 */
export function headFarPoint(solid: BodySolid, tree: MedialTree, from: number): number {
  const entry = new Float32Array(solid.solid.length).fill(Number.NaN);
  let far = -1;
  let farOut = 0;
  for (const v of tree.order) {
    const p = solid.centreOf(v);
    if (p[2] <= from) continue;
    const u = tree.parent[v];
    entry[v] = u >= 0 && !Number.isNaN(entry[u]) ? entry[u] : tree.length[v];
    const out = tree.length[v] - entry[v];
    // Ties to the deeper voxel: the snout's middle rather than its skin.
    if (
      Math.abs(p[0]) < 2 * solid.h &&
      (out > farOut + 1e-6 ||
        (far >= 0 && Math.abs(out - farOut) <= 1e-6 && solid.depth[v] > solid.depth[far]))
    ) {
      far = v;
      farOut = out;
    }
  }
  return far;
}

/** A lowered head's joints on its line: the skull and the snout's tip a voxel in from the surface. */
export interface LoweredHead {
  head: Vec3;
  headEnd: Vec3;
}

/**
 * The head and its end on the line from the seed to `far` (headFarPoint), past the neck's base at
 * canonical z `neckZ`: Head where the line is thickest on its outer half, Head_End a voxel short of
 * the far point.
 */
export function loweredHead(solid: BodySolid, tree: MedialTree, far: number, neckZ: number): LoweredHead {
  const line = tree.pathFrom(far).reverse(); // seed → far point
  let start = line.findIndex((v) => solid.centreOf(v)[2] >= neckZ);
  if (start < 0 || start > line.length - 3) start = 0;
  const part = line.slice(start);
  const along = [0];
  for (let i = 1; i < part.length; i++) {
    const a = solid.centreOf(part[i]);
    const b = solid.centreOf(part[i - 1]);
    along.push(along[i - 1] + Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
  }
  const total = along[along.length - 1];
  let skull = part[part.length - 1];
  for (let i = 0; i < part.length; i++)
    if (along[i] >= total / 2 && solid.depth[part[i]] > solid.depth[skull]) skull = part[i];
  const headEnd = part.length >= 2 ? part[part.length - 2] : far;
  return { head: solid.centreOf(skull), headEnd: solid.centreOf(headEnd) };
}
