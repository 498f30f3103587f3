/**
 * The vertex selection on characters made of parts (a clothed character of three skins, a
 * modular one of four, QuaterniusPlatformerCharacter's 4 skins and 11 primitives,
 * RobotExpressive's hands in two skins): grow and shrink walk across the hem as across any edge,
 * the mirror of a selection finds the other side in whatever primitive or skin it is, a click on
 * the hem picks both of its sides, and box select reaches every skin.
 */
import { describe, expect, it } from 'vitest';
import type { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { orthographicMatrix } from '../../src/select/screen-projection.ts';
import {
  crossesSkins,
  hemsOf,
  mirrorImages,
  openPartModel,
  PART_MODELS,
  weightOfId,
} from '../support/part-models.ts';

/** Flags of the selected vertices of a primitive (all zero when none). */
function selectedOf(editor: Editor, primitive: number, count: number): Uint8Array {
  return editor.selection.selectionMask(primitive)?.slice() ?? new Uint8Array(count);
}

/** Position keys (as drawn) of a primitive's vertices. */
function keys(editor: Editor, primitive: number): Set<string> {
  const P = editor.pose.positions(primitive);
  const out = new Set<string>();
  for (let v = 0; v < P.length / 3; v++) out.add(Array.from(P.subarray(v * 3, v * 3 + 3)).join());
  return out;
}

/** The two primitives of the first hem (preferring one between skins). */
function hemPair(editor: Editor, model: SkinnedModel): [number, number] {
  const hems = hemsOf(editor);
  expect(hems.length).toBeGreaterThan(0);
  const hem = hems.find((h) => crossesSkins(model, h)) ?? hems[0];
  const prims = [...new Set(hem.vertices.map((v) => v.primitive))];
  return [prims[0], prims[1]];
}

describe.each(PART_MODELS)('selection across parts: $name', (m) => {
  it('grow walks from one part across the hem into the next', async () => {
    const { editor, model } = await openPartModel(m);
    const [p, q] = hemPair(editor, model);
    const n = model.primitives[p].weights.vertexCount;
    editor.selection.setVertices(
      p,
      Array.from({ length: n }, (_, v) => v),
    );
    editor.selection.grow(1);
    // Q's vertices beyond the hem (not where P has one) are selected now.
    const atP = keys(editor, p);
    const Q = editor.pose.positions(q);
    const picked = selectedOf(editor, q, Q.length / 3);
    let beyond = 0;
    for (let v = 0; v < Q.length / 3; v++)
      if (picked[v] && !atP.has(Array.from(Q.subarray(v * 3, v * 3 + 3)).join())) beyond++;
    expect(beyond).toBeGreaterThan(0);
  });

  it('shrink takes the hem off a part selected whole (its neighbours across the hem are not)', async () => {
    const { editor, model } = await openPartModel(m);
    const [p, q] = hemPair(editor, model);
    const n = model.primitives[p].weights.vertexCount;
    editor.selection.setVertices(
      p,
      Array.from({ length: n }, (_, v) => v),
    );
    editor.selection.shrink(1);
    const atQ = keys(editor, q);
    const P = editor.pose.positions(p);
    const picked = selectedOf(editor, p, n);
    let hem = 0;
    let off = 0;
    for (let v = 0; v < n; v++) {
      if (!atQ.has(Array.from(P.subarray(v * 3, v * 3 + 3)).join())) continue;
      hem++;
      if (!picked[v]) off++;
    }
    // (A hem vertex whose neighbours across are all on the hem too stays.)
    expect(hem).toBeGreaterThan(0);
    expect(off).toBeGreaterThan(hem / 2);
  });

  it('a click on the hem selects its vertices in every part there', async () => {
    const { editor, model } = await openPartModel(m);
    const hem = hemsOf(editor).find((h) => crossesSkins(model, h)) ?? hemsOf(editor)[0];
    const { primitive, vertex } = hem.vertices[0];
    const P = editor.pose.positions(primitive);
    editor.selection.click({
      primitive,
      point: [P[vertex * 3], P[vertex * 3 + 1], P[vertex * 3 + 2]],
    });
    for (const v of hem.vertices)
      expect(editor.selection.selectionMask(v.primitive)?.[v.vertex], `${v.primitive}/${v.vertex}`).toBe(1);
  });

  it('the mirror of a selection is selected wherever it lies: in another primitive or skin too', async () => {
    const { editor, model } = await openPartModel(m);
    const images = mirrorImages(editor, model);
    const shown = model.primitives.map((p) => editor.pose.positions(p.id));
    // The primitive whose +x side has the most images in other primitives (else the first).
    const side = (p: number) =>
      Array.from({ length: shown[p].length / 3 }, (_, v) => v).filter((v) => shown[p][v * 3] > 0);
    let best = { p: 0, score: -1 };
    for (const prim of model.primitives) {
      const vs = side(prim.id);
      const score = vs
        .filter((_, k) => k % 7 === 0)
        .reduce((n, v) => n + images(prim.id, v).filter((i) => i.primitive !== prim.id).length, 0);
      if (score > best.score) best = { p: prim.id, score };
    }
    const from = side(best.p);
    editor.paint.setSettings({ mirrorAxis: 'x' });
    editor.selection.setVertices(best.p, from);
    editor.selection.mirror();
    let elsewhere = 0;
    let matched = 0;
    for (const v of from)
      for (const image of images(best.p, v)) {
        matched++;
        expect(editor.selection.selectionMask(image.primitive)?.[image.vertex], `image of ${v}`).toBe(1);
        if (model.primitives[image.primitive].skins[0] !== model.primitives[best.p].skins[0]) elsewhere++;
      }
    expect(matched).toBeGreaterThan(0);
    // RobotExpressive's hands, the modular character's arms, the clothed character's hem: in another skin.
    if (m.name !== 'QuaterniusPlatformerCharacter') expect(elsewhere).toBeGreaterThan(0);
  });

  it('by joint picks, in every skin, the vertices where that joint weighs (each skin numbering it its own way)', async () => {
    const { editor, model } = await openPartModel(m);
    // The joint with the most weight over the most skins.
    const busy = [...editor.jointVertexCounts()].sort((a, b) => b[1] - a[1])[0][0];
    editor.selection.byJoint(busy, { threshold: 0.5 });
    const hems = new Set(
      hemsOf(editor).flatMap((h) =>
        h.vertices.some((v) => weightOfId(model, model.primitives[v.primitive], v.vertex, busy) > 0.5)
          ? h.vertices.map((v) => `${v.primitive}/${v.vertex}`)
          : [],
      ),
    );
    // Every vertex where it weighs (in any skin) is picked, with the hem twins of those.
    let picked = 0;
    for (const prim of model.primitives)
      for (let v = 0; v < prim.weights.vertexCount; v++) {
        if (!(weightOfId(model, prim, v, busy) > 0.5 || hems.has(`${prim.id}/${v}`))) continue;
        expect(editor.selection.selectionMask(prim.id)?.[v], `${prim.name} ${v}`).toBe(1);
        picked++;
      }
    expect(picked).toBeGreaterThan(0);
  });

  it('a box over the whole character selects every skinned primitive', async () => {
    const { editor, model } = await openPartModel(m);
    const n = editor.selection.box(
      { x0: 0, y0: 0, x1: 800, y1: 600 },
      { matrix: orthographicMatrix(-1e3, 1e3, -1e3, 1e3), width: 800, height: 600 },
      { facing: 'through' },
    );
    expect(n).toBe(model.primitives.reduce((s, p) => s + p.weights.vertexCount, 0));
  });
});
