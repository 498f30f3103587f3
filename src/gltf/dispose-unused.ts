/**
 * Disposing what an edit left unused, so a written file carries no orphans (a mesh no node
 * draws still counts in the file's vertices, and still costs its bytes).
 */
import { type Accessor, type Mesh, Root } from '@gltf-transform/core';

/** Disposes a property nothing but the Root refers to any more. */
export function disposeIfUnused(property: {
  listParents(): unknown[];
  dispose(): void;
  isDisposed(): boolean;
}): void {
  if (!property.isDisposed() && property.listParents().every((p) => p instanceof Root)) property.dispose();
}

/**
 * Disposes `mesh` when no node uses it any more, with the accessors (attributes, indices,
 * morph targets) only it used. Returns whether it went.
 */
export function disposeMeshIfUnused(mesh: Mesh): boolean {
  if (mesh.isDisposed() || !mesh.listParents().every((p) => p instanceof Root)) return false;
  const accessors = new Set<Accessor>();
  for (const primitive of mesh.listPrimitives()) {
    for (const a of primitive.listAttributes()) accessors.add(a);
    const indices = primitive.getIndices();
    if (indices) accessors.add(indices);
    for (const target of primitive.listTargets()) for (const a of target.listAttributes()) accessors.add(a);
  }
  // The primitives go with the mesh: a primitive left undisposed still holds its accessors, which
  // then looked used here yet were written to no mesh (UNUSED_OBJECT for every baked attribute).
  for (const primitive of mesh.listPrimitives()) {
    // (Only a primitive no other mesh shares.)
    if (!primitive.listParents().every((p) => p === mesh || p instanceof Root)) continue;
    for (const target of primitive.listTargets()) target.dispose();
    primitive.dispose();
  }
  mesh.dispose();
  for (const accessor of accessors) disposeIfUnused(accessor);
  return true;
}
