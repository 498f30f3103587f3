import type { InputFiles } from '../../src/gltf/input-files.ts';
import { LoadError } from '../../src/gltf/load-error.ts';

/** A file as the browser gives it (File) or as a script gives it (name + bytes). */
export interface NamedFile {
  name: string;
  bytes: () => Promise<Uint8Array>;
}

export function fromFile(file: File): NamedFile {
  return { name: file.name, bytes: async () => new Uint8Array(await file.arrayBuffer()) };
}

const ext = (name: string) => name.toLowerCase().slice(name.lastIndexOf('.') + 1);

/**
 * Picks the main file among several chosen or dropped together (the first .glb or .vrm — a VRM
 * avatar is a GLB — else the first .gltf) and passes the others as its resources (the .bin and textures a .gltf refers to).
 * A single file of any kind is passed on as the main file, so the reader can say what is wrong with it.
 */
export async function toInputFiles(files: NamedFile[]): Promise<InputFiles> {
  if (files.length === 0) throw new LoadError('not-gltf', 'No file was given.');
  const main =
    files.find((f) => ext(f.name) === 'glb' || ext(f.name) === 'vrm') ??
    files.find((f) => ext(f.name) === 'gltf') ??
    (files.length === 1 ? files[0] : undefined);
  if (!main) {
    const names = files.map((f) => f.name).join(', ');
    throw new LoadError(
      'not-gltf',
      `None of the files is a .glb, .vrm or .gltf (${names}). Choose the model file together with its .bin and textures.`,
    );
  }
  const resources = new Map<string, Uint8Array>();
  await Promise.all(files.filter((f) => f !== main).map(async (f) => resources.set(f.name, await f.bytes())));
  return { name: main.name, bytes: await main.bytes(), resources };
}
