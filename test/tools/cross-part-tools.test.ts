/**
 * The weight tools and checks on characters made of parts (a clothed character of three skins,
 * a modular one of four, QuaterniusPlatformerCharacter's 4 skins and 11 primitives,
 * RobotExpressive's hands in two skins): a hem — vertices of different primitives or skins drawn
 * at one place — is a seam like one inside a primitive (DESIGN.md invariant 4). The check lists
 * hems whose sides differ, Weld seams welds them (each side in its own skin's numbering), Smooth
 * blends across them, Mirror and Flip find the other side in another skin, the inspector's edit
 * of a hem vertex sets both sides; a side whose skin lacks a joint is said.
 */
import { describe, expect, it } from 'vitest';
import type { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel, SkinnedPrimitive } from '../../src/gltf/skinned-model.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { setJointWeight } from '../../src/skin/set-joint-weight.ts';
import {
  crossesSkins,
  type Hem,
  hemsOf,
  influencesById,
  mirrorImages,
  openPartModel,
  PART_MODELS,
  type PartModel,
  weightBits,
  weightOfId,
} from '../support/part-models.ts';

/** A step at a hem: part P all joint A, part Q all joint B (written as an import would leave it). */
interface Step {
  editor: Editor;
  model: SkinnedModel;
  P: SkinnedPrimitive;
  Q: SkinnedPrimitive;
  A: number;
  B: number;
  /** The hems between P and Q. */
  hems: Hem[];
}

async function stepAtHem(m: PartModel): Promise<Step> {
  const { editor, model } = await openPartModel(m);
  const all = hemsOf(editor);
  const first = all.find((h) => crossesSkins(model, h)) ?? all[0];
  const [p, q] = [...new Set(first.vertices.map((v) => v.primitive))];
  const P = model.primitives[p];
  const Q = model.primitives[q];
  const hems = all.filter(
    (h) => h.vertices.some((v) => v.primitive === p) && h.vertices.some((v) => v.primitive === q),
  );
  // Two joints both skins list (the busiest ones: real bones of the body).
  const both = model.skins[P.skins[0]].joints.filter((id) => model.skins[Q.skins[0]].joints.includes(id));
  const counts = editor.jointVertexCounts();
  const [A, B] = both.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
  for (const [prim, id] of [
    [P, A],
    [Q, B],
  ] as const) {
    const local = model.skins[prim.skins[0]].joints.indexOf(id);
    for (let v = 0; v < prim.weights.vertexCount; v++) setJointWeight(prim.weights, v, local, 1);
  }
  return { editor, model, P, Q, A, B, hems };
}

/** True when every vertex of the hem has the same weights by joint. */
function closed(model: SkinnedModel, hem: Hem): boolean {
  const first = influencesById(model, model.primitives[hem.vertices[0].primitive], hem.vertices[0].vertex);
  return hem.vertices.every((v) => influencesById(model, model.primitives[v.primitive], v.vertex) === first);
}

function hemKeys(hems: Hem[]): Set<string> {
  return new Set(hems.flatMap((h) => h.vertices.map((v) => `${v.primitive}/${v.vertex}`)));
}

describe.each(PART_MODELS)('the weight tools across parts: $name', (m) => {
  it('the check lists the hems whose sides differ', async () => {
    const { editor, hems } = await stepAtHem(m);
    expect(hems.length).toBeGreaterThan(0);
    const report = editor.tools.checks.problems();
    const at = hemKeys(hems);
    const listed = report.items.filter(
      (i) => i.kind === 'seam-mismatch' && at.has(`${i.primitive}/${i.vertex}`),
    );
    expect(listed.length).toBe(hems.length);
  });

  it('Weld seams welds them: both sides the same weights by joint; one undo gives the file back', async () => {
    const { editor, model, hems } = await stepAtHem(m);
    const before = weightBits(model);
    expect(hems.some((h) => !closed(model, h))).toBe(true);
    const report = editor.tools.weldSeams();
    expect(report.step).toBe('Weld seams');
    for (const hem of hems) expect(closed(model, hem)).toBe(true);
    const at = hemKeys(hems);
    expect(
      editor.tools.checks
        .problems()
        .items.filter((i) => i.kind === 'seam-mismatch' && at.has(`${i.primitive}/${i.vertex}`)),
    ).toEqual([]);
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    editor.undo();
    expect(weightBits(model)).toEqual(before);
  });

  it('Smooth blends across the hem: the other part takes the joint beyond it', async () => {
    const { editor, model, Q, A, hems } = await stepAtHem(m);
    const at = hemKeys(hems);
    editor.tools.smooth({ iterations: 3, strength: 0.5 });
    let gained = 0;
    for (let v = 0; v < Q.weights.vertexCount; v++)
      if (!at.has(`${Q.id}/${v}`) && weightOfId(model, Q, v, A) > 0.01) gained++;
    expect(gained).toBeGreaterThan(0);
    for (const hem of hems) expect(closed(model, hem)).toBe(true);
  });

  it('the inspector’s edit of a hem vertex sets every side of it (the hem stays closed)', async () => {
    const { editor, model } = await openPartModel(m);
    const hems = hemsOf(editor).filter((h) => closed(model, h));
    const hem = hems.find((h) => crossesSkins(model, h)) ?? hems[0];
    const { primitive, vertex } = hem.vertices[0];
    // A joint every side's skin lists, weighing there (or the busiest).
    const listed = model.skins[model.primitives[primitive].skins[0]].joints.filter((id) =>
      hem.vertices.every((v) => model.skins[model.primitives[v.primitive].skins[0]].joints.includes(id)),
    );
    const id =
      listed.find((j) => weightOfId(model, model.primitives[primitive], vertex, j) > 0.05) ?? listed[0];
    editor.tools.setInfluence(primitive, vertex, id, 0.6);
    for (const v of hem.vertices)
      expect(
        weightOfId(model, model.primitives[v.primitive], v.vertex, id),
        `${v.primitive}/${v.vertex}`,
      ).toBe(Math.fround(0.6));
    expect(closed(model, hem)).toBe(true);
  });

  it('Flip mirrors onto the other side wherever it lies, in another primitive or skin too', async () => {
    const { editor, model } = await openPartModel(m);
    const images = mirrorImages(editor, model);
    const mirrorOf = (id: number) => editor.paint.mirrorJointOf(id, 'x');
    // The primitive with the most mirror images in other skins; one side of the body made lopsided:
    // all of it to a joint of one side (A, whose mirror is another joint), as a file may have it.
    let best = { P: model.primitives[0], score: -1 };
    for (const prim of model.primitives) {
      let score = 0;
      for (let v = 0; v < prim.weights.vertexCount; v += 3)
        score += images(prim.id, v).filter(
          (i) => model.primitives[i.primitive].skins[0] !== prim.skins[0],
        ).length;
      if (score > best.score) best = { P: prim, score };
    }
    const P = best.P;
    const skinJoints = model.skins[P.skins[0]].joints;
    const A = skinJoints.find(
      (id) =>
        mirrorOf(id) !== id &&
        model.skins.every((k) => !k.joints.includes(id) || k.joints.includes(mirrorOf(id))),
    )!;
    for (let v = 0; v < P.weights.vertexCount; v++) setJointWeight(P.weights, v, skinJoints.indexOf(A), 1);
    // Places where vertices with different weights are drawn together (P's hems now) are left out:
    // which side the mirror copies there is the tool's choice.
    const keyOf = (prim: SkinnedPrimitive, v: number) =>
      Array.from(editor.pose.positions(prim.id).subarray(v * 3, v * 3 + 3)).join();
    const groups = new Map<string, Set<string>>();
    for (const prim of model.primitives)
      for (let v = 0; v < prim.weights.vertexCount; v++) {
        const set = groups.get(keyOf(prim, v)) ?? new Set<string>();
        set.add(influencesById(model, prim, v));
        groups.set(keyOf(prim, v), set);
      }
    const uniform = (prim: SkinnedPrimitive, v: number) => groups.get(keyOf(prim, v))!.size === 1;
    const targets: [SkinnedPrimitive, number][] = [];
    for (const prim of model.primitives) {
      if (prim.skins[0] === P.skins[0]) continue;
      for (let r = 0; r < prim.weights.vertexCount; r++)
        if (uniform(prim, r) && images(prim.id, r).some((l) => l.primitive === P.id && uniform(P, l.vertex)))
          targets.push([prim, r]);
    }
    editor.paint.setSettings({ mirrorAxis: 'x' });
    editor.tools.mirror({ direction: 'flip', axis: 'x' });
    // Each vertex facing P in another skin now weighs all on A's mirror.
    for (const [prim, r] of targets)
      expect(weightOfId(model, prim, r, mirrorOf(A)), `${prim.name} ${r}`).toBeCloseTo(1, 6);
    // RobotExpressive's hands and the modular character's arms are in two skins.
    if (m.name === 'RobotExpressive' || m.name === 'multi-skin') expect(targets.length).toBeGreaterThan(20);
  });
});

describe('a hem side whose skin lacks a joint (the clothed character: the trousers list no arm)', () => {
  it('Weld seams says so, and welds what the skin can hold', async () => {
    const { editor, model } = await openPartModel(PART_MODELS[0]);
    const shirt = model.primitives.find((p) => p.name === 'Shirt')!;
    const trousers = model.primitives.find((p) => p.name === 'Trousers')!;
    const arm = editor.resolveJoint('LeftArm');
    expect(model.skins[trousers.skins[0]].joints.includes(arm)).toBe(false);
    const hems = hemsOf(editor).filter(
      (h) =>
        h.vertices.some((v) => v.primitive === shirt.id) &&
        h.vertices.some((v) => v.primitive === trousers.id),
    );
    // The shirt's side of the hem takes some LeftArm (as a file may have it).
    const local = model.skins[shirt.skins[0]].joints.indexOf(arm);
    for (const h of hems)
      for (const v of h.vertices)
        if (v.primitive === shirt.id) setJointWeight(shirt.weights, v.vertex, local, 0.25);
    const report = editor.tools.weldSeams();
    expect(report.absent).toBe(hems.length);
    expect(editor.notices.at(-1)?.message).toMatch(/does not list a joint/);
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
  });
});
