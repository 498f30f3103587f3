import { Vector3 } from 'three';
import type { SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { editor } from '../editor-instance.ts';
import type { ViewScene } from '../viewport/view-scene.ts';

/**
 * Where joints are drawn while a gizmo drag runs: editor.skeleton previews the frames the joints
 * would have (the dragged joint, its X-mirror partner, a following branch) without touching the
 * file, and this keeps their positions for the bones, balls and gizmo to draw. The mesh does not
 * move when a joint moves, so nothing else changes until release makes the edit; the positions
 * are kept until the edited model is on screen (a new scene), so the joint never jumps back.
 */
class SkeletonPreview {
  private readonly moved = new Map<number, Vector3>();
  /** The model whose joints are overridden. */
  private model: SkinnedModel | null = null;

  /** A 'preview' event: the joints whose frames differ now (or no longer, once a drag ends). */
  take(joints: readonly number[]): void {
    const session = editor.skeleton;
    if (this.model !== editor.model) {
      this.moved.clear();
      this.model = editor.model;
    }
    for (const id of joints) {
      if (!session.dragging) {
        this.moved.delete(id);
        continue;
      }
      const m = session.previewWorld(id);
      this.moved.set(id, new Vector3(m[12], m[13], m[14]));
    }
  }

  /** Back to the joints as the scene has them; true when some were shown elsewhere. */
  clear(): boolean {
    if (this.moved.size === 0) return false;
    this.moved.clear();
    return true;
  }

  /** Where `joint` of `scene` is drawn: the drag's place for it, else its object's world position. */
  position(scene: ViewScene, joint: number, out = new Vector3()): Vector3 | null {
    const p = this.model === scene.model ? this.moved.get(joint) : undefined;
    if (p) return out.copy(p);
    const object = scene.jointObjects.get(joint);
    return object ? object.getWorldPosition(out) : null;
  }
}

export const skeletonPreview = new SkeletonPreview();
