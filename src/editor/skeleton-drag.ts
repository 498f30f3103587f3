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
  end(edit: SkeletonEdit[] | null): SkeletonEditReport[];
  cancel(): void;
}

export class SkeletonDrag {
  /** Joint id → its world matrix as the drag has it now (only joints that differ from rest). */
  readonly preview = new Map<number, Mat4>();
  private edit: SkeletonEdit[] | null = null;
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

  /**
   * Moves the preview: a world position (move) or a world rotation x, y, z, w (orient; with
   * children following, the joint's branch turns about it).
   */
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
      this.edit = [
        {
          op: 'move',
          joint: this.joint,
          to: [value[0], value[1], value[2]],
          children: this.children,
        },
      ];
    } else {
      const q = requireRotation(value, 'The rotation');
      const { r } = decompose(W);
      const turn: Quat = [0, 0, 0, 1];
      quatMultiply(q, 0, [-r[0], -r[1], -r[2], r[3]], 0, turn, 0);
      this.edit = [{ op: 'orient', joint: this.joint, rotation: q }, ...this.turnBranch(this.joint, turn)];
      if (this.partner !== this.joint) this.turnBranch(this.partner, mirrorRotation(turn));
    }
    this.hooks.preview([...this.preview.keys()]);
  }

  /**
   * Previews joint `id` turned by the world rotation `turn` about its pivot, and with children
   * following its branch with it. Returns the edits that turn the branch: each joint below moved
   * to its turned place and given its turned rotation, parents first, every one keeping its
   * children (the joint's own orient comes before them; X-mirror repeats each on the partner).
   */
  private turnBranch(id: number, turn: Quat): SkeletonEdit[] {
    const W = this.worlds.world(id);
    const { t, s, r } = decompose(W);
    const rotation: Quat = [0, 0, 0, 1];
    quatMultiply(turn, 0, r, 0, rotation, 0);
    this.preview.set(id, compose({ t, r: rotation, s }));
    if (this.children !== 'follow') return [];
    // T(pivot) · turn · T(−pivot): the branch swings about the joint.
    const about = mul(
      translation(t),
      mul(compose({ t: [0, 0, 0], r: turn, s: [1, 1, 1] }), translation([-t[0], -t[1], -t[2]])),
    );
    const edits: SkeletonEdit[] = [];
    for (const c of this.below(id)) {
      const turned = mul(about, this.worlds.world(c));
      this.preview.set(c, turned);
      const to = decompose(turned);
      edits.push(
        { op: 'move', joint: c, to: to.t, children: 'stay' },
        { op: 'orient', joint: c, rotation: to.r },
      );
    }
    return edits;
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
