import wasmUrl from 'three/examples/jsm/libs/draco/gltf/draco_decoder.wasm?url';
import wrapperUrl from 'three/examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js?url';

type DracoFactory = (options: { wasmBinary: ArrayBuffer }) => Promise<unknown>;

/** Runs a classic script from our own origin (the CSP allows 'self' scripts, never eval). */
function loadClassicScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The Draco decoder script could not be loaded.'));
    document.head.append(script);
  });
}

let wrapper: Promise<DracoFactory> | null = null;

/** The emscripten factory the wrapper script defines as a global (`var DracoDecoderModule`). */
function dracoFactory(): Promise<DracoFactory> {
  wrapper ??= loadClassicScript(wrapperUrl).then(() => {
    const factory = (globalThis as { DracoDecoderModule?: DracoFactory }).DracoDecoderModule;
    if (typeof factory !== 'function') throw new Error('The Draco decoder script defined no decoder.');
    return factory;
  });
  // A failed load may be retried with the next Draco file.
  wrapper.catch(() => {
    wrapper = null;
  });
  return wrapper;
}

/**
 * The Draco decoder for the browser. `draco3dgltf` (the default in src/gltf/decoders.ts) is a
 * Node build; three.js ships the same emscripten decoder (glTF flavour) as a classic script plus
 * its wasm. The Content-Security-Policy forbids eval, so the script is not evaluated from text:
 * it is served as a file of our own origin and run through a `<script src>`, which defines the
 * global factory. The wasm (same origin too) is handed over as bytes so emscripten does not go
 * looking for it. Both load only when a Draco file is opened (~250 kB).
 */
export async function loadBrowserDraco(): Promise<unknown> {
  const [factory, wasmBinary] = await Promise.all([
    dracoFactory(),
    fetch(wasmUrl).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for the Draco decoder`);
      return r.arrayBuffer();
    }),
  ]);
  return factory({ wasmBinary });
}
