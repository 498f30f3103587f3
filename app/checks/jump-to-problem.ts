import type { ProblemItem } from '../../src/editor/tools-checks.ts';
import { editor } from '../editor-instance.ts';
import { spotFraming } from '../pose/frame-spot.ts';
import { useSelectUi } from '../select/select-store.ts';

/** Where a vertex is drawn now (world, as skinned: the rest pose unposed). */
function vertexPoint(primitive: number, vertex: number): [number, number, number] {
  const p = editor.pose.positions(primitive);
  return [p[vertex * 3], p[vertex * 3 + 1], p[vertex * 3 + 2]];
}

/**
 * A problem from the list, jumped to: a vertex becomes the selection (with its seam partners) and
 * the Inspector's vertex, and the camera frames it; a joint becomes the selected joint (the tree
 * opens its branch and scrolls to it).
 */
export function jumpToProblem(item: ProblemItem): void {
  if (item.primitive < 0) {
    if (item.joint >= 0) editor.selectJoint(item.joint);
    return;
  }
  editor.selection.setVertices(item.primitive, [item.vertex]);
  useSelectUi.setState({ inspected: { primitive: item.primitive, vertex: item.vertex } });
  spotFraming.frame(vertexPoint(item.primitive, item.vertex));
}
