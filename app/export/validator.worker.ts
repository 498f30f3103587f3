/**
 * The validator worker: a thin shell around `validateHere`, so the Khronos glTF-Validator (which
 * runs synchronously for a whole file) never blocks the page. One request at a time is not
 * assumed: each reply carries its request's id.
 */
import { type ValidateInput, type ValidateOptions, validateHere } from '../../src/gltf/validate.ts';

export interface ValidateRequest {
  id: number;
  input: ValidateInput;
  options: Required<ValidateOptions>;
}

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ValidateRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async ({ data: { id, input, options } }) => {
  try {
    scope.postMessage({ id, report: await validateHere(input, options) });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
