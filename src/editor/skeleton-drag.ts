/**
 * SkeletonDrag: a gizmo drag of one joint as one undo step. While it runs nothing in the file
 * changes: each `update` computes the frames the joints would have (the joint, its partner under
 * X-mirror, and with children following their subtrees) for the viewport to draw; `end` applies
 * the edit once; `cancel` forgets it.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { quatMultiply } from '../pose/quaternion.ts';
import type { SkeletonEditReport } from '../skeleton/apply-skeleton-edit.ts';
import {
  compose,
  decompose,
  type Mat4,
  mul,
  type NodeWorlds,
  originOf,
  translation,
} from '../skeleton/frames.ts';
import { mirrorRotation } from '../skeleton/mirror-edit.ts';
import type { ChildrenMode } from '../skeleton/move-joint.ts';
import { requireFinite, requireRotation } from '../skeleton/skeleton-checks.ts';
import type { Quat, SkeletonEdit, Vec3 } from '../skeleton/skeleton-edit.ts';

interface DragHooks {
  preview(joints: number[]): void;
  end(edit: SkeletonEdit | null): SkeletonEditReport[];
  cancel(): void;
}

export class SkeletonDrag {
  /** Joint id → its world matrix as the drag has it now (only joints that differ from rest). */
  readonly preview = new Map<number, Mat4>();
  private edit: SkeletonEdit | null = null;
  private done = false;

  constructor(
    private readonly model: SkinnedModel,
    private readonly worlds: NodeWorlds,
    /** The joint dragged. */
    readonly joint: number,
    /** Its X-mirror partner (the joint itself without X-mirror). */
    readonly partner: number,
    readonly kind: 'move' | 'orient',
    readonly children: ChildrenMode,
    private readonly hooks: DragHooks,
  ) {}

  /** Joints under `id` (not itself), for children that follow. */
  private below(id: number): number[] {
    const out: number[] = [];
    const visit = (j: number) => {
      for (const c of this.model.joints.get(j)?.children ?? []) {
        out.push(c);
        visit(c);
      }
    };
    visit(id);
    return out;
  }

  /** Moves the preview: a world position (move) or a world rotation x, y, z, w (orient). */
  update(value: Vec3 | Quat): void {
    if (this.done) throw new Error('This drag has ended.');
    this.preview.clear();
    const W = this.worlds.world(this.joint);
    if (this.kind === 'move') {
      requireFinite(value, 3, 'The position');
      const from = originOf(W);
      const d: Vec3 = [value[0] - from[0], value[1] - from[1], value[2] - from[2]];
      this.shift(this.joint, d);
      if (this.partner !== this.joint) this.shift(this.partner, [-d[0], d[1], d[2]]);
      this.edit = {
        op: 'move',
        joint: this.joint,
        to: [value[0], value[1], value[2]],
        children: this.children,
      };
    } else {
      const q = requireRotation(value, 'The rotation');
      const { t, s, r } = decompose(W);
      this.preview.set(this.joint, compose({ t, r: q, s }));
      if (this.partner !== this.joint) {
        const turn: Quat = [0, 0, 0, 1];
        quatMultiply(q, 0, [-r[0], -r[1], -r[2], r[3]], 0, turn, 0);
        const P = decompose(this.worlds.world(this.partner));
        const rp: Quat = [0, 0, 0, 1];
        quatMultiply(mirrorRotation(turn), 0, P.r, 0, rp, 0);
        this.preview.set(this.partner, compose({ t: P.t, r: rp, s: P.s }));
      }
      this.edit = { op: 'orient', joint: this.joint, rotation: q };
    }
    this.hooks.preview([...this.preview.keys()]);
  }

  private shift(id: number, d: Vec3): void {
    const T = translation(d);
    this.preview.set(id, mul(T, this.worlds.world(id)));
    if (this.children === 'follow')
      for (const c of this.below(id)) this.preview.set(c, mul(T, this.worlds.world(c)));
  }

  /** Ends the drag: one undo step with the last update (none when it never moved). */
  end(): SkeletonEditReport[] {
    if (this.done) return [];
    this.done = true;
    const ids = [...this.preview.keys()];
    this.preview.clear();
    const reports = this.hooks.end(this.edit);
    if (!this.edit) this.hooks.preview(ids);
    return reports;
  }

  /** The same as {@link end} (for callers that commit a live edit). */
  commit(): SkeletonEditReport[] {
    return this.end();
  }

  /** Ends the drag leaving the file as it was. */
  cancel(): void {
    if (this.done) return;
    this.done = true;
    const ids = [...this.preview.keys()];
    this.preview.clear();
    this.hooks.cancel();
    this.hooks.preview(ids);
  }
}
