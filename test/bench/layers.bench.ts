/**
 * Weight layers on the 300k-vertex mannequin, 100 joints (the fingered skeleton's 65 and 35
 * twist joints halfway along its bones, as game rigs add), with 8 layers (each painted over a band of the body,
 * some partly masked or faded, so composition blends for real; the middle one over all of it):
 * - `dab/draw-layered/300k/5k`: one Draw dab over ~5,000 vertices on the top layer, with the
 *   copy on write into the layer and the recomposition of what it touched — beside the same dab
 *   painted flat (no layers), sample for sample: the ratio is what layers cost a stroke;
 * - `dab/draw-layered-faded/300k/5k`: the same with the painted layer at 70% opacity, so every
 *   vertex the dab changes is blended with the stack below it (no budget: the slow case);
 * - `layers/toggle/300k`: hiding or showing the middle layer, which covers every vertex: all 300k
 *   recomposed, and (it lies below the active top layer) the active layer's view of what is under
 *   it too.
 */
import { NearestBone } from '../../src/brush/nearest-bone.ts';
import { Painter, type StrokeConfig } from '../../src/brush/painter.ts';
import { buildMannequin, type MannequinData } from '../../src/character/index.ts';
import { LayerStack } from '../../src/layers/layer-stack.ts';
import { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import type { Benchmark } from './harness.ts';

const CENTRE: [number, number, number] = [0.03, 1.15, 0.095];
const TARGET_HITS = 5000;
const LAYERS = 8;

/** The joints the budget is for: 65 of the fingered mannequin, then twist joints. */
const JOINTS = 100;

let data: MannequinData | null = null;
function mannequin(): MannequinData {
  data ??= buildMannequin({ targetVertices: 300_000, fingers: true });
  return data;
}

let surfaceCache: SkinSurface | null = null;
function surface(): SkinSurface {
  const m = mannequin();
  surfaceCache ??= new SkinSurface([{ primitive: 0, positions: m.positions, indices: m.indices }]);
  return surfaceCache;
}

function radiusFor(s: SkinSurface, hits: number): number {
  const ids = new Uint32Array(s.nodeCount);
  const d2 = new Float32Array(s.nodeCount);
  let lo = 0;
  let hi = 0.5;
  for (let i = 0; i < 40; i++) {
    const r = (lo + hi) / 2;
    if (s.grid.querySphere(CENTRE[0], CENTRE[1], CENTRE[2], r, ids, d2) < hits) lo = r;
    else hi = r;
  }
  return hi;
}

/**
 * The skeleton's joints and, up to {@link JOINTS}, twist joints halfway between a joint and its
 * parent (a child of that parent): what layers and the fallback see of a 100-joint rig.
 */
function bones(m: MannequinData): NearestBone {
  const at = (j: number): [number, number, number] => [
    m.jointPositions[j * 3],
    m.jointPositions[j * 3 + 1],
    m.jointPositions[j * 3 + 2],
  ];
  const positions = m.jointNames.map((_, j) => at(j));
  const parents = [...m.jointParents];
  for (let j = 0; positions.length < JOINTS; j = (j + 1) % m.jointNames.length) {
    const parent = m.jointParents[j];
    if (parent < 0) continue;
    const [a, b] = [at(j), at(parent)];
    positions.push([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2]);
    parents.push(parent);
  }
  return new NearestBone({ positions, parents });
}

function strokeConfig(radius: number, joint: number): StrokeConfig {
  return {
    kind: 'blend',
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
    mask: null,
  };
}

/**
 * The stack: 8 layers, layer i painted (a flood of joint i·13 mod 100 at 0.6, twist joints too) over a horizontal band
 * of the body that the dab's region lies in for every layer; odd layers at 70% opacity, every
 * third with its mask at 0.5 over the band: partial covers, so composition blends. The top layer
 * (the one painted on) is at `topOpacity`.
 */
function layeredStack(topOpacity = 1): LayerStack {
  const m = mannequin();
  const s = surface();
  const base = new SkinWeights(m.positions.length / 3, 4, m.joints.slice(), m.weights.slice());
  const stack = new LayerStack([base]);
  const painter = () => new Painter(s, [stack.edit(0)], bones(m));
  const J = JOINTS;
  for (let i = 0; i < LAYERS; i++) {
    const id = stack.add(`Layer ${i + 1}`).id;
    const lo = 0.9 + 0.04 * i;
    // The middle layer covers the whole body: hiding it recomposes every vertex.
    const band = Uint8Array.from({ length: s.nodeCount }, (_, g) => {
      const y = s.positions[g * 3 + 1];
      return i === LAYERS / 2 || (y > lo && y < lo + 0.5) ? 1 : 0;
    });
    painter().flood((i * 13) % J, 0.6, null, band, null, 0);
    stack.syncWeights(0, 0, base.vertexCount);
    if (i === LAYERS - 1) stack.setOpacity(id, topOpacity);
    else if (i % 2 === 1) stack.setOpacity(id, 0.7);
    if (i % 3 === 2) {
      const mask = stack.maskEdit(0);
      new Painter(
        s,
        [mask],
        new NearestBone({
          positions: [
            [0, 0, 0],
            [0, 0, 0],
          ],
          parents: [-1, -1],
        }),
      ).flood(0, 0.5, null, band, null, 0);
      stack.syncMask(0, 0, base.vertexCount);
    }
  }
  return stack;
}

function layeredDab(name: string, topOpacity: number): Benchmark {
  let stack: LayerStack;
  let painter: Painter;
  let config: StrokeConfig;
  let flat: Painter;
  let flatConfig: StrokeConfig;
  const sample = { point: CENTRE };
  return {
    name,
    setup: () => {
      const m = mannequin();
      stack = layeredStack(topOpacity);
      const radius = radiusFor(surface(), TARGET_HITS);
      const spine = m.jointNames.indexOf('Spine');
      painter = new Painter(surface(), [stack.edit(0)], bones(m));
      // As the editor wires it: the writer reports each vertex it changes to the stack.
      painter.writer.onMark = (_part, v) => stack.paintedVertex(0, v);
      config = strokeConfig(radius, spine);
      painter.begin(config, sample);
    },
    fn: () => {
      config.weight = config.weight === 0.9 ? 0.2 : 0.9;
      const changed = painter.dabAt(sample);
      painter.takeRanges();
      return changed;
    },
    peer: {
      name: 'the same dab flat (no layers)',
      setup: () => {
        const m = mannequin();
        // The same weights the layered dab starts from (what it sees), in a plain buffer.
        const weights = layeredStack(topOpacity).edit(0).clone();
        flat = new Painter(surface(), [weights], bones(m));
        flatConfig = strokeConfig(radiusFor(surface(), TARGET_HITS), m.jointNames.indexOf('Spine'));
        flat.begin(flatConfig, sample);
      },
      fn: () => {
        flatConfig.weight = flatConfig.weight === 0.9 ? 0.2 : 0.9;
        const changed = flat.dabAt(sample);
        flat.takeRanges();
        return changed;
      },
    },
  };
}

function toggle(): Benchmark {
  let stack: LayerStack;
  let middle = 0;
  let visible = true;
  return {
    name: 'layers/toggle/300k',
    setup: () => {
      stack = layeredStack();
      middle = stack.list()[LAYERS / 2].id;
    },
    fn: () => {
      visible = !visible;
      stack.setVisible(middle, visible);
    },
  };
}

export async function benchmarks(): Promise<Benchmark[]> {
  return [
    layeredDab('dab/draw-layered/300k/5k', 1),
    layeredDab('dab/draw-layered-faded/300k/5k', 0.7),
    toggle(),
  ];
}
