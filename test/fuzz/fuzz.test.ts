/**
 * Fuzz test: mutations of the built-in character and of the models in ../shared/models (bit flips,
 * truncation, JSON field edits, accessor and buffer view count/offset edits, node graph edits,
 * odd data words) must each open or fail with a LoadError for a recognised problem, within a
 * timeout. Anything else (an exception that is not a LoadError, LoadError 'internal', weights
 * that break the invariants, a hang, a dead worker) fails the test with the seed and case index.
 *
 *   FUZZ_SEED=<n|random>  seed (default fixed, so the suite is deterministic)
 *   FUZZ_CASES=<n>        number of cases (default 5000)
 *   FUZZ_WORKERS=<n>      worker threads (default min(2, cores))
 *   FUZZ_TIMEOUT_MS=<n>   per-case timeout for the small models (default 2000)
 *   FUZZ_CASE=<i,j,…>     replay these cases in-process (full stack traces); with
 *   FUZZ_SAVE=<dir>       also write each replayed case's bytes there (for a regression test)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFuzzBases } from './fuzz-bases.ts';
import { baseParser, buildCase, type CaseResult, FAILURES, runCase } from './fuzz-case.ts';
import { runPool } from './fuzz-pool.ts';

const env = process.env;
const DEFAULT_SEED = 0x5eed_0008;
const SEED =
  env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 32)
    : env.FUZZ_SEED
      ? Number(env.FUZZ_SEED) >>> 0
      : DEFAULT_SEED;
const CASES = Number(env.FUZZ_CASES ?? 5000);
const WORKERS = Number(env.FUZZ_WORKERS ?? Math.min(2, availableParallelism()));
const TIMEOUT_MS = Number(env.FUZZ_TIMEOUT_MS ?? 2000);
const REPLAY = env.FUZZ_CASE ? env.FUZZ_CASE.split(',').map(Number) : null;

function report(failure: CaseResult): string {
  return [
    `case ${failure.index} (seed ${SEED}) on ${failure.base}: ${failure.outcome}${failure.code ? ` [${failure.code}]` : ''}: ${failure.message}`,
    failure.steps.length ? `  mutations: ${failure.steps.join('; ')}` : '',
    failure.stack ? `  ${failure.stack.split('\n').slice(0, 6).join('\n  ')}` : '',
    `  replay: FUZZ_SEED=${SEED} FUZZ_CASE=${failure.index} npx vitest run test/fuzz`,
  ]
    .filter(Boolean)
    .join('\n');
}

describe('fuzz: every mutated model opens or fails with a LoadError', () => {
  it.skipIf(REPLAY !== null)(
    `${CASES} cases (seed ${SEED})`,
    async () => {
      const started = performance.now();
      const { bases, note } = await loadFuzzBases(TIMEOUT_MS);
      const indices = Array.from({ length: CASES }, (_, i) => i);
      const { results, errors } = await runPool({ bases, seed: SEED, indices, workers: WORKERS });
      const seconds = (performance.now() - started) / 1000;
      const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
      const perBase = new Map<string, number>();
      for (const r of results) perBase.set(r.base, (perBase.get(r.base) ?? 0) + 1);
      const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a), results[0]);
      console.info(
        `[fuzz] seed ${SEED}: ${results.length} cases in ${seconds.toFixed(1)} s on ${WORKERS} workers; ${note}\n` +
          `[fuzz] opened ${count('ok')}, rejected ${count('rejected')}, failed ${results.length - count('ok') - count('rejected')}; ` +
          `slowest ${slowest?.ms.toFixed(0)} ms (case ${slowest?.index}, ${slowest?.base}); ` +
          `${results.filter((r) => r.retried).length} finished only on a second, longer try\n` +
          `[fuzz] per base: ${[...perBase].map(([b, n]) => `${b} ${n}`).join(', ')}`,
      );
      const failures = results.filter((r) => FAILURES.includes(r.outcome));
      if (failures.length > 0)
        console.error(`[fuzz] ${failures.length} failures:\n${failures.map(report).join('\n')}`);
      expect(errors).toEqual([]);
      expect(failures.map((f) => `case ${f.index}: ${f.outcome}: ${f.message}`)).toEqual([]);
      expect(results).toHaveLength(CASES);
    },
    600_000,
  );

  it.runIf(REPLAY !== null)('replays FUZZ_CASE in-process', async () => {
    const { bases } = await loadFuzzBases(TIMEOUT_MS);
    const parsed = baseParser();
    const failures: CaseResult[] = [];
    for (const index of REPLAY ?? []) {
      if (env.FUZZ_SAVE) {
        const { base, bytes } = buildCase(bases, parsed, SEED, index);
        mkdirSync(env.FUZZ_SAVE, { recursive: true });
        writeFileSync(join(env.FUZZ_SAVE, `fuzz-${SEED}-${index}-${base.fileName}`), bytes);
      }
      const result = await runCase(bases, parsed, SEED, index);
      console.info(report(result));
      if (FAILURES.includes(result.outcome)) failures.push(result);
    }
    expect(failures.map((f) => f.message)).toEqual([]);
  });
});
