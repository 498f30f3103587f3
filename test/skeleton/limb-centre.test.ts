import { describe, expect, it } from 'vitest';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { type LimbSurface, limbCentre, rayCrossings } from '../../src/skeleton/limb-centre.ts';

type V3 = [number, number, number];

/** An axis-aligned box, wound counter-clockwise seen from outside (as glTF wants). */
function box(min: V3, max: V3, flip = false): LimbSurface {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++)
    positions.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  // Quads as (a, b, c, d) counter-clockwise from outside.
  const quads = [
    [0, 2, 3, 1], // -z
    [4, 5, 7, 6], // +z
    [0, 1, 5, 4], // -y
    [2, 6, 7, 3], // +y
    [0, 4, 6, 2], // -x
    [1, 3, 7, 5], // +x
  ];
  const corners: number[] = [];
  for (const [a, b, c, d] of quads) {
    const tris = [a, b, c, a, c, d];
    if (flip) tris.reverse();
    corners.push(...tris);
  }
  return { positions: Float32Array.from(positions), corners: Uint32Array.from(corners) };
}

describe('limbCentre', () => {
  it('is halfway between the front and the back of a closed limb', () => {
    const arm = box([-1, -0.2, -0.3], [1, 0.2, 0.5]);
    const hit = limbCentre([arm], [0.3, 0.05, 10], [0, 0, -1])!;
    expect(hit.front[2]).toBeCloseTo(0.5, 6);
    expect(hit.back![2]).toBeCloseTo(-0.3, 6);
    expect(hit.centre).toEqual([expect.closeTo(0.3, 6), expect.closeTo(0.05, 6), expect.closeTo(0.1, 6)]);
  });

  it('reads the winding: the same box wound inside out is entered at its far side', () => {
    const crossings = rayCrossings(box([-1, -1, -1], [1, 1, 1]), [0.1, 0.4, 5], [0, 0, -1]);
    expect(crossings.map((c) => c.sense)).toEqual([1, -1]);
    const inverted = rayCrossings(box([-1, -1, -1], [1, 1, 1], true), [0.1, 0.4, 5], [0, 0, -1]);
    expect(inverted.map((c) => c.sense)).toEqual([-1, 1]);
  });

  it('counts a ray through a shared edge once (the box diagonal splits each face)', () => {
    // (0, 0) is on the diagonal of the ±z faces: both triangles of each face are hit.
    const hit = limbCentre([box([-1, -1, -1], [1, 1, 1])], [0, 0, 5], [0, 0, -1])!;
    expect(hit.back![2]).toBeCloseTo(-1, 6);
    expect(hit.centre[2]).toBeCloseTo(0, 6);
  });

  it('takes a sleeve over an arm as one limb (nested shells), but stops before the next limb', () => {
    const arm = box([-1, -0.2, -0.2], [1, 0.2, 0.2]);
    const sleeve = box([-0.8, -0.3, -0.3], [0.8, 0.3, 0.3]);
    const hit = limbCentre([arm, sleeve], [0, 0.1, 10], [0, 0, -1])!;
    expect(hit.front[2]).toBeCloseTo(0.3, 6);
    expect(hit.back![2]).toBeCloseTo(-0.3, 6);
    // Two legs one behind the other: the centre is inside the first.
    const front = box([-1, -1, 1], [1, 1, 2]);
    const behind = box([-1, -1, -2], [1, 1, -1]);
    expect(limbCentre([behind, front], [0, 0, 10], [0, 0, -1])!.centre[2]).toBeCloseTo(1.5, 6);
  });

  it('falls back to the next surface for an open shell, and to the front for one face; null on a miss', () => {
    const open = box([-1, -1, -1], [1, 1, 1]);
    // Drop the +z face (the first two triangles after -z): the ray now meets the back face only... from inside.
    const corners = Array.from(open.corners);
    corners.splice(6, 6);
    const shell = { positions: open.positions, corners };
    const fromFront = limbCentre([shell], [0.2, 0.3, 5], [0, 0, -1])!;
    // It meets the -z face from its inside (a leaving crossing first): the one surface is all there is.
    expect(fromFront.back).toBeNull();
    expect(fromFront.centre[2]).toBeCloseTo(-1, 6);
    const single = { positions: Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0]), corners: [0, 1, 2] };
    const one = limbCentre([single], [0.2, 0.2, 3], [0, 0, -1])!;
    expect(one.back).toBeNull();
    expect(one.centre).toEqual([expect.closeTo(0.2, 6), expect.closeTo(0.2, 6), expect.closeTo(0, 6)]);
    expect(limbCentre([single], [5, 5, 3], [0, 0, -1])).toBeNull();
  });

  it('a camera inside the mesh gets the next surface as the back', () => {
    const room = box([-5, -5, -5], [5, 5, 5]);
    const pillar = box([-1, -1, -1], [1, 1, 1]);
    const hit = limbCentre([room, pillar], [0, 0, 3], [0, 0, -1])!;
    // The first crossing is the pillar's front (entering), then its back.
    expect(hit.centre[2]).toBeCloseTo(0, 6);
  });

  it("puts the mannequin's elbow inside its arm: the centre is nearer the bone than either surface", () => {
    const editor = new Editor();
    editor.loadDocument(mannequinToDocument(buildMannequin({ targetVertices: 6000 })), 'mannequin');
    const model = editor.requireModel();
    const elbow = model.joints.get(editor.resolveJoint('LeftForeArm'))!.restPosition;
    const all = [...new Set(model.primitives.map((p) => p.skins[0]))].map(
      (s) => editor.surfaces.forSkin(s).surface,
    );
    // Look at the elbow from the front (−z) and from above.
    for (const dir of [
      [0, 0, -1],
      [0, -1, 0],
    ] as V3[]) {
      const origin: V3 = [elbow[0] - dir[0] * 5, elbow[1] - dir[1] * 5, elbow[2] - dir[2] * 5];
      const hit = limbCentre(all, origin, dir)!;
      expect(hit).not.toBeNull();
      const d = (p: readonly number[]) => Math.hypot(p[0] - elbow[0], p[1] - elbow[1], p[2] - elbow[2]);
      expect(hit.back).not.toBeNull();
      expect(d(hit.centre)).toBeLessThan(d(hit.front));
      expect(d(hit.centre)).toBeLessThan(d(hit.back!));
      // On the limb's axis, seen from either side: within a fifth of its thickness of the joint.
      expect(d(hit.centre)).toBeLessThan(0.2 * (hit.far - hit.near));
    }
  });
});
