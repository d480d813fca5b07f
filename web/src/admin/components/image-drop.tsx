import { useRef, useState, type DragEvent } from 'react';
import { imageFileNames } from '../lib/image-drop';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Drag-and-drop of image files: gives the dropped file names (the ids are their names without extension). */
export function useImageDrop(onNames: (names: string[]) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const props = {
    onDragEnter: (event: DragEvent) => {
      if (disabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (disabled || !hasFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (disabled || !hasFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const names = imageFileNames(event.dataTransfer.files);
      if (names.length) onNames(names);
    },
  };
  return { dragging, dropProps: props };
}
