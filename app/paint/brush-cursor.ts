import {
  Color,
  DataTexture,
  LinearFilter,
  Mesh,
  PlaneGeometry,
  Quaternion,
  RGBAFormat,
  ShaderMaterial,
  Vector3,
} from 'three';
import { FALLOFF_IDS, type FalloffCurve, falloff } from '../../src/brush/falloff.ts';
import { halfStrengthRadius } from './falloff-shape.ts';

const SAMPLES = 64;

/**
 * The outer ring is the radius, the dashed-looking inner ring is where the falloff is at half
 * strength, and a faint fill draws the falloff itself. Line widths use fwidth so they stay about
 * 1.5 px whatever the radius; a dark halo keeps the rings readable on the red end of the ramp.
 */
const FRAGMENT = /* glsl */ `
uniform vec3 color;
uniform float inner;
uniform float opacity;
uniform sampler2D curve;
varying vec2 vUv;
float ring(float r, float at, float width, float aa) {
  return 1.0 - smoothstep(width * 0.5, width * 0.5 + aa, abs(r - at));
}
void main() {
  vec2 p = vUv * 2.0 - 1.0;
  float r = length(p);
  float aa = fwidth(r);
  if (r > 1.0 + 4.0 * aa) discard;
  vec4 c = vec4(color, r < 1.0 ? texture2D(curve, vec2(r, 0.5)).r * 0.22 : 0.0);
  c = mix(c, vec4(0.0, 0.0, 0.0, 0.55), ring(r, 1.0 + 1.5 * aa, 1.5 * aa, aa));
  c = mix(c, vec4(color, 1.0), ring(r, 1.0, 1.5 * aa, aa));
  if (inner > 0.0) {
    c = mix(c, vec4(0.0, 0.0, 0.0, 0.35), ring(r, inner + 1.2 * aa, 1.0 * aa, aa));
    c = mix(c, vec4(color, 0.75), ring(r, inner, 1.0 * aa, aa));
  }
  c.a *= opacity;
  gl_FragColor = c;
}
`;

const VERTEX = /* glsl */ `
varying vec2 vUv;
void main() {
  vUv = uv;
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}
`;

const _z = new Vector3(0, 0, 1);
const _n = new Vector3();
const _q = new Quaternion();

/**
 * The brush circle: a quad lying on the surface under the pointer (facing the surface normal),
 * sized to the brush radius in world units. Drawn over everything (no depth test) so the whole
 * circle shows on a curved limb. Moved imperatively: the pointer never goes through React.
 */
export class BrushCursor extends Mesh<PlaneGeometry, ShaderMaterial> {
  private readonly curveTexture: DataTexture;
  private curve: FalloffCurve | null = null;

  constructor() {
    const data = new Uint8Array(SAMPLES * 4);
    const texture = new DataTexture(data, SAMPLES, 1, RGBAFormat);
    texture.magFilter = LinearFilter;
    texture.minFilter = LinearFilter;
    const material = new ShaderMaterial({
      uniforms: {
        color: { value: new Color('#ffffff') },
        inner: { value: 0.5 },
        curve: { value: texture },
        opacity: { value: 1 },
      },
      vertexShader: VERTEX,
      fragmentShader: FRAGMENT,
      transparent: true,
      depthTest: false,
      depthWrite: false,
      toneMapped: false,
    });
    super(new PlaneGeometry(2, 2), material);
    this.curveTexture = texture;
    this.name = 'brush cursor';
    this.renderOrder = 20;
    this.frustumCulled = false;
    this.visible = false;
    this.raycast = () => {};
  }

  /** Puts the circle at `point`, facing `normal`, with `radius` (world units). */
  place(point: readonly number[], normal: readonly number[], radius: number): void {
    _n.set(normal[0], normal[1], normal[2]);
    _q.setFromUnitVectors(_z, _n);
    this.quaternion.copy(_q);
    this.position.set(point[0], point[1], point[2]);
    this.scale.setScalar(Math.max(radius, 1e-6));
    this.visible = true;
  }

  hide(): void {
    this.visible = false;
  }

  /** Colour (e.g. smoothing or refused) and falloff curve of the brush it shows. */
  look(color: string, curve: FalloffCurve, opacity = 1): void {
    const u = this.material.uniforms;
    (u.color.value as Color).set(color);
    u.opacity.value = opacity;
    if (curve === this.curve) return;
    this.curve = curve;
    const id = FALLOFF_IDS[curve];
    const data = this.curveTexture.image.data as Uint8Array;
    for (let i = 0; i < SAMPLES; i++) {
      const v = Math.round(falloff(id, i / (SAMPLES - 1)) * 255);
      data.set([v, v, v, 255], i * 4);
    }
    this.curveTexture.needsUpdate = true;
    u.inner.value = halfStrengthRadius(curve);
  }

  /** Frees its geometry, material and curve texture (they are its own, never shared). */
  override dispose(): void {
    super.dispose();
    this.geometry.dispose();
    this.material.dispose();
    this.curveTexture.dispose();
  }
}
