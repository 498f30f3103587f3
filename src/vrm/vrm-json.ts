/**
 * What a VRM file says of itself, read from its glTF JSON (the file's, or the part of it the
 * editor keeps: src/gltf/export/source-extensions.ts): which VRM (1.0: `VRMC_vrm`; 0.x: `VRM`),
 * the avatar's name, and the humanoid bone map (VRM 1.0 bone names → node indices).
 */
import { vrm1BoneName } from './vrm-bones.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** VRM 1.0 (`VRMC_vrm`) or VRM 0.x (the `VRM` extension). */
export type VrmVersion = '1.0' | '0.x';

/** What {@link readVrm} finds. */
export interface VrmInfo {
  version: VrmVersion;
  /** `specVersion` as the file gives it ("1.0", "0.0"). */
  specVersion: string;
  /** The avatar's name (VRM 1.0 meta.name, VRM 0.x meta.title), or ''. */
  name: string;
  /** Human bone (VRM 1.0 names, also for 0.x files) → node index, as the file maps them. */
  humanBones: Map<string, number>;
}

/** The VRM information of a glTF JSON document, or null when it is not a VRM. */
export function readVrm(json: Json): VrmInfo | null {
  const ext = isObject(json.extensions) ? json.extensions : null;
  if (!ext) return null;
  const vrm1 = isObject(ext.VRMC_vrm) ? ext.VRMC_vrm : null;
  if (vrm1) {
    const meta = isObject(vrm1.meta) ? vrm1.meta : {};
    const bones =
      isObject(vrm1.humanoid) && isObject(vrm1.humanoid.humanBones) ? vrm1.humanoid.humanBones : {};
    const humanBones = new Map<string, number>();
    for (const [bone, value] of Object.entries(bones)) {
      if (isObject(value) && Number.isInteger(value.node)) humanBones.set(bone, value.node as number);
    }
    return {
      version: '1.0',
      specVersion: typeof vrm1.specVersion === 'string' ? vrm1.specVersion : '1.0',
      name: typeof meta.name === 'string' ? meta.name : '',
      humanBones,
    };
  }
  const vrm0 = isObject(ext.VRM) ? ext.VRM : null;
  if (vrm0) {
    const meta = isObject(vrm0.meta) ? vrm0.meta : {};
    const list =
      isObject(vrm0.humanoid) && Array.isArray(vrm0.humanoid.humanBones) ? vrm0.humanoid.humanBones : [];
    const humanBones = new Map<string, number>();
    for (const value of list) {
      if (
        isObject(value) &&
        typeof value.bone === 'string' &&
        Number.isInteger(value.node) &&
        (value.node as number) >= 0
      )
        humanBones.set(vrm1BoneName(value.bone), value.node as number);
    }
    return {
      version: '0.x',
      specVersion: typeof vrm0.specVersion === 'string' ? vrm0.specVersion : '0.0',
      name: typeof meta.title === 'string' ? meta.title : '',
      humanBones,
    };
  }
  return null;
}

/** "VRM 1.0 · Alicia" for the status bar. */
export function describeVrm(info: VrmInfo): string {
  const version = info.version === '1.0' ? `VRM ${info.specVersion}` : `VRM ${info.specVersion} (0.x)`;
  return info.name ? `${version} · ${info.name}` : version;
}
