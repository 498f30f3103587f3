/**
 * The VRM of a loaded file: what the editor keeps of its source JSON (src/gltf/export/
 * source-extensions.ts) read as a VRM, and whether it may be written as one. The editor, the CLI
 * and export ask here; nothing outside src/vrm reads VRM's JSON.
 */
import type { Document } from '@gltf-transform/core';
import { sourceJsonOf } from '../gltf/export/source-extensions.ts';
import { checkVrm } from './vrm-checks.ts';
import { readVrm, type VrmInfo } from './vrm-json.ts';

/** The VRM `document` was read as (or given by a rig: src/vrm/vrm-write.ts), or null for plain glTF. */
export function vrmOfDocument(document: Document): VrmInfo | null {
  const json = sourceJsonOf(document);
  return json ? readVrm(json as Record<string, unknown>) : null;
}

/**
 * Why `document` cannot be written as a .vrm, or null when it can: a VRM needs the humanoid map
 * (which joint is the hips, the head, each arm and leg…) that VRM apps drive the avatar by, and
 * the meta that says who made it. A file opened as a VRM has both; a rig asked for a VRM writes
 * them; any other file is refused rather than written as a .vrm no VRM app would load.
 */
export function vrmExportRefusal(document: Document): string | null {
  if (vrmOfDocument(document)) return null;
  return 'only a VRM avatar can be saved as .vrm: this file has no VRM humanoid map (VRMC_vrm or VRM). Open a .vrm, or rig a static mesh as a VRM (skinsmith rig IN -o OUT.vrm); save this one as .glb or .gltf.';
}

/** An export asked for a .vrm of a file that is no VRM (see {@link vrmExportRefusal}). */
export class VrmExportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VrmExportError';
  }
}

/** What {@link vrmReport} says of a written file. */
export interface VrmReport extends VrmInfo {
  /** checkVrm's problems (empty: consistent). */
  problems: string[];
}

/** The VRM of a written glTF JSON with checkVrm's verdict, or null when it is no VRM. */
export function vrmReport(json: Record<string, unknown>): VrmReport | null {
  const info = readVrm(json);
  return info && { ...info, problems: checkVrm(json) };
}

/**
 * Node index → human bone (VRM 1.0 names, also for 0.x files) of `document`'s VRM; empty for plain
 * glTF. What mirror pairs, test poses and the joint tree read before guessing from names.
 */
export function humanBonesByNode(document: Document): Map<number, string> {
  const vrm = vrmOfDocument(document);
  return new Map(vrm ? [...vrm.humanBones].map(([bone, node]) => [node, bone]) : []);
}
