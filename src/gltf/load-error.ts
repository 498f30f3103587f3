/** Why a file could not be opened; `message` is written for the user, not the developer. */
export type LoadErrorCode =
  | 'not-gltf'
  | 'truncated'
  | 'bad-json'
  | 'missing-file'
  | 'network-uri'
  | 'unsupported'
  | 'too-large'
  | 'invalid'
  /** Not the file's fault: an unexpected exception while opening it (a bug); `cause` holds it. */
  | 'internal';

/** A file that cannot be opened, with a message for the user. Never leaves the editor half-loaded. */
export class LoadError extends Error {
  readonly code: LoadErrorCode;
  constructor(code: LoadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoadError';
    this.code = code;
  }
}
