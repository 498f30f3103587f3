/**
 * Inverse bind matrices under a skeleton edit. At the pose the file stores, joint j of skin s
 * skins with S = W_j · IBM_sj. An edit that moves or turns j to W'_j keeps the mesh where it is
 * by keeping S: IBM'_sj = W'_j⁻¹ · W_j · IBM_sj, in every skin that lists j (DESIGN.md, "Editing
 * the skeleton"). That holds whether or not the file's rest pose is its bind pose.
 */
import type { Document, Node, Skin } from '@gltf-transform/core';
import { invert, type Mat4, mul, type NodeWorlds, sameMatrix } from './frames.ts';

/** A skin's IBMs as float64 (16 per joint; identity where the file has none). */
export function readInverseBinds(skin: Skin): Float64Array {
  const J = skin.listJoints().length;
  const out = new Float64Array(J * 16);
  const data = skin.getInverseBindMatrices()?.getArray();
  for (let j = 0; j < J; j++) {
    if (data && data.length >= (j + 1) * 16) for (let k = 0; k < 16; k++) out[j * 16 + k] = data[j * 16 + k];
    else out[j * 16] = out[j * 16 + 5] = out[j * 16 + 10] = out[j * 16 + 15] = 1;
  }
  return out;
}

/**
 * Writes a skin's IBMs (float32, as glTF stores them). The skin's accessor is rewritten when only
 * this skin uses it; otherwise (shared, or none: the identity default) the skin gets its own.
 */
export function writeInverseBinds(document: Document, skin: Skin, data: Float64Array): void {
  const array = Float32Array.from(data);
  const old = skin.getInverseBindMatrices();
  const users = old ? old.listParents().filter((p) => p.propertyType !== 'Root') : [];
  if (old && users.length === 1 && old.getType() === 'MAT4') {
    old.setArray(array).setNormalized(false);
    return;
  }
  const buffer = old?.getBuffer() ?? document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const accessor = document
    .createAccessor(old?.getName() ?? '')
    .setType('MAT4')
    .setArray(array)
    .setBuffer(buffer);
  skin.setInverseBindMatrices(accessor);
}

/** IBM' = W'⁻¹ · W · IBM: the inverse bind matrix that keeps S = W · IBM when W becomes W'. */
export function keptInverseBind(worldBefore: Mat4, worldAfter: Mat4, ibm: ArrayLike<number>): Mat4 {
  return mul(mul(invert(worldAfter), worldBefore), ibm);
}

/**
 * For every joint of every skin whose world matrix differs between `before` and `after` (the same
 * document's nodes before and after an edit of their transforms), rewrites its IBM so that its
 * skinning matrix at the stored pose is unchanged. Joints listed in `skip` (added by the edit)
 * are left alone. Returns the number of (skin, joint) IBMs rewritten.
 */
export function keepSkinning(
  document: Document,
  before: NodeWorlds,
  after: NodeWorlds,
  skip: ReadonlySet<Node> = new Set(),
): number {
  let changed = 0;
  for (const skin of document.getRoot().listSkins()) {
    const joints = skin.listJoints();
    let data: Float64Array | null = null;
    joints.forEach((node, j) => {
      if (skip.has(node)) return;
      const wb = before.worldOf(node);
      const wa = after.worldOf(node);
      if (sameMatrix(wb, wa)) return;
      data ??= readInverseBinds(skin);
      data.set(keptInverseBind(wb, wa, data.subarray(j * 16, j * 16 + 16)), j * 16);
      changed++;
    });
    if (data) writeInverseBinds(document, skin, data);
  }
  return changed;
}
