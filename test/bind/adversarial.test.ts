/**
 * Adversarial meshes: whatever the geometry, auto-bind weights every vertex of every primitive
 * with weights that satisfy DESIGN.md's invariants (where bone heat would fail).
 */
import { describe, expect, it } from 'vitest';
import { type AutobindOptions, autobind } from '../../src/bind/autobind.ts';
import {
  bindInput,
  flipped,
  merge,
  problems,
  scaled,
  sphere,
  stickFigure,
  type TestMesh,
  tube,
} from './fixtures.ts';

const FAST: AutobindOptions = { resolution: 64 };

function bindsEverything(meshes: TestMesh[], joints = stickFigure().joints, options: AutobindOptions = FAST) {
  const result = autobind(bindInput(meshes, joints), options);
  expect(result.weights).toHaveLength(meshes.length);
  expect(problems(result.weights, joints.length)).toEqual([]);
  return result;
}

/** The joint with the most weight at vertex v. */
function mainJoint(result: ReturnType<typeof autobind>, p: number, v: number): number {
  const sw = result.weights[p];
  return sw.joints[v * sw.influences];
}

describe('autobind on adversarial meshes', () => {
  it('binds a plain character sensibly (hands to the forearms, feet to the shins)', () => {
    const { mesh, joints } = stickFigure();
    const result = bindsEverything([mesh], joints, {});
    // The vertex furthest along +x is a left fingertip; the lowest is a foot.
    let right = 0;
    let low = 0;
    for (let v = 0; v < mesh.positions.length / 3; v++) {
      if (mesh.positions[v * 3] > mesh.positions[right * 3]) right = v;
      if (mesh.positions[v * 3 + 1] < mesh.positions[low * 3 + 1]) low = v;
    }
    expect(mainJoint(result, 0, right)).toBe(6);
    expect([10, 12]).toContain(mainJoint(result, 0, low));
    // Only the cap centres pushed into the torso have no bone of their own piece nearby.
    expect(result.stats.fallbackVertices).toBeLessThan(mesh.positions.length / 3 / 50);
  });

  it('binds several disconnected parts: eyes, a separate jacket shell, a floating hat', () => {
    const { mesh, joints } = stickFigure();
    const eyes = merge(sphere([0.05, 1.72, 0.11], 0.02, 6), sphere([-0.05, 1.72, 0.11], 0.02, 6));
    const jacket = tube([0, 0.95, 0], [0, 1.48, 0], 0.19, { caps: false });
    const hat = sphere([0, 2.1, 0], 0.1, 8);
    const result = bindsEverything([mesh, eyes, jacket, hat], joints);
    // The eyes and the hat follow the head or neck, not a limb.
    for (const p of [1, 3]) {
      for (let v = 0; v < result.weights[p].vertexCount; v++)
        expect([2, 3, 4]).toContain(mainJoint(result, p, v));
    }
  });

  it('binds meshes with open holes (uncapped tubes, a sphere with a missing band)', () => {
    const { joints } = stickFigure();
    const open = merge(
      tube([0, 0.9, 0], [0, 1.5, 0], 0.15, { caps: false }),
      tube([0.1, 1.42, 0], [0.75, 1.42, 0], 0.05, { caps: false }),
    );
    const head = sphere([0, 1.68, 0], 0.12);
    head.indices = head.indices.filter((_, i) => Math.floor(i / 60) !== 4);
    bindsEverything([open, head], joints);
  });

  it('binds non-manifold edges, duplicated and degenerate triangles', () => {
    const { mesh, joints } = stickFigure();
    const m: TestMesh = { positions: [...mesh.positions], indices: [...mesh.indices] };
    const n = m.positions.length / 3;
    // A fin sharing an edge with the torso (three faces on one edge), every triangle twice,
    // zero-area triangles (a repeated corner; three collinear points), and an unused vertex.
    m.positions.push(0.4, 1.2, 0.4, 0.2, 1.2, 0, 0.3, 1.2, 0, 5, 5, 5);
    m.indices.push(0, 1, n, ...mesh.indices, 2, 2, 3, n + 1, n + 2, 0, 0, 1, 1);
    bindsEverything([m], joints);
  });

  it('binds flipped normals (inside-out parts) like the original', () => {
    const { mesh, joints } = stickFigure();
    const a = autobind(bindInput([mesh], joints), FAST);
    const b = autobind(bindInput([flipped(mesh)], joints), FAST);
    expect(problems(b.weights, joints.length)).toEqual([]);
    expect(Array.from(b.weights[0].joints)).toEqual(Array.from(a.weights[0].joints));
  });

  it('binds with a joint outside the mesh and a zero-length bone', () => {
    const { mesh, joints } = stickFigure();
    const extra = [
      ...joints,
      { position: [0, 3, 0] as [number, number, number], parent: 4 }, // far above the head
      { position: [0.45, 1.42, 0] as [number, number, number], parent: 6 }, // at its parent
    ];
    const result = bindsEverything([mesh], extra);
    expect(result.stats.outsideJoints).toContain(13);
  });

  it('binds when every joint is outside the mesh (nothing to leave out)', () => {
    const joints = [
      { position: [0, 5, 0] as [number, number, number], parent: -1 },
      { position: [0, 6, 0] as [number, number, number], parent: 0 },
    ];
    bindsEverything([sphere([0, 0, 0], 1)], joints);
  });

  it.each([0.01, 100])('binds the same way at scale %s', (s) => {
    const { mesh, joints } = stickFigure();
    const base = autobind(bindInput([mesh], joints), FAST);
    const big = scaled([mesh], joints, s);
    const result = bindsEverything(big.meshes, big.joints);
    let same = 0;
    for (let v = 0; v < base.weights[0].vertexCount; v++)
      if (mainJoint(base, 0, v) === mainJoint(result, 0, v)) same++;
    expect(same / base.weights[0].vertexCount).toBeGreaterThan(0.98);
  });

  it('binds non-indexed primitives, NaN positions and out-of-range indices', () => {
    const { mesh, joints } = stickFigure();
    const soup: TestMesh = {
      positions: mesh.indices.flatMap((i) => mesh.positions.slice(i * 3, i * 3 + 3)),
      indices: [],
    };
    const input = bindInput([mesh], joints);
    input.primitives = [
      { positions: new Float32Array(soup.positions), indices: null },
      {
        positions: new Float32Array([0, 1, 0, Number.NaN, 1, 0, 0.1, 1.1, 0]),
        indices: new Uint32Array([0, 1, 2, 0, 2, 99]),
      },
    ];
    const result = autobind(input, FAST);
    expect(problems(result.weights, joints.length)).toEqual([]);
  });

  it('gives copies of a vertex at one position (UV seams) the same weights', () => {
    const { mesh, joints } = stickFigure();
    const m: TestMesh = { positions: [...mesh.positions], indices: [...mesh.indices] };
    const n = m.positions.length / 3;
    // Split vertex 5 into a seam copy used by half its triangles.
    m.positions.push(...mesh.positions.slice(15, 18));
    let swapped = 0;
    for (let i = 0; i < m.indices.length; i++)
      if (m.indices[i] === 5 && swapped++ % 2 === 0) m.indices[i] = n;
    const result = bindsEverything([m], joints, {});
    const sw = result.weights[0];
    expect(Array.from(sw.joints.subarray(n * 4, n * 4 + 4))).toEqual(Array.from(sw.joints.subarray(20, 24)));
    expect(Array.from(sw.weights.subarray(n * 4, n * 4 + 4))).toEqual(
      Array.from(sw.weights.subarray(20, 24)),
    );
  });

  it("the 'closest' method and 8 influences bind everything too", () => {
    const { mesh, joints } = stickFigure();
    const result = bindsEverything([mesh], joints, { method: 'closest', maxInfluences: 8 });
    expect(result.weights[0].influences).toBe(8);
    bindsEverything([mesh], joints, { weighting: 'falloff', smoothing: 2 });
  });

  it('reports progress in order and stops when cancelled', () => {
    const { mesh, joints } = stickFigure();
    const seen: number[] = [];
    autobind(bindInput([mesh], joints), { ...FAST, onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const signal = { aborted: false };
    const run = () =>
      autobind(bindInput([mesh], joints), {
        onProgress: (f) => {
          if (f > 0.2) signal.aborted = true;
        },
        signal,
      });
    expect(run).toThrow(expect.objectContaining({ name: 'AbortError' }));
  });
});
