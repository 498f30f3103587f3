import { type Material, MeshLambertMaterial } from 'three';
import { HEAT_ZERO_SRGB } from './heat-colors.ts';

/**
 * The weight ramp riggers know from Blender and Maya: blue 0 → cyan → green → yellow → red 1.
 * Values are linear (the output pass encodes sRGB); zero gets its own colour, so "no influence"
 * never reads as "a little influence".
 */
const RAMP_GLSL = /* glsl */ `
varying float vHeat;
vec3 heatRamp(float w) {
  float t = clamp(w, 0.0, 1.0) * 4.0;
  if (t < 1.0) return mix(vec3(0.0, 0.0, 1.0), vec3(0.0, 1.0, 1.0), t);
  if (t < 2.0) return mix(vec3(0.0, 1.0, 1.0), vec3(0.0, 1.0, 0.0), t - 1.0);
  if (t < 3.0) return mix(vec3(0.0, 1.0, 0.0), vec3(1.0, 1.0, 0.0), t - 2.0);
  return mix(vec3(1.0, 1.0, 0.0), vec3(1.0, 0.0, 0.0), t - 3.0);
}
`;

/**
 * The selected joint's weight per vertex, from the same skinIndex/skinWeight attributes the mesh
 * is skinned with (the editor's arrays), summed over the slots that name the joint.
 */
const VERTEX_GLSL = /* glsl */ `
#ifdef USE_SKINNING
  vHeat = dot(vec4(equal(skinIndex, vec4(heatJoint))), skinWeight);
  #if HEAT_SETS > 1
    vHeat += dot(vec4(equal(skinIndex1, vec4(heatJoint))), skinWeight1);
  #endif
#else
  vHeat = 0.0;
#endif
`;

/** The per-vertex value the layer heat map shows (see layer-heat-view.ts). */
export const LAYER_HEAT_ATTRIBUTE = 'layerHeat';

const ATTRIBUTE_GLSL = /* glsl */ `
vHeat = ${LAYER_HEAT_ATTRIBUTE};
`;

export interface HeatMaterial extends MeshLambertMaterial {
  userData: { heatJoint: { value: number } };
}

/**
 * A heat-map material for one skinned mesh. `userData.heatJoint.value` is the selected joint's
 * index in that mesh's own skin (each SkinnedMesh has its own), or -1 when the joint is not in it.
 * The colour is not lit by the scene lights (they would tint and darken the ramp) but by a soft
 * light from the camera, so the form still reads; tone mapping is off so the ramp stays exact.
 */
export function createHeatMaterial(source: Material, sets: 1 | 2, fromAttribute = false): HeatMaterial {
  const material = new MeshLambertMaterial({ side: source.side }) as HeatMaterial;
  // fromAttribute: the value comes from the `layerHeat` attribute (a weight layer's own weights or
  // its mask), not from the skin attributes; the mesh is still skinned, so it bends.
  material.name = `${source.name || 'material'} (${fromAttribute ? 'layer heat map' : 'heat map'})`;
  material.toneMapped = false;
  material.polygonOffset = true;
  material.polygonOffsetFactor = 1;
  material.polygonOffsetUnits = 1;
  material.defines = { HEAT_SETS: sets };
  const heatJoint = { value: -1 };
  material.userData = { heatJoint };
  material.onBeforeCompile = (shader) => {
    shader.uniforms.heatJoint = heatJoint;
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        `#include <common>
uniform float heatJoint;
varying float vHeat;
${fromAttribute ? `attribute float ${LAYER_HEAT_ATTRIBUTE};` : ''}
#if defined(USE_SKINNING) && HEAT_SETS > 1
attribute vec4 skinIndex1;
attribute vec4 skinWeight1;
#endif`,
      )
      .replace(
        '#include <skinning_vertex>',
        `#include <skinning_vertex>\n${fromAttribute ? ATTRIBUTE_GLSL : VERTEX_GLSL}`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${RAMP_GLSL}`)
      .replace(
        '#include <opaque_fragment>',
        `{
  vec3 zeroColor = vec3(${srgbToLinearGlsl(HEAT_ZERO_SRGB)});
  vec3 heat = vHeat > 0.0 ? heatRamp(vHeat) : zeroColor;
  float facing = max(dot(normal, normalize(vec3(0.3, 0.45, 1.0))), 0.0);
  outgoingLight = heat * (0.55 + 0.45 * facing);
}
#include <opaque_fragment>`,
      );
  };
  // One program for every heat material of the same set count.
  material.customProgramCacheKey = () => `skinsmith-heat-${sets}${fromAttribute ? '-layer' : ''}`;
  return material;
}

/** A '#rrggbb' colour as a GLSL vec3 argument list in linear space. */
function srgbToLinearGlsl(hex: string): string {
  const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return [1, 3, 5].map((i) => toLinear(Number.parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(5)).join(', ');
}
