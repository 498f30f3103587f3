/** What the rigger chose when opening a file over unsaved work. */
export type ReplaceChoice = 'save' | 'discard' | 'cancel';

/** What {@link mayReplace} needs: where the unsaved work is, how to ask, how to save it. */
export interface OpenGuard {
  /** The file whose edits are not exported or saved as a project, or null when there are none. */
  unsaved(): string | null;
  /** Asks what to do before `next` replaces `current` (the app's dialog). */
  ask(current: string, next: string): Promise<ReplaceChoice>;
  /** Saves the work (a project file); resolves true when it is saved. */
  save(): Promise<boolean>;
}

/**
 * Whether opening `next` may replace the current model: at once when nothing is unsaved;
 * otherwise as the rigger answers — Save (then only if saving worked), Don't save, or Cancel.
 */
export async function mayReplace(next: string, guard: OpenGuard): Promise<boolean> {
  const current = guard.unsaved();
  if (current === null) return true;
  const choice = await guard.ask(current, next);
  if (choice === 'cancel') return false;
  if (choice === 'save') return guard.save();
  return true;
}

/** The name a set of files opens under (the first .glb, else the first .gltf, else the only one). */
export function mainFileName(names: readonly string[]): string {
  const ext = (n: string) => n.toLowerCase().slice(n.lastIndexOf('.') + 1);
  return names.find((n) => ext(n) === 'glb') ?? names.find((n) => ext(n) === 'gltf') ?? names[0] ?? '';
}
