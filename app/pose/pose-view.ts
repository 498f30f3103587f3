import { editor } from '../editor-instance.ts';
import { layoutBones } from '../viewport/bone-layout.ts';
import type { Shown } from '../viewport/ModelView.tsx';
import type { ViewScene } from '../viewport/view-scene.ts';
import { CreaseOverlay } from './crease-overlay.ts';
import { DqPreview } from './dq-preview.ts';
import { posedSignal } from './posed-signal.ts';

/** Puts the editor's current pose (its node TRS) on the scene's node objects. */
export function poseObjects(scene: ViewScene): void {
  const { nodeIds, trs } = editor.pose.nodeTransforms();
  for (let s = 0; s < nodeIds.length; s++) {
    const o = scene.nodeObjects.get(nodeIds[s]);
    if (!o) continue;
    const k = s * 10;
    o.position.set(trs[k], trs[k + 1], trs[k + 2]);
    o.quaternion.set(trs[k + 3], trs[k + 4], trs[k + 5], trs[k + 6]);
    o.scale.set(trs[k + 7], trs[k + 8], trs[k + 9]);
  }
  scene.root.updateMatrixWorld(true);
}

/**
 * Puts the editor's pose on the three.js scene of one shown model, so the GPU skins the same
 * posed mesh the editor computes on the CPU for painting (src/pose/posed-mesh.ts explains why
 * the spaces agree). The editor does the math: this copies its node TRS onto the loader's objects.
 *
 * Skeleton mode shows the rest pose whatever the pose. Back at the rest pose it restores the
 * loader's own TRS numbers rather than the editor's, so reset gives the rest-pose pixels bit for
 * bit whatever rounding a decomposition would add.
 *
 * What is drawn and what is painted never part: a view takes the editor's pose when it is made
 * (a scene built after the pose was set, as a restore or a project does, starts posed), and
 * {@link PoseView.inStep} says whether it still shows the editor's pose revision (and mode), so
 * the viewport re-syncs before any frame that would draw another pose, whatever event was missed.
 */
export class PoseView {
  readonly dq: DqPreview;
  readonly crease: CreaseOverlay;
  private readonly snapshot: ReadonlyMap<number, readonly number[]>;
  /** The editor's pose revision this scene shows (-1: none yet). */
  private synced = -1;
  /** Whether it shows the rest pose for Skeleton mode (whatever the pose). */
  private syncedRest = false;

  constructor(private readonly shown: Shown) {
    this.snapshot = shown.scene.rest;
    this.dq = new DqPreview(shown.scene);
    this.crease = new CreaseOverlay(shown.scene);
    this.dq.onCopy = (mesh, prim) => this.crease.attach(mesh, prim);
    this.sync();
  }

  /**
   * True when the scene shows the editor's current pose (or its model is no longer the editor's:
   * a scene on its way out has nothing to follow).
   */
  get inStep(): boolean {
    if (editor.model !== this.shown.scene.model) return true;
    return this.synced === editor.pose.revision && this.syncedRest === (editor.mode === 'skeleton');
  }

  /** Applies the editor's current pose (and skinning mode) to the scene. */
  sync(): void {
    const model = this.shown.scene.model;
    if (editor.model !== model) return;
    const pose = editor.pose;
    this.synced = pose.revision;
    // `shown` builds nothing for a model never posed (the scene is at the file's rest pose already).
    // Skeleton mode edits the skeleton at rest (Blender's Edit Mode): the pose stays the editor's
    // and shows again on leaving the mode.
    this.syncedRest = editor.mode === 'skeleton';
    const posed = pose.shown !== 'rest' && !this.syncedRest;
    const objects = this.shown.scene.nodeObjects;
    if (posed) poseObjects(this.shown.scene);
    else {
      for (const [id, v] of this.snapshot) {
        const o = objects.get(id);
        if (!o) continue;
        o.position.fromArray(v, 0);
        o.quaternion.fromArray(v, 3);
        o.scale.fromArray(v, 7);
      }
      this.shown.scene.root.updateMatrixWorld(true);
    }
    this.relayoutBones();
    this.dq.sync(pose.skinningMode === 'dual-quaternion' && posed);
    this.crease.sync();
    posedSignal.emit();
  }

  /** Posed vertices moved without a pose change (painting while posed). */
  weightsChanged(primitives: Iterable<number>): void {
    if (editor.model !== this.shown.scene.model || editor.pose.shown === 'rest') return;
    this.dq.refresh(primitives);
    this.crease.sync();
  }

  dispose(): void {
    this.dq.dispose();
    this.crease.dispose();
  }

  /** Moves the bone shapes onto the posed joints in place (the overlay keeps its array). */
  private relayoutBones(): void {
    const fresh = layoutBones(this.shown.scene, this.shown.radius);
    const old = this.shown.bones;
    if (fresh.length !== old.length) return;
    for (let i = 0; i < old.length; i++) {
      old[i].head.copy(fresh[i].head);
      old[i].tail.copy(fresh[i].tail);
    }
  }
}
