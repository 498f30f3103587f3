/** Vitest setup: every fast-check property of the run uses PROPERTY_SEED (see property-runs.ts). */
import fc from 'fast-check';
import { PROPERTY_SEED, RUN_FACTOR, runs } from './property-runs.ts';

fc.configureGlobal({ seed: PROPERTY_SEED, numRuns: runs(100) });
if (process.env.PROPS_FRESH === '1' && !process.env.PROPS_QUIET) {
  console.log(
    `fast-check: seed ${PROPERTY_SEED}, ${RUN_FACTOR}× runs (replay with PROPS_SEED=${PROPERTY_SEED})`,
  );
}
