/**
 * Posing budget, on the 300k-vertex mannequin:
 * - `pose/300k`: one pose change (LeftForeArm alternating ±60° about Z) through the Editor: world
 *   and skinning matrices, linear blend skinning of every vertex, and the paint surface's
 *   positions and spatial index moved onto the posed mesh — what a slider tick costs before the
 *   brush can hit the new surface;
 * - `pose/300k/dq`: the same with dual quaternion skinning (the preview toggle);
 * - `pose/300k/hips`: the worst case, the Hips turned: every vertex re-skinned (only vertices on
 *   joints whose skinning matrix changed are, so a forearm slider re-skins the forearm and hand);
 * - `pose/300k/creases`: the crease inspector's measure (distortion of every welded vertex, edges
 *   and areas) and its five worst spots, elbows bent 120° (the editor caches it per pose, so the
 *   pure functions are timed).
 */
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { nodeDistortion, worstDistortionSpots } from '../../src/pose/distortion.ts';
import type { Benchmark } from './harness.ts';

let data: MannequinData | null = null;
function mannequin(): MannequinData {
  data ??= buildMannequin({ targetVertices: 300_000 });
  return data;
}

function poseBench(name: string, mode: 'linear' | 'dual-quaternion', joint = 'LeftForeArm'): Benchmark {
  let editor: Editor;
  let sign = 1;
  return {
    name,
    setup: () => {
      editor = new Editor();
      editor.loadDocument(mannequinToDocument(mannequin()), 'mannequin.glb');
      editor.pose.skinningMode = mode;
      editor.pose.setJointRotation(joint, [0, 0, 30]); // builds the paint surface once
    },
    fn: () => {
      sign = -sign;
      editor.pose.setJointRotation(joint, [0, 0, 60 * sign]);
    },
  };
}

export async function benchmarks(): Promise<Benchmark[]> {
  let surface: SkinSurface;
  let values: Float32Array;
  let scratch: Float32Array;
  return [
    poseBench('pose/300k', 'linear'),
    poseBench('pose/300k/dq', 'dual-quaternion'),
    poseBench('pose/300k/hips', 'linear', 'Hips'),
    {
      name: 'pose/300k/creases',
      setup: () => {
        const editor = new Editor();
        editor.loadDocument(mannequinToDocument(mannequin()), 'mannequin.glb');
        editor.pose.applyPreset('elbows-bent-120');
        surface = editor.paint.targets.forSkin(0).surface;
        values = new Float32Array(surface.nodeCount);
        scratch = new Float32Array(surface.nodeCount * 3);
      },
      fn: () => {
        nodeDistortion(surface, surface.restPositions, surface.positions, {}, values, scratch);
        worstDistortionSpots(surface, values, surface.positions, 5);
      },
    },
  ];
}
