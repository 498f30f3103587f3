/**
 * Keeps the source's textures[] in place on export. glTF-Transform rebuilds textures[] from the
 * texture slots of the materials it knows: a texture only an unknown extension uses (VRM's MToon
 * matcap, a VRM 0.x material property) is left out, and the others may move, so the indices such
 * an extension holds would point at nothing or at another texture. When the source kept unknown
 * extensions, the written textures[] is laid out as the source's (each entry's image and sampler
 * mapped to the written ones; images keep their order on export), textures only the export has
 * after them, and the known materials' texture infos renumbered to match. Extensions written back
 * as they were then name the same textures they named in the source.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const SAMPLER_KEYS = ['magFilter', 'minFilter', 'wrapS', 'wrapT'] as const;

/** A sampler's settings as one comparable string (wraps default to REPEAT). */
export function samplerSettings(s: Json | undefined): string {
  return SAMPLER_KEYS.map(
    (k) => (s?.[k] ?? (k.startsWith('wrap') ? 10497 : undefined)) as number | undefined,
  ).join(',');
}

/** Lays `out.textures` out as `src.textures` (see the module comment). Returns false when it did nothing. */
export function alignTextures(src: Json, out: Json): boolean {
  const srcTextures = Array.isArray(src.textures) ? (src.textures as unknown[]) : [];
  if (srcTextures.length === 0) return false;
  const srcSamplers = Array.isArray(src.samplers) ? (src.samplers as Json[]) : [];
  const outSamplers = Array.isArray(out.samplers) ? (out.samplers as Json[]) : [];
  const images = Array.isArray(out.images) ? out.images.length : 0;
  const outTextures = Array.isArray(out.textures) ? (out.textures as Json[]) : [];
  // A written sampler with the source sampler's settings (added when the export has none).
  const samplerFor = (i: unknown): number | undefined => {
    if (typeof i !== 'number' || !isObject(srcSamplers[i])) return undefined;
    const want = samplerSettings(srcSamplers[i]);
    let k = outSamplers.findIndex((s) => samplerSettings(s) === want);
    if (k < 0) {
      const copy: Json = {};
      for (const key of SAMPLER_KEYS) if (srcSamplers[i][key] !== undefined) copy[key] = srcSamplers[i][key];
      outSamplers.push(copy);
      k = outSamplers.length - 1;
    }
    return k;
  };
  const laid: Json[] = srcTextures.map((t) => {
    const entry: Json = {};
    if (isObject(t) && typeof t.source === 'number' && t.source < images) entry.source = t.source;
    const sampler = isObject(t) ? samplerFor(t.sampler) : undefined;
    if (sampler !== undefined) entry.sampler = sampler;
    return entry;
  });
  const key = (t: Json) =>
    `${t.source ?? ''}|${samplerSettings(typeof t.sampler === 'number' ? outSamplers[t.sampler] : undefined)}`;
  const claimed = new Set<number>();
  const renumber = outTextures.map((t) => {
    const k = laid.findIndex((x, i) => !claimed.has(i) && key(x) === key(t));
    if (k >= 0) {
      claimed.add(k);
      // glTF-Transform's entry (its extensions: KHR_texture_basisu…) stands in the source's place.
      laid[k] = t;
      return k;
    }
    laid.push(t);
    return laid.length - 1;
  });
  out.textures = laid;
  if (outSamplers.length) out.samplers = outSamplers;
  const visit = (v: unknown, name: string) => {
    if (Array.isArray(v)) for (const x of v) visit(x, name);
    else if (isObject(v)) {
      if (/texture$/i.test(name) && typeof v.index === 'number' && renumber[v.index] !== undefined)
        v.index = renumber[v.index];
      for (const [k, x] of Object.entries(v)) visit(x, k);
    }
  };
  // The written materials name textures by glTF-Transform's order; unknown extensions are not yet back.
  visit(out.materials, 'materials');
  return true;
}
