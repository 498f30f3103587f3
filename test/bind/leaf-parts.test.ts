/**
 * A leaf bone's length is auto-bind's guess (glTF joints have no tails): a hand joint that lies
 * in a separate hand piece keeps that piece even when the bone guessed from it pokes out of it
 * (RobotExpressive rigged: its right wrist fitted low in the claw, the hand leaf as long as the
 * left one's, more than half of it below the claw; the hand piece went to the forearm alone and
 * RightHand weighted nothing).
 */
import { describe, expect, it } from 'vitest';
import { autobind, type BindJoint } from '../../src/bind/autobind.ts';
import { partBones } from '../../src/bind/part-bones.ts';
import { bindInput, merge, problems, tube } from './fixtures.ts';

describe('leaf bones and closed pieces', () => {
  // An upper arm tube, and below it a separate piece: forearm and hand in one closed tube.
  const upper = tube([0, 1.4, 0], [0, 1.02, 0], 0.06);
  const lower = tube([0, 1, 0], [0, 0.3, 0], 0.08, { rings: 24 });
  const mesh = merge(upper, lower);
  const positions = [new Float32Array(mesh.positions)];
  const indices = [new Uint32Array(mesh.indices)];
  // The forearm bone, then a hand leaf from low in the piece, mostly below it.
  const ends = new Float64Array([0, 0.95, 0, 0, 0.5, 0, 0, 0.33, 0, 0, 0.05, 0]);
  const lowerPart = (pb: ReturnType<typeof partBones>) => pb.partOf[0][upper.positions.length / 3];

  it('counts a leaf inside the piece its joint lies in, however much of its guessed length pokes out', () => {
    const plain = partBones(positions, indices, 0.02, ends, 2);
    expect(Array.from(plain.allowed[lowerPart(plain)] ?? [])).toEqual([1, 0]);
    const leaves = partBones(positions, indices, 0.02, ends, 2, {
      minInside: 0.5,
      leaves: Uint8Array.of(0, 1),
    });
    expect(Array.from(leaves.allowed[lowerPart(leaves)] ?? [])).toEqual([1, 1]);
    // A joint that is not a leaf is still judged by how much of its bone is inside.
    const notLeaf = partBones(positions, indices, 0.02, ends, 2, {
      minInside: 0.5,
      leaves: Uint8Array.of(0, 0),
    });
    expect(Array.from(notLeaf.allowed[lowerPart(notLeaf)] ?? [])).toEqual([1, 0]);
  });

  it('weights both hands of a pair whose joints sit at different heights in their pieces', () => {
    // Two arms hanging down, each an upper arm tube and a forearm-and-hand tube; the right
    // wrist joint sits low in its piece, the left one high: paired leaves get one length (the
    // mean), and the right one's pokes out of its piece.
    const arms = [-1, 1].map((side) =>
      merge(
        tube([side * 0.3, 1.4, 0], [side * 0.3, 1.02, 0], 0.06),
        tube([side * 0.3, 1, 0], [side * 0.3, 0.3, 0], 0.08, { rings: 24 }),
      ),
    );
    const body = tube([0, 0.6, 0], [0, 1.5, 0], 0.2);
    const down = [0, -1, 0] as const;
    const joints: BindJoint[] = [
      { position: [0, 0.7, 0], parent: -1 },
      { position: [0, 1.4, 0], parent: 0 },
      { position: [-0.3, 1.4, 0], parent: 1, partner: 5 }, // 2 RightArm
      { position: [-0.3, 1.0, 0], parent: 2, partner: 6 }, // 3 RightForeArm
      { position: [-0.3, 0.34, 0], parent: 3, partner: 7, axis: down }, // 4 RightHand, low
      { position: [0.3, 1.4, 0], parent: 1, partner: 2 }, // 5 LeftArm
      { position: [0.3, 1.0, 0], parent: 5, partner: 3 }, // 6 LeftForeArm
      { position: [0.3, 0.7, 0], parent: 6, partner: 4, axis: down }, // 7 LeftHand, high
    ];
    const result = autobind(bindInput([body, ...arms], joints), { resolution: 64 });
    expect(problems(result.weights, joints.length)).toEqual([]);
    const count = (j: number) => {
      let n = 0;
      for (const w of result.weights)
        for (let v = 0; v < w.vertexCount; v++)
          for (let k = 0; k < w.influences; k++)
            if (w.joints[v * w.influences + k] === j && w.weights[v * w.influences + k] > 0.5) n++;
      return n;
    };
    expect(count(7)).toBeGreaterThan(20);
    expect(count(4)).toBeGreaterThan(0);
  });
});
