/**
 * The meshes a transfer works on, resolved from what the user named (nodes, or node or mesh
 * names): targets, and sources (the named skinned nodes, or every skinned mesh that is not a
 * target). Each refusal says what the file holds instead.
 */
import type { Document, Node } from '@gltf-transform/core';

/** Mesh nodes whose node or mesh name is `name`. */
export function meshNodesNamed(document: Document, name: string): Node[] {
  return document
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && (n.getName() === name || n.getMesh()!.getName() === name));
}

function meshNodeNames(document: Document, skinned: boolean | null): string {
  const names = document
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && (skinned === null || !!n.getSkin() === skinned))
    .map((n) => n.getName() || n.getMesh()!.getName() || '(unnamed)');
  return names.length ? names.join(', ') : 'none';
}

function resolve(document: Document, items: readonly (string | Node)[], what: string): Node[] {
  const out: Node[] = [];
  for (const item of items) {
    const found = typeof item === 'string' ? meshNodesNamed(document, item) : [item];
    if (found.length === 0) {
      throw new Error(
        `No mesh named "${item}" to ${what}; the file's meshes: ${meshNodeNames(document, null)}.`,
      );
    }
    for (const n of found) {
      if (!n.getMesh()) throw new Error(`"${n.getName()}" holds no mesh.`);
      if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

export function resolveTargets(document: Document, items: readonly (string | Node)[]): Node[] {
  if (items.length === 0) throw new Error('Name at least one mesh to transfer weights to.');
  return resolve(document, items, 'transfer weights to');
}

export function resolveSources(
  document: Document,
  sourceDocument: Document,
  items: readonly (string | Node)[] | null,
  targets: readonly Node[],
): Node[] {
  const skinnedNodes = sourceDocument
    .getRoot()
    .listNodes()
    .filter((n) => n.getMesh() && n.getSkin());
  const sources = items
    ? resolve(sourceDocument, items, 'transfer weights from')
    : skinnedNodes.filter((n) => !targets.includes(n));
  if (sources.length === 0) {
    throw new Error(
      sourceDocument === document
        ? `No skinned mesh to transfer weights from besides the targets (skinned meshes: ${meshNodeNames(document, true)}).`
        : 'The source file has no skinned mesh to transfer weights from.',
    );
  }
  for (const s of sources) {
    if (targets.includes(s)) throw new Error(`"${s.getName()}" cannot be both a source and a target.`);
    if (!s.getSkin()) throw new Error(`"${s.getName()}" has no skin: it has no weights to transfer from.`);
  }
  return sources;
}
