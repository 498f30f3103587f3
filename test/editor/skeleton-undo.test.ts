/**
 * Skeleton edits in the editor are undo steps that give the file back bit for bit: random edit
 * sequences through editor.skeleton, each one step; undoing them all gives the export of the file
 * as opened, byte for byte (and the very model it had), redoing them all the last export again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Editor } from '../../src/editor/editor.ts';
import { exportDocument } from '../../src/gltf/export/export-document.ts';
import { SkeletonEditError } from '../../src/skeleton/skeleton-edit-error.ts';
import { editSeed, materialize } from '../skeleton/support/random-edits.ts';
import { exportedAs } from '../support/exporter-fixtures.ts';
import { runs } from '../support/property-runs.ts';

async function bytes(editor: Editor): Promise<Uint8Array> {
  return (await exportDocument(editor.requireModel(), { format: 'glb' })).bytes!;
}

describe.each(['z-up-root', 'multi-skin', 'no-ibm'] as const)('skeleton undo on %s', (convention) => {
  it('undo of every edit gives the file back bit for bit; redo gives the edits back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(editSeed(), { minLength: 1, maxLength: 4 }), async (seeds) => {
        const editor = new Editor();
        editor.loadDocument(exportedAs(convention, 1200), 'Mannequin.glb');
        const first = editor.requireModel();
        const original = await bytes(editor);
        let steps = 0;
        for (const [k, seed] of seeds.entries()) {
          const edit = materialize(editor.requireModel(), seed, k);
          if (!edit) continue;
          try {
            if (editor.skeleton.apply(edit).length && editor.model !== first)
              steps = editor.history.undoCount;
          } catch (err) {
            if (!(err instanceof SkeletonEditError)) throw err;
          }
        }
        const last = await bytes(editor);
        const lastModel = editor.model;
        for (let k = 0; k < steps; k++) expect(editor.undo()).toBe(true);
        expect(editor.model).toBe(first);
        expect(Buffer.from(await bytes(editor)).equals(Buffer.from(original))).toBe(true);
        for (let k = 0; k < steps; k++) expect(editor.redo()).toBe(true);
        expect(editor.model).toBe(lastModel);
        expect(Buffer.from(await bytes(editor)).equals(Buffer.from(last))).toBe(true);
      }),
      { numRuns: runs(3) },
    );
  }, 300_000);
});
