import { LoadError } from '../load-error.ts';
import { CHECKED_EXTENSIONS } from './extensions.ts';

/** Messages glTF-Transform's decompression extensions and the meshopt decoder throw on bad data. */
const DECODER_MESSAGES = /^\[(KHR_draco_mesh_compression|EXT_meshopt_compression)\]|malformed buffer data/i;

const COMPRESSION = ['KHR_draco_mesh_compression', 'EXT_meshopt_compression'];

/**
 * Turns an exception from glTF-Transform's reader (after the preflight passed) into a LoadError.
 * Only failures the preflight cannot rule out are a bad file: corrupt compressed data (the
 * decoders are the only judge of that) and data of extensions the preflight does not check.
 * Anything else is a gap in the checks or a bug: code 'internal', with the original as `cause`,
 * so that tests (the fuzz test above all) tell it apart from a recognised bad file.
 */
export function classifyReadError(name: string, json: Record<string, unknown>, err: unknown): LoadError {
  if (err instanceof LoadError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const used = Array.isArray(json.extensionsUsed) ? (json.extensionsUsed as unknown[]) : [];
  const compressed = COMPRESSION.filter((ext) => used.includes(ext));
  const wasmTrap = typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.RuntimeError;
  if (compressed.length > 0 && (DECODER_MESSAGES.test(message) || wasmTrap)) {
    return new LoadError(
      'invalid',
      `${name} is damaged: its compressed mesh data (${compressed.join(', ')}) could not be decoded.`,
      { cause: err },
    );
  }
  const unchecked = used.filter(
    (ext): ext is string => typeof ext === 'string' && !CHECKED_EXTENSIONS.includes(ext),
  );
  if (unchecked.length > 0) {
    return new LoadError(
      'invalid',
      `${name} could not be read; its ${unchecked.join(', ')} data may be malformed (${message}).`,
      { cause: err },
    );
  }
  return new LoadError(
    'internal',
    `${name} could not be opened because of a problem in Skinsmith, not in the file (${message}). Please report it with the file.`,
    { cause: err },
  );
}
