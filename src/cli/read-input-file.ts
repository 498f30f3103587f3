import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { type InputFiles, parseGltfJson, sniffFormat, uriToFileName } from '../gltf/input-files.ts';
import { LoadError } from '../gltf/load-error.ts';

export interface ReadInputOptions {
  /** Skip a .gltf's missing external files instead of failing (the validator reports them). */
  lenient?: boolean;
}

export const READ_INPUT_DEFAULTS: Required<ReadInputOptions> = { lenient: false };

/** Reads a file, turning Node's errors into one-line messages. */
function readBytes(path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (err as Error).message;
    throw new LoadError('missing-file', `cannot read ${path}: ${why}`);
  }
}

function decode(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

/**
 * Reads a .glb, or a .gltf with the files it references, as the editor's InputFiles. A .gltf's
 * external files must be relative paths inside its own folder: nothing else on disk is read and
 * nothing is fetched (a URI with a scheme is left for readDocument to refuse).
 */
export function readInputFile(path: string, options: ReadInputOptions = READ_INPUT_DEFAULTS): InputFiles {
  const { lenient } = { ...READ_INPUT_DEFAULTS, ...options };
  const name = basename(path);
  const bytes = readBytes(path);
  if (sniffFormat(name, bytes) === 'glb') return { name, bytes };
  const json = parseGltfJson(name, bytes);
  const dir = dirname(resolve(path));
  const resources = new Map<string, Uint8Array>();
  for (const list of [json.buffers, json.images]) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const uri = (item as { uri?: unknown } | null)?.uri;
      if (typeof uri !== 'string' || uri.startsWith('data:') || /^[a-z][a-z0-9+.-]*:/i.test(uri)) continue;
      const file = resolve(dir, decode(uri));
      const rel = relative(dir, file);
      if (rel.startsWith('..') || isAbsolute(rel)) {
        if (lenient) continue;
        throw new LoadError('missing-file', `${name} refers to ${uri}, outside its folder; not read`);
      }
      try {
        const data = readBytes(file);
        // By file name for readDocument, by URI for the validator.
        resources.set(uriToFileName(uri), data);
        resources.set(uri, data);
      } catch (err) {
        if (!lenient) throw new LoadError('missing-file', `${name} needs ${uri}: ${(err as Error).message}`);
      }
    }
  }
  return { name, bytes, resources };
}
