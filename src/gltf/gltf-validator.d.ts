/** Types for the parts of npm `gltf-validator` (Dart compiled to JS, shipped without types) we use. */
declare module 'gltf-validator' {
  export interface ValidatorMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 info, 3 hint. */
    severity: number;
    pointer?: string;
    offset?: number;
  }
  export interface ValidatorReport {
    uri?: string;
    mimeType?: string;
    validatorVersion: string;
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidatorMessage[];
      truncated: boolean;
    };
    info?: Record<string, unknown>;
  }
  export interface ValidatorOptions {
    uri?: string;
    format?: 'glb' | 'gltf';
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
    writeTimestamp?: boolean;
    maxIssues?: number;
    ignoredIssues?: string[];
    onlyIssues?: string[];
    severityOverrides?: Record<string, number>;
  }
  export function validateBytes(data: Uint8Array, options?: ValidatorOptions): Promise<ValidatorReport>;
  export function validateString(json: string, options?: ValidatorOptions): Promise<ValidatorReport>;
  export const version: string;
}
