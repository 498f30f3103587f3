import { Editor } from '../../src/editor/editor.ts';
import { LoadError } from '../../src/gltf/load-error.ts';
import { findInvariantViolations } from '../../src/skin/invariants.ts';
import { type ParsedBase, parseBase } from './fuzz-glb.ts';
import { mutateBase } from './fuzz-mutate.ts';
import { Rng } from './fuzz-rng.ts';

/** A model the fuzzer mutates, with how often it is picked and how long a case may take. */
export interface FuzzBase {
  name: string;
  fileName: string;
  bytes: Uint8Array;
  weight: number;
  timeoutMs: number;
}

/**
 * What one case did. `ok`: opened with legal weights; `rejected`: a LoadError for a recognised
 * problem. Everything else fails the test: `crash` (any other exception, or LoadError 'internal',
 * which wraps one), `illegal` (opened with weights that break the invariants), `timeout` and
 * `died` (set by the runner: the case hung, or took the worker down).
 */
export interface CaseResult {
  index: number;
  base: string;
  steps: string[];
  outcome: 'ok' | 'rejected' | 'crash' | 'illegal' | 'timeout' | 'died';
  code?: string;
  message?: string;
  stack?: string;
  ms: number;
  /** It outlived its timeout once and finished on the second try (a stall, not a hang). */
  retried?: boolean;
}

export const FAILURES: CaseResult['outcome'][] = ['crash', 'illegal', 'timeout', 'died'];

/** The base and the mutated bytes of case `index` (deterministic in seed and index). */
export function buildCase(
  bases: FuzzBase[],
  parsed: (base: FuzzBase) => ParsedBase,
  seed: number,
  index: number,
): { base: FuzzBase; bytes: Uint8Array; steps: string[] } {
  const rng = Rng.forCase(seed, index);
  const base = rng.weighted(bases.map((b) => [b, b.weight] as const));
  const { bytes, steps } = mutateBase(parsed(base), rng);
  return { base, bytes, steps };
}

/** Caches each base taken apart, once per process. */
export function baseParser(): (base: FuzzBase) => ParsedBase {
  const cache = new Map<string, ParsedBase>();
  return (base) => {
    let p = cache.get(base.name);
    if (!p) cache.set(base.name, (p = parseBase(base.bytes)));
    return p;
  };
}

function describeError(err: unknown): { message: string; stack?: string } {
  const cause = err instanceof LoadError && err.cause !== undefined ? err.cause : err;
  if (cause instanceof Error) return { message: `${cause.name}: ${cause.message}`, stack: cause.stack };
  return { message: String(cause) };
}

/** Opens one case's bytes in a fresh Editor, exactly as the app does, and classifies the result. */
export async function runCase(
  bases: FuzzBase[],
  parsed: (base: FuzzBase) => ParsedBase,
  seed: number,
  index: number,
): Promise<CaseResult> {
  const start = performance.now();
  const { base, bytes, steps } = buildCase(bases, parsed, seed, index);
  const result = (outcome: CaseResult['outcome'], extra: Partial<CaseResult> = {}): CaseResult => ({
    index,
    base: base.name,
    steps,
    outcome,
    ms: performance.now() - start,
    ...extra,
  });
  try {
    const editor = new Editor();
    const model = await editor.load({ name: base.fileName, bytes });
    for (const prim of model.primitives) {
      const jointCount = Math.min(...prim.skins.map((s) => model.skins[s].joints.length));
      const bad = findInvariantViolations(prim.weights, { limit: 1, jointCount });
      if (bad.length > 0) {
        return result('illegal', {
          message: `primitive ${prim.id} vertex ${bad[0].vertex}: ${bad[0].reason}`,
        });
      }
    }
    return result('ok');
  } catch (err) {
    if (err instanceof LoadError && err.code !== 'internal') {
      return result('rejected', { code: err.code, message: err.message });
    }
    return result('crash', { code: err instanceof LoadError ? err.code : undefined, ...describeError(err) });
  }
}
