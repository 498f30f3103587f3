import { describe, expect, it } from 'vitest';
import { TestEditor } from './test-editor.ts';

describe('Editor export revision (the "unsaved changes" hook)', () => {
  it('counts weight changes, clears on markExported, and resets on load', () => {
    const t = new TestEditor();
    const { editor } = t;
    expect(editor.hasUnexportedEdits).toBe(false);
    expect(editor.paint.flood()).toBe(true);
    expect(editor.hasUnexportedEdits).toBe(true);

    // The revision read before an export is what the download marks as taken away.
    const exported = editor.weightsRevision;
    editor.markExported(exported);
    expect(editor.hasUnexportedEdits).toBe(false);

    // Undo is a change too: the file taken away no longer matches the editor.
    editor.undo();
    expect(editor.hasUnexportedEdits).toBe(true);
    // An older export marked late never moves the mark back.
    editor.markExported(exported);
    editor.markExported(exported - 1);
    expect(editor.exportedRevision).toBe(exported);

    editor.loadDocument(editor.requireModel().document, 'again.glb');
    expect(editor.hasUnexportedEdits).toBe(false);
  });
});
