/** draco3dgltf ships no types: the part we use. */
declare module 'draco3dgltf' {
  export function createDecoderModule(options?: Record<string, unknown>): Promise<unknown>;
  export function createEncoderModule(options?: Record<string, unknown>): Promise<unknown>;
}
