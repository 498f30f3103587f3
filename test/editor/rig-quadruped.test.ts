/**
 * editor.rig with the quadruped template: on the dog made in code, after a humanoid fit of the
 * same file (the fit runner keeps the mesh and prepares the animal's body from it), the preview
 * is the quadruped template; rig() is one undo step over it, every vertex weighted; a humanoid
 * mesh is refused with the reason and the file left alone.
 */
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { quadrupedTemplate } from '../../src/skeleton/templates/quadruped.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { staticDog } from '../skeleton/support/static-dog.ts';
import { staticMannequin } from '../skeleton/support/static-fixture.ts';

const FAST = { method: 'closest', resolution: 48 } as const;

describe('editor.rig, quadruped', () => {
  it('fits the dog after a humanoid try, rigs it in one undo step', async () => {
    const editor = new Editor();
    editor.loadDocument(staticDog({ spacing: 0.025 }), 'Dog.glb');
    await editor.rig.fit({}).catch(() => null); // the humanoid guess: whatever it makes of a dog
    const fitted = await editor.rig.fit({ template: 'quadruped' });
    const names = quadrupedTemplate(true).map((j) => j.name);
    expect(fitted.joints.map((j) => j.name)).toEqual(names);
    expect(editor.rig.preview).toBe(fitted);
    const report = await editor.rig.rig({ ...FAST, template: 'quadruped' }).promise;
    expect(report.joints).toBe(names.length);
    const model = editor.requireModel();
    expect(model.skins).toHaveLength(1);
    expect(model.skinnedVertexCount).toBe(model.vertexCount);
    expect(new Set([...model.joints.values()].map((j) => j.name))).toEqual(new Set(names));
    for (const p of model.primitives) expect(findInvariantViolations(p.weights)).toEqual([]);
    expect(editor.history.undoCount).toBe(1);
    editor.undo();
    expect(editor.requireModel().skins).toHaveLength(0);
  }, 60_000);

  it('refuses a humanoid with the reason; the file stays static', async () => {
    const editor = new Editor();
    editor.loadDocument(staticMannequin({ build: 'average', pose: 'A' }, 2000), 'Static.glb');
    await expect(editor.rig.fit({ template: 'quadruped' })).rejects.toThrow(/found 1 foot on the floor/);
    await expect(editor.rig.rig({ ...FAST, template: 'quadruped' }).promise).rejects.toThrow(
      /foot on the floor/,
    );
    expect(editor.requireModel().skins).toHaveLength(0);
    expect(editor.history.undoCount).toBe(0);
  }, 60_000);
});
