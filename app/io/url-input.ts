import { type InputFiles, parseGltfJson, sniffFormat, uriToFileName } from '../../src/gltf/input-files.ts';
import { LoadError } from '../../src/gltf/load-error.ts';

/**
 * Resolves `url` against the page and refuses other origins: the editor opens what this server
 * offers (or what the user picks), never a third-party address put in a shared link.
 */
export function sameOriginUrl(url: string, base = window.location.href): URL {
  let resolved: URL;
  try {
    resolved = new URL(url, base);
  } catch {
    throw new LoadError('network-uri', `"${url}" is not a valid address.`);
  }
  if (resolved.origin !== window.location.origin) {
    throw new LoadError(
      'network-uri',
      `Refused to open ${resolved.href}: Skinsmith only opens models from its own origin (${window.location.origin}). Download the file and open or drop it instead.`,
    );
  }
  return resolved;
}

async function fetchBytes(url: URL): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new LoadError('missing-file', `Could not fetch ${url.pathname}: ${(err as Error).message}`);
  }
  if (!response.ok) {
    throw new LoadError('missing-file', `Could not fetch ${url.pathname}: HTTP ${response.status}.`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Fetches a model from a same-origin URL. For a .gltf, the buffers and images it refers to by
 * relative URI are fetched too (each checked for origin), so the reader gets them as given files.
 */
export async function fetchInputFiles(url: string): Promise<InputFiles> {
  const resolved = sameOriginUrl(url);
  const name = uriToFileName(resolved.pathname) || 'model.glb';
  const bytes = await fetchBytes(resolved);
  const resources = new Map<string, Uint8Array>();
  if (sniffFormat(name, bytes) === 'gltf') {
    const json = parseGltfJson(name, bytes);
    const refs = [json.buffers, json.images].flatMap((list) => (Array.isArray(list) ? list : []));
    await Promise.all(
      refs.map(async (item) => {
        const uri = (item as { uri?: unknown } | null)?.uri;
        // data: URIs are inline; absolute URIs are refused by the reader with its own message.
        if (typeof uri !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(uri)) return;
        resources.set(uriToFileName(uri), await fetchBytes(sameOriginUrl(uri, resolved.href)));
      }),
    );
  }
  return { name, bytes, resources };
}
