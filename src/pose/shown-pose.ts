/**
 * What the status bar says about the pose on screen. Engines draw a skinned mesh from its joints'
 * world transforms and ignore the skinned mesh node's own transform; files from Blender, Maya,
 * FBX2glTF and Mixamo often store a rest pose that is not their bind pose (a Z-up root, a ×0.01
 * armature, IBMs baked with the mesh placement) or put transforms on the skinned mesh node. Then
 * the mesh the user sees is not `POSITION` as stored, and the editor says which one it shows.
 */
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { skeletonOf } from './skeleton.ts';

/** Which pose is on screen. */
export type ShownPose = 'rest' | 'bind' | 'posed';

export interface ShownPoseReport {
  shown: ShownPose;
  /** The rest pose (node transforms) differs from the bind pose (inverse IBMs). */
  restDiffersFromBind: boolean;
  /** Names of skinned mesh nodes whose world transform is not the identity (engines ignore it). */
  ignoredMeshTransforms: string[];
  /** One line for the status bar. */
  label: string;
  /** The longer explanation (tooltip). */
  detail: string;
}

const LABEL: Record<ShownPose, string> = { rest: 'Rest pose', bind: 'Bind pose', posed: 'Posed' };

/** Skinned mesh nodes with a world transform other than the identity. */
export function ignoredMeshTransforms(model: SkinnedModel): string[] {
  const out: string[] = [];
  for (const node of model.document.getRoot().listNodes()) {
    if (!node.getMesh() || !node.getSkin()) continue;
    const m = node.getWorldMatrix();
    let identity = true;
    for (let k = 0; k < 16 && identity; k++) identity = Math.abs(m[k] - (k % 5 === 0 ? 1 : 0)) < 1e-9;
    if (!identity) out.push(node.getName() || node.getMesh()!.getName() || 'unnamed mesh');
  }
  return out;
}

const cache = new WeakMap<SkinnedModel, string[]>();

export function describeShownPose(model: SkinnedModel, shown: ShownPose): ShownPoseReport {
  let ignored = cache.get(model);
  if (!ignored) cache.set(model, (ignored = ignoredMeshTransforms(model)));
  const restDiffersFromBind = !skeletonOf(model).restMatchesBind;
  const notes: string[] = [];
  if (restDiffersFromBind)
    notes.push(
      "This file's rest pose (its joints' node transforms) is not its bind pose (the inverse bind matrices).",
    );
  if (ignored.length)
    notes.push(
      `Skinned mesh node${ignored.length > 1 ? 's' : ''} ${ignored.slice(0, 3).join(', ')}${ignored.length > 3 ? '…' : ''} carr${ignored.length > 1 ? 'y' : 'ies'} a transform that glTF tells engines to ignore.`,
    );
  const special = notes.length > 0;
  let label = LABEL[shown];
  if (special) label += shown === 'bind' ? ' (as the IBMs say)' : ' · drawn as engines draw it';
  const detail = special
    ? `${notes.join(' ')} The mesh is drawn, painted and picked as three.js and other engines draw it${
        shown === 'bind' ? ' in the bind pose' : ''
      }. Pose panel: "Rest pose" shows what engines show, "Bind pose" the joints where the IBMs put them.`
    : `${LABEL[shown]}: rest and bind pose agree in this file.`;
  return { shown, restDiffersFromBind, ignoredMeshTransforms: ignored, label, detail };
}
