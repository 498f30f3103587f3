import type { Editor } from '../editor/editor.ts';
import { readDocument } from '../gltf/read-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import { restoreHistory } from './saved-history.ts';
import type { PrimitiveWeights, Session, SessionState } from './session.ts';
import { SessionError } from './session-records.ts';

/** Puts saved weights into a freshly built model, after checking they fit it exactly. */
export function applySavedWeights(
  model: SkinnedModel,
  saved: readonly PrimitiveWeights[],
  fileName: string,
): void {
  if (saved.length !== model.primitives.length) {
    throw new SessionError(
      `The saved weights of ${fileName} are for ${saved.length} skinned primitives; the file has ${model.primitives.length}.`,
    );
  }
  saved.forEach((s, p) => {
    const w = model.primitives[p].weights;
    if (s.vertexCount !== w.vertexCount || s.influences !== w.influences) {
      throw new SessionError(`The saved weights of ${fileName} do not fit primitive ${p} of the file.`);
    }
  });
  saved.forEach((s, p) => {
    // Typed-array copies: the saved floats come back bit for bit.
    model.primitives[p].weights.joints.set(s.joints);
    model.primitives[p].weights.weights.set(s.weights);
  });
}

/**
 * Locks, selection, named poses and the pose through the editor's own methods, skipping joints
 * the model lacks. The pose goes through editor.pose like any pose change, so the paint surfaces
 * and every view of the model (told by its 'pose' event and revision) show the same bend.
 */
export function applySessionState(editor: Editor, state: SessionState): void {
  const model = editor.requireModel();
  for (const id of state.locks) if (model.joints.has(id)) editor.setLocked(id, true);
  const joint = state.selection.joint;
  if (joint !== null && model.joints.has(joint)) editor.selectJoint(joint);
  if (Object.keys(state.namedPoses).length > 0) editor.pose.importPoses(state.namedPoses);
  if (Object.keys(state.pose).length === 0) return;
  try {
    editor.pose.fromRecord(state.pose);
  } catch (err) {
    // The weights are back; a pose that does not fit is only a view of them.
    editor.notify({
      level: 'warning',
      message: `The saved pose could not be applied: ${(err as Error).message}`,
    });
  }
}

/**
 * Brings a saved session back into the editor: reads its source file again, builds the model with
 * the session's K, puts the saved weights in bit for bit, its layers and its kept undo steps, then
 * locks, selection, named poses and the pose. Returns the state, whose brush, mirror and excluded
 * joints the app hands to their owners.
 * Throws LoadError (the source no longer opens) or SessionError (the weights do not fit it);
 * the editor keeps what it had until everything is ready.
 */
export async function restoreSession(editor: Editor, session: Session): Promise<SessionState> {
  const document = await readDocument({ name: session.fileName, bytes: session.sourceBytes });
  const influences = session.state.influences === 8 ? 8 : 4;
  const model = buildSkinnedModel(document, { influences });
  applySavedWeights(model, session.weights, session.fileName);
  editor.setModel(model, session.fileName, session.sourceBytes);
  let layersLost = false;
  if (session.layers) {
    try {
      editor.layers.restore(session.layers);
    } catch (err) {
      layersLost = true;
      // The composed weights are back either way: say what is missing rather than fail the restore.
      editor.notify({
        level: 'warning',
        message: `The weight layers of ${session.fileName} could not be restored (${(err as Error).message}); the weights they made are back, flattened.`,
      });
    }
  }
  // The undo steps kept with the session, on the weights and layers they were made on (with the
  // layers flattened, steps made on a layer no longer fit: the history is left out, and said so).
  if (layersLost && session.history)
    editor.notify({
      level: 'warning',
      message: `The undo history of ${session.fileName} was made on its layers, which could not be restored: the weights are back, with no undo history.`,
    });
  else restoreHistory(editor, session.history);
  // The restored weights are in no exported file: say they changed, so the editor counts them as
  // unexported edits (the unload prompt) and views redraw them.
  editor.events.emit(
    'weights',
    model.primitives.map((p) => ({ primitive: p.id, start: 0, end: p.weights.vertexCount })),
  );
  // A restore covers nothing: the next step's coverage starts from here.
  editor.layers.stack.dropCovered();
  editor.events.emit('committed', { kind: 'restored', label: null });
  applySessionState(editor, session.state);
  editor.notify({
    level: 'info',
    message: `Restored your session of ${session.fileName} from ${new Date(session.savedAt).toLocaleString()}.`,
  });
  return session.state;
}
