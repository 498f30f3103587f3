import type { Document } from '@gltf-transform/core';

/**
 * The character the editor opens on, generated in the browser (no downloaded asset). Imported
 * lazily so its generator is not part of the first paint.
 */
export async function builtinDocument(): Promise<Document> {
  const { placeholderDocument } = await import('./placeholder-character.ts');
  return placeholderDocument();
}
