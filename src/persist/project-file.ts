import type { Document } from '@gltf-transform/core';
import type { Editor } from '../editor/editor.ts';
import { exportBaseName, exportDocument } from '../gltf/export/export-document.ts';
import type { InputFiles } from '../gltf/input-files.ts';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import type { SavedStack } from '../layers/layer-stack.ts';
import { decodeStack, encodeStack } from './project-layers.ts';
import { applySessionState } from './restore-session.ts';
import { type SessionState, sanitizeSessionState } from './session.ts';

/** The key of the editor state in the root `extras` of a project GLB. */
export const PROJECT_EXTRAS_KEY = 'skinsmith';
export const PROJECT_FORMAT = 1;

/** What a project file carries besides the model: the editor state, and when it was saved. */
export interface ProjectState {
  format: number;
  savedAt: number;
  /** The name of the file the work started from ("Fox.glb"). */
  sourceName: string;
  state: SessionState;
  /** The weight layers (null: none); the accessors hold the weights they compose to. */
  layers: SavedStack | null;
  /** Why the layers could not be read back (a damaged record), or null. */
  layersError: string | null;
}

export interface SaveProjectOptions {
  /** The name of the file the work started from; the project is named after it. */
  sourceName?: string;
  /** The weight layers to keep in the file (editor.layers.snapshot()). */
  layers?: SavedStack | null;
}

export const SAVE_PROJECT_DEFAULTS: Required<SaveProjectOptions> = { sourceName: 'model.glb', layers: null };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** "Fox.glb" and "Fox.skinsmith.glb" both → "Fox.skinsmith.glb". */
export function projectFileName(sourceName: string): string {
  return `${exportBaseName(sourceName).replace(/\.skinsmith$/i, '')}.skinsmith.glb`;
}

/**
 * A project file: the model exported as a GLB with float weights and all K influences (so the
 * weights in its accessors are the editor's, bit for bit), and the editor state (locks, excluded
 * joints, selection, pose, named poses, brush and mirror settings) in the root `extras.skinsmith`. Any glTF
 * tool opens it as a plain rigged model. The document is left as it was.
 */
export async function saveProjectGlb(
  model: SkinnedModel,
  state: SessionState,
  options: SaveProjectOptions = {},
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { sourceName, layers } = { ...SAVE_PROJECT_DEFAULTS, ...options };
  const root = model.document.getRoot();
  const extras = root.getExtras();
  const project = {
    format: PROJECT_FORMAT,
    savedAt: Date.now(),
    sourceName,
    state,
    ...(layers && { layers: encodeStack(layers) }),
  };
  // Root extras other than an object (legal, if unusual) are set aside for the write.
  root.setExtras({ ...(isRecord(extras) ? extras : {}), [PROJECT_EXTRAS_KEY]: project as never });
  try {
    const influences = model.primitives[0]?.weights.influences === 8 ? 8 : 4;
    const result = await exportDocument(model, {
      format: 'glb',
      maxInfluences: influences,
      weights: 'float',
      sourceName,
    });
    return { bytes: result.bytes!, fileName: projectFileName(sourceName) };
  } finally {
    root.setExtras(extras);
  }
}

/** The project state in a document's root extras (checked field by field), or null when there is none. */
export function readProjectState(document: Document): ProjectState | null {
  const extras = document.getRoot().getExtras();
  const value = isRecord(extras) ? extras[PROJECT_EXTRAS_KEY] : undefined;
  if (!isRecord(value) || value.format !== PROJECT_FORMAT) return null;
  let layers: SavedStack | null = null;
  let layersError: string | null = null;
  if (value.layers !== undefined && value.layers !== null) {
    try {
      layers = decodeStack(value.layers);
    } catch (err) {
      layersError = (err as Error).message;
    }
  }
  return {
    format: PROJECT_FORMAT,
    savedAt: typeof value.savedAt === 'number' && Number.isFinite(value.savedAt) ? value.savedAt : 0,
    sourceName: typeof value.sourceName === 'string' ? value.sourceName : 'model.glb',
    state: sanitizeSessionState(value.state),
    layers,
    layersError,
  };
}

/** Reads the project state and removes it from the document, so a later export does not carry it. */
export function takeProjectState(document: Document): ProjectState | null {
  const project = readProjectState(document);
  const root = document.getRoot();
  const extras = root.getExtras();
  if (isRecord(extras) && PROJECT_EXTRAS_KEY in extras) {
    const { [PROJECT_EXTRAS_KEY]: _, ...rest } = extras;
    root.setExtras(rest);
  }
  return project;
}

/**
 * Opens a file, and when it is a project file, restores its editor state: the weights come from
 * its accessors; locks, selection, named poses and the pose through the editor; the returned
 * state's brush, mirror and excluded joints are for the app to hand on. A plain glTF opens as usual (returns null).
 */
export async function openProject(editor: Editor, input: InputFiles): Promise<ProjectState | null> {
  const model = await editor.load(input);
  const project = takeProjectState(model.document);
  if (!project) return null;
  let layersError = project.layersError;
  if (project.layers) {
    try {
      editor.layers.restore(project.layers);
    } catch (err) {
      layersError = (err as Error).message;
    }
  }
  if (layersError)
    editor.notify({
      level: 'warning',
      message: `The weight layers of ${input.name} could not be read back (${layersError}): its weights open flattened.`,
    });
  applySessionState(editor, project.state);
  return project;
}
