/**
 * Decoders for compressed glTF (Draco, meshopt), loaded only when a file needs them so the app's
 * first paint does not pay for them. The app may replace the loaders (for example to load the
 * Draco wasm from its own origin); the defaults work in Node and in bundlers.
 */
export interface DecoderLoaders {
  draco: () => Promise<unknown>;
  meshopt: () => Promise<unknown>;
  /** The Draco encoder, for exports that ask to re-encode with Draco. */
  dracoEncoder: () => Promise<unknown>;
}

let dracoPromise: Promise<unknown> | null = null;
let meshoptPromise: Promise<unknown> | null = null;
let dracoEncoderPromise: Promise<unknown> | null = null;

type Draco3dgltf = {
  default?: { createDecoderModule: () => Promise<unknown>; createEncoderModule: () => Promise<unknown> };
  createDecoderModule?: () => Promise<unknown>;
  createEncoderModule?: () => Promise<unknown>;
};

/** draco3dgltf is a Node build (it reads its wasm with fs): hidden from the browser bundle,
 * where the app installs its own loaders through setDecoderLoaders. */
async function nodeDraco(): Promise<Draco3dgltf> {
  const nodeOnly = 'draco3dgltf';
  return (await import(/* @vite-ignore */ nodeOnly)) as unknown as Draco3dgltf;
}

const defaults: DecoderLoaders = {
  draco: async () => {
    const mod = await nodeDraco();
    const create = mod.createDecoderModule ?? mod.default?.createDecoderModule;
    if (!create) throw new Error('draco3dgltf has no createDecoderModule');
    return create();
  },
  dracoEncoder: async () => {
    const mod = await nodeDraco();
    const create = mod.createEncoderModule ?? mod.default?.createEncoderModule;
    if (!create) throw new Error('draco3dgltf has no createEncoderModule');
    return create();
  },
  meshopt: async () => {
    const { MeshoptDecoder } = await import('meshoptimizer');
    await MeshoptDecoder.ready;
    return MeshoptDecoder;
  },
};

let loaders: DecoderLoaders = defaults;

/** Replaces how decoders are loaded (the browser app points Draco at its own copy). */
export function setDecoderLoaders(next: Partial<DecoderLoaders>): void {
  loaders = { ...defaults, ...next };
  dracoPromise = null;
  meshoptPromise = null;
  dracoEncoderPromise = null;
}

/** The Draco decoder module, loaded once. */
export function loadDraco(): Promise<unknown> {
  dracoPromise ??= loaders.draco().catch((err) => {
    dracoPromise = null;
    throw err;
  });
  return dracoPromise;
}

/** The meshopt decoder, loaded once. */
export function loadMeshopt(): Promise<unknown> {
  meshoptPromise ??= loaders.meshopt().catch((err) => {
    meshoptPromise = null;
    throw err;
  });
  return meshoptPromise;
}

/** The Draco encoder module, loaded once (only an export that re-encodes with Draco needs it). */
export function loadDracoEncoder(): Promise<unknown> {
  dracoEncoderPromise ??= loaders.dracoEncoder().catch((err) => {
    dracoEncoderPromise = null;
    throw err;
  });
  return dracoEncoderPromise;
}
