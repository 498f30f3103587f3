import { type DragEvent, useRef, useState } from 'react';
import { fromFile } from './io/file-input.ts';
import { openFilesAsking } from './io/open-asking.ts';

const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');

/**
 * Drag and drop of files anywhere on the page (several at once: a .gltf with its .bin and
 * textures). Returns the handlers for the page's root element and whether files hover over it.
 */
export function useFileDrop() {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; count them to know when the page is left.
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth.current++;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      const files = [...e.dataTransfer.files];
      if (files.length > 0) openFilesAsking(files.map(fromFile));
    },
  };
  return { dragging, handlers };
}
