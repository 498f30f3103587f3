/** The CLI's option parser: values that start with a minus, and options given without a value. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/parse-args.ts';

const specs = {
  out: { kind: 'string', short: 'o' },
  facing: { kind: 'string' },
  replace: { kind: 'flag' },
} as const;

describe('parseArgs', () => {
  it('takes a value starting with a minus (an axis, a negative number) as the value', () => {
    const args = parseArgs(['in.glb', '--facing', '-Z', '-o', 'out.glb'], specs);
    expect(args.options.get('facing')).toBe('-Z');
    expect(args.options.get('out')).toBe('out.glb');
    expect(parseArgs(['--facing=-X'], specs).options.get('facing')).toBe('-X');
  });

  it('says an option needs a value when the next argument is another option', () => {
    expect(() => parseArgs(['--facing', '--replace'], specs)).toThrow(/--facing needs a value/);
    expect(() => parseArgs(['--facing', '-o', 'x.glb'], specs)).toThrow(/--facing needs a value/);
    expect(() => parseArgs(['--facing'], specs)).toThrow(/--facing needs a value/);
  });
});
