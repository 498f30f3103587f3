import { type Material, MeshLambertMaterial } from 'three';
import { COUNT_COLORS_SRGB } from './count-colors.ts';

/** The vertex attribute holding each vertex's number of influences (one unsigned byte). */
export const COUNT_ATTRIBUTE = 'influenceCount';

/** What a palette view colours by: a one-byte vertex attribute indexing a list of sRGB colours. */
export interface PaletteSpec {
  attribute: string;
  colors: readonly string[];
  /** Names the view in the material's name and shader cache key. */
  view: string;
}

/**
 * A material colouring each vertex by a small integer attribute (influence count, transfer
 * status). The colour is picked per vertex and interpolated across faces, like a vertex-colour
 * layer: a border between two values reads as a soft edge, never as a third value in between.
 * Skinned meshes stay skinned (the posed surface), unlit by the scene like the heat map, with
 * tone mapping off so the colours match the legend.
 */
export function createPaletteMaterial(source: Material, spec: PaletteSpec): MeshLambertMaterial {
  const n = spec.colors.length;
  const material = new MeshLambertMaterial({ side: source.side });
  material.name = `${source.name || 'material'} (${spec.view})`;
  material.toneMapped = false;
  material.polygonOffset = true;
  material.polygonOffsetFactor = 1;
  material.polygonOffsetUnits = 1;
  const paletteColors = { value: linearColors(spec.colors) };
  const vertexDecls = /* glsl */ `
attribute float ${spec.attribute};
uniform vec3 paletteColors[${n}];
varying vec3 vPaletteColor;`;
  const vertexBody = /* glsl */ `
vPaletteColor = paletteColors[int(clamp(${spec.attribute}, 0.0, ${(n - 1).toFixed(1)}))];`;
  const fragmentBody = /* glsl */ `
{
  float facing = max(dot(normal, normalize(vec3(0.3, 0.45, 1.0))), 0.0);
  outgoingLight = vPaletteColor * (0.55 + 0.45 * facing);
}
#include <opaque_fragment>`;
  material.onBeforeCompile = (shader) => {
    shader.uniforms.paletteColors = paletteColors;
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${vertexDecls}`)
      .replace('#include <begin_vertex>', `#include <begin_vertex>\n${vertexBody}`);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vPaletteColor;')
      .replace('#include <opaque_fragment>', fragmentBody);
  };
  material.customProgramCacheKey = () => `skinsmith-palette-${spec.attribute}-${n}`;
  return material;
}

/**
 * A material colouring each vertex by its influence count (the `influenceCount` attribute the
 * viewport keeps from `editor.tools.checks.influenceCounts`).
 */
export function createCountMaterial(source: Material): MeshLambertMaterial {
  return createPaletteMaterial(source, {
    attribute: COUNT_ATTRIBUTE,
    colors: COUNT_COLORS_SRGB,
    view: 'influence count',
  });
}

/** The palette in linear light (the output pass encodes sRGB), flat xyz per colour. */
function linearColors(colors: readonly string[]): Float32Array {
  const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const out = new Float32Array(colors.length * 3);
  colors.forEach((hex, i) => {
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = toLinear(Number.parseInt(hex.slice(1 + c * 2, 3 + c * 2), 16) / 255);
  });
  return out;
}
