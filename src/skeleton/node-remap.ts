/**
 * Node indices outside what glTF-Transform models: export writes back, by index, the source's
 * extensions it does not implement and the pointers of KHR_animation_pointer channels
 * (src/gltf/export/source-extensions.ts). An edit that removes a node renumbers every node after
 * it, so the kept source JSON is renumbered with it: node entries move to their new index,
 * `/nodes/N/…` pointers are rewritten, and extensions that name nodes by index go through the
 * remapper registered for them. An extension with no remapper is written back as it was and
 * reported: it may name nodes by index.
 *
 * This is the one hook for that: a format that stores node indices in its extension (VRM's
 * humanoid bones, say) registers a remapper here.
 */
import type { Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { editSourceJson } from '../gltf/export/source-extensions.ts';

/** Node index before an edit → after it (-1: the node was removed). */
export type NodeIndexRemap = (index: number) => number;

/**
 * Rewrites node indices inside one extension object (in place); `where` says where it sits
 * ("root", "nodes[3]"). Returns notes for the user (an index that named a removed node…).
 */
export type ExtensionNodeRemapper = (extension: unknown, remap: NodeIndexRemap, where: string) => string[];

const remappers = new Map<string, ExtensionNodeRemapper>();

/** Registers how extension `name` names nodes (replacing any remapper registered before). */
export function registerExtensionNodeRemapper(name: string, remapper: ExtensionNodeRemapper): void {
  remappers.set(name, remapper);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const KNOWN = new Set<string>(ALL_EXTENSIONS.map((e) => e.EXTENSION_NAME));
const ARRAYS = [
  'scenes',
  'nodes',
  'meshes',
  'materials',
  'skins',
  'animations',
  'cameras',
  'textures',
  'samplers',
];
const POINTER = /^\/nodes\/(\d+)(\/.*)?$/;

// KHR_animation_pointer names nodes in its channels' pointers.
registerExtensionNodeRemapper('KHR_animation_pointer', (ext, remap, where) => {
  if (!isObject(ext) || typeof ext.pointer !== 'string') return [];
  const m = POINTER.exec(ext.pointer);
  if (!m) return [];
  const to = remap(Number(m[1]));
  if (to < 0) return [`the KHR_animation_pointer channel at ${where} animates a removed node`];
  ext.pointer = `/nodes/${to}${m[2] ?? ''}`;
  return [];
});

/**
 * Renumbers the nodes of `document`'s kept source JSON with `remap` (see the module comment).
 * Returns notes for the user. Nothing happens when the source kept nothing.
 */
export function remapSourceNodes(document: Document, remap: NodeIndexRemap): string[] {
  const notes: string[] = [];
  // Extensions with no remapper, by name → where they sit (one note per extension).
  const unmapped = new Map<string, string[]>();
  editSourceJson(document, (json) => {
    const visit = (element: unknown, where: string) => {
      if (!isObject(element) || !isObject(element.extensions)) return;
      for (const [name, ext] of Object.entries(element.extensions)) {
        if (KNOWN.has(name)) continue;
        const remapper = remappers.get(name);
        if (remapper) notes.push(...remapper(ext, remap, where));
        else unmapped.set(name, [...(unmapped.get(name) ?? []), where]);
      }
    };
    visit(json, 'root');
    if (Array.isArray(json.nodes)) {
      const nodes = json.nodes as unknown[];
      const next: unknown[] = [];
      nodes.forEach((element, i) => {
        const to = remap(i);
        if (to >= 0) next[to] = element;
        else if (isObject(element) && isObject(element.extensions)) {
          const names = Object.keys(element.extensions).filter((n) => !KNOWN.has(n));
          if (names.length) notes.push(`${names.join(', ')} of removed node ${i} went with it`);
        }
      });
      json.nodes = Array.from(next, (e) => e ?? {});
    }
    for (const key of ARRAYS) {
      const list = Array.isArray(json[key]) ? (json[key] as unknown[]) : [];
      list.forEach((element, i) => {
        visit(element, `${key}[${i}]`);
      });
    }
    const animations = Array.isArray(json.animations) ? (json.animations as unknown[]) : [];
    animations.forEach((anim, a) => {
      const channels = isObject(anim) && Array.isArray(anim.channels) ? (anim.channels as unknown[]) : [];
      channels.forEach((ch, c) => {
        if (isObject(ch) && isObject(ch.target)) visit(ch.target, `animations[${a}].channels[${c}]`);
      });
    });
  });
  for (const [name, where] of unmapped) {
    const at =
      where.length > 3 ? `${where.slice(0, 3).join(', ')} and ${where.length - 3} more` : where.join(', ');
    notes.push(
      `${name} (${at}) is written back as it was: if it names nodes by index, they were not renumbered`,
    );
  }
  return notes;
}
