/** Why saving to the browser's storage failed, in terms of what the user can do about it. */
export type StorageWarningKind = 'quota' | 'unavailable' | 'blocked' | 'failed';

/** A storage failure for the status bar: never swallowed, always with what to do. */
export interface StorageWarning {
  kind: StorageWarningKind;
  /** For the user: what happened and what to do. */
  message: string;
  /** The original error, for the console and bug reports. */
  cause: unknown;
}

/** Thrown by a store whose database did not answer in time (another tab holding it open, a stuck browser). */
export class StorageTimeoutError extends Error {
  constructor(operation: string, ms: number) {
    super(`IndexedDB did not answer ${operation} within ${ms} ms`);
    this.name = 'StorageTimeoutError';
  }
}

/** Thrown by a store where the browser offers no IndexedDB at all. */
export class StorageUnavailableError extends Error {
  constructor() {
    super('This browser offers no IndexedDB to this page');
    this.name = 'StorageUnavailableError';
  }
}

const errorName = (err: unknown): string =>
  typeof err === 'object' && err !== null && 'name' in err ? String((err as { name: unknown }).name) : '';

const TEXT: Record<StorageWarningKind, string> = {
  quota:
    'Autosave stopped: the browser has no room left for this site. Export your work now, then free space (delete old sessions in the restore list, or site data in the browser settings).',
  unavailable:
    'Autosave is off: this browser does not let the page store data (private window, or storage disabled for this site). Export your work to keep it.',
  blocked:
    'Autosave is waiting: the browser storage did not answer (another Skinsmith tab may hold it). Close other Skinsmith tabs, or export your work to keep it.',
  failed: 'Autosave failed. Export your work to keep it; autosave retries on your next change.',
};

/**
 * Classifies a storage exception. Quota errors go by several names across browsers
 * (QuotaExceededError, Firefox's NS_ERROR_DOM_QUOTA_REACHED, Safari's code 22).
 */
export function storageWarning(err: unknown): StorageWarning {
  const name = errorName(err);
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  let kind: StorageWarningKind = 'failed';
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22) kind = 'quota';
  else if (name === 'StorageTimeoutError') kind = 'blocked';
  else if (
    name === 'StorageUnavailableError' ||
    name === 'InvalidStateError' ||
    name === 'SecurityError' ||
    name === 'UnknownError' ||
    name === 'ReferenceError' ||
    name === 'NotSupportedError'
  )
    kind = 'unavailable';
  return { kind, message: TEXT[kind], cause: err };
}
