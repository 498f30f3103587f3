import type { JsonChecker } from './json.ts';

/** Where glTF-Transform looks for a GLB's binary chunk among the resources. */
export const GLB_BIN = '@glb.bin';

/** The media type of a data: URI ("image/png"), or "" when it names none. */
export function dataUriMediaType(uri: string): string {
  const comma = uri.indexOf(',');
  const header = uri.slice(5, comma < 0 ? undefined : comma);
  return header.split(';')[0].trim().toLowerCase();
}

/**
 * Decodes a data: URI to bytes, with a LoadError when it is malformed (glTF-Transform would call
 * `atob` on it, which throws a DOMException in the browser, or decode garbage in Node).
 */
export function decodeDataUri(c: JsonChecker, uri: string, what: string): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0) c.invalid(`${what} has a data: URI without a comma, so it holds no data.`);
  const header = uri.slice(5, comma);
  const payload = uri.slice(comma + 1);
  if (/;base64$/i.test(header.trim())) {
    let binary: string;
    try {
      binary = atob(payload);
    } catch {
      c.invalid(`${what}'s data: URI is not valid base64.`);
    }
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }
  // Percent-encoded: byte values as they are, %XX as the byte XX.
  const bytes = new Uint8Array(payload.length);
  let n = 0;
  for (let i = 0; i < payload.length; i++) {
    const ch = payload.charCodeAt(i);
    if (ch === 0x25) {
      const hex = payload.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/i.test(hex)) c.invalid(`${what}'s data: URI has a malformed %-escape.`);
      bytes[n++] = Number.parseInt(hex, 16);
      i += 2;
    } else {
      if (ch > 0xff) c.invalid(`${what}'s data: URI holds characters that are not bytes.`);
      bytes[n++] = ch;
    }
  }
  return bytes.slice(0, n);
}

/** What the resource step gives the rest of the checks and glTF-Transform. */
export interface ResolvedResources {
  /** Each buffer's bytes, or undefined where there are none (no uri outside a GLB's first buffer). */
  buffers: (Uint8Array | undefined)[];
  /** Each image's bytes when it has a uri (bufferView images are read from their view). */
  images: (Uint8Array | undefined)[];
  /** The resource map for glTF-Transform: given files by uri, decoded data: URIs, the GLB chunk. */
  resources: Record<string, Uint8Array>;
}

/**
 * Gives every buffer and image its bytes. data: URIs are decoded here, once, and replaced in the
 * JSON by internal names (glTF-Transform treats names starting "__" as having no file name), so
 * reading never decodes them again and their sizes are known to the checks that follow.
 */
export function resolveResources(
  c: JsonChecker,
  given: Record<string, Uint8Array>,
  bin: Uint8Array | undefined,
): ResolvedResources {
  const resources: Record<string, Uint8Array> = { ...given };
  if (bin) resources[GLB_BIN] = bin;
  const uriOf = (item: Record<string, unknown>, path: string): string | undefined => {
    const uri = item.uri;
    if (uri !== undefined && typeof uri !== 'string') c.invalid(`${path}.uri is not a string.`);
    return uri;
  };
  const buffers = c.list('buffers').map((buffer, i) => {
    const uri = uriOf(buffer, `buffers[${i}]`);
    if (uri === undefined) return i === 0 ? bin : undefined;
    if (uri.startsWith('data:')) {
      const bytes = decodeDataUri(c, uri, `buffer ${i}`);
      const key = `__skinsmith_buffer_${i}.bin`;
      resources[key] = bytes;
      buffer.uri = key;
      return bytes;
    }
    return given[uri];
  });
  const images = c.list('images').map((image, i) => {
    const uri = uriOf(image, `images[${i}]`);
    if (uri === undefined) return undefined;
    if (uri.startsWith('data:')) {
      const bytes = decodeDataUri(c, uri, `image ${i}`);
      const media = dataUriMediaType(uri);
      if (image.mimeType === undefined && media) image.mimeType = media;
      const key = `__skinsmith_image_${i}`;
      resources[key] = bytes;
      image.uri = key;
      return bytes;
    }
    return given[uri];
  });
  return { buffers, images, resources };
}
