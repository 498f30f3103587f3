/**
 * The weight layers in a project file's `extras.skinsmith.layers`: JSON, so each typed array is
 * base64 of its little-endian bytes. The glTF accessors keep the composed weights, so any other
 * tool reads the file as a plain rigged model; only Skinsmith reads the stack back.
 */
import type { SavedLayer, SavedStack } from '../layers/layer-stack.ts';
import type { JsonValue } from './session.ts';

type Json = { [key: string]: JsonValue };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const encode = (a: Uint16Array | Float32Array) =>
  toBase64(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

function decode<T extends Uint16Array | Float32Array>(
  value: unknown,
  make: (buffer: ArrayBuffer) => T,
  size: number,
  what: string,
): T {
  if (typeof value !== 'string') throw new Error(`the ${what} are missing`);
  const bytes = fromBase64(value);
  if (bytes.length % size !== 0) throw new Error(`the ${what} are cut short`);
  return make(bytes.slice().buffer);
}

/** The stack as JSON for `extras`. */
export function encodeStack(saved: SavedStack): Json {
  return {
    baseName: saved.baseName,
    active: saved.active,
    base: saved.base.map((b) => ({ joints: encode(b.joints), weights: encode(b.weights) })),
    layers: saved.layers.map((l) => ({
      name: l.name,
      visible: l.visible,
      opacity: l.opacity,
      parts: l.parts.map((part) => ({
        joints: encode(part.joints),
        weights: encode(part.weights),
        mask: encode(part.mask),
      })),
    })),
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stack from `extras` JSON, or throws an Error saying what is wrong (the sizes are checked
 * against the model when it is loaded into the editor).
 */
export function decodeStack(value: unknown): SavedStack {
  if (!isRecord(value) || !Array.isArray(value.base) || !Array.isArray(value.layers))
    throw new Error('the layer record is not one Skinsmith writes');
  const u16 = (v: unknown, what: string) => decode(v, (b) => new Uint16Array(b), 2, what);
  const f32 = (v: unknown, what: string) => decode(v, (b) => new Float32Array(b), 4, what);
  const base = value.base.map((b) => {
    if (!isRecord(b)) throw new Error('the base weights are missing');
    return { joints: u16(b.joints, 'base joints'), weights: f32(b.weights, 'base weights') };
  });
  const layers: SavedLayer[] = value.layers.map((l, i) => {
    if (!isRecord(l) || !Array.isArray(l.parts)) throw new Error(`layer ${i + 1} is damaged`);
    const name = typeof l.name === 'string' && l.name.trim() ? l.name : `Layer ${i + 1}`;
    return {
      name,
      visible: l.visible !== false,
      opacity: typeof l.opacity === 'number' && Number.isFinite(l.opacity) ? l.opacity : 1,
      parts: l.parts.map((part) => {
        if (!isRecord(part)) throw new Error(`layer "${name}" is damaged`);
        return {
          joints: u16(part.joints, `joints of "${name}"`),
          weights: f32(part.weights, `weights of "${name}"`),
          mask: f32(part.mask, `mask of "${name}"`),
        };
      }),
    };
  });
  const active = typeof value.active === 'number' && Number.isInteger(value.active) ? value.active : -1;
  return {
    baseName: typeof value.baseName === 'string' ? value.baseName : 'Base',
    active: active >= -1 && active < layers.length ? active : layers.length - 1,
    base,
    layers,
  };
}
