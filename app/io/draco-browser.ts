import wasmUrl from 'three/examples/jsm/libs/draco/gltf/draco_decoder.wasm?url';

type DracoFactory = (options: { wasmBinary: ArrayBuffer }) => Promise<unknown>;

/**
 * The Draco decoder for the browser. `draco3dgltf` (the default in src/gltf/decoders.ts) is a
 * Node build; three.js ships the same emscripten decoder (glTF flavour) as a classic script plus
 * its wasm. The script defines a global factory, so it is evaluated in a function scope that
 * returns the factory (no global leaks), and the wasm is handed over as bytes so emscripten does
 * not go looking for it. Both load only when a Draco file is opened (~250 kB).
 */
export async function loadBrowserDraco(): Promise<unknown> {
  const [{ default: source }, wasmBinary] = await Promise.all([
    import('three/examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js?raw'),
    fetch(wasmUrl).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for the Draco decoder`);
      return r.arrayBuffer();
    }),
  ]);
  const factory = new Function(`${source}\nreturn DracoDecoderModule;`)() as DracoFactory;
  return factory({ wasmBinary });
}
