/**
 * Node indices outside what glTF-Transform models: export writes back, by index, the source's
 * extensions it does not implement and the pointers of KHR_animation_pointer channels
 * (src/gltf/export/source-extensions.ts). An edit that removes a node renumbers every node after
 * it, so the kept source JSON is renumbered with it: node entries move to their new index,
 * `/nodes/N/…` pointers are rewritten, and extensions that name nodes by index go through the
 * remapper registered for them. An extension with no remapper is written back as it was and
 * reported: it may name nodes by index.
 *
 * This is the one hook for that: a format that stores node indices in its extension registers a
 * remapper here (VRM's, src/vrm/vrm-remap.ts, are registered below), and may register a guard that
 * refuses the removal of a node it cannot do without (a VRM's required human bone).
 */
import type { Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { editSourceJson, sourceJsonOf } from '../gltf/export/source-extensions.ts';
import {
  remapVrm0,
  remapVrmcNodeConstraint,
  remapVrmcSpringBone,
  remapVrmcVrm,
  vrmNodeRemovalRefusal,
} from '../vrm/vrm-remap.ts';

/** Node index before an edit → after it (-1: the node was removed). */
export type NodeIndexRemap = (index: number) => number;

/**
 * Rewrites node indices inside one extension object (in place); `where` says where it sits
 * ("root", "nodes[3]"). Returns notes for the user (an index that named a removed node…).
 */
export type ExtensionNodeRemapper = (
  extension: unknown,
  remap: NodeIndexRemap,
  where: string,
  heirs: NodeHeirs,
) => string[];

/** The nodes (indices after the edit) that take a removed node's place: its children, re-parented. */
export type NodeHeirs = (removed: number) => number[];

const remappers = new Map<string, ExtensionNodeRemapper>();

/** Registers how extension `name` names nodes (replacing any remapper registered before). */
export function registerExtensionNodeRemapper(name: string, remapper: ExtensionNodeRemapper): void {
  remappers.set(name, remapper);
}

/**
 * Says why node `index` may not be removed (a VRM's required human bone), or null. Reads the
 * kept source JSON; called before an edit that removes the node changes anything.
 */
export type NodeRemovalGuard = (json: Readonly<Record<string, unknown>>, index: number) => string | null;

const guards = new Map<string, NodeRemovalGuard>();

/** Registers what extension `name` says about removing a node (replacing any guard registered before). */
export function registerNodeRemovalGuard(name: string, guard: NodeRemovalGuard): void {
  guards.set(name, guard);
}

/** Why node `index` of `document` may not be removed, by the extensions its source keeps, or null. */
export function nodeRemovalRefusal(document: Document, index: number): string | null {
  const json = sourceJsonOf(document);
  if (!json) return null;
  for (const guard of guards.values()) {
    const refusal = guard(json, index);
    if (refusal) return refusal;
  }
  return null;
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

// VRM names nodes in its human bones, springs, colliders, constraints and expressions.
registerExtensionNodeRemapper('VRMC_vrm', remapVrmcVrm);
registerExtensionNodeRemapper('VRMC_springBone', remapVrmcSpringBone);
registerExtensionNodeRemapper('VRMC_node_constraint', remapVrmcNodeConstraint);
registerExtensionNodeRemapper('VRM', remapVrm0);
// VRM's material extensions name no nodes.
for (const name of ['VRMC_materials_mtoon', 'VRMC_materials_hdr_emissiveMultiplier'])
  registerExtensionNodeRemapper(name, () => []);
registerNodeRemovalGuard('VRM', vrmNodeRemovalRefusal);

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
export function remapSourceNodes(
  document: Document,
  remap: NodeIndexRemap,
  heirs: NodeHeirs = () => [],
): string[] {
  const notes: string[] = [];
  // Extensions with no remapper, by name → where they sit (one note per extension).
  const unmapped = new Map<string, string[]>();
  editSourceJson(document, (json) => {
    const visit = (element: unknown, where: string) => {
      if (!isObject(element) || !isObject(element.extensions)) return;
      for (const [name, ext] of Object.entries(element.extensions)) {
        if (KNOWN.has(name)) continue;
        const remapper = remappers.get(name);
        if (remapper) {
          notes.push(...remapper(ext, remap, where, heirs));
          // A remapper that empties its extension (a constraint whose source went) removes it.
          if (isObject(ext) && Object.keys(ext).length === 0) delete element.extensions[name];
        } else unmapped.set(name, [...(unmapped.get(name) ?? []), where]);
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
