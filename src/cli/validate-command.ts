import { validateGltf } from '../gltf/validate.ts';
import { type Command, toJson } from './command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';

/** `skinsmith validate FILE`: the Khronos glTF-Validator's report; exit 1 when it has errors. */
export const validateCommand: Command = {
  name: 'validate',
  synopsis: 'FILE',
  summary: 'Run the Khronos glTF-Validator; print its report as JSON; exit 1 when it has errors.',
  options: {},
  async run(argv, io) {
    const [file] = expectPositional(parseArgs(argv, this.options), ['FILE'], 'validate');
    // Missing .bin/images are the validator's to report (as errors), not a reason to stop.
    const input = readInputFile(file, { lenient: true });
    const report = await validateGltf({ name: input.name, bytes: input.bytes, resources: input.resources });
    io.stdout(toJson({ file: input.name, ...report }));
    return report.errors > 0 ? 1 : 0;
  },
};
