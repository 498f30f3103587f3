/**
 * A VRM 1.0 avatar made of a rigged file: the rig of a static mesh (src/skeleton/fit, Mixamo's
 * joint names) written with a VRMC_vrm extension — meta (name, authors, license) and the humanoid
 * map from {@link vrmBoneOfMixamoName} — so `skinsmith rig IN -o OUT.vrm` and the Rig panel give
 * a file VRM apps load. The extension lives in the kept source JSON, which export writes back and
 * skeleton edits renumber like a VRM opened from a file.
 */
import type { Document, Node } from '@gltf-transform/core';
import { setSourceRootExtension } from '../gltf/export/source-extensions.ts';
import { REQUIRED_VRM_BONES, vrmBoneOfMixamoName } from './vrm-bones.ts';
import { readVrm, type VrmInfo } from './vrm-json.ts';

/** Who and what the avatar is (VRM 1.0 meta; name, authors and licenseUrl are required there). */
export interface VrmMetaInput {
  /** The avatar's name. */
  name: string;
  /** Default ['Unknown']: VRM asks for at least one. */
  authors?: string[];
  /** Default the VRM Public License 1.0 (https://vrm.dev/licenses/1.0/), as VRoid Studio writes. */
  licenseUrl?: string;
}

export const VRM_LICENSE_URL = 'https://vrm.dev/licenses/1.0/';

/**
 * Writes `document` as a VRM 1.0 avatar: `joints` (nodes of the document, Mixamo-named) become
 * the humanoid map. Throws an Error naming the required bones no joint is when the joints do not
 * make a humanoid. A VRM 0.x extension kept from the source is removed (its map named the old
 * skeleton). Returns what a VRM reader finds.
 */
export function writeVrmHumanoid(document: Document, joints: readonly Node[], meta: VrmMetaInput): VrmInfo {
  const nodes = document.getRoot().listNodes();
  const humanBones: Record<string, { node: number }> = {};
  for (const joint of joints) {
    const bone = vrmBoneOfMixamoName(joint.getName());
    const node = nodes.indexOf(joint);
    if (bone && node >= 0 && !humanBones[bone]) humanBones[bone] = { node };
  }
  const missing = [...REQUIRED_VRM_BONES].filter((b) => !humanBones[b]);
  if (missing.length)
    throw new Error(
      `the skeleton is not a VRM humanoid: no joint is the ${missing.join(', ')} bone (a VRM needs the humanoid template's hips, spine, head, arms and legs)`,
    );
  const vrm = {
    specVersion: '1.0',
    meta: {
      name: meta.name || 'Avatar',
      authors: meta.authors?.length ? meta.authors : ['Unknown'],
      licenseUrl: meta.licenseUrl ?? VRM_LICENSE_URL,
    },
    humanoid: { humanBones },
  };
  setSourceRootExtension(document, 'VRMC_vrm', vrm);
  setSourceRootExtension(document, 'VRM', null);
  return readVrm({ extensions: { VRMC_vrm: vrm } })!;
}
