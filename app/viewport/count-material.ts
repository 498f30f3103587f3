import { type Material, MeshLambertMaterial } from 'three';
import { COUNT_COLORS_SRGB } from './count-colors.ts';

/** The vertex attribute holding each vertex's number of influences (one unsigned byte). */
export const COUNT_ATTRIBUTE = 'influenceCount';

/**
 * The colour is picked per vertex and interpolated across faces, like a vertex-colour layer: a
 * border between two counts reads as a soft edge, never as a third count in between.
 */
const VERTEX_DECLS = /* glsl */ `
attribute float ${COUNT_ATTRIBUTE};
uniform vec3 countColors[${COUNT_COLORS_SRGB.length}];
varying vec3 vCountColor;`;

const VERTEX_BODY = /* glsl */ `
vCountColor = countColors[int(clamp(${COUNT_ATTRIBUTE}, 0.0, ${(COUNT_COLORS_SRGB.length - 1).toFixed(1)}))];`;

const FRAGMENT_BODY = /* glsl */ `
{
  float facing = max(dot(normal, normalize(vec3(0.3, 0.45, 1.0))), 0.0);
  outgoingLight = vCountColor * (0.55 + 0.45 * facing);
}
#include <opaque_fragment>`;

/**
 * A material colouring each vertex by its influence count (the `influenceCount` attribute the
 * viewport keeps from `editor.tools.checks.influenceCounts`). Skinned meshes stay skinned (the
 * posed surface), unlit by the scene like the heat map, with tone mapping off so the colours
 * match the legend.
 */
export function createCountMaterial(source: Material): MeshLambertMaterial {
  const material = new MeshLambertMaterial({ side: source.side });
  material.name = `${source.name || 'material'} (influence count)`;
  material.toneMapped = false;
  material.polygonOffset = true;
  material.polygonOffsetFactor = 1;
  material.polygonOffsetUnits = 1;
  const countColors = { value: linearColors() };
  material.onBeforeCompile = (shader) => {
    shader.uniforms.countColors = countColors;
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${VERTEX_DECLS}`)
      .replace('#include <begin_vertex>', `#include <begin_vertex>\n${VERTEX_BODY}`);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vCountColor;')
      .replace('#include <opaque_fragment>', FRAGMENT_BODY);
  };
  material.customProgramCacheKey = () => 'skinsmith-influence-count';
  return material;
}

/** The palette in linear light (the output pass encodes sRGB), flat xyz per colour. */
function linearColors(): Float32Array {
  const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const out = new Float32Array(COUNT_COLORS_SRGB.length * 3);
  COUNT_COLORS_SRGB.forEach((hex, i) => {
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = toLinear(Number.parseInt(hex.slice(1 + c * 2, 3 + c * 2), 16) / 255);
  });
  return out;
}
