import type { Editor } from '../editor/editor.ts';
import type { SavedStack } from '../layers/layer-stack.ts';
import type { SerializedPose } from '../pose/pose.ts';
import type { Autosaver, SessionSource } from './autosaver.ts';
import { restoreSession } from './restore-session.ts';
import { keptHistory } from './saved-history.ts';
import type { JsonValue, Quat, Session, SessionState } from './session.ts';

/**
 * The parts of the session the Editor does not own (yet): the app passes getters for them, and
 * calls {@link EditorAutosave.markState} when one changes.
 */
export interface EditorSessionHooks {
  pose?: () => Record<string, Quat>;
  /** The poses saved under a name (editor.pose.exportPoses). */
  namedPoses?: () => Record<string, SerializedPose>;
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
  // Read while the model is open; once another replaced it (the editor clears locks and selection
  // on open), a save still finishing for this session gets the state as it was last read.
  let last: SessionState | null = null;
  let lastLayers: SavedStack | null = null;
  return {
    fileName: editor.fileName,
    sourceBytes,
    weights: () => model.primitives.map((p) => p.weights),
    // As state(): once another model replaced this one, a save still finishing for this session
    // writes the layers as they were last read, never "none".
    layers: () => (editor.model === model ? (lastLayers = editor.layers.snapshot()) : lastLayers),
    // Once another model replaced this one, its history is gone: the index stays as last written.
    history: () => (editor.model === model ? keptHistory(editor) : null),
    state: () => (editor.model === model || !last ? (last = editorSessionState(editor, hooks, model)) : last),
  };
}

/** The editor's state besides weights (for a project file), with the hooks' parts. */
export function editorSessionState(
  editor: Editor,
  hooks: EditorSessionHooks = {},
  model = editor.requireModel(),
): SessionState {
  return {
    influences: model.primitives[0]?.weights.influences ?? 4,
    locks: [...editor.locks],
    excludedJoints: hooks.excludedJoints?.() ?? [],
    selection: { joint: editor.selectedJoint },
    pose: hooks.pose?.() ?? {},
    namedPoses: hooks.namedPoses?.() ?? {},
    brush: hooks.brush?.() ?? {},
    mirror: hooks.mirror?.() ?? {},
  };
}

/** How {@link EditorAutosave} behaves. */
export interface EditorAutosaveOptions {
  /**
   * When an opened model starts a session. 'open': at once (every file opened is saved).
   * 'edit': at its first edit (weights, locks, or a state change marked as an edit), so that
   * opening files to look at them does not push real work out of the few sessions kept.
   */
  startOn?: 'open' | 'edit';
}

export const EDITOR_AUTOSAVE_DEFAULTS: Required<EditorAutosaveOptions> = { startOn: 'open' };

/**
 * Wires an Autosaver to an Editor: a newly opened model starts a new session (at once, or at its
 * first edit), weight changes mark their chunks, lock and selection changes mark the state.
 * Restoring through `restore` continues the restored session instead of starting another.
 */
export class EditorAutosave {
  private readonly off: (() => void)[] = [];
  private readonly options: Required<EditorAutosaveOptions>;
  private restoring = false;
  /** The model was opened with `startOn: 'edit'` and no session is started for it yet. */
  private waiting = false;
  /** An edit came while waiting but the hooks had no source bytes yet: start when they do. */
  private editedWhileWaiting = false;
  /** The model the running session saves (layer changes of another are not its own). */
  private sessionModel: unknown = null;

  constructor(
    readonly editor: Editor,
    readonly autosaver: Autosaver,
    private readonly hooks: EditorSessionHooks = {},
    options: EditorAutosaveOptions = {},
  ) {
    this.options = { ...EDITOR_AUTOSAVE_DEFAULTS, ...options };
    this.off.push(
      editor.events.on('model', () => {
        if (this.restoring) return;
        this.waiting = this.editedWhileWaiting = false;
        if (this.options.startOn === 'edit') {
          // The previous session's last changes still go to it (flush takes them synchronously).
          void autosaver.flush();
          autosaver.end();
          this.waiting = true;
        } else this.start();
      }),
      // While a restore installs its model, the events describe the session being restored,
      // whose records are already saved: the autosaver switches to it once the restore is done.
      editor.events.on('weights', (ranges) => {
        if (this.restoring || this.startOnEdit()) return;
        for (const { primitive, start, end } of ranges) autosaver.markWeights(primitive, start, end);
      }),
      editor.events.on('locks', (locks) => {
        if (this.restoring) return;
        // Opening a model announces its (empty) locks: no lock is no change from the file.
        if (this.waiting && locks.size === 0) return;
        if (!this.startOnEdit()) autosaver.markState();
      }),
      // Opening a file starts with 'busy': save the open session's last changes while its model,
      // locks and selection are still the editor's.
      editor.events.on('busy', (busy) => {
        if (busy && !this.restoring) void autosaver.flush();
      }),
      // Layers are saved whole: after a layer operation, and after each finished edit while the
      // model has layers (a stroke on a layer changes the layer, not only the composed weights).
      // Only for the session's own model: a file being opened announces its (new) layers before
      // the session switches to it.
      editor.layers.events.on('changed', () => {
        if (!this.restoring && !this.waiting && editor.model && editor.model === this.sessionModel)
          autosaver.markLayers();
      }),
      editor.events.on('committed', () => {
        if (this.restoring || this.waiting || !editor.model || editor.model !== this.sessionModel) return;
        if (editor.layers.stack.layered) autosaver.markLayers();
        autosaver.markHistory();
      }),
      editor.events.on('selection', () => {
        // Selecting is not an edit: it is saved with the session, but starts none.
        if (!this.restoring && !this.waiting) autosaver.markState();
      }),
    );
  }

  /** A session is being saved (false while waiting for the first edit, or with nothing open). */
  get active(): boolean {
    return !this.waiting && this.autosaver.sessionId !== '' && this.editor.model !== null;
  }

  /**
   * Pose, named poses, brush, mirror or excluded joints changed. `isEdit` false (a brush setting, say) saves
   * it with a running session but does not start one for a model opened with `startOn: 'edit'`.
   */
  markState(isEdit = true): void {
    // A restore's own changes (its pose) describe the session being restored, saved already.
    if (this.restoring) return;
    if (this.waiting) {
      if (isEdit) this.startOnEdit();
      return;
    }
    this.autosaver.markState();
  }

  /** The hooks' source bytes became available (the built-in character's): an edit waiting for them starts the session. */
  sourceChanged(): void {
    if (this.waiting && this.editedWhileWaiting) this.startOnEdit();
  }

  /** While waiting for the first edit, starts the session (which saves everything); true if it handled the change. */
  private startOnEdit(): boolean {
    if (!this.waiting) return false;
    this.editedWhileWaiting = true;
    if (this.start()) this.waiting = this.editedWhileWaiting = false;
    return true;
  }

  private start(): boolean {
    this.sessionModel = this.editor.model;
    const source = editorSessionSource(this.editor, this.hooks);
    if (source) this.autosaver.begin(source);
    else this.autosaver.end();
    return source !== null;
  }

  /** Restores a saved session into the editor and keeps saving into it. */
  async restore(session: Session): Promise<SessionState> {
    await this.autosaver.flush();
    this.restoring = true;
    try {
      const state = await restoreSession(this.editor, session);
      this.waiting = this.editedWhileWaiting = false;
      this.sessionModel = this.editor.model;
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
