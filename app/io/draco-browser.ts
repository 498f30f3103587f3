import encoderWasmUrl from 'draco3dgltf/draco_encoder.wasm?url';
import encoderWrapperUrl from 'draco3dgltf/draco_encoder_gltf_nodejs.js?url';
import wasmUrl from 'three/examples/jsm/libs/draco/gltf/draco_decoder.wasm?url';
import wrapperUrl from 'three/examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js?url';

type DracoFactory = (options: { wasmBinary: ArrayBuffer }) => Promise<unknown>;

/** Runs a classic script from our own origin (the CSP allows 'self' scripts, never eval). */
function loadClassicScript(src: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The Draco ${what} script could not be loaded.`));
    document.head.append(script);
  });
}

const factories = new Map<string, Promise<DracoFactory>>();

/** The emscripten factory a wrapper script defines as a global (`var DracoDecoderModule`). */
function dracoFactory(src: string, globalName: string, what: string): Promise<DracoFactory> {
  let factory = factories.get(globalName);
  if (!factory) {
    factory = loadClassicScript(src, what).then(() => {
      const f = (globalThis as Record<string, unknown>)[globalName] as DracoFactory | undefined;
      if (typeof f !== 'function') throw new Error(`The Draco ${what} script defined no ${what}.`);
      return f;
    });
    factories.set(globalName, factory);
    // A failed load may be retried with the next Draco file.
    factory.catch(() => factories.delete(globalName));
  }
  return factory;
}

async function loadModule(src: string, globalName: string, wasm: string, what: string): Promise<unknown> {
  const [factory, wasmBinary] = await Promise.all([
    dracoFactory(src, globalName, what),
    fetch(wasm).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for the Draco ${what}`);
      return r.arrayBuffer();
    }),
  ]);
  return factory({ wasmBinary });
}

/**
 * The Draco decoder for the browser. `draco3dgltf` (the default in src/gltf/decoders.ts) is a
 * Node build; three.js ships the same emscripten decoder (glTF flavour) as a classic script plus
 * its wasm. The Content-Security-Policy forbids eval, so the script is not evaluated from text:
 * it is served as a file of our own origin and run through a `<script src>`, which defines the
 * global factory. The wasm (same origin too) is handed over as bytes so emscripten does not go
 * looking for it. Both load only when a Draco file is opened (~250 kB).
 */
export function loadBrowserDraco(): Promise<unknown> {
  return loadModule(wrapperUrl, 'DracoDecoderModule', wasmUrl, 'decoder');
}

/**
 * The Draco encoder, for an export that asks to re-encode with Draco: draco3dgltf's build runs in
 * a browser too (it checks for Node before touching `fs`), loaded the same way (~420 kB, on use).
 */
export function loadBrowserDracoEncoder(): Promise<unknown> {
  return loadModule(encoderWrapperUrl, 'DracoEncoderModule', encoderWasmUrl, 'encoder');
}
