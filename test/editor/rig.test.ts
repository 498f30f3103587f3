/**
 * editor.rig on a static mannequin: the fit preview leaves the file alone; rig() gives one skin
 * over the humanoid template, every vertex weighted, end joints unweighted, the mesh where it
 * was, ONE undo step (undo: the static file; redo: the rig); Cancel and a failure change
 * nothing; the result is an ordinary skinned model the skeleton tools edit; export validates.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { aboutModel } from '../../src/editor/model-notices.ts';
import { fitMeshOfDocument } from '../../src/skeleton/fit/fit-mesh.ts';
import { humanoidTemplate } from '../../src/skeleton/templates/humanoid.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { staticMannequin } from '../skeleton/support/static-fixture.ts';

const FAST = { method: 'closest', resolution: 48 } as const;

function open(): Editor {
  const editor = new Editor();
  editor.loadDocument(staticMannequin({ build: 'average', pose: 'A' }, 2500), 'Static.glb');
  return editor;
}

describe('editor.rig', () => {
  it('fits a preview without touching the file', async () => {
    const editor = open();
    expect(editor.rig.available).toBe(true);
    let previews = 0;
    editor.rig.events.on('preview', () => previews++);
    const fitted = await editor.rig.fit({ fingers: 1 });
    expect(fitted.joints.map((j) => j.name)).toEqual(humanoidTemplate(1).map((j) => j.name));
    expect(editor.rig.preview).toBe(fitted);
    expect(previews).toBe(1);
    expect(editor.history.undoCount).toBe(0);
    expect(editor.requireModel().skins).toHaveLength(0);
    // A marker moved: a refit (the body is kept), the preview follows.
    const moved = await editor.rig.fit({ markers: { leftKnee: [0.1, 0.45, 0.08] } });
    expect(moved.markersFrom.leftKnee).toBe('given');
    expect(moved.joints.find((j) => j.name === 'LeftLeg')!.position[1]).toBeLessThan(0.48);
  });

  it('rigs in one undo step: skin over the template, all weighted, mesh in place; undo and redo', async () => {
    const editor = open();
    const before = fitMeshOfDocument(editor.requireModel().document).positions.slice();
    // While auto-bind runs on the new skin (all weight on the root), no joint is selected: the
    // view draws the mesh plain, not red on the Hips.
    const whileBinding: (number | null)[] = [];
    const report = await editor.rig.rig({
      ...FAST,
      fingers: 3,
      onProgress: (f) => {
        if (f > 0.15 && f < 1) whileBinding.push(editor.selectedJoint);
      },
    }).promise;
    expect(whileBinding.length).toBeGreaterThan(0);
    expect(new Set(whileBinding)).toEqual(new Set([null]));
    expect(report.joints).toBe(humanoidTemplate(3).length);
    const model = editor.requireModel();
    expect(model.skins).toHaveLength(1);
    expect(model.skinnedVertexCount).toBe(model.vertexCount);
    expect(Array.from(model.primitives[0].positions)).toEqual(Array.from(before));
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    // End joints carry no weight and are left out of auto-bind.
    const ends = [...model.joints.values()].filter((j) => /_End$|4$/.test(j.name)).map((j) => j.id);
    const counts = editor.jointVertexCounts();
    for (const id of ends) expect(counts.get(id) ?? 0).toBe(0);
    expect(editor.excluded.size).toBe(ends.length);
    expect(editor.history.undoCount).toBe(1);
    expect(editor.rig.preview).toBeNull();
    expect(editor.selectedJoint).not.toBeNull();

    editor.undo();
    expect(editor.requireModel().skins).toHaveLength(0);
    expect(editor.history.undoCount).toBe(0);
    editor.redo();
    expect(editor.requireModel().skins).toHaveLength(1);

    // An ordinary skinned model: the skeleton tools edit it, and the export validates.
    const elbow = editor.resolveJoint('LeftForeArm');
    const at = editor.skeleton.joint(elbow).position;
    editor.skeleton.move(elbow, [at[0] + 0.01, at[1], at[2]]);
    expect(editor.skeleton.joint('LeftForeArm').position[0]).toBeCloseTo(at[0] + 0.01, 4);
    const out = await editor.export({ format: 'glb' });
    expect(out.validation).toMatchObject({ errors: 0 });
  });

  it("the static file's warning goes with the rig and comes back on its undo; a notice about the rig, the other way round", async () => {
    const editor = open();
    const messages = () => editor.notices.map((n) => n.message);
    const warning = 'Static.glb has no skinned mesh: there are no weights to edit.';
    expect(messages()).toEqual([warning]);
    editor.notify({ level: 'warning', message: 'A repair (about the file, not its state).' });
    await editor.rig.rig(FAST).promise;
    editor.notify(aboutModel({ level: 'info', message: 'Rigged.' }, editor.requireModel()));
    expect(messages()).toEqual(['A repair (about the file, not its state).', 'Rigged.']);
    editor.undo();
    expect(messages()).toEqual(['A repair (about the file, not its state).', warning]);
    editor.redo();
    expect(messages()).toEqual(['A repair (about the file, not its state).', 'Rigged.']);
    editor.undo();
    expect(messages()).toEqual(['A repair (about the file, not its state).', warning]);
    // A new file starts its own notices.
    editor.loadDocument(staticMannequin({ build: 'average', pose: 'T' }, 800), 'Other.glb');
    expect(messages()).toEqual(['Other.glb has no skinned mesh: there are no weights to edit.']);
  });

  it('leaves the file as it was on Cancel and on a fit that fails', async () => {
    const editor = open();
    const job = editor.rig.rig(FAST);
    job.cancel();
    await expect(job.promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(editor.requireModel().skins).toHaveLength(0);
    expect(editor.history.undoCount).toBe(0);
    await expect(editor.rig.rig({ ...FAST, markers: { chin: [5, 5, 5] } }).promise).rejects.toMatchObject({
      name: 'MarkerError',
    });
    expect(editor.requireModel().skins).toHaveLength(0);
    expect(editor.history.undoCount).toBe(0);
  });

  it('refuses a file that already has a skin', async () => {
    const editor = open();
    await editor.rig.rig(FAST).promise;
    expect(editor.rig.available).toBe(false);
    expect(() => editor.rig.startFit()).toThrow(/already has a skin/);
  });
});
