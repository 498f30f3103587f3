/**
 * Vertex selection through the Editor (`editor.selection`), as the viewport and scripts use it:
 * click and raycast, box and lasso with a camera matrix, by joint, grow / shrink / mirror /
 * invert / all / none, seams picked together, the mask the painter reads, events, reloads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMannequin, type MannequinData, mannequinToDocument } from '../../src/character/index.ts';
import { Editor } from '../../src/editor/editor.ts';
import { orthographicMatrix } from '../../src/select/screen-projection.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { makeSeamDocument } from '../tools/seam-document.ts';

let data: MannequinData;
beforeAll(() => {
  data = buildMannequin({ targetVertices: 5000 });
});

function mannequinEditor(): Editor {
  const editor = new Editor();
  editor.loadDocument(mannequinToDocument(data), 'mannequin.glb');
  return editor;
}

const FRONT = { matrix: orthographicMatrix(-1, 1, 0.2, 1.7), width: 800, height: 600 };

describe('editor.selection', () => {
  it('starts empty: no mask for the painter, tools work on everything', () => {
    const editor = mannequinEditor();
    expect(editor.selection.isEmpty).toBe(true);
    expect(editor.selection.selectionMask(0)).toBeNull();
    expect(editor.selection.activeMasks).toBeNull();
  });

  it('box selects what the camera sees inside the box, and emits the change', () => {
    const editor = mannequinEditor();
    const changes: { primitives: number[]; count: number }[] = [];
    editor.selection.events.on('change', (c) => changes.push(c));
    const n = editor.selection.box({ x0: 420, y0: 100, x1: 700, y1: 330 }, FRONT);
    expect(n).toBeGreaterThan(50);
    expect(changes).toEqual([{ primitives: [0], count: n }]);
    const mask = editor.selection.selectionMask(0)!;
    const P = data.positions;
    for (let v = 0; v < mask.length; v++) {
      if (!mask[v]) continue;
      expect(P[v * 3]).toBeGreaterThan(0.04);
      expect(P[v * 3 + 1]).toBeGreaterThan(0.87);
      expect(data.normals[v * 3 + 2]).toBeGreaterThan(-0.2); // front faces only (node normals differ a little)
    }
    // Through picks more (the back of the arm too); Shift-box adds, Ctrl-box subtracts.
    const through = editor.selection.box({ x0: 420, y0: 100, x1: 700, y1: 330 }, FRONT, {
      facing: 'through',
    });
    expect(through).toBeGreaterThan(n);
    const added = editor.selection.lasso([0, 0, 100, 0, 100, 600], FRONT, { mode: 'add', facing: 'through' });
    expect(added).toBeGreaterThan(through);
    expect(
      editor.selection.box({ x0: 0, y0: 0, x1: 800, y1: 600 }, FRONT, {
        mode: 'subtract',
        facing: 'through',
      }),
    ).toBe(0);
    expect(editor.selection.activeMasks).toBeNull();
  });

  it('by joint, then grow, shrink, invert, all, none', () => {
    const editor = mannequinEditor();
    const total = data.positions.length / 3;
    const n = editor.selection.byJoint('LeftHand', { threshold: 0.5 });
    const sw = editor.requireModel().primitives[0].weights;
    const hand = editor.requireModel().skins[0].joints.indexOf(editor.resolveJoint('LeftHand'));
    const expected = [...Array(total).keys()].filter((v) => sw.weightOf(v, hand) > 0.5);
    expect(editor.selection.vertices().map((r) => r.vertex)).toEqual(expected);
    expect(n).toBe(expected.length);
    const grown = editor.selection.grow(2);
    expect(grown).toBeGreaterThan(n);
    expect(editor.selection.shrink(2)).toBeGreaterThanOrEqual(n);
    const before = editor.selection.count;
    expect(editor.selection.invert()).toBe(total - before);
    expect(editor.selection.invert()).toBe(before);
    expect(editor.selection.all()).toBe(total);
    expect(editor.selection.none()).toBe(0);
  });

  it('mirror selects the other side; twice gives the selection back', () => {
    const editor = mannequinEditor();
    editor.selection.byJoint('LeftForeArm', { threshold: 0.3 });
    const left = editor.selection.vertices().map((r) => r.vertex);
    editor.selection.mirror();
    const right = editor.selection.vertices().map((r) => r.vertex);
    expect(right).toEqual(left.map((v) => data.mirror[v]).sort((a, b) => a - b));
    editor.selection.mirror();
    expect(editor.selection.vertices().map((r) => r.vertex)).toEqual(left);
    expect(editor.selection.mirror({ extend: true })).toBe(2 * left.length);
  });

  it('clicks pick the nearest vertex, by ray or by hit point', () => {
    const editor = mannequinEditor();
    const v = 1234;
    const p = [data.positions[v * 3], data.positions[v * 3 + 1], data.positions[v * 3 + 2]] as const;
    const n = [data.normals[v * 3], data.normals[v * 3 + 1], data.normals[v * 3 + 2]];
    // A ray straight down the vertex normal, from outside.
    const origin = [p[0] + n[0] * 0.5, p[1] + n[1] * 0.5, p[2] + n[2] * 0.5] as const;
    const hit = editor.selection.raycast(origin, [-n[0], -n[1], -n[2]]);
    expect(hit).toEqual({ primitive: 0, vertex: v });
    expect(editor.selection.count).toBe(1);
    expect(editor.selection.click({ primitive: 0, point: [p[0] + 1e-4, p[1], p[2]] }, 'add')).toEqual({
      primitive: 0,
      vertex: v,
    });
    expect(editor.selection.count).toBe(1);
    editor.selection.click({ primitive: 0, point: p }, 'subtract');
    expect(editor.selection.isEmpty).toBe(true);
    expect(editor.selection.raycast([0, 10, 10], [0, 0, 1])).toBeNull();
  });

  it('selects a seam’s vertices together', () => {
    const editor = new Editor();
    editor.loadDocument(makeSeamDocument(), 'grid.glb');
    const pos = editor.requireModel().primitives[0].positions;
    const twins = (v: number) =>
      [...Array(pos.length / 3).keys()].filter(
        (u) =>
          pos[u * 3] === pos[v * 3] && pos[u * 3 + 1] === pos[v * 3 + 1] && pos[u * 3 + 2] === pos[v * 3 + 2],
      );
    const seam = [...Array(pos.length / 3).keys()].find((v) => twins(v).length === 2)!;
    editor.selection.setVertices(0, [seam]);
    expect(editor.selection.vertices().map((r) => r.vertex)).toEqual(twins(seam));
    editor.selection.click({ primitive: 0, point: [pos[seam * 3], pos[seam * 3 + 1], 0] }, 'replace');
    expect(editor.selection.count).toBe(2);
    expect(() => editor.selection.setVertices(0, [99_999])).toThrow(/not in primitive/);
  });

  it('forgets the selection when another model is loaded', () => {
    const editor = mannequinEditor();
    editor.selection.all();
    const changes: number[] = [];
    editor.selection.events.on('change', (c) => changes.push(c.count));
    editor.loadDocument(makeSeamDocument(), 'grid.glb');
    expect(changes).toEqual([0]);
    expect(editor.selection.isEmpty).toBe(true);
    expect(editor.selection.selectionMask(0)).toBeNull();
  });

  it('masks a flood the way the painter reads it', () => {
    const editor = mannequinEditor();
    editor.selection.box({ x0: 420, y0: 100, x1: 700, y1: 330 }, FRONT);
    const sw = editor.requireModel().primitives[0].weights;
    const start = sw.clone();
    editor.selectJoint('Spine');
    editor.paint.setSettings({ weight: 1, mirror: false });
    editor.paint.flood(editor.selection.activeMasks);
    const mask = editor.selection.selectionMask(0)!;
    const spine = editor.requireModel().skins[0].joints.indexOf(editor.resolveJoint('Spine'));
    for (let v = 0; v < sw.vertexCount; v++) {
      if (mask[v]) expect(sw.weightOf(v, spine)).toBeCloseTo(1, 6);
      else expect(sw.weightOf(v, spine)).toBe(start.weightOf(v, spine));
    }
    // The Flood button's: the same while the selection masks the brush, everywhere when not.
    editor.undo();
    editor.paint.floodMasked();
    for (let v = 0; v < sw.vertexCount; v++)
      expect(sw.weightOf(v, spine) === start.weightOf(v, spine)).toBe(mask[v] === 0);
    editor.undo();
    editor.paint.setSettings({ selectionMask: false });
    editor.paint.floodMasked();
    for (let v = 0; v < sw.vertexCount; v++) expect(sw.weightOf(v, spine)).toBeCloseTo(1, 6);
  });

  it('masks strokes while selection masking is on; off, or with nothing selected, they paint as before', () => {
    const stroke = (editor: Editor) => {
      editor.selectJoint('LeftArm');
      editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.3, mirror: true });
      editor.paint.beginStroke({ primitive: 0, point: [0.05, 1.2, 0] });
      editor.paint.strokeTo({ primitive: 0, point: [0.9, 1.4, 0] });
      editor.paint.endStroke();
    };
    /** 1 for each vertex of primitive 0 whose slots differ from `start`. */
    const changed = (start: SkinWeights, editor: Editor) => {
      const sw = editor.requireModel().primitives[0].weights;
      const out = new Uint8Array(sw.vertexCount);
      for (let i = 0; i < sw.joints.length; i++)
        if (sw.joints[i] !== start.joints[i] || !Object.is(sw.weights[i], start.weights[i]))
          out[Math.floor(i / sw.influences)] = 1;
      return out;
    };
    const masked = mannequinEditor();
    expect(masked.paint.settings.selectionMask).toBe(true);
    masked.selection.box({ x0: 420, y0: 100, x1: 700, y1: 330 }, FRONT);
    const mask = masked.selection.selectionMask(0)!.slice();
    const start = masked.requireModel().primitives[0].weights.clone();
    stroke(masked);
    const inside = changed(start, masked);
    let n = 0;
    for (let v = 0; v < mask.length; v++) {
      if (inside[v]) n++;
      if (!mask[v]) expect(inside[v]).toBe(0);
    }
    expect(n).toBeGreaterThan(20);
    masked.undo();
    expect(changed(start, masked).includes(1)).toBe(false);

    // Masking off: the same stroke paints outside the selection too, exactly as with none.
    masked.paint.setSettings({ selectionMask: false });
    stroke(masked);
    const off = changed(start, masked);
    const free = mannequinEditor();
    stroke(free);
    expect(changed(start, free)).toEqual(off);
    expect(off.some((c, v) => c === 1 && mask[v] === 0)).toBe(true);
  });

  it('says why a masked stroke paints nothing when none of its body is selected', () => {
    // Two skinned meshes over two skeletons: the selection on one, the stroke on the other.
    const doc = makeSeamDocument();
    const node = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getMesh())!;
    const skin = node.getSkin()!;
    const copies = new Map(
      skin
        .listJoints()
        .map((j) => [j, doc.createNode(`Twin${j.getName()}`).setTranslation(j.getTranslation())]),
    );
    for (const [j, c] of copies) {
      const parent = j.getParentNode();
      if (parent && copies.has(parent)) copies.get(parent)!.addChild(c);
      else doc.getRoot().listScenes()[0].addChild(c);
    }
    const twinSkin = doc.createSkin('TwinSkin').setInverseBindMatrices(skin.getInverseBindMatrices());
    for (const j of skin.listJoints()) twinSkin.addJoint(copies.get(j)!);
    const twin = doc
      .createNode('Twin')
      .setMesh(doc.createMesh('Twin').addPrimitive(node.getMesh()!.listPrimitives()[0].clone()))
      .setSkin(twinSkin);
    doc.getRoot().listScenes()[0].addChild(twin);
    const editor = new Editor();
    editor.loadDocument(doc, 'twins.glb');
    const [a, b] = editor.requireModel().primitives;
    expect(editor.surfaces.forBody(a.id)).not.toBe(editor.surfaces.forBody(b.id));
    const notices: string[] = [];
    editor.events.on('notice', (n) => notices.push(n.message));
    editor.selection.setVertices(a.id, [0, 1, 2]);
    editor.selectJoint('TwinSpine');
    editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 0.5 });
    const start = b.weights.clone();
    editor.paint.beginStroke({ primitive: b.id, point: [0, 1, 0] });
    editor.paint.endStroke();
    expect(notices.some((m) => m.includes('none of this mesh is selected'))).toBe(true);
    expect(b.weights.weights).toEqual(start.weights);
    // On the mesh that has the selection: no such notice.
    notices.length = 0;
    editor.selectJoint('Spine');
    editor.paint.beginStroke({ primitive: a.id, point: [0, 1, 0] });
    editor.paint.endStroke();
    expect(notices.some((m) => m.includes('none of this mesh is selected'))).toBe(false);
  });

  it('a masked stroke on one of two meshes of one skeleton paints the selection of both', () => {
    // The twin lies on the first mesh, vertex on vertex: one body, welded.
    const doc = makeSeamDocument();
    const node = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getMesh())!;
    const twin = doc
      .createNode('Twin')
      .setMesh(doc.createMesh('Twin').addPrimitive(node.getMesh()!.listPrimitives()[0].clone()))
      .setSkin(node.getSkin()!.clone());
    doc.getRoot().listScenes()[0].addChild(twin);
    const editor = new Editor();
    editor.loadDocument(doc, 'twins.glb');
    const [a, b] = editor.requireModel().primitives;
    editor.selection.setVertices(a.id, [0, 1, 2]);
    editor.selectJoint('Spine');
    editor.paint.setSettings({ brush: 'draw', weight: 1, strength: 1, radius: 5 });
    const [startA, startB] = [a.weights.clone(), b.weights.clone()];
    editor.paint.beginStroke({ primitive: b.id, point: [0, 1, 0] });
    editor.paint.endStroke();
    const changed = (x: SkinWeights, y: SkinWeights) =>
      Array.from({ length: x.vertexCount }, (_, v) => v).filter((v) =>
        [0, 1, 2, 3].some(
          (i) => x.joints[v * 4 + i] !== y.joints[v * 4 + i] || x.weights[v * 4 + i] !== y.weights[v * 4 + i],
        ),
      );
    const selected = changed(startA, a.weights);
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((v) => v <= 2)).toBe(true);
    expect(changed(startB, b.weights)).toEqual(selected); // b's vertices are a's, vertex for vertex
  });
});
