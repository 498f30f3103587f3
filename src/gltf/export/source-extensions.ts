/**
 * What glTF-Transform does not keep of a file, kept here and written back on export: extensions
 * it does not implement (a vendor's `EXT_…`/`MSFT_…`, the ratified `KHR_animation_pointer`) on
 * the root and on scenes, nodes, meshes and their primitives, materials, skins and animations,
 * the pointer of `KHR_animation_pointer` channels, and the `name`/`extras`/extensions of
 * `textures[]` and `samplers[]` (glTF-Transform folds textures into images and samplers into
 * texture infos). Extensions on accessors, buffer views, buffers and images are not written back
 * (export re-lays those out): they are reported as dropped.
 *
 * Matching is by index, which export preserves for everything Skinsmith does not add or remove;
 * an element whose index or name no longer matches is not patched and its extensions are
 * reported as dropped, never silently. Extension data that refers to other elements by index is
 * copied as it is (export keeps those indices for the arrays above).
 */
import type { Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { alignTextures } from './align-textures.ts';

type Json = Record<string, unknown>;

const KNOWN = new Set(ALL_EXTENSIONS.map((e) => e.EXTENSION_NAME));
/** Arrays whose elements' unknown extensions are carried over, by index. */
const ARRAYS = ['scenes', 'nodes', 'meshes', 'materials', 'skins', 'animations', 'cameras'] as const;

interface Snapshot {
  json: Json;
  used: string[];
  required: string[];
  /** Unknown extensions on parts export re-lays out (accessors, buffer views, buffers, images), with where. */
  elsewhere: string[];
}

/** Arrays whose elements export rewrites: their unknown extensions cannot be written back. */
const RELAID = ['accessors', 'bufferViews', 'buffers', 'images'] as const;

const snapshots = new WeakMap<Document, Snapshot>();

/** What {@link restoreSourceExtensions} did. */
export interface RestoredExtensions {
  /** Extension names written back. */
  restored: string[];
  /** Extension names the source had and the export could not write back (where, briefly). */
  dropped: string[];
  /** textures[] and samplers[] entries whose name or extras were written back. */
  namedTextures: number;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const unknownKeys = (ext: unknown): string[] =>
  isObject(ext) ? Object.keys(ext).filter((k) => !KNOWN.has(k)) : [];

/** Keeps the parts of the source JSON that reading drops (call with the JSON the document was read from). */
export function keepSourceExtensions(document: Document, json: Json): void {
  const used = Array.isArray(json.extensionsUsed)
    ? (json.extensionsUsed as unknown[]).filter((e) => typeof e === 'string')
    : [];
  const required = Array.isArray(json.extensionsRequired)
    ? (json.extensionsRequired as unknown[]).filter((e) => typeof e === 'string')
    : [];
  const unknown = (used as string[]).filter((e) => !KNOWN.has(e));
  const hasNames =
    (Array.isArray(json.textures) &&
      (json.textures as unknown[]).some((t) => isObject(t) && (t.name || t.extras))) ||
    (Array.isArray(json.samplers) &&
      (json.samplers as unknown[]).some((s) => isObject(s) && (s.name || s.extras)));
  if (unknown.length === 0 && !hasNames) return;
  // A copy of what restore reads (not accessors, buffer views or images, which can be large):
  // later edits to the JSON must not reach it.
  const kept: Json = {};
  for (const key of ['extensions', ...ARRAYS, 'textures', 'samplers']) if (key in json) kept[key] = json[key];
  const elsewhere: string[] = [];
  for (const key of RELAID) {
    const a = Array.isArray(json[key]) ? (json[key] as unknown[]) : [];
    a.forEach((element, i) => {
      if (isObject(element))
        for (const n of unknownKeys(element.extensions)) elsewhere.push(`${n} (${key}[${i}])`);
    });
  }
  snapshots.set(document, {
    json: structuredClone(kept),
    used: unknown,
    required: (required as string[]).filter((e) => unknown.includes(e)),
    elsewhere,
  });
}

/**
 * Gives `to` (a copy of `from` with the same element order, e.g. a skeleton edit's working copy)
 * what was kept of `from`'s source JSON, as its own copy.
 */
export function carrySourceExtensions(from: Document, to: Document): void {
  const snap = snapshots.get(from);
  if (snap) snapshots.set(to, { ...structuredClone(snap) });
}

/**
 * Edits the kept source JSON of `document` (only `extensions` and the arrays scenes, nodes,
 * meshes, materials, skins, animations, cameras, textures, samplers are kept): an edit that
 * removes or renumbers nodes or animation channels keeps it matched to the document by index
 * (see src/skeleton/node-remap.ts). Nothing happens when the source had nothing kept.
 */
export function editSourceJson(document: Document, edit: (json: Json) => void): void {
  const snap = snapshots.get(document);
  if (!snap) return;
  edit(snap.json);
  // An extension whose last use went (a pointer channel of a deleted joint) is no longer used.
  const present = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (isObject(v)) {
      if (isObject(v.extensions)) for (const name of Object.keys(v.extensions)) present.add(name);
      for (const x of Object.values(v)) walk(x);
    }
  };
  walk(snap.json);
  const elsewhere = (n: string) => snap.elsewhere.some((d) => d.startsWith(`${n} `));
  snap.used = snap.used.filter((n) => present.has(n) || elsewhere(n));
  snap.required = snap.required.filter((n) => snap.used.includes(n));
}

/**
 * Gives `document` a root extension that export writes as if its source had it (a rig written as
 * a VRM: VRMC_vrm), replacing one of that name; `value` null removes it. Starts the kept JSON when
 * the source kept nothing.
 */
export function setSourceRootExtension(document: Document, name: string, value: unknown): void {
  let snap = snapshots.get(document);
  if (!snap) {
    if (value === null) return;
    snap = { json: {}, used: [], required: [], elsewhere: [] };
    snapshots.set(document, snap);
  }
  const ext = (isObject(snap.json.extensions) ? snap.json.extensions : (snap.json.extensions = {})) as Json;
  if (value === null) delete ext[name];
  else ext[name] = structuredClone(value);
  if (value !== null && !snap.used.includes(name)) snap.used.push(name);
  // An extension no longer anywhere leaves extensionsUsed (editSourceJson's bookkeeping).
  editSourceJson(document, () => {});
}

/**
 * The kept source JSON of `document` (see {@link editSourceJson} for what is kept), read only, or
 * null when the source kept nothing: where a format that lives in extensions (VRM) is read.
 */
export function sourceJsonOf(document: Document): Readonly<Json> | null {
  return snapshots.get(document)?.json ?? null;
}

/** The JSON pointer of KHR_animation_pointer channel `channel` of animation `animation` in the source, or null. */
export function sourceChannelPointer(document: Document, animation: number, channel: number): string | null {
  const snap = snapshots.get(document);
  const anim =
    snap && Array.isArray(snap.json.animations) ? (snap.json.animations as unknown[])[animation] : null;
  const ch = isObject(anim) && Array.isArray(anim.channels) ? (anim.channels as unknown[])[channel] : null;
  const target = isObject(ch) && isObject(ch.target) ? ch.target : null;
  const ext = target && isObject(target.extensions) ? target.extensions.KHR_animation_pointer : null;
  return isObject(ext) && typeof ext.pointer === 'string' ? ext.pointer : null;
}

/** Writes back into `out` (the export's JSON) what {@link keepSourceExtensions} kept for `document`. */
export function restoreSourceExtensions(out: Json, document: Document): RestoredExtensions {
  const result: RestoredExtensions = { restored: [], dropped: [], namedTextures: 0 };
  const snap = snapshots.get(document);
  if (!snap) return result;
  const src = snap.json;
  const restored = new Set<string>();
  const dropped = new Set<string>();
  const copy = (from: unknown, to: Json) => {
    if (!isObject(from)) return;
    const names = unknownKeys(from.extensions);
    if (names.length === 0) return;
    const ext = (isObject(to.extensions) ? to.extensions : (to.extensions = {})) as Json;
    for (const n of names) {
      ext[n] = structuredClone((from.extensions as Json)[n]);
      restored.add(n);
    }
  };
  const drop = (from: unknown, where: string) => {
    if (!isObject(from)) return;
    for (const n of unknownKeys(from.extensions)) dropped.add(`${n} (${where})`);
  };

  // Extensions that may name textures by index keep the source's textures[] (align-textures.ts).
  if (snap.used.length > 0) alignTextures(src, out);
  copy(src, out);
  for (const key of ARRAYS) {
    const a = Array.isArray(src[key]) ? (src[key] as unknown[]) : [];
    const b = Array.isArray(out[key]) ? (out[key] as Json[]) : [];
    a.forEach((element, i) => {
      const target = b[i];
      const sameName = isObject(element) && target && (element.name ?? '') === (target.name ?? '');
      if (!target || !sameName) {
        drop(element, `${key}[${i}]`);
        return;
      }
      copy(element, target);
      if (key === 'meshes') primitives(element as Json, target, i);
      if (key === 'animations') channels(element as Json, target, i);
    });
  }

  function primitives(from: Json, to: Json, m: number): void {
    const a = Array.isArray(from.primitives) ? (from.primitives as unknown[]) : [];
    const b = Array.isArray(to.primitives) ? (to.primitives as Json[]) : [];
    a.forEach((p, j) => {
      if (b[j]) copy(p, b[j]);
      else drop(p, `meshes[${m}].primitives[${j}]`);
    });
  }

  function channels(from: Json, to: Json, k: number): void {
    const a = Array.isArray(from.channels) ? (from.channels as Json[]) : [];
    const b = Array.isArray(to.channels) ? (to.channels as Json[]) : [];
    a.forEach((ch, j) => {
      const target = isObject(ch) ? (ch.target as Json | undefined) : undefined;
      if (!isObject(target)) return;
      const outTarget = b[j] && isObject(b[j].target) ? (b[j].target as Json) : null;
      if (!outTarget || outTarget.path !== target.path) drop(target, `animations[${k}].channels[${j}]`);
      else copy(target, outTarget);
    });
  }

  result.namedTextures = restoreTextureNames(src, out, copy);
  for (const d of snap.elsewhere) dropped.add(d);
  for (const n of snap.used)
    if (!restored.has(n) && ![...dropped].some((d) => d.startsWith(`${n} `))) dropped.add(`${n} (unplaced)`);
  if (restored.size > 0) {
    const used = new Set([...((out.extensionsUsed as string[]) ?? []), ...restored]);
    out.extensionsUsed = [...used];
    const required = snap.required.filter((n) => restored.has(n));
    if (required.length)
      out.extensionsRequired = [...new Set([...((out.extensionsRequired as string[]) ?? []), ...required])];
  }
  result.restored = [...restored].sort();
  result.dropped = [...dropped].sort();
  return result;
}

const SAMPLER_KEYS = ['magFilter', 'minFilter', 'wrapS', 'wrapT'] as const;

/**
 * name/extras (and unknown extensions, through `copy`) of textures[] (matched by image and sampler
 * settings) and samplers[] (by settings).
 */
function restoreTextureNames(src: Json, out: Json, copy: (from: unknown, to: Json) => void): number {
  const srcSamplers = Array.isArray(src.samplers) ? (src.samplers as Json[]) : [];
  const outSamplers = Array.isArray(out.samplers) ? (out.samplers as Json[]) : [];
  const settings = (s: Json | undefined) =>
    SAMPLER_KEYS.map(
      (k) => (s?.[k] ?? (k.startsWith('wrap') ? 10497 : undefined)) as number | undefined,
    ).join(',');
  let n = 0;
  const named = (from: Json, to: Json) => {
    copy(from, to);
    let changed = false;
    if (from.name !== undefined && to.name === undefined) {
      to.name = from.name;
      changed = true;
    }
    if (from.extras !== undefined && to.extras === undefined) {
      to.extras = structuredClone(from.extras);
      changed = true;
    }
    if (changed) n++;
  };
  const usedSamplers = new Set<number>();
  for (const s of outSamplers) {
    const k = srcSamplers.findIndex((x, i) => !usedSamplers.has(i) && settings(x) === settings(s));
    if (k < 0) continue;
    usedSamplers.add(k);
    named(srcSamplers[k], s);
  }
  const srcTextures = Array.isArray(src.textures) ? (src.textures as Json[]) : [];
  const outTextures = Array.isArray(out.textures) ? (out.textures as Json[]) : [];
  const usedTextures = new Set<number>();
  const samplerOf = (samplers: Json[], t: Json) =>
    settings(typeof t.sampler === 'number' ? samplers[t.sampler] : undefined);
  for (const t of outTextures) {
    const k = srcTextures.findIndex(
      (x, i) =>
        !usedTextures.has(i) &&
        x.source === t.source &&
        samplerOf(srcSamplers, x) === samplerOf(outSamplers, t),
    );
    if (k < 0) continue;
    usedTextures.add(k);
    named(srcTextures[k], t);
  }
  return n;
}
