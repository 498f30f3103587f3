/**
 * Edits outside a skeleton edit that add or dispose nodes and meshes — create-skin's
 * moveToSceneRoot (a mesh node skinned at the scene root: its old node and mesh may go), stripSkin
 * — renumber every node and mesh after the ones that went. What export writes back by index from
 * the source JSON (VRM's human bones, springs, constraints, VRM 0.x's blend shapes by mesh…) must
 * be renumbered with them, or it would name the wrong joints: list the elements before the edit
 * ({@link listElements}) and call {@link followElementChanges} after it. A node or mesh replaced
 * by a new one (the node re-made at the scene root, the mesh baked) takes the new one's index.
 */
import type { Document, Mesh, Node } from '@gltf-transform/core';
import { remapSourceNodes } from '../skeleton/node-remap.ts';
import { remapVrm0Meshes } from '../vrm/vrm-remap.ts';
import { editSourceJson, sourceJsonOf } from './export/source-extensions.ts';

/** The document's nodes and meshes in index order. */
export interface ListedElements {
  nodes: Node[];
  meshes: Mesh[];
}

/** The nodes and meshes of `document` now (cheap: two lists), or null when its source kept nothing. */
export function listElements(document: Document): ListedElements | null {
  if (!sourceJsonOf(document)) return null;
  const root = document.getRoot();
  return { nodes: root.listNodes(), meshes: root.listMeshes() };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Old index → new (-1: gone), or null when nothing moved. */
function table<T>(before: readonly T[], after: readonly T[], replaced: ReadonlyMap<T, T>): Int32Array | null {
  const index = new Map(after.map((e, i) => [e, i]));
  const out = new Int32Array(before.length);
  let moved = false;
  before.forEach((e, i) => {
    out[i] = index.get(e) ?? index.get(replaced.get(e) as T) ?? -1;
    if (out[i] !== i) moved = true;
  });
  return moved ? out : null;
}

/**
 * Renumbers the kept source JSON of `document` from the elements listed `before` an edit to the
 * document's now (see the module comment). `replaced`: old node or mesh → the one standing for it.
 * Returns notes for the user (what named an element that went); nothing when the source kept nothing.
 */
export function followElementChanges(
  document: Document,
  before: ListedElements | null,
  replaced: ReadonlyMap<Node | Mesh, Node | Mesh> = new Map(),
): string[] {
  if (!before) return [];
  const root = document.getRoot();
  const notes: string[] = [];
  const nodes = table<Node | Mesh>(before.nodes, root.listNodes(), replaced);
  if (nodes) notes.push(...remapSourceNodes(document, (i) => (i < nodes.length ? nodes[i] : i)));
  const meshes = table<Node | Mesh>(before.meshes, root.listMeshes(), replaced);
  if (meshes) {
    const remap = (i: number) => (i < meshes.length ? meshes[i] : i);
    editSourceJson(document, (json) => {
      if (Array.isArray(json.meshes)) {
        const next: unknown[] = [];
        (json.meshes as unknown[]).forEach((m, i) => {
          if (remap(i) >= 0) next[remap(i)] = m;
        });
        json.meshes = Array.from(next, (m) => m ?? {});
      }
      const ext = isObject(json.extensions) ? json.extensions : null;
      if (ext?.VRM) notes.push(...remapVrm0Meshes(ext.VRM, remap));
    });
  }
  return notes;
}
