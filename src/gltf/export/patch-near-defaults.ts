import type { Document, GLTF } from '@gltf-transform/core';

function isExactly(value: ArrayLike<number>, reference: readonly number[]): boolean {
  for (let i = 0; i < reference.length; i++) if (value[i] !== reference[i]) return false;
  return true;
}

/**
 * glTF-Transform's writer leaves out a node's translation / rotation / scale and a material's
 * baseColorFactor / emissiveFactor when they are within 1e-5 of the default, so a source scale
 * of 0.99999994 (one float32 step below 1, common in FBX2glTF files such as QuaterniusWolf) would
 * come back as 1. Export promises everything but weights unchanged, so this writes such values
 * back into the JSON exactly. JSON nodes and materials are in the Document's list order.
 */
export function patchNearDefaults(json: GLTF.IGLTF, document: Document): void {
  const root = document.getRoot();
  root.listNodes().forEach((node, i) => {
    const def = json.nodes?.[i];
    if (!def) return;
    const t = node.getTranslation();
    const r = node.getRotation();
    const s = node.getScale();
    if (!def.translation && !isExactly(t, [0, 0, 0])) def.translation = [...t];
    if (!def.rotation && !isExactly(r, [0, 0, 0, 1])) def.rotation = [...r];
    if (!def.scale && !isExactly(s, [1, 1, 1])) def.scale = [...s];
  });
  root.listMaterials().forEach((material, i) => {
    const def = json.materials?.[i];
    if (!def) return;
    const base = material.getBaseColorFactor();
    const emissive = material.getEmissiveFactor();
    if (!isExactly(base, [1, 1, 1, 1])) {
      def.pbrMetallicRoughness ??= {};
      def.pbrMetallicRoughness.baseColorFactor ??= [...base];
    }
    if (!def.emissiveFactor && !isExactly(emissive, [0, 0, 0])) def.emissiveFactor = [...emissive];
  });
}
