/**
 * Small random paint scenes for property tests, built from a seed: a wavy grid (exactly
 * mirror-symmetric about x = 0) split into two primitives, with UV-style seams (duplicated
 * vertices), a detached patch (a second component), random legal weights (identical on welded
 * vertices) and random joints/bones.
 */
import fc from 'fast-check';
import { NearestBone } from '../../src/brush/nearest-bone.ts';
import { Painter, type PaintSample } from '../../src/brush/painter.ts';
import { type PartSkins, partSkinsOf } from '../../src/brush/part-skins.ts';
import { SkinSurface, type SurfacePartInput } from '../../src/mesh/skin-surface.ts';
import { normalizeVertex } from '../../src/skin/normalize.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';

/** A seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SceneParams {
  seed: number;
  /** Grid cells across (even, so the mid column lies on x = 0). */
  cols: number;
  rows: number;
  jointCount: number;
  influences: 4 | 8;
}

export interface Scene {
  surface: SkinSurface;
  weights: SkinWeights[];
  bones: NearestBone;
  painter: Painter;
  jointCount: number;
  /** Mirror joint of each joint (pairs 1↔2, 3↔4…; 0 and an odd last one map to themselves). */
  jointMirror: Int32Array;
}

/** Builds one part: grid rows [r0, r1] with a seam (duplicated column) at column `seam` and its mirror. */
function gridPart(
  cols: number,
  rows: number,
  r0: number,
  r1: number,
  seam: number,
  bump: number,
): SurfacePartInput {
  const positions: number[] = [];
  const index = new Map<string, number>();
  const vertex = (i: number, j: number, side: number): number => {
    // The seam columns are split: triangles on each side use their own copy.
    const split = (i === seam || i === cols - seam) && side > 0 ? 1 : 0;
    const key = `${i},${j},${split}`;
    let v = index.get(key);
    if (v === undefined) {
      v = positions.length / 3;
      index.set(key, v);
      const x = (2 * i - cols) / cols;
      const y = (2 * j) / rows;
      const z = bump * Math.cos(3 * Math.abs(x)) * Math.sin(2 * y);
      positions.push(x, y, z);
    }
    return v;
  };
  const indices: number[] = [];
  for (let j = r0; j < r1; j++) {
    for (let i = 0; i < cols; i++) {
      // side: this cell lies right of column i (uses the split copy of column i's vertices).
      const a = vertex(i, j, 1);
      const b = vertex(i + 1, j, 0);
      const c = vertex(i + 1, j + 1, 0);
      const d = vertex(i, j + 1, 1);
      indices.push(a, b, c, a, c, d);
    }
  }
  return { primitive: 0, positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

/** A detached square patch behind the grid (its own component), symmetric about x = 0. */
function patchPart(): SurfacePartInput {
  const positions = Float32Array.from([
    -0.5, 0.5, -0.4, 0.5, 0.5, -0.4, 0.5, 1.5, -0.4, -0.5, 1.5, -0.4, 0, 1, -0.4,
  ]);
  const indices = Uint32Array.from([0, 1, 4, 1, 2, 4, 2, 3, 4, 3, 0, 4]);
  return { primitive: 0, positions, indices };
}

/** Random legal weights, the same for every vertex of a welded node. */
function randomWeights(
  surface: SkinSurface,
  part: number,
  K: number,
  jointCount: number,
  random: () => number,
): SkinWeights {
  const n = surface.vertexOffset[part + 1] - surface.vertexOffset[part];
  const sw = new SkinWeights(n, K);
  const v0 = surface.vertexOffset[part];
  for (let g = surface.nodeOffset[part]; g < surface.nodeOffset[part + 1]; g++) {
    const rep = surface.nodeVertex[g];
    const count = 1 + Math.floor(random() * K);
    for (let i = 0; i < count; i++) {
      sw.joints[rep * K + i] = Math.floor(random() * jointCount);
      sw.weights[rep * K + i] = random() < 0.1 ? 0 : random();
    }
    if (normalizeVertex(sw, rep) === 'refused' || sw.weights[rep * K] === 0) {
      sw.joints.fill(0, rep * K, rep * K + K);
      sw.weights.fill(0, rep * K, rep * K + K);
      sw.joints[rep * K] = Math.floor(random() * jointCount);
      sw.weights[rep * K] = 1;
    }
    for (let k = surface.nodeStart[g] + 1; k < surface.nodeStart[g + 1]; k++) {
      const u = surface.members[k] - v0;
      for (let i = 0; i < K; i++) {
        sw.joints[u * K + i] = sw.joints[rep * K + i];
        sw.weights[u * K + i] = sw.weights[rep * K + i];
      }
    }
  }
  return sw;
}

/** Joint 0 on the mid-line, then left/right pairs mirrored in x (1↔2, 3↔4…), at random heights. */
function randomJoints(
  jointCount: number,
  random: () => number,
): { positions: [number, number, number][]; parents: number[]; jointMirror: Int32Array } {
  const positions: [number, number, number][] = [];
  const parents: number[] = [];
  const heights = Array.from({ length: jointCount }, () => 2 * random());
  for (let j = 0; j < jointCount; j++) {
    const pair = Math.ceil(j / 2);
    const x = j === 0 ? 0 : (j % 2 ? 1 : -1) * 0.3 * pair;
    positions.push([x, heights[pair], 0]);
    parents.push(j === 0 ? -1 : j <= 2 ? 0 : j - 2);
  }
  const jointMirror = Int32Array.from({ length: jointCount }, (_, j) =>
    j === 0 ? 0 : j % 2 ? (j + 1 < jointCount ? j + 1 : j) : j - 1,
  );
  return { positions, parents, jointMirror };
}

/** A random scene from its parameters. */
export function buildScene(p: SceneParams): Scene {
  const random = rng(p.seed);
  const bump = 0.3 * random();
  const seam = 1 + Math.floor(random() * (p.cols / 2 - 1));
  const mid = Math.floor(p.rows / 2);
  const parts = [
    gridPart(p.cols, p.rows, 0, mid, seam, bump),
    gridPart(p.cols, p.rows, mid, p.rows, seam, bump),
    patchPart(),
  ];
  parts.forEach((part, i) => {
    part.primitive = i;
  });
  const surface = new SkinSurface(parts);
  const weights = parts.map((_, i) => randomWeights(surface, i, p.influences, p.jointCount, random));
  const { positions, parents, jointMirror } = randomJoints(p.jointCount, random);
  const bones = new NearestBone({ positions, parents });
  return {
    surface,
    weights,
    bones,
    painter: new Painter(surface, weights, bones),
    jointCount: p.jointCount,
    jointMirror,
  };
}

/** Deep copies of every part's weights. */
export function snapshot(scene: Scene): SkinWeights[] {
  return scene.weights.map((w) => w.clone());
}

/** True when every slot of `a` and `b` is bit-identical. */
export function sameBits(a: SkinWeights, b: SkinWeights): boolean {
  if (a.joints.length !== b.joints.length) return false;
  const x = new Uint32Array(a.weights.buffer, a.weights.byteOffset, a.weights.length);
  const y = new Uint32Array(b.weights.buffer, b.weights.byteOffset, b.weights.length);
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i] || a.joints[i] !== b.joints[i]) return false;
  return true;
}

/** Random scenes for {@link buildScene}: strips of even width, 2–9 joints, K = 4 or 8. */
export const sceneParams: fc.Arbitrary<SceneParams> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  cols: fc.integer({ min: 2, max: 7 }).map((n) => n * 2),
  rows: fc.integer({ min: 2, max: 10 }),
  jointCount: fc.integer({ min: 2, max: 9 }),
  influences: fc.constantFrom(4 as const, 8 as const),
});

/** Roughly uniform in [lo, hi] (fc.double leans hard on the bounds and tiny values). */
export const vec = (lo: number, hi: number): fc.Arbitrary<number> =>
  fc.integer({ min: 0, max: 1 << 20 }).map((n) => lo + ((hi - lo) * n) / (1 << 20));

/** A brush sample over a scene (points around and beyond the strip), full or partial pressure. */
export const sample: fc.Arbitrary<PaintSample> = fc.record({
  point: fc.tuple(vec(-1.2, 1.2), vec(-0.2, 2.2), vec(-0.5, 0.5)),
  pressure: fc.oneof(fc.constant(1), vec(0, 1)),
});

/**
 * A scene whose parts are different skins of one skeleton, welded where they touch (the two
 * grid halves share a row: the hem): part 0 names joints as the surface does, part 1 backwards,
 * the patch (part 2) rotated by one and without the last joint (when there are more than two).
 * Weights are random and legal, the same by joint on every vertex of a node, across parts too.
 */
export interface PartsScene extends Scene {
  skins: PartSkins;
}

/**
 * A random {@link PartsScene} from its parameters. With `hemLacks` (and more than two joints) the
 * upper half's skin does not list joint 1 either: the hem's two sides then have different joints.
 */
export function buildPartsScene(p: SceneParams, options: { hemLacks?: boolean } = {}): PartsScene {
  const random = rng(p.seed);
  const bump = 0.3 * random();
  const seam = 1 + Math.floor(random() * (p.cols / 2 - 1));
  const mid = Math.floor(p.rows / 2);
  const parts = [
    gridPart(p.cols, p.rows, 0, mid, seam, bump),
    gridPart(p.cols, p.rows, mid, p.rows, seam, bump),
    patchPart(),
  ];
  parts.forEach((part, i) => {
    part.primitive = i;
  });
  const surface = new SkinSurface(parts, { weldParts: true });
  const J = p.jointCount;
  const ids = Array.from({ length: J }, (_, j) => j);
  const lists = [
    ids,
    [...ids].reverse().filter((j) => !(options.hemLacks && J > 2 && j === 1)),
    (J > 2 ? ids.slice(0, -1) : ids).map((_, k, a) => a[(k + 1) % a.length]),
  ];
  const { positions, parents, jointMirror } = randomJoints(J, random);
  const bones = lists.map(
    (list) =>
      new NearestBone({
        positions: list.map((j) => positions[j]),
        parents: list.map((j) =>
          parents[j] < 0 || !list.includes(parents[j]) ? -1 : list.indexOf(parents[j]),
        ),
      }),
  );
  const skins = partSkinsOf(ids, lists, [0, 1, 2], bones);
  const K = p.influences;
  const weights = parts.map(
    (_, i) => new SkinWeights(surface.vertexOffset[i + 1] - surface.vertexOffset[i], K),
  );
  const one = new SkinWeights(1, K);
  for (let g = 0; g < surface.nodeCount; g++) {
    // Joints every member's skin lists.
    const allowed = ids.filter((j) => {
      for (let k = surface.nodeStart[g]; k < surface.nodeStart[g + 1]; k++) {
        const local = skins.local[surface.vertexPart[surface.members[k]]];
        if (local && local[j] < 0) return false;
      }
      return true;
    });
    one.joints.fill(0);
    one.weights.fill(0);
    const count = 1 + Math.floor(random() * K);
    for (let i = 0; i < count; i++) {
      one.joints[i] = allowed[Math.floor(random() * allowed.length)];
      one.weights[i] = random() < 0.1 ? 0 : random();
    }
    if (normalizeVertex(one, 0) === 'refused' || one.weights[0] === 0) {
      one.joints.fill(0);
      one.weights.fill(0);
      one.joints[0] = allowed[Math.floor(random() * allowed.length)];
      one.weights[0] = 1;
    }
    for (let k = surface.nodeStart[g]; k < surface.nodeStart[g + 1]; k++) {
      const q = surface.vertexPart[surface.members[k]];
      const u = surface.members[k] - surface.vertexOffset[q];
      const local = skins.local[q];
      for (let i = 0; i < K; i++) {
        const w = one.weights[i];
        weights[q].joints[u * K + i] = w === 0 ? 0 : local ? local[one.joints[i]] : one.joints[i];
        weights[q].weights[u * K + i] = w;
      }
    }
  }
  return {
    surface,
    weights,
    bones: bones[0],
    skins,
    painter: new Painter(surface, weights, bones[0], skins),
    jointCount: J,
    jointMirror,
  };
}
