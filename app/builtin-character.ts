import type { Document } from '@gltf-transform/core';

/** About the vertex count of a game character's body: enough to paint, quick to generate. */
const TARGET_VERTICES = 10_000;

/**
 * The character the editor opens on, generated in the browser from src/character (no
 * downloaded asset). Imported lazily so the generator is not part of the first paint.
 */
export async function builtinDocument(targetVertices = TARGET_VERTICES): Promise<Document> {
  const { buildMannequin, mannequinToDocument } = await import('../src/character/index.ts');
  return mannequinToDocument(buildMannequin({ targetVertices }));
}
