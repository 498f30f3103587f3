import {
  BRUSH_DEFAULTS,
  type BrushSettings,
  sanitizeBrushSettings,
} from '../../src/editor/brush-settings.ts';
import type { Editor } from '../../src/editor/editor.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import type { EditorSessionHooks } from '../../src/persist/editor-autosave.ts';
import type { JsonValue, SessionState } from '../../src/persist/session.ts';
import { builtinSourceBytes } from './builtin-source.ts';

/**
 * The pose is read only once the user posed this model: reading it builds the posed mesh, which
 * a model that was never posed should not pay for on every save.
 */
let posedModel: SkinnedModel | null = null;

/** Called on the pose session's change events. */
export function notePosed(editor: Editor): void {
  posedModel = editor.model;
}

/** The parts of the session the Editor does not own itself, read from where they live in the app. */
export function sessionHooks(editor: Editor): EditorSessionHooks {
  return {
    // The session model keeps mirror settings apart from the brush; the editor has them together.
    brush: () => {
      const { mirror: _m, mirrorAxis: _a, ...brush } = editor.paint.settings;
      return { ...brush };
    },
    mirror: () => ({ mirror: editor.paint.settings.mirror, mirrorAxis: editor.paint.settings.mirrorAxis }),
    pose: () => (posedModel !== null && posedModel === editor.model ? editor.pose.toRecord() : {}),
    namedPoses: () => (editor.model ? editor.pose.exportPoses() : {}),
    excludedJoints: () => [...editor.excluded],
    sourceBytes: () => builtinSourceBytes(editor),
  };
}

/** Saved brush and mirror settings, key by key: a value the editor refuses keeps the current one. */
function brushChange(saved: { [key: string]: JsonValue }, current: BrushSettings): Partial<BrushSettings> {
  const change: Record<string, unknown> = {};
  for (const key of Object.keys(BRUSH_DEFAULTS) as (keyof BrushSettings)[]) {
    if (!(key in saved)) continue;
    try {
      const next = sanitizeBrushSettings({ [key]: saved[key] } as Partial<BrushSettings>, current);
      change[key] = next[key];
    } catch {
      // An unknown brush or axis from another version: keep the current setting.
    }
  }
  return change as Partial<BrushSettings>;
}

/**
 * Hands the restored state's parts the Editor does not own (restoreSession and openProject set
 * locks, selection, named poses and the pose themselves) to their owners: brush and mirror
 * settings to the paint session, excluded joints to the editor.
 */
export function applyHookState(editor: Editor, state: SessionState): void {
  const change = brushChange({ ...state.brush, ...state.mirror }, editor.paint.settings);
  if (Object.keys(change).length > 0) editor.paint.setSettings(change);
  const model = editor.model;
  if (!model) return;
  for (const joint of state.excludedJoints) {
    // A joint id that is not in this model (another version of the file) is skipped.
    if (model.joints.has(joint)) editor.setExcluded(joint, true);
  }
}
