import { uriToFileName } from './input-files.ts';

/** How serious a validator message is, as the Khronos glTF-Validator ranks them. */
export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** One message of the validator. `pointer` is a JSON pointer into the glTF JSON ('' when none). */
export interface ValidationMessage {
  code: string;
  severity: Severity;
  pointer: string;
  message: string;
}

/** The validator's report, reduced to what the export dialog and the CLI show. */
export interface ValidationReport {
  validatorVersion: string;
  errors: number;
  warnings: number;
  infos: number;
  hints: number;
  messages: ValidationMessage[];
}

/** What to validate: a GLB, or a .gltf with the files it references (by URI, as written). */
export interface ValidateInput {
  /** File name, copied into messages only; e.g. "Fox.glb". */
  name?: string;
  bytes: Uint8Array;
  /** For a .gltf: its .bin and images, keyed by URI (or by file name). */
  resources?: Map<string, Uint8Array>;
}

export interface ValidateOptions {
  /** Message codes to leave out of the report. */
  ignoredIssues?: string[];
}

export const VALIDATE_DEFAULTS: Required<ValidateOptions> = { ignoredIssues: [] };

const SEVERITIES: Severity[] = ['error', 'warning', 'info', 'hint'];

const GLB_MAGIC = 0x46546c67;

function isGlb(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= 4 &&
    new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === GLB_MAGIC
  );
}

/** Loaded on first use only: the validator is ~1 MB of compiled Dart the app needs only on export. */
let validatorModule: Promise<typeof import('gltf-validator')> | null = null;

function loadValidator(): Promise<typeof import('gltf-validator')> {
  validatorModule ??= import('gltf-validator').catch((err) => {
    validatorModule = null;
    throw err;
  });
  return validatorModule;
}

/** Runs the validator elsewhere: the app passes one that posts to a worker (see setValidatorRunner). */
export type ValidatorRunner = (
  input: ValidateInput,
  options: Required<ValidateOptions>,
) => Promise<ValidationReport>;

let runner: ValidatorRunner | null = null;

/**
 * Routes every {@link validateGltf} through `next` (null: back to this thread). The browser app
 * sends the validator to a worker: it runs synchronously for its whole file (over a second on a
 * large model), which would freeze the page while the export dialog waits.
 */
export function setValidatorRunner(next: ValidatorRunner | null): void {
  runner = next;
}

/**
 * Runs the Khronos glTF-Validator with no limit on the number of messages. A .gltf's external
 * files are looked up in `resources` (by URI, then by file name); nothing is fetched.
 */
export function validateGltf(
  input: ValidateInput,
  options: ValidateOptions = VALIDATE_DEFAULTS,
): Promise<ValidationReport> {
  const resolved = { ...VALIDATE_DEFAULTS, ...options };
  return runner ? runner(input, resolved) : validateHere(input, resolved);
}

/** {@link validateGltf} on this thread, whatever runner is set (what a validator worker calls). */
export async function validateHere(
  input: ValidateInput,
  options: ValidateOptions = VALIDATE_DEFAULTS,
): Promise<ValidationReport> {
  const { ignoredIssues } = { ...VALIDATE_DEFAULTS, ...options };
  const validator = await loadValidator();
  const resources = input.resources;
  const report = await validator.validateBytes(input.bytes, {
    uri: input.name,
    format: isGlb(input.bytes) ? 'glb' : 'gltf',
    maxIssues: 0,
    writeTimestamp: false,
    ignoredIssues,
    externalResourceFunction: async (uri: string) => {
      const file =
        resources?.get(uri) ?? resources?.get(safeDecode(uri)) ?? resources?.get(uriToFileName(uri));
      // The validator reports a missing resource as an error (IO_ERROR) when this rejects.
      if (!file) throw new Error(`${uri} was not given`);
      return file;
    },
  });
  return {
    validatorVersion: report.validatorVersion,
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    infos: report.issues.numInfos,
    hints: report.issues.numHints,
    messages: report.issues.messages.map((m) => ({
      code: m.code,
      severity: SEVERITIES[m.severity] ?? 'info',
      pointer: m.pointer ?? '',
      message: m.message,
    })),
  };
}

function safeDecode(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

export {
  type ComparedMessage,
  type ComparedReport,
  compareWithSource,
  isOwnedMessage,
  type MessageOrigin,
} from './export/compare-with-source.ts';
