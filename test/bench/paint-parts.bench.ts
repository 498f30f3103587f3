/**
 * Painting a character in parts, on the 300k-vertex mannequin cut as the `garment-parts` fixture
 * (body, shirt and trousers: three skins over one skeleton, the shirt's joints numbered
 * backwards, the trousers' a subset), brushed as one body welded where the parts touch:
 * - `dab/draw-parts/300k/5k`: one Draw dab over ~5,000 vertices on the front of the hem, half on
 *   the shirt, half on the trousers (joint numbers translated per part, the hem's nodes spanning
 *   both skins);
 * - `dab/smooth-parts/300k/5k`: one Smooth dab there (the mean reads across the hem).
 * Each is timed against the same dab on the uncut mannequin (one skin) at the same place, in the
 * same run: the ratio is what the parts cost.
 * - `index/parts/300k`: the body's surface (welds, the weld across parts, adjacency, spatial
 *   index, X mirror map), against the same three parts as one skin's surface without the weld
 *   across parts (what the tools build).
 */
import { NearestBone } from '../../src/brush/nearest-bone.ts';
import { Painter, type StrokeConfig } from '../../src/brush/painter.ts';
import { partSkinsOf } from '../../src/brush/part-skins.ts';
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { SkinSurface, type SurfacePartInput } from '../../src/mesh/skin-surface.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { garmentSkinJoints, garmentTriangles, HEM_Y } from '../support/skinned-parts.ts';
import type { Benchmark } from './harness.ts';

const TARGET_HITS = 5000;

let data: MannequinData | null = null;
function mannequin(): MannequinData {
  data ??= buildMannequin({ targetVertices: 300_000 });
  return data;
}

/** The bones over a joint list (mannequin indices), as the painter's fallback. */
function bonesOf(m: MannequinData, list: readonly number[]): NearestBone {
  return new NearestBone({
    positions: list.map((j) => [
      m.jointPositions[j * 3],
      m.jointPositions[j * 3 + 1],
      m.jointPositions[j * 3 + 2],
    ]),
    parents: list.map((j) => list.indexOf(m.jointParents[j])),
  });
}

/** The mannequin cut into body, shirt and trousers, each part's weights in its own skin's numbering. */
function cutPainter(m: MannequinData): Painter {
  const parts = cutParts(m);
  const lists = garmentSkinJoints(m.jointNames);
  const surface = new SkinSurface(
    parts.map((p) => p.input),
    { weldParts: true },
  );
  const bones = lists.map((list) => bonesOf(m, list));
  const skins = partSkinsOf(lists[0], lists, [0, 1, 2], bones);
  return new Painter(
    surface,
    parts.map((p) => p.weights),
    bones[0],
    skins,
  );
}

/** One part of the cut mannequin. */
interface CutPart {
  input: SurfacePartInput;
  weights: SkinWeights;
}

let cut: CutPart[] | null = null;
/** The three parts' inputs and weights (each part's weights in its own skin's numbering). */
function cutParts(m: MannequinData): CutPart[] {
  if (cut) return cut;
  const lists = garmentSkinJoints(m.jointNames);
  const parts = garmentTriangles(m).map((triangles, k) => {
    const slot = new Int32Array(m.jointNames.length).fill(-1);
    lists[k].forEach((j, s) => {
      slot[j] = s;
    });
    const remap = new Map<number, number>();
    const positions: number[] = [];
    const joints: number[] = [];
    const weights: number[] = [];
    const indices: number[] = [];
    for (const t of triangles)
      for (let c = 0; c < 3; c++) {
        const v = m.indices[t + c];
        let local = remap.get(v);
        if (local === undefined) {
          local = remap.size;
          remap.set(v, local);
          positions.push(m.positions[v * 3], m.positions[v * 3 + 1], m.positions[v * 3 + 2]);
          for (let i = 0; i < 4; i++) {
            const w = m.weights[v * 4 + i];
            joints.push(w > 0 ? slot[m.joints[v * 4 + i]] : 0);
            weights.push(w);
          }
        }
        indices.push(local);
      }
    return {
      input: { primitive: k, positions: Float32Array.from(positions), indices: Uint32Array.from(indices) },
      weights: new SkinWeights(remap.size, 4, Uint16Array.from(joints), Float32Array.from(weights)),
    };
  });
  cut = parts;
  return parts;
}

/** The uncut mannequin's painter (one skin). */
function wholePainter(m: MannequinData): Painter {
  const surface = new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]);
  const weights = new SkinWeights(m.positions.length / 3, 4, m.joints.slice(), m.weights.slice());
  return new Painter(
    surface,
    [weights],
    bonesOf(
      m,
      m.jointNames.map((_, j) => j),
    ),
  );
}

/** The front of the hem, on the surface, and the radius that holds about TARGET_HITS nodes there. */
function hemDab(surface: SkinSurface): { point: [number, number, number]; radius: number } {
  const g = surface.grid.nearest(0.03, HEM_Y, 0.2, 0.3);
  const point: [number, number, number] = [
    surface.positions[g * 3],
    surface.positions[g * 3 + 1],
    surface.positions[g * 3 + 2],
  ];
  const ids = new Uint32Array(surface.nodeCount);
  const d2 = new Float32Array(surface.nodeCount);
  let lo = 0;
  let hi = 0.5;
  for (let i = 0; i < 40; i++) {
    const r = (lo + hi) / 2;
    if (surface.grid.querySphere(point[0], point[1], point[2], r, ids, d2) < TARGET_HITS) lo = r;
    else hi = r;
  }
  return { point, radius: hi };
}

function configOf(kind: StrokeConfig['kind'], joint: number, radius: number): StrokeConfig {
  return {
    kind,
    blend: 'mix',
    weight: 0.8,
    strength: 0.7,
    radius,
    falloff: 'smooth',
    spacing: 0.1,
    pressureStrength: false,
    pressureRadius: false,
    accumulate: true,
    frontFacesOnly: false,
    connectedOnly: false,
    mirror: null,
    joint,
    mirrorJoint: joint,
    locked: null,
  };
}

/** A dab bench on the cut body, its peer the same dab on the uncut mannequin. */
function partsBench(name: string, kind: StrokeConfig['kind']): Benchmark {
  const run = (make: (m: MannequinData) => Painter) => {
    let painter: Painter;
    let config: StrokeConfig;
    let sample: { point: [number, number, number] };
    return {
      setup: () => {
        const m = mannequin();
        painter = make(m);
        // One place and radius for both (the cut body is the same surface); both number the
        // joints as the mannequin does (the body's skin lists them in order).
        const dab = hemDab(wholeSurface(m));
        sample = { point: dab.point };
        config = configOf(kind, m.jointNames.indexOf('Spine'), dab.radius);
        painter.begin(config, sample);
      },
      fn: () => {
        config.weight = config.weight === 0.9 ? 0.2 : 0.9;
        const changed = painter.dabAt(sample);
        painter.takeRanges();
        return changed;
      },
    };
  };
  return {
    name,
    ...run(cutPainter),
    peer: { name: 'the same dab on the uncut mannequin (one skin)', ...run(wholePainter) },
  };
}

let whole: SkinSurface | null = null;
/** The uncut surface, for the shared dab placement. */
function wholeSurface(m: MannequinData): SkinSurface {
  whole ??= new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]);
  return whole;
}

/** `index/parts/300k`: the body's surface with the weld across parts, against it without. */
function indexBench(): Benchmark {
  const build = (weldParts: boolean) => () => {
    const inputs = cutParts(mannequin()).map((p) => p.input);
    new SkinSurface(inputs, { weldParts }).mirror('x');
  };
  return {
    name: 'index/parts/300k',
    setup: () => cutParts(mannequin()),
    fn: build(true),
    samples: 15,
    peer: { name: 'the same parts without the weld across parts', fn: build(false) },
  };
}

export async function benchmarks(): Promise<Benchmark[]> {
  return [
    indexBench(),
    partsBench('dab/draw-parts/300k/5k', 'blend'),
    partsBench('dab/smooth-parts/300k/5k', 'smooth'),
  ];
}
