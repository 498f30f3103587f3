import type { JsonChecker } from './json.ts';

/** Image types a browser (or KTX2 transcoder) can show, and how to recognise their bytes. */
const SIGNATURES: [mime: string, test: (b: Uint8Array) => boolean][] = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/webp', (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP'],
  ['image/ktx2', (b) => b[0] === 0xab && ascii(b, 1, 7) === 'KTX 20'],
  ['image/avif', (b) => ascii(b, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(b, 8, 12))],
];

export const KNOWN_IMAGE_TYPES = SIGNATURES.map(([mime]) => mime);

function ascii(b: Uint8Array, start: number, end: number): string {
  if (b.byteLength < end) return '';
  return String.fromCharCode(...b.subarray(start, end));
}

/** The image type its first bytes say, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  for (const [mime, test] of SIGNATURES) if (test(bytes)) return mime;
  return null;
}

/**
 * Images: each has a uri or a buffer view (glTF-Transform throws otherwise). An image of a
 * type no browser shows only costs the texture, so it is a warning: the file opens, the image
 * is kept for export, and the user learns why the model looks untextured. A missing mimeType
 * is filled in from the bytes so that glTF-Transform does not guess it from a file name.
 */
export function checkImages(
  c: JsonChecker,
  views: (Uint8Array | null)[],
  uriBytes: (Uint8Array | undefined)[],
): void {
  c.list('images').forEach((image, i) => {
    const path = `images[${i}]`;
    const view = c.ref(image, 'bufferView', path, 'bufferViews');
    const declared = c.string(image, 'mimeType', path);
    if (view === undefined && image.uri === undefined)
      c.invalid(`image ${i} has neither a uri nor a buffer view.`);
    const bytes = view !== undefined ? views[view] : uriBytes[i];
    if (!bytes) return; // Decompressed while reading (meshopt): nothing to look at yet.
    const sniffed = sniffImageType(bytes);
    const label =
      typeof image.name === 'string' && image.name
        ? `Image ${i} ("${image.name.slice(0, 40)}")`
        : `Image ${i}`;
    if (declared === undefined) {
      if (sniffed) image.mimeType = sniffed;
      else c.warn(`${label} is not a PNG, JPEG, WebP, KTX2 or AVIF image; it is kept but not shown.`);
      return;
    }
    if (!KNOWN_IMAGE_TYPES.includes(declared)) {
      c.warn(`${label} has the unknown type "${declared.slice(0, 40)}"; it is kept but not shown.`);
    } else if (sniffed && sniffed !== declared) {
      c.warn(`${label} says it is ${declared} but its bytes are ${sniffed}; it may not be shown.`);
    } else if (!sniffed && bytes.byteLength > 0) {
      c.warn(`${label} says it is ${declared} but its bytes are not; it is kept but may not be shown.`);
    }
  });
}
