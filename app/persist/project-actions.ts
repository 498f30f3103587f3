import type { InputFiles } from '../../src/gltf/input-files.ts';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { editorSessionState } from '../../src/persist/editor-autosave.ts';
import { openProject, saveProjectGlb } from '../../src/persist/project-file.ts';
import { editor } from '../editor-instance.ts';
import { saveFile } from '../export/save-file.ts';
import { hooks } from './persist-instance.ts';
import { applyHookState } from './session-hooks.ts';

/** The file a project's work started from ("Fox.glb"), so saving it again keeps that name. */
let projectSource: { model: SkinnedModel; name: string } | null = null;

const sourceName = () =>
  projectSource && projectSource.model === editor.model ? projectSource.name : editor.fileName || 'model.glb';

/** The current work as a project file (GLB + editor state), without downloading it. */
export async function buildProject(): Promise<{ fileName: string; bytes: Uint8Array; revision: number }> {
  const model = editor.requireModel();
  // Read before the (async) write: edits made meanwhile are not in this file.
  const revision = editor.weightsRevision;
  const { bytes, fileName } = await saveProjectGlb(model, editorSessionState(editor, hooks), {
    sourceName: sourceName(),
    layers: editor.layers.snapshot(),
  });
  return { bytes, fileName, revision };
}

/**
 * Save project (Ctrl+S): downloads `X.skinsmith.glb`, which carries the model, its weights bit
 * for bit and the editor state, to move work to another machine. It holds the work as much as an
 * export does, so closing the tab afterwards no longer asks.
 */
export async function saveProject(): Promise<void> {
  if (!editor.model) return;
  try {
    const { bytes, fileName, revision } = await buildProject();
    saveFile({ fileName, bytes, mimeType: 'model/gltf-binary' });
    editor.markExported(revision);
    editor.notify({
      level: 'info',
      message: `Saved the project as ${fileName}: open it in Skinsmith to go on where you left off.`,
    });
  } catch (err) {
    editor.notify({
      level: 'error',
      message: `The project could not be saved: ${(err as Error).message}. Export your work to keep it.`,
    });
  }
}

/**
 * Opens files the way Open and drop do; a Skinsmith project also gets its state back (locks,
 * selection by the editor; brush, mirror, pose and excluded joints here).
 */
export async function openInput(input: InputFiles): Promise<SkinnedModel> {
  const project = await openProject(editor, input);
  const model = editor.requireModel();
  if (project) {
    projectSource = { model, name: project.sourceName };
    applyHookState(editor, project.state);
    const when = project.savedAt ? ` (saved ${new Date(project.savedAt).toLocaleString()})` : '';
    editor.notify({
      level: 'info',
      message: `Opened the project ${input.name}${when}: weights, locks, selection and brush settings are back.`,
    });
  }
  return model;
}
