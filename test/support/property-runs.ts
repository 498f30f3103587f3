/**
 * How many runs a property test makes, and with which seed.
 *
 * CI and `npm test` run every property with one fixed seed, so a run can never fail by
 * chance (a red CI throws away a day's work). `npm run test:props` sets PROPS_FRESH=1: a fresh
 * seed (printed, or PROPS_SEED to replay one) and PROPS_FACTOR× the runs, to search harder
 * before a submission. Each counterexample it finds becomes a named regression test.
 */

/** The seed every property of this run uses (fixed unless PROPS_FRESH=1). */
export const PROPERTY_SEED = chooseSeed();

/** Run-count multiplier: 1 in CI; PROPS_FACTOR (default 10) under `npm run test:props`. */
export const RUN_FACTOR =
  process.env.PROPS_FRESH === '1' ? Math.max(1, Number(process.env.PROPS_FACTOR ?? 10)) : 1;

/** `base` runs scaled by the run factor: write `{ numRuns: runs(400) }`. */
export function runs(base: number): number {
  return Math.max(1, Math.round(base * RUN_FACTOR));
}

function chooseSeed(): number {
  if (process.env.PROPS_SEED) return Number(process.env.PROPS_SEED) | 0;
  if (process.env.PROPS_FRESH === '1') return (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
  return 20261203;
}
