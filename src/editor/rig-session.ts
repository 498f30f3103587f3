/**
 * RigSession (`editor.rig`): rigging a static mesh — a file with no skin — from the Rig panel,
 * scripts and tests.
 *
 * - `fit(options)` fits a template (src/skeleton/fit) to the open file's mesh off the main
 *   thread (the runner: a Web Worker in the app, in-process in Node) and keeps the result as the
 *   preview the viewport draws; the file is not touched. The worker prepares the body once per
 *   model, so a marker dragged refits in milliseconds.
 * - `rig(options)` fits, puts the joints into a copy of the file, makes one skin over them (the
 *   bind pose is the mesh as given), installs the copy and auto-binds it (end joints get no
 *   weight): ONE undo step, with progress and Cancel; Cancel or a failure leaves the file as it
 *   was. Afterwards the character is an ordinary skinned model: the skeleton tools edit it.
 */

import { exportBaseName } from '../gltf/export/export-document.ts';
import { buildSkinnedModel, type SkinnedModel } from '../gltf/skinned-model.ts';
import type { BodyFrame } from '../skeleton/fit/body-frame.ts';
import { type FitRunner, inProcessFitRunner } from '../skeleton/fit/fit-client.ts';
import { fitMeshOfDocument } from '../skeleton/fit/fit-mesh.ts';
import type { FitWireOptions } from '../skeleton/fit/fit-protocol.ts';
import type { FittedSkeleton } from '../skeleton/fit/fit-skeleton.ts';
import { rigDocument } from '../skeleton/fit/rig-document.ts';
import { type VrmMetaInput, writeVrmHumanoid } from '../vrm/vrm-write.ts';
import type { EditorAutobindOptions, EditorAutobindStats } from './autobind-job.ts';
import { copyDocument } from './create-skin-step.ts';
import type { Editor } from './editor.ts';
import { Emitter } from './emitter.ts';
import { changeModel } from './model-swap.ts';

export type { FittedSkeleton } from '../skeleton/fit/fit-skeleton.ts';
export type { HumanoidMarkers, MarkerName } from '../skeleton/fit/markers.ts';

/** What a rig made. */
export interface RigReport extends EditorAutobindStats {
  fitted: FittedSkeleton;
  joints: number;
  /** Milliseconds the fit took (frame, solid, markers, joints). */
  fitMs: number;
}

/** A running rig. */
export interface RigJob {
  promise: Promise<RigReport>;
  cancel(): void;
}

/** What the session tells the viewport and the panel. */
export type RigEvents = {
  /** The preview skeleton changed (null: none). */
  preview: FittedSkeleton | null;
};

const LABEL = 'Rig';
let meshKeys = 0;

function aborted(): Error {
  const e = new Error('Rigging was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** Asks a rig to write a VRM 1.0 humanoid map (the file then saves as .vrm). */
export interface RigVrmOption {
  /** true: named after the file; or the avatar's meta. The humanoid template only. */
  vrm?: boolean | VrmMetaInput;
}

function vrmMeta(vrm: true | VrmMetaInput, fileName: string): VrmMetaInput {
  return vrm === true ? { name: exportBaseName(fileName) } : vrm;
}

export class RigSession {
  readonly events = new Emitter<RigEvents>();
  /** How fits run: in-process here; the app swaps in a Web Worker (src/skeleton/fit/fit-client.ts). */
  runner: FitRunner = inProcessFitRunner;
  /** The last fit of the open file, drawn by the viewport (null after a rig or a new file). */
  preview: FittedSkeleton | null = null;
  /**
   * The open file's body frame (its left, up and front), from the last fit — also from one that
   * failed for want of markers, so the view can still face the body and a placed marker mirror.
   */
  frame: BodyFrame | null = null;
  private keyed: { model: SkinnedModel; key: number } | null = null;

  constructor(private readonly editor: Editor) {
    editor.events.on('model', () => {
      this.frame = null;
      this.clearPreview();
    });
  }

  /** True when the open file has no skin: a static mesh to rig. */
  get available(): boolean {
    const model = this.editor.model;
    return model !== null && model.skins.length === 0;
  }

  /** Forgets the preview (the viewport stops drawing it). */
  clearPreview(): void {
    if (this.preview === null) return;
    this.preview = null;
    this.events.emit('preview', null);
  }

  private meshKey(model: SkinnedModel): number {
    if (this.keyed?.model !== model) this.keyed = { model, key: ++meshKeys };
    return this.keyed.key;
  }

  /** Starts a fit of the open file (see the module comment); `promise` rejects with the fitter's error. */
  startFit(options: FitWireOptions = {}): { promise: Promise<FittedSkeleton>; cancel(): void } {
    const model = this.editor.requireModel();
    if (model.skins.length > 0)
      throw new Error(
        'This file already has a skin: Rig is for a mesh without one (Auto-bind reweights a skin).',
      );
    const job = this.runner(this.meshKey(model), () => fitMeshOfDocument(model.document), options);
    return {
      promise: job.promise.then(
        (fitted) => {
          if (this.editor.model === model) {
            this.preview = fitted;
            this.frame = fitted.frame;
            this.events.emit('preview', fitted);
          }
          return fitted;
        },
        (err: unknown) => {
          const frame = (err as { frame?: BodyFrame } | null)?.frame;
          if (frame && this.editor.model === model) this.frame = frame;
          throw err;
        },
      ),
      cancel: job.cancel,
    };
  }

  /** Fits and keeps the result as the preview; the file is not changed. */
  fit(options: FitWireOptions = {}): Promise<FittedSkeleton> {
    return this.startFit(options).promise;
  }

  /**
   * Fit, skin and auto-bind as one job and ONE undo step (see the module comment). `resolution`
   * and the other auto-bind options are auto-bind's; the fit takes template, fingers, markers
   * and chain. `vrm` (humanoid only) also writes a VRM 1.0 humanoid map and meta: the file is
   * then a VRM avatar, saved as .vrm from Export.
   */
  rig(options: Omit<FitWireOptions, 'resolution'> & EditorAutobindOptions & RigVrmOption = {}): RigJob {
    const editor = this.editor;
    let cancelled = false;
    let current: { cancel(): void } | null = null;
    const onProgress = options.onProgress;
    const run = async (): Promise<RigReport> => {
      const model = editor.requireModel();
      const t0 = performance.now();
      onProgress?.(0);
      const { template, fingers, markers, chain } = options;
      if (options.vrm && template && template !== 'humanoid')
        throw new Error(`A VRM avatar needs the humanoid template: a ${template} has no humanoid map.`);
      const fit = this.startFit({ template, fingers, markers, chain });
      current = fit;
      const fitted = await fit.promise;
      const fitMs = performance.now() - t0;
      onProgress?.(0.1);
      const copy = await copyDocument(editor);
      if (cancelled || editor.model !== model) throw aborted();
      const rigged = rigDocument(copy, fitted);
      if (options.vrm) writeVrmHumanoid(copy, rigged.jointNodes, vrmMeta(options.vrm, editor.fileName));
      const next = buildSkinnedModel(copy, { influences: options.maxInfluences === 8 ? 8 : 4 });
      const nodes = copy.getRoot().listNodes();
      const ends = rigged.endJoints.map((n) => nodes.indexOf(n));
      const mark = editor.history.mark();
      changeModel(editor, next, LABEL, ends);
      // Until auto-bind is done every vertex is on the root: no joint selected, so the view draws
      // the mesh plain rather than a whole body red on the Hips for a second.
      editor.selectJoint(null);
      const skinned = editor.model;
      try {
        if (cancelled) throw aborted();
        const bind = editor.autobind({
          ...options,
          rigidProps: true,
          joints: 'all',
          layer: 'active',
          onProgress: (f) => onProgress?.(0.15 + 0.85 * f),
        });
        current = bind;
        const stats = await bind.promise;
        editor.history.squashToMark(mark, LABEL);
        this.clearPreview();
        editor.selectJoint(editor.busiestJoint());
        return { ...stats, fitted, joints: fitted.joints.length, fitMs };
      } catch (err) {
        // The skeleton without weights is not what was asked for: back to the static file.
        if (editor.model === skinned) editor.revertToMark(mark);
        throw err;
      }
    };
    return {
      promise: run(),
      cancel: () => {
        cancelled = true;
        current?.cancel();
      },
    };
  }
}
