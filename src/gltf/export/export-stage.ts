/**
 * ExportStage: temporary edits to the editor's Document for one export, undone afterwards.
 *
 * Export writes the Document that import read (the one source of truth, DESIGN.md), so it has to
 * change it for the duration of the write: new weight accessors, a fixed `skin.skeleton`, no
 * compression extensions. Each edit registers how to undo itself; {@link ExportStage.restore}
 * undoes them in reverse order, so the editor's document is the same after every export and a
 * second export with other options starts from the same state.
 */
export class ExportStage {
  private readonly undos: (() => void)[] = [];

  /** Registers how to undo an edit that was just made. */
  onRestore(undo: () => void): void {
    this.undos.push(undo);
  }

  /** Undoes every edit, newest first. Safe to call twice. */
  restore(): void {
    while (this.undos.length > 0) this.undos.pop()!();
  }
}
