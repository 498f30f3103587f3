/**
 * Painting budgets, on the 300k-vertex mannequin:
 * - `index/300k`: weld map + adjacency + components + normals + spatial index + X mirror map;
 * - `dab/draw/300k/5k`: one Draw dab over ~5,000 vertices (query, falloff, blend, lock-aware
 *   renormalisation, history check), mid-stroke: the target weight alternates 0.2 / 0.9 so
 *   every dab changes every vertex it covers;
 * - `dab/smooth/300k/5k`: one Smooth dab mid-stroke (neighbour means, then renormalisation;
 *   a 5k-node region is far from converged after a few hundred dabs, so they keep changing);
 * - `dab/draw-masked/300k/5k`: the Draw dab with a vertex selection masking it (the upper body,
 *   every node of the dab inside it): the masking's own cost over `dab/draw`.
 */

import { BufferAttribute, BufferGeometry, Sphere, Vector3 } from 'three';
import { INTERSECTED, MeshBVH, NOT_INTERSECTED } from 'three-mesh-bvh';
import { NearestBone } from '../../src/brush/nearest-bone.ts';
import { Painter, type StrokeConfig } from '../../src/brush/painter.ts';
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import type { Benchmark, Peer } from './harness.ts';

/** Where the dabs land: the front of the belly (one surface layer under a 5k-vertex sphere). */
const CENTRE: [number, number, number] = [0.03, 1.15, 0.095];
const TARGET_HITS = 5000;

let data: MannequinData | null = null;
function mannequin(): MannequinData {
  data ??= buildMannequin({ targetVertices: 300_000 });
  return data;
}

/** The radius around `CENTRE` that holds about `TARGET_HITS` surface nodes. */
function radiusFor(surface: SkinSurface, hits: number): number {
  const ids = new Uint32Array(surface.nodeCount);
  const d2 = new Float32Array(surface.nodeCount);
  let lo = 0;
  let hi = 0.5;
  for (let i = 0; i < 40; i++) {
    const r = (lo + hi) / 2;
    if (surface.grid.querySphere(CENTRE[0], CENTRE[1], CENTRE[2], r, ids, d2) < hits) lo = r;
    else hi = r;
  }
  return hi;
}

function dabBench(
  name: string,
  kind: StrokeConfig['kind'],
  masked = false,
): Benchmark & { changed: () => number } {
  let painter: Painter;
  let config: StrokeConfig;
  const sample = { point: CENTRE };
  let changed = 0;
  return {
    name,
    changed: () => changed,
    setup: () => {
      const m = mannequin();
      const surface = new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]);
      const weights = new SkinWeights(m.positions.length / 3, 4, m.joints.slice(), m.weights.slice());
      const joints = m.jointNames.map(
        (_, j) =>
          [m.jointPositions[j * 3], m.jointPositions[j * 3 + 1], m.jointPositions[j * 3 + 2]] as [
            number,
            number,
            number,
          ],
      );
      const bones = new NearestBone({ positions: joints, parents: m.jointParents });
      painter = new Painter(surface, [weights], bones);
      const spine = m.jointNames.indexOf('Spine');
      config = {
        kind,
        blend: 'mix',
        weight: 0.8,
        strength: 0.7,
        radius: radiusFor(surface, TARGET_HITS),
        falloff: 'smooth',
        spacing: 0.1,
        pressureStrength: false,
        pressureRadius: false,
        accumulate: true,
        frontFacesOnly: false,
        connectedOnly: false,
        mirror: null,
        joint: spine,
        mirrorJoint: spine,
        locked: null,
        mask: masked ? upperBody(surface) : null,
      };
      painter.begin(config, sample);
    },
    fn: () => {
      config.weight = config.weight === 0.9 ? 0.2 : 0.9;
      changed = painter.dabAt(sample);
      painter.takeRanges();
    },
  };
}

/**
 * `dab/query/300k/5k`: the dab's spatial query alone (the nodes within the brush sphere, with
 * their squared distances), beside what a three.js developer would write: a three-mesh-bvh
 * sphere shapecast over the same surface collecting the vertices of the triangles it meets.
 */
function queryBench(): Benchmark {
  let surface: SkinSurface;
  let radius = 0;
  let ids: Uint32Array;
  let d2: Float32Array;
  let found = 0;
  const peer = (): Peer => {
    let bvh: MeshBVH;
    let index: ArrayLike<number>;
    let stamp: Uint32Array;
    let pass = 0;
    const sphere = new Sphere();
    return {
      name: 'three-mesh-bvh shapecast',
      setup: () => {
        const geometry = new BufferGeometry();
        geometry.setAttribute('position', new BufferAttribute(surface.positions, 3));
        geometry.setIndex(new BufferAttribute(surface.corners.slice(), 1));
        bvh = new MeshBVH(geometry);
        index = geometry.index!.array;
        stamp = new Uint32Array(surface.nodeCount);
        sphere.set(new Vector3(...CENTRE), radius);
      },
      fn: () => {
        pass++;
        let n = 0;
        const P = surface.positions;
        bvh.shapecast({
          intersectsBounds: (box) => (sphere.intersectsBox(box) ? INTERSECTED : NOT_INTERSECTED),
          intersectsTriangle: (_tri, t) => {
            for (let k = 0; k < 3; k++) {
              const g = index[t * 3 + k];
              if (stamp[g] === pass) continue;
              stamp[g] = pass;
              const dx = P[g * 3] - CENTRE[0];
              const dy = P[g * 3 + 1] - CENTRE[1];
              const dz = P[g * 3 + 2] - CENTRE[2];
              if (dx * dx + dy * dy + dz * dz <= radius * radius) n++;
            }
            return false;
          },
        });
        return n;
      },
    };
  };
  const bench: Benchmark = {
    name: 'dab/query/300k/5k',
    setup: () => {
      const m = mannequin();
      surface = new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]);
      radius = radiusFor(surface, TARGET_HITS);
      ids = new Uint32Array(surface.nodeCount);
      d2 = new Float32Array(surface.nodeCount);
    },
    fn: () => {
      found = surface.grid.querySphere(CENTRE[0], CENTRE[1], CENTRE[2], radius, ids, d2);
      return found;
    },
  };
  // The peer is built after ours (it needs the surface and radius ours sets up).
  let p: Peer | null = null;
  bench.peer = {
    name: 'three-mesh-bvh shapecast',
    setup: () => {
      p = peer();
      return p.setup?.();
    },
    fn: () => p!.fn(),
  };
  return bench;
}

/** Node flags of everything above the hips (a selection holding the whole dab). */
function upperBody(surface: SkinSurface): Uint8Array {
  const P = surface.positions;
  return Uint8Array.from({ length: surface.nodeCount }, (_, g) => (P[g * 3 + 1] > 0.95 ? 1 : 0));
}

/** Nodes the last dab of a benchmark changed (a check that it did real work). */
export function lastDabChanges(bench: Benchmark): number {
  return (bench as Benchmark & { changed?: () => number }).changed?.() ?? -1;
}

export async function benchmarks(): Promise<Benchmark[]> {
  return [
    {
      name: 'index/300k',
      setup: () => {
        mannequin();
      },
      fn: () => {
        const m = mannequin();
        new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]).mirror('x');
      },
    },
    queryBench(),
    dabBench('dab/draw/300k/5k', 'blend'),
    dabBench('dab/smooth/300k/5k', 'smooth'),
    dabBench('dab/draw-masked/300k/5k', 'blend', true),
  ];
}
