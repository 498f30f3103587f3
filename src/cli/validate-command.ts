import { LoadError } from '../gltf/load-error.ts';
import { readGltfJson } from '../gltf/read-document.ts';
import { validateGltf } from '../gltf/validate.ts';
import { type VrmReport, vrmReport } from '../vrm/vrm-document.ts';
import { type Command, toJson } from './command.ts';
import { vrmSummary } from './export-command.ts';
import { expectPositional, parseArgs } from './parse-args.ts';
import { readInputFile } from './read-input-file.ts';

/** checkVrm on a file the validator read: null for no VRM, or for JSON the validator's report already says it cannot read. */
function vrmCheck(name: string, bytes: Uint8Array): VrmReport | null {
  try {
    return vrmReport(readGltfJson(name, bytes));
  } catch (err) {
    if (err instanceof LoadError) return null;
    throw err;
  }
}

/**
 * `skinsmith validate FILE`: the Khronos glTF-Validator's report; for a VRM also our own check
 * (checkVrm: the validator does not know VRM). Exit 1 when either finds errors.
 */
export const validateCommand: Command = {
  name: 'validate',
  synopsis: 'FILE',
  summary:
    'Run the Khronos glTF-Validator (and for a VRM, its consistency check); print JSON; exit 1 on errors.',
  options: {},
  async run(argv, io) {
    const [file] = expectPositional(parseArgs(argv, this.options), ['FILE'], 'validate');
    // Missing .bin/images are the validator's to report (as errors), not a reason to stop.
    const input = readInputFile(file, { lenient: true });
    const report = await validateGltf({ name: input.name, bytes: input.bytes, resources: input.resources });
    const vrm = vrmCheck(input.name, input.bytes);
    io.stdout(toJson({ file: input.name, ...report, ...vrmSummary(vrm) }));
    return report.errors > 0 || (vrm && vrm.problems.length > 0) ? 1 : 0;
  },
};
