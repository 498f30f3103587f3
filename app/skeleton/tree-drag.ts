import { type DragEvent, useState } from 'react';
import { useUi } from '../store.ts';
import { reparentJoint } from './skeleton-actions.ts';

const JOINT_TYPE = 'application/x-skinsmith-joint';

/**
 * Re-parenting in the joint tree (Skeleton mode): a row dragged onto another row becomes its
 * child, keeping its place in the world. The editor refuses a cycle (onto a joint below it) with
 * a message. Elsewhere rows are not draggable, so a stray drag never edits the skeleton.
 */
export function useTreeDrag(id: number) {
  const skeleton = useUi((s) => s.mode) === 'skeleton';
  const [over, setOver] = useState(false);
  if (!skeleton) return {};
  const carries = (e: DragEvent) => e.dataTransfer.types.includes(JOINT_TYPE);
  return {
    draggable: true,
    'data-drop-target': over || undefined,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData(JOINT_TYPE, String(id));
      e.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (e: DragEvent) => {
      if (!carries(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (!over) setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      setOver(false);
      if (!carries(e)) return;
      e.preventDefault();
      const dragged = Number(e.dataTransfer.getData(JOINT_TYPE));
      if (Number.isInteger(dragged) && dragged !== id) reparentJoint(dragged, id);
    },
  };
}
