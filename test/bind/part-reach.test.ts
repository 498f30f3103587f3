/**
 * A piece with a bone inside only takes that bone near it: a cape sewn to a collar round the
 * neck (one connected piece, the neck's bone inside the collar) hangs to the knees, and its hem
 * follows the back and legs it hangs over, not the neck (the whole cape on the neck swung with
 * every nod). The collar itself stays on the neck.
 */
import { describe, expect, it } from 'vitest';
import { autobind, type BindJoint } from '../../src/bind/autobind.ts';
import { merge, problems, type TestMesh, tube } from './fixtures.ts';

const torso = tube([0, 1.0, 0], [0, 2.55, 0], 0.3);
const neck = tube([0, 2.55, 0], [0, 2.95, 0], 0.09);
const head = tube([0, 2.95, 0], [0, 3.5, 0], 0.2);
const legs = merge(tube([0.15, 1.05, 0], [0.15, 0, 0], 0.11), tube([-0.15, 1.05, 0], [-0.15, 0, 0], 0.11));

/** A collar (a capped tube round the neck) and a sheet behind the body down to y = 0.4, joined. */
function cape(): { mesh: TestMesh; sheetFirst: number } {
  const collar = tube([0, 2.6, 0], [0, 2.8, 0], 0.15, { sides: 12, rings: 2 });
  const sheet: TestMesh = { positions: [], indices: [] };
  const cols = 9;
  const rows = 14;
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c < cols; c++)
      sheet.positions.push(
        -0.35 + (0.7 * c) / (cols - 1),
        2.65 - (2.25 * r) / rows,
        -0.36 - 0.02 * Math.sin(c),
      );
  for (let r = 0; r < rows; r++)
    for (let c = 0; c + 1 < cols; c++) {
      const i = r * cols + c;
      sheet.indices.push(i, i + cols, i + 1, i + 1, i + cols, i + cols + 1);
    }
  const mesh = merge(collar, sheet);
  const sheetFirst = collar.positions.length / 3;
  // Sew the sheet's top edge to the collar's back vertex (one connected piece).
  for (let c = 0; c + 1 < cols; c++) mesh.indices.push(0, sheetFirst + c + 1, sheetFirst + c);
  return { mesh, sheetFirst };
}

const joints: BindJoint[] = [
  { position: [0, 1.05, 0], parent: -1 }, // 0 hips
  { position: [0, 1.7, 0], parent: 0 }, // 1 spine
  { position: [0, 2.3, 0], parent: 1 }, // 2 chest
  { position: [0, 2.55, 0], parent: 2 }, // 3 neck
  { position: [0, 2.95, 0], parent: 3 }, // 4 head
  { position: [0, 3.5, 0], parent: 4, excluded: true }, // 5 head end
  { position: [0.15, 1.05, 0], parent: 0 }, // 6 thigh L
  { position: [0.15, 0.5, 0], parent: 6 }, // 7 knee L
  { position: [0.15, 0.02, 0], parent: 7, excluded: true }, // 8 foot L
  { position: [-0.15, 1.05, 0], parent: 0 }, // 9 thigh R
  { position: [-0.15, 0.5, 0], parent: 9 }, // 10 knee R
  { position: [-0.15, 0.02, 0], parent: 10, excluded: true }, // 11 foot R
];

describe('a piece reaching far past the bone inside it', () => {
  it("binds a cape's hem to the back and legs it hangs over, its collar to the neck", () => {
    const { mesh: capeMesh, sheetFirst } = cape();
    const body = merge(torso, neck, head, legs);
    const result = autobind(
      {
        primitives: [body, capeMesh].map((m) => ({
          positions: new Float32Array(m.positions),
          indices: new Uint32Array(m.indices),
        })),
        joints,
      },
      { resolution: 72 },
    );
    expect(problems(result.weights, joints.length)).toEqual([]);
    const w = result.weights[1];
    const weightOn = (v: number, joint: number) => {
      let sum = 0;
      for (let k = 0; k < w.influences; k++)
        if (w.joints[v * w.influences + k] === joint) sum += w.weights[v * w.influences + k];
      return sum;
    };
    let below = 0;
    for (let v = sheetFirst; v < w.vertexCount; v++) {
      const y = capeMesh.positions[v * 3 + 1];
      if (y > 1.9) continue;
      below++;
      // Below the chest: nothing on the neck or head.
      expect(weightOn(v, 3) + weightOn(v, 4), `cape vertex ${v} at y ${y.toFixed(2)}`).toBeLessThan(0.01);
    }
    expect(below).toBeGreaterThan(60);
    // The collar (first vertices of the piece) stays on the neck.
    for (let v = 0; v < sheetFirst; v++)
      expect(weightOn(v, 3) + weightOn(v, 2), `collar vertex ${v}`).toBeGreaterThan(0.5);
  });
});
