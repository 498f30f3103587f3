import { afterEach, describe, expect, it } from 'vitest';
import {
  setValidatorRunner,
  type ValidateInput,
  type ValidateOptions,
  validateGltf,
} from '../../src/gltf/validate.ts';

/** The smallest valid glTF: an asset and nothing else. */
const EMPTY: ValidateInput = {
  name: 'empty.gltf',
  bytes: new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' } })),
};

describe('setValidatorRunner (the app validates in a worker)', () => {
  afterEach(() => setValidatorRunner(null));

  it('routes validateGltf through the runner with the options resolved, and back when cleared', async () => {
    const calls: [ValidateInput, Required<ValidateOptions>][] = [];
    setValidatorRunner(async (input, options) => {
      calls.push([input, options]);
      return { validatorVersion: 'fake', errors: 0, warnings: 0, infos: 0, hints: 0, messages: [] };
    });
    expect((await validateGltf(EMPTY)).validatorVersion).toBe('fake');
    expect(calls).toEqual([[EMPTY, { ignoredIssues: [] }]]);

    setValidatorRunner(null);
    const report = await validateGltf(EMPTY);
    expect(report.validatorVersion).not.toBe('fake');
    expect(report.errors).toBe(0);
    expect(calls).toHaveLength(1);
  });
});
