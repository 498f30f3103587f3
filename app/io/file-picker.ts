import { fromFile, type NamedFile } from './file-input.ts';
import { openFilesAsking } from './open-asking.ts';

/**
 * Shows the system file chooser (several files: a .glb or .vrm, or a .gltf with its .bin and textures)
 * and passes on what was chosen. A fresh input each time, so choosing the same file twice works.
 */
export function pickFiles(onPicked: (files: NamedFile[]) => void): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = '.glb,.gltf,.vrm,.bin,.png,.jpg,.jpeg,.webp,.ktx2';
  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    if (files.length > 0) onPicked(files.map(fromFile));
  });
  input.click();
}

/** The Open button: picks files and opens them as the model (asking first over unsaved work). */
export function pickAndOpen(): void {
  pickFiles(openFilesAsking);
}
