import { type Zippable, zipSync } from 'fflate';

/** Already-compressed formats gain nothing from deflate: store them. */
const STORED = /\.(png|jpe?g|webp|ktx2|avif|glb|zip)$/i;

/**
 * One .zip of a .gltf export's files (the .gltf, its .bin and images), for a browser download of
 * a single file. Paths inside the zip are the files' relative paths, so unzipping yields a
 * loadable .gltf folder.
 */
export function zipFiles(files: Map<string, Uint8Array>): Uint8Array {
  const entries: Zippable = {};
  for (const [path, data] of files) entries[path] = [data, { level: STORED.test(path) ? 0 : 6 }];
  return zipSync(entries);
}
