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
 * `pose/300k` and `pose/300k/hips` are timed beside three.js posing the same vertices on the CPU.
 */

import { Bone, BufferAttribute, BufferGeometry, Skeleton, SkinnedMesh, Vector3 } from 'three';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinSurface } from '../../src/mesh/skin-surface.ts';
import { nodeDistortion, worstDistortionSpots } from '../../src/pose/distortion.ts';
import type { Benchmark, Peer } from './harness.ts';

let data: MannequinData | null = null;
function mannequin(): MannequinData {
  data ??= buildMannequin({ targetVertices: 300_000 });
  return data;
}

/**
 * three.js posing the same mesh on the CPU: a SkinnedMesh of the mannequin with one bone per
 * joint, the joint turned as the editor turns it, then `applyBoneTransform` for every vertex
 * (what raycasting a posed three.js mesh, or any CPU use of its posed positions, costs).
 */
function threePosePeer(joint: string): Peer {
  let mesh: SkinnedMesh;
  let bone: Bone;
  let out: Float32Array;
  let sign = 1;
  const v = new Vector3();
  return {
    name: 'three.js applyBoneTransform',
    setup: () => {
      const m = mannequin();
      const bones = m.jointNames.map((name) => Object.assign(new Bone(), { name }));
      m.jointParents.forEach((parent, j) => {
        const at = new Vector3(
          m.jointPositions[j * 3],
          m.jointPositions[j * 3 + 1],
          m.jointPositions[j * 3 + 2],
        );
        if (parent >= 0) {
          at.sub(
            new Vector3(
              m.jointPositions[parent * 3],
              m.jointPositions[parent * 3 + 1],
              m.jointPositions[parent * 3 + 2],
            ),
          );
          bones[parent].add(bones[j]);
        }
        bones[j].position.copy(at);
      });
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(m.positions, 3));
      geometry.setAttribute('skinIndex', new BufferAttribute(m.joints, 4));
      geometry.setAttribute('skinWeight', new BufferAttribute(m.weights, 4));
      mesh = new SkinnedMesh(geometry);
      const root = bones[m.jointParents.indexOf(-1)];
      mesh.add(root);
      mesh.updateMatrixWorld(true);
      mesh.bind(new Skeleton(bones));
      bone = bones[m.jointNames.indexOf(joint)];
      out = new Float32Array(m.positions.length);
    },
    fn: () => {
      sign = -sign;
      bone.rotation.set(0, 0, (Math.PI / 3) * sign);
      mesh.updateMatrixWorld(true);
      const position = mesh.geometry.getAttribute('position');
      for (let i = 0; i < position.count; i++) {
        v.fromBufferAttribute(position, i);
        mesh.applyBoneTransform(i, v);
        out[i * 3] = v.x;
        out[i * 3 + 1] = v.y;
        out[i * 3 + 2] = v.z;
      }
    },
  };
}

function poseBench(
  name: string,
  mode: 'linear' | 'dual-quaternion',
  joint = 'LeftForeArm',
  peer = false,
): Benchmark {
  let editor: Editor;
  let sign = 1;
  return {
    name,
    ...(peer ? { peer: threePosePeer(joint) } : {}),
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
    poseBench('pose/300k', 'linear', 'LeftForeArm', true),
    poseBench('pose/300k/dq', 'dual-quaternion'),
    poseBench('pose/300k/hips', 'linear', 'Hips', true),
    {
      name: 'pose/300k/creases',
      setup: () => {
        const editor = new Editor();
        editor.loadDocument(mannequinToDocument(mannequin()), 'mannequin.glb');
        editor.pose.applyPreset('elbows-bent-120');
        surface = editor.surfaces.forSkin(0).surface;
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
