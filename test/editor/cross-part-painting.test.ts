/**
 * Painting a clothed character made of parts (the `garment-parts` fixture: body, shirt and
 * trousers as three meshes with three skins over one skeleton, touching at the hem): a stroke
 * paints every skinned surface inside its radius, across primitives and skins; Smooth blends
 * across the hem; "Connected surface only" walks across parts that touch; the mirrored dab
 * crosses parts too; the selection masks and weight layers work on the whole body; the hem's
 * two sides get the same weights; one undo step restores every part bit for bit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel, SkinnedPrimitive } from '../../src/gltf/skinned-model.ts';
import { validateGltf } from '../../src/gltf/validate.ts';
import { setJointWeight } from '../../src/skin/set-joint-weight.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';

type V3 = [number, number, number];

let glb: Uint8Array;
beforeAll(async () => {
  glb = await exportedGlb('garment-parts', 3000);
});

async function open(): Promise<{
  editor: Editor;
  model: SkinnedModel;
  part: (name: string) => SkinnedPrimitive;
}> {
  const editor = new Editor();
  const model = await editor.load({ name: 'clothed.glb', bytes: glb });
  const part = (name: string) => model.primitives.find((p) => p.name === name)!;
  return { editor, model, part };
}

function bits(sw: SkinWeights): string {
  return `${Array.from(sw.joints)}|${Array.from(new Uint32Array(sw.weights.buffer, sw.weights.byteOffset, sw.weights.length))}`;
}

function weightOf(editor: Editor, primitive: number, vertex: number, joint: string): number {
  const id = editor.resolveJoint(joint);
  return editor
    .influences(primitive, vertex)
    .filter((i) => i.joint === id)
    .reduce((s, i) => s + i.weight, 0);
}

/** A vertex's influences by joint id, strongest first, as text (to compare parts of different skins). */
function byJoint(editor: Editor, primitive: number, vertex: number): string {
  return editor
    .influences(primitive, vertex)
    .map((i) => `${i.joint}:${i.weight}`)
    .join(' ');
}

/** Vertices whose slots differ between `a` and `b`. */
function changedVertices(a: SkinWeights, b: SkinWeights): number[] {
  const K = a.influences;
  const out: number[] = [];
  for (let v = 0; v < a.vertexCount; v++)
    for (let i = v * K; i < v * K + K; i++)
      if (a.joints[i] !== b.joints[i] || !Object.is(a.weights[i], b.weights[i])) {
        out.push(v);
        break;
      }
  return out;
}

/** The front-most vertex (largest z) of `prim` near x = `x` with y in [y0, y1]. */
function frontPoint(prim: SkinnedPrimitive, x: number, y0: number, y1: number): V3 {
  const P = prim.positions;
  let best = -1;
  for (let v = 0; v < P.length / 3; v++) {
    if (Math.abs(P[v * 3] - x) > 0.03 || P[v * 3 + 1] < y0 || P[v * 3 + 1] > y1) continue;
    if (best < 0 || P[v * 3 + 2] > P[best * 3 + 2]) best = v;
  }
  if (best < 0) throw new Error(`no vertex of ${prim.name} near x ${x}, y ${y0}..${y1}`);
  return [P[best * 3], P[best * 3 + 1], P[best * 3 + 2]];
}

/** Distance from `p` to the segment a–b. */
function segmentDistance(p: ArrayLike<number>, a: V3, b: V3): number {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  let t = len2 > 0 ? ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] + (p[2] - a[2]) * d[2]) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return Math.hypot(p[0] - a[0] - t * d[0], p[1] - a[1] - t * d[1], p[2] - a[2] - t * d[2]);
}

/** Pairs of vertices of two primitives at exactly one position (the hem, a cuff). */
function touching(a: SkinnedPrimitive, b: SkinnedPrimitive): [number, number][] {
  const at = new Map<string, number>();
  for (let v = 0; v < a.positions.length / 3; v++)
    at.set(Array.from(a.positions.subarray(v * 3, v * 3 + 3)).join(), v);
  const out: [number, number][] = [];
  for (let u = 0; u < b.positions.length / 3; u++) {
    const v = at.get(Array.from(b.positions.subarray(u * 3, u * 3 + 3)).join());
    if (v !== undefined) out.push([v, u]);
  }
  return out;
}

/** One stroke from `a` on `from` to `b` on `to`. */
function stroke(editor: Editor, from: SkinnedPrimitive, a: V3, to: SkinnedPrimitive, b: V3): boolean {
  if (!editor.paint.beginStroke({ primitive: from.id, point: a })) return false;
  editor.paint.strokeTo({ primitive: to.id, point: b });
  editor.paint.endStroke();
  return true;
}

describe('a stroke across the hem of a clothed character (three skins, one skeleton)', () => {
  it('the fixture: three meshes, three skins numbering the joints differently, touching at the hem', async () => {
    const { model, part } = await open();
    expect(model.primitives.map((p) => p.name)).toEqual(['Body', 'Shirt', 'Trousers']);
    expect(new Set(model.primitives.map((p) => p.skins[0])).size).toBe(3);
    const [body, shirt, trousers] = model.skins;
    expect(shirt.joints).toEqual([...body.joints].reverse());
    expect(trousers.joints.length).toBeLessThan(body.joints.length);
    const hem = touching(part('Shirt'), part('Trousers'));
    expect(hem.length).toBeGreaterThan(20);
    for (const [v] of hem) expect(Math.abs(part('Shirt').positions[v * 3 + 1] - 1.05)).toBeLessThan(0.05);
    expect(touching(part('Body'), part('Shirt')).length).toBeGreaterThan(20); // cuffs and collar
    const report = await validateGltf({ name: 'clothed.glb', bytes: glb });
    expect([report.errors, report.warnings, report.infos]).toEqual([0, 0, 0]);
  });

  for (const start of ['Shirt', 'Trousers'] as const) {
    it(`Draw started on the ${start.toLowerCase()} paints both parts inside its radius; one undo restores both`, async () => {
      const { editor, part } = await open();
      const shirt = part('Shirt');
      const trousers = part('Trousers');
      const above = frontPoint(shirt, 0.02, 1.09, 1.12);
      const below = frontPoint(trousers, 0.02, 0.98, 1.01);
      const [from, a, to, b] =
        start === 'Shirt' ? [shirt, above, trousers, below] : [trousers, below, shirt, above];
      const before = [shirt, trousers].map((p) => p.weights.clone());
      const r = 0.05;
      editor.selectJoint('Spine');
      editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: r, falloff: 'constant' });
      const steps = editor.history.undoCount;
      expect(stroke(editor, from, a, to, b)).toBe(true);
      expect(editor.history.undoCount).toBe(steps + 1);
      for (const [i, p] of [shirt, trousers].entries()) {
        expect(changedVertices(before[i], p.weights).length, p.name).toBeGreaterThan(5);
        for (let v = 0; v < p.weights.vertexCount; v++) {
          const d = segmentDistance(p.positions.subarray(v * 3, v * 3 + 3), a, b);
          if (d < 0.95 * r) expect(weightOf(editor, p.id, v, 'Spine'), `${p.name} ${v}`).toBeCloseTo(1, 6);
        }
      }
      // The hem's two sides still have the same weights (by joint): posed, it stays closed.
      for (const [v, u] of touching(shirt, trousers))
        expect(byJoint(editor, trousers.id, u)).toBe(byJoint(editor, shirt.id, v));
      const after = [shirt, trousers].map((p) => bits(p.weights));
      editor.undo();
      expect(bits(shirt.weights)).toBe(bits(before[0]));
      expect(bits(trousers.weights)).toBe(bits(before[1]));
      editor.redo();
      expect([shirt, trousers].map((p) => bits(p.weights))).toEqual(after);
    });
  }

  it('Smooth averages across the hem: a weight step between shirt and trousers blends', async () => {
    const { editor, model, part } = await open();
    const shirt = part('Shirt');
    const trousers = part('Trousers');
    // The step a stroke that stopped at the hem leaves: the shirt all Spine, the trousers all Hips,
    // the hem's two sides apart (written straight into the file's weights, as an import would).
    for (const [p, joint] of [
      [shirt, 'Spine'],
      [trousers, 'Hips'],
    ] as const) {
      const local = model.skins[p.skins[0]].joints.indexOf(editor.resolveJoint(joint));
      for (let v = 0; v < p.weights.vertexCount; v++) setJointWeight(p.weights, v, local, 1);
    }
    const hem = touching(shirt, trousers);
    const gap = () =>
      Math.max(
        ...hem.map(([v, u]) =>
          Math.abs(weightOf(editor, shirt.id, v, 'Spine') - weightOf(editor, trousers.id, u, 'Spine')),
        ),
      );
    expect(gap()).toBe(1);
    const before = trousers.weights.clone();
    editor.selectJoint('Spine');
    editor.paint.setSettings({ brush: 'smooth', strength: 1, radius: 0.04, falloff: 'smooth' });
    // Along the front of the hem, started on the shirt.
    const left = frontPoint(shirt, 0.06, 1.05, 1.07);
    const right = frontPoint(shirt, -0.06, 1.05, 1.07);
    for (let pass = 0; pass < 3; pass++) stroke(editor, shirt, left, shirt, right);
    // The trousers below the hem took Spine from the shirt above it.
    const gained = changedVertices(before, trousers.weights).filter(
      (u) => weightOf(editor, trousers.id, u, 'Spine') > 0.05,
    );
    expect(gained.length).toBeGreaterThan(5);
    // At the front of the hem both sides have one Spine weight.
    for (const [v, u] of hem) {
      if (segmentDistance(shirt.positions.subarray(v * 3, v * 3 + 3), left, right) > 0.02) continue;
      expect(weightOf(editor, trousers.id, u, 'Spine')).toBe(weightOf(editor, shirt.id, v, 'Spine'));
      expect(weightOf(editor, shirt.id, v, 'Spine')).toBeLessThan(0.95);
    }
  });

  it('"Connected surface only" walks across parts that touch (the cuff: shirt sleeve and hand)', async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const body = part('Body');
    const cuff = touching(body, shirt);
    // A cuff vertex on the left wrist (x ≈ 0.66).
    const [hv] = cuff.find(([v]) => body.positions[v * 3] > 0.6)!;
    const at: V3 = [body.positions[hv * 3], body.positions[hv * 3 + 1], body.positions[hv * 3 + 2]];
    const before = [body.weights.clone(), shirt.weights.clone()];
    editor.selectJoint('LeftHand');
    editor.paint.setSettings({ brush: 'draw', weight: 0.5, strength: 1, radius: 0.04, connectedOnly: true });
    stroke(editor, body, at, body, at);
    expect(changedVertices(before[0], body.weights).length).toBeGreaterThan(3);
    expect(changedVertices(before[1], shirt.weights).length).toBeGreaterThan(3);
  });

  it('the mirrored dab crosses parts and skins too (both cuffs of the other arm)', async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const body = part('Body');
    const cuff = touching(body, shirt);
    const [hv] = cuff.find(([v]) => body.positions[v * 3] > 0.6)!;
    const at: V3 = [body.positions[hv * 3], body.positions[hv * 3 + 1], body.positions[hv * 3 + 2]];
    const before = [body.weights.clone(), shirt.weights.clone()];
    editor.selectJoint('LeftForeArm');
    editor.paint.setSettings({ brush: 'draw', weight: 0.5, strength: 1, radius: 0.04, mirror: true });
    stroke(editor, body, at, body, at);
    // Both parts changed on the right side (x < 0), with RightForeArm.
    for (const [i, p] of [body, shirt].entries()) {
      const right = changedVertices(before[i], p.weights).filter((v) => p.positions[v * 3] < -0.5);
      expect(right.length, p.name).toBeGreaterThan(3);
      expect(right.some((v) => weightOf(editor, p.id, v, 'RightForeArm') === Math.fround(0.5))).toBe(true);
    }
  });

  it('the selection masks the whole body: only the selected trousers change under a stroke begun on the shirt', async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const trousers = part('Trousers');
    editor.selection.setVertices(
      trousers.id,
      Array.from({ length: trousers.weights.vertexCount }, (_, v) => v),
    );
    const before = [shirt.weights.clone(), trousers.weights.clone()];
    editor.selectJoint('Spine');
    editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.03, selectionMask: true });
    stroke(
      editor,
      shirt,
      frontPoint(shirt, 0.02, 1.09, 1.12),
      trousers,
      frontPoint(trousers, 0.02, 0.98, 1.01),
    );
    // The hem's shirt side is selected with its trousers twin (one node), the rest of the shirt not.
    const hemShirt = new Set(touching(shirt, trousers).map(([v]) => v));
    expect(changedVertices(before[0], shirt.weights).every((v) => hemShirt.has(v))).toBe(true);
    expect(changedVertices(before[1], trousers.weights).length).toBeGreaterThan(5);
  });

  it("Flood on the selected shirt floods the trousers' side of the hem too (one point), and nothing else of them", async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const trousers = part('Trousers');
    editor.selection.setVertices(
      shirt.id,
      Array.from({ length: shirt.weights.vertexCount }, (_, v) => v),
    );
    const before = trousers.weights.clone();
    editor.selectJoint('Spine1');
    editor.paint.setSettings({ weight: 1, selectionMask: true });
    editor.paint.floodMasked();
    const hem = touching(shirt, trousers);
    const hemTrousers = new Set(hem.map(([, u]) => u));
    expect(changedVertices(before, trousers.weights).every((u) => hemTrousers.has(u))).toBe(true);
    for (const [v, u] of hem) {
      expect(weightOf(editor, trousers.id, u, 'Spine1')).toBe(1);
      expect(byJoint(editor, trousers.id, u)).toBe(byJoint(editor, shirt.id, v));
    }
  });

  it('a skin without the painted joint keeps its weights, and the stroke says so', async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const trousers = part('Trousers');
    const before = trousers.weights.clone();
    editor.selectJoint('LeftArm'); // the trousers' skin does not list the arms
    editor.paint.setSettings({ brush: 'draw', weight: 0.3, strength: 1, radius: 0.04 });
    stroke(
      editor,
      shirt,
      frontPoint(shirt, 0.02, 1.09, 1.12),
      trousers,
      frontPoint(trousers, 0.02, 0.98, 1.01),
    );
    expect(bits(trousers.weights)).toBe(bits(before));
    expect(editor.notices.at(-1)?.message).toMatch(/skin has no joint LeftArm/);
  });

  it('posed, the stroke paints both parts where they are drawn (the body follows the pose)', async () => {
    const { editor, part } = await open();
    const shirt = part('Shirt');
    const trousers = part('Trousers');
    // Bend forward at the hips: the shirt swings away from where it was stored.
    editor.pose.setJointRotation('Spine', [40, 0, 0]);
    editor.pose.setJointRotation('LeftUpLeg', [-30, 0, 0]);
    const posedShirt = editor.pose.positions(shirt.id).slice();
    const posedTrousers = editor.pose.positions(trousers.id).slice();
    const front = (prim: SkinnedPrimitive, P: Float32Array, y0: number, y1: number): V3 =>
      frontPoint({ ...prim, positions: P }, 0.02, y0, y1);
    const a = front(shirt, posedShirt, 1.1, 1.2);
    const b = front(trousers, posedTrousers, 0.95, 1.02);
    // It is not where the stored shirt is.
    expect(
      Math.abs(a[2] - frontPoint(shirt, 0.02, 1.1, 1.2)[2]) +
        Math.abs(a[1] - frontPoint(shirt, 0.02, 1.1, 1.2)[1]),
    ).toBeGreaterThan(0.02);
    const r = 0.05;
    editor.selectJoint('Spine1');
    editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: r, falloff: 'constant' });
    stroke(editor, shirt, a, trousers, b);
    for (const [p, P] of [
      [shirt, posedShirt],
      [trousers, posedTrousers],
    ] as const) {
      let inside = 0;
      for (let v = 0; v < p.weights.vertexCount; v++) {
        if (segmentDistance(P.subarray(v * 3, v * 3 + 3), a, b) > 0.95 * r) continue;
        inside++;
        expect(weightOf(editor, p.id, v, 'Spine1'), `${p.name} ${v}`).toBeCloseTo(1, 6);
      }
      expect(inside, p.name).toBeGreaterThan(3);
    }
  });

  it('on a weight layer, the cross-part strokes give the flat strokes’ weights, bit for bit', async () => {
    const flat = await open();
    const layered = await open();
    layered.editor.layers.add('Hem');
    const imported = layered.part('Trousers').weights.clone();
    for (const t of [flat, layered]) {
      t.editor.selectJoint('Spine');
      t.editor.paint.setSettings({ brush: 'draw', weight: 0.8, strength: 0.7, radius: 0.05 });
      const shirt = t.part('Shirt');
      const trousers = t.part('Trousers');
      const above = frontPoint(shirt, 0.02, 1.09, 1.12);
      const below = frontPoint(trousers, 0.02, 0.98, 1.01);
      stroke(t.editor, shirt, above, trousers, below);
      // Begun on the shirt, it reached the trousers (another skin) on the layer too.
      if (t === layered) expect(changedVertices(imported, trousers.weights).length).toBeGreaterThan(5);
      t.editor.paint.setSettings({ brush: 'smooth' });
      stroke(t.editor, trousers, below, shirt, above);
    }
    for (const name of ['Body', 'Shirt', 'Trousers'])
      expect(bits(layered.part(name).weights), name).toBe(bits(flat.part(name).weights));
    layered.editor.layers.setVisible(layered.editor.layers.activeId, false);
    expect(bits(layered.part('Trousers').weights)).toBe(bits(imported));
  });
});
