/**
 * A boneless piece fixed to a piece with bones (a bolt on the side of a wide head, an eye in its
 * socket) takes that piece's bones, as an artist binds it to what it is fixed to; a piece that
 * touches nothing (a hat floating above the head) is left unrestricted.
 */
import { describe, expect, it } from 'vitest';
import { autobind, type BindJoint } from '../../src/bind/autobind.ts';
import { partBones } from '../../src/bind/part-bones.ts';
import { bindInput, merge, problems, sphere, tube } from './fixtures.ts';

// A wide head on a torso, an arm hanging beside it; a bolt on the side of the head, nearer the
// upper arm's start than the head's bone in a straight line.
const torso = tube([0, 1.2, 0], [0, 2.6, 0], 0.4);
const head = sphere([0, 3.4, 0], 1, 16);
const arm = tube([0.45, 2.4, 0], [0.9, 1.4, 0], 0.1);
const boltAt = [Math.sin(2.1), 3.4 + Math.cos(2.1), 0] as [number, number, number];
const bolt = sphere(boltAt, 0.05, 6);
const hat = sphere([0, 4.8, 0], 0.2, 8);
const joints: BindJoint[] = [
  { position: [0, 1.3, 0], parent: -1 }, // 0 hips
  { position: [0, 2.0, 0], parent: 0 }, // 1 spine
  { position: [0, 2.6, 0], parent: 1 }, // 2 neck
  { position: [0, 2.9, 0], parent: 2, axis: [0, 1, 0] }, // 3 head
  { position: [0.45, 2.4, 0], parent: 1 }, // 4 upper arm
  { position: [0.7, 1.9, 0], parent: 4 }, // 5 forearm
];

describe('boneless pieces', () => {
  it('a piece sitting on another takes its bones; a floating one stays free', () => {
    const mesh = merge(torso, head, arm, bolt, hat);
    const ends = new Float64Array([
      ...[0, 1.3, 0, 0, 2.0, 0], // hips
      ...[0, 2.0, 0, 0, 2.6, 0], // spine
      ...[0, 2.6, 0, 0, 2.9, 0], // neck
      ...[0, 2.9, 0, 0, 3.8, 0], // head
      ...[0.45, 2.4, 0, 0.7, 1.9, 0], // upper arm
    ]);
    const pb = partBones([new Float32Array(mesh.positions)], [new Uint32Array(mesh.indices)], 0.07, ends, 5);
    const partAt = (offset: number) => pb.partOf[0][offset];
    const headPart = partAt(torso.positions.length / 3);
    const boltPart = partAt((torso.positions.length + head.positions.length + arm.positions.length) / 3);
    const hatPart = partAt((mesh.positions.length - hat.positions.length) / 3);
    expect(Array.from(pb.allowed[headPart]!)).toEqual([0, 0, 1, 1, 0]);
    expect(pb.boneless[boltPart]).toBe(1);
    expect(pb.allowed[boltPart]).toBe(pb.allowed[headPart]);
    expect(pb.allowed[hatPart]).toBeNull();
  });

  it('binds a bolt on the side of the head to the head alone', () => {
    const result = autobind(bindInput([merge(torso, head, arm), bolt], joints), { resolution: 64 });
    expect(problems(result.weights, joints.length)).toEqual([]);
    const w = result.weights[1];
    for (let v = 0; v < w.vertexCount; v++)
      for (let k = 0; k < w.influences; k++)
        if (w.weights[v * w.influences + k] > 0)
          expect([2, 3], `vertex ${v}`).toContain(w.joints[v * w.influences + k]);
  });
});
