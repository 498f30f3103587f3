import type { Editor } from '../editor/editor.ts';
import type { Autosaver, SessionSource } from './autosaver.ts';
import { restoreSession } from './restore-session.ts';
import type { JsonValue, Quat, Session, SessionState } from './session.ts';

/**
 * The parts of the session the Editor does not own (yet): the app passes getters for them, and
 * calls {@link EditorAutosave.markState} when one changes.
 */
export interface EditorSessionHooks {
  pose?: () => Record<string, Quat>;
  brush?: () => { [key: string]: JsonValue };
  mirror?: () => { [key: string]: JsonValue };
  excludedJoints?: () => number[];
  /** The bytes to save as the source when the editor has none (the built-in character's GLB). */
  sourceBytes?: () => Uint8Array | null;
}

/** The editor's current session as a SessionSource, or null when nothing can be saved. */
export function editorSessionSource(editor: Editor, hooks: EditorSessionHooks = {}): SessionSource | null {
  const model = editor.model;
  const sourceBytes = editor.sourceBytes ?? hooks.sourceBytes?.() ?? null;
  if (!model || !sourceBytes) return null;
  return {
    fileName: editor.fileName,
    sourceBytes,
    weights: () => model.primitives.map((p) => p.weights),
    state: () => editorSessionState(editor, hooks),
  };
}

/** The editor's state besides weights (for a project file), with the hooks' parts. */
export function editorSessionState(editor: Editor, hooks: EditorSessionHooks = {}): SessionState {
  const model = editor.requireModel();
  return {
    influences: model.primitives[0]?.weights.influences ?? 4,
    locks: [...editor.locks],
    excludedJoints: hooks.excludedJoints?.() ?? [],
    selection: { joint: editor.selectedJoint },
    pose: hooks.pose?.() ?? {},
    brush: hooks.brush?.() ?? {},
    mirror: hooks.mirror?.() ?? {},
  };
}

/**
 * Wires an Autosaver to an Editor: a newly opened model starts a new session, weight changes mark
 * their chunks, lock and selection changes mark the state. Restoring through `restore` continues
 * the restored session instead of starting another.
 */
export class EditorAutosave {
  private readonly off: (() => void)[] = [];
  private restoring = false;

  constructor(
    readonly editor: Editor,
    readonly autosaver: Autosaver,
    private readonly hooks: EditorSessionHooks = {},
  ) {
    this.off.push(
      editor.events.on('model', () => {
        if (this.restoring) return;
        const source = editorSessionSource(editor, hooks);
        if (source) autosaver.begin(source);
        else autosaver.end();
      }),
      // While a restore installs its model, the events describe the session being restored,
      // whose records are already saved: the autosaver switches to it once the restore is done.
      editor.events.on('weights', (ranges) => {
        if (this.restoring) return;
        for (const { primitive, start, end } of ranges) autosaver.markWeights(primitive, start, end);
      }),
      editor.events.on('locks', () => {
        if (!this.restoring) autosaver.markState();
      }),
      editor.events.on('selection', () => {
        if (!this.restoring) autosaver.markState();
      }),
    );
  }

  /** Pose, brush, mirror or excluded joints changed. */
  markState(): void {
    this.autosaver.markState();
  }

  /** Restores a saved session into the editor and keeps saving into it. */
  async restore(session: Session): Promise<SessionState> {
    await this.autosaver.flush();
    this.restoring = true;
    try {
      const state = await restoreSession(this.editor, session);
      const source = editorSessionSource(this.editor, this.hooks);
      if (source) this.autosaver.begin(source, session);
      return state;
    } finally {
      this.restoring = false;
    }
  }

  /** Stops listening (the autosaver keeps what it has; flush it first to save pending changes). */
  detach(): void {
    for (const off of this.off.splice(0)) off();
  }
}
